import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { methodsOf, StoreUnavailableError } from "../db/database.ts";
import { isPostgresUrl, PostgresDatabase, shownPostgresUrl } from "../db/postgres.ts";
import { SqliteDatabase, storeError } from "../db/sqlite.ts";
import { MIGRATIONS } from "./migrations.ts";
import { operations, type Store, storeOn } from "./operations.ts";
import { threadedSqliteStore } from "./sqlite-thread.ts";

/**
 * The one place that turns the --db value (DB_FILE) into a store: every command that reads or
 * writes RSVPs, messages and mail opens it here, so another kind of database is added here and
 * nowhere else. A postgres:// (or postgresql://) URL is a PostgreSQL database, which several
 * instances of `lodge serve` may share; any other value is a SQLite database: a file, or
 * ':memory:'.
 */

/** SQLite's name for a database that lives in memory and is gone when the process ends. */
const IN_MEMORY = ":memory:";

/** Whether the --db value names a database that lives in memory and ends with the process. */
export function isInMemory(db: string): boolean {
  return db === IN_MEMORY;
}

/** The file a --db value keeps its data in, or undefined when it keeps none on this disk. */
export function databaseFile(db: string): string | undefined {
  return isInMemory(db) || isPostgresUrl(db) ? undefined : db;
}

/** Whether the database is one several instances of `lodge serve` may share. */
export function isShared(db: string): boolean {
  return isPostgresUrl(db);
}

/** The --db value as messages and start-up lines show it: a URL without its password. */
export function shownDatabase(db: string, shownPath: (path: string) => string): string {
  return isPostgresUrl(db) ? shownPostgresUrl(db) : isInMemory(db) ? db : shownPath(db);
}

/** The --db value with a file's path made absolute against `cwd`; other values as given. */
export function resolveDatabase(db: string, cwd: string): string {
  return databaseFile(db) === undefined ? db : resolve(cwd, db);
}

/**
 * The files of the database that must be writable (the database, its journal and its shared
 * memory index) and the folder they are made in; undefined for a database with no files here.
 */
export function databaseFiles(db: string): { folder: string; files: string[] } | undefined {
  const file = databaseFile(db);
  if (file === undefined) return undefined;
  return { folder: dirname(file), files: [file, `${file}-wal`, `${file}-shm`] };
}

/** Whether the database already holds data (the secretary's commands read only an existing one). */
export function storeExists(db: string): boolean {
  const file = databaseFile(db);
  return file === undefined || existsSync(file);
}

/** The store in the SQLite file `file` (or ':memory:'), on this thread; throws if it cannot open. */
export function sqliteStore(file: string, now = new Date()): Store {
  try {
    return storeOn(new SqliteDatabase(file, MIGRATIONS.sqlite, now));
  } catch (error) {
    throw storeError(error);
  }
}

/**
 * The store on a PostgreSQL database, connected on first use. `max`: connections for the
 * transactions (the test of a busy pool's).
 */
export function postgresStore(url: string, now = new Date(), options: { max?: number } = {}) {
  return storeOn(new PostgresDatabase(url, MIGRATIONS.postgres, now, options));
}

/** The store on a PostgreSQL database, its schema brought up to date now (a problem shows now). */
export async function openPostgresStore(url: string, now = new Date()): Promise<Store> {
  const database = new PostgresDatabase(url, MIGRATIONS.postgres, now);
  try {
    await database.migrated();
  } catch (error) {
    await database.close();
    throw error;
  }
  return storeOn(database);
}

/**
 * The store the --db value names, created (with its folder) when new and brought to the latest
 * schema. A database that cannot be used now (a full disk, no permission) rejects with
 * StoreUnavailableError.
 */
export function openStore(db: string, now = new Date()): Store {
  // It connects, and brings the schema up to date, on first use.
  return isPostgresUrl(db) ? postgresStore(db, now) : sqliteStore(db, now);
}

/**
 * The store, or, when it cannot be opened now (a full disk on which SQLite cannot write its
 * journal, a database server that cannot be reached), a store that keeps trying: `lodge serve`
 * starts all the same, serves the site and answers submissions 503 until the database opens,
 * instead of ending and being started again and again by its supervisor. `problem` says what
 * could not be done, for the start-up lines. A database from a newer lodge, or one that refuses
 * the login, is an error: trying again would not help.
 */
export async function openStoreOrKeepTrying(
  db: string,
): Promise<{ store: Store; problem?: string }> {
  if (isPostgresUrl(db)) {
    try {
      return { store: await openPostgresStore(db) };
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      const cause = error.cause instanceof Error ? error.cause.message : error.message;
      return { store: postgresStore(db), problem: cause };
    }
  }
  // A file's database is served from a thread of its own (sqlite-thread.ts): its commits wait
  // for the disk there, not on the thread that answers requests.
  const open = () => {
    if (isInMemory(db)) return openStore(db);
    try {
      return threadedSqliteStore(db);
    } catch (error) {
      throw storeError(error);
    }
  };
  try {
    return { store: open() };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    return { store: reopeningStore(open), problem: cause };
  }
}

/** How often a store that could not be opened is tried again, at most. */
export const REOPEN_INTERVAL_MS = 5000;

/**
 * A store opened on first use, and again after a failed attempt once `intervalMs` has passed:
 * until then every call rejects with StoreUnavailableError. `lodge serve` uses it when the
 * database cannot be opened at start (a full disk on which SQLite cannot even make its journal):
 * the site is served, submissions answer 503, the mail worker waits, and the database is used
 * as soon as it opens, instead of the server ending and its supervisor starting it again and
 * again. Any error `open` throws that is not StoreUnavailableError stops the trying.
 */
export function reopeningStore(
  open: () => Store,
  now: () => number = Date.now,
  intervalMs = REOPEN_INTERVAL_MS,
): Store & { readonly opened: boolean } {
  let store: Store | undefined;
  let lastTry = Number.NEGATIVE_INFINITY;
  let lastError: StoreUnavailableError | undefined;
  const current = (): Store => {
    if (store) return store;
    if (lastError && now() - lastTry < intervalMs) throw lastError;
    lastTry = now();
    try {
      store = open();
      lastError = undefined;
      return store;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      lastError = error;
      throw error;
    }
  };
  const methods = methodsOf(operations, (_op, method) => async (...args) => {
    const open = current() as unknown as Record<typeof method, (...args: unknown[]) => unknown>;
    return open[method](...args);
  });
  return {
    ...methods,
    get opened() {
      return store !== undefined;
    },
    close: async () => store?.close(),
  };
}
