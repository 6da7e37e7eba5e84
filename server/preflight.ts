import { accessSync, constants, existsSync, statSync } from "node:fs";
import { userInfo } from "node:os";
import { dirname } from "node:path";
import { databaseFiles } from "./store/open-store.ts";

/** `lodge serve` cannot start: the sentence says what to change. */
export class StartError extends Error {
  override name = "StartError";
}

/** The user the server runs as, as a person would name it. */
function runningAs(): string {
  try {
    return userInfo().username;
  } catch {
    return `uid ${process.getuid?.() ?? "?"}`;
  }
}

/** Why `path` cannot be used for `mode`, or undefined when it can. */
function denied(path: string, mode: number): string | undefined {
  try {
    accessSync(path, mode);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "EACCES";
  }
}

/** The nearest folder of `path` that exists (the one a missing folder would be made in). */
function existingAncestor(path: string): string {
  let dir = path;
  while (!existsSync(dir) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

interface Check {
  /** What it is for, e.g. 'the database'. */
  what: string;
  /** The flag that names another place. */
  flag: string;
  shown: (path: string) => string;
}

/** Refuses a folder that cannot hold new files, or cannot be made: naming it and the fix. */
function checkFolder(dir: string, check: Check): void {
  const user = runningAs();
  const other = `or pass ${check.flag}`;
  if (!existsSync(dir)) {
    const parent = existingAncestor(dir);
    if (!statSync(parent).isDirectory()) {
      throw new StartError(
        `${check.shown(dir)} cannot be made for ${check.what}: ${check.shown(parent)} is a file, not a folder. Move it away, ${other}.`,
      );
    }
    const why = denied(parent, constants.W_OK | constants.X_OK);
    if (why === "EROFS") {
      throw new StartError(
        `${check.shown(dir)} cannot be made for ${check.what}: ${check.shown(parent)} is on a read-only file system. Choose a place on a writable disk, ${other}.`,
      );
    }
    if (why) {
      throw new StartError(
        `${check.shown(dir)} cannot be made for ${check.what}: the user ${user} may not create folders in ${check.shown(parent)}. Create ${check.shown(dir)} and give ${user} write access to it, ${other}.`,
      );
    }
    return;
  }
  if (!statSync(dir).isDirectory()) {
    throw new StartError(
      `${check.shown(dir)} is a file, but ${check.what} needs a folder there. Move it away, ${other}.`,
    );
  }
  const why = denied(dir, constants.W_OK | constants.X_OK);
  if (why === "EROFS") {
    throw new StartError(
      `${check.shown(dir)} is on a read-only file system, so ${check.what} cannot be written. Choose a place on a writable disk, ${other}.`,
    );
  }
  if (why) {
    throw new StartError(
      `${check.shown(dir)} is not writable by the user ${user}, so ${check.what} cannot be written there. Give ${user} write access (chown ${user} ${check.shown(dir)}, or chmod u+w), ${other}.`,
    );
  }
}

/** Refuses an existing file that cannot be read and written. */
function checkFile(file: string, check: Check): void {
  if (!existsSync(file)) return;
  const user = runningAs();
  if (statSync(file).isDirectory()) {
    throw new StartError(
      `${check.shown(file)} is a folder, but ${check.what} is a file. Move it away, or pass ${check.flag}.`,
    );
  }
  const why = denied(file, constants.R_OK | constants.W_OK);
  if (why === "EROFS") {
    throw new StartError(
      `${check.shown(file)} is on a read-only file system, so ${check.what} cannot be written. Copy it to a writable disk and pass ${check.flag}.`,
    );
  }
  if (why) {
    throw new StartError(
      `${check.shown(file)} is read-only for the user ${user}, so ${check.what} cannot be written. Give ${user} write access (chown ${user} ${check.shown(file)}, or chmod u+rw), or pass ${check.flag}.`,
    );
  }
}

/**
 * Before anything is opened: the database's files (with its journal), the signing secret's
 * folder when the secret is generated and kept there, and, without SMTP, the outbox folder must
 * be writable. Each refusal is a sentence that names the file or folder, the user and the fix,
 * instead of a server that starts and answers every submission with an error.
 */
export function checkWritable(
  places: { dbFile: string; secretFile?: string | undefined; outboxDir?: string | undefined },
  shown: (path: string) => string,
): void {
  const database = databaseFiles(places.dbFile);
  if (database) {
    const db = { what: "the database", flag: "--db FILE", shown };
    checkFolder(database.folder, db);
    for (const file of database.files) checkFile(file, db);
  }
  if (places.secretFile && !existsSync(places.secretFile)) {
    const secret = {
      what: "the signing secret",
      flag: "SECRET_FILE=FILE in the environment",
      shown,
    };
    checkFolder(dirname(places.secretFile), secret);
  }
  if (places.outboxDir) {
    checkFolder(places.outboxDir, { what: "the outbox of mail", flag: "--outbox DIR", shown });
  }
}

/** The sentence for a port that cannot be listened on, or undefined for another error. */
export function listenProblem(error: unknown, host: string, port: number): string | undefined {
  switch ((error as NodeJS.ErrnoException | null)?.code) {
    case "EADDRINUSE":
      return `port ${port} is in use; stop the other program or pass --port`;
    case "EACCES":
      return `port ${port} needs privileges lodge serve does not have; pass --port with a port above 1023 and put a proxy in front for port ${port}`;
    case "EADDRNOTAVAIL":
      return `${host} is not an address of this machine; pass --host with one of its addresses, or 0.0.0.0 for all of them`;
    default:
      return undefined;
  }
}
