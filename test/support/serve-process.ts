import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, copyFileSync, linkSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../cli/index.ts", import.meta.url));

/** A `lodge serve` process of its own, and what it has printed so far. */
export interface ServeProcess {
  child: ChildProcess;
  /** Every line of stdout and stderr, in order. */
  lines: string[];
  /** Resolves with the first line (already printed or to come) that matches. */
  line(pattern: RegExp): Promise<string>;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface ServeOptions {
  /** `lodge serve` flags, e.g. --data DIR --db FILE. */
  args: string[];
  env?: Record<string, string>;
  /** A command the server runs under, e.g. ['prlimit', '--fsize=8192:unlimited']. */
  under?: string[];
  /** Run as this user (and group): see `unprivileged`. */
  user?: { uid: number; gid: number; node: string };
  /** A file descriptor for stdout and stderr instead of pipes (then `lines` stays empty). */
  stdio?: number;
}

/**
 * Starts `lodge serve` in a process of its own. The caller ends it (`child.kill`) and waits
 * for `exited`; every process started here is also killed by `stopAll`.
 */
export function spawnServe(options: ServeOptions): ServeProcess {
  const node = options.user?.node ?? process.execPath;
  const command = [...(options.under ?? []), node, CLI, "serve", ...options.args];
  const child = spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, LOG_FORMAT: "json", ...options.env },
    stdio: ["ignore", options.stdio ?? "pipe", options.stdio ?? "pipe"],
    ...(options.user ? { uid: options.user.uid, gid: options.user.gid } : {}),
  });
  started.push(child);
  const lines: string[] = [];
  const waiting: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const take = (chunk: Buffer, rest: { text: string }) => {
    rest.text += chunk.toString();
    const parts = rest.text.split("\n");
    rest.text = parts.pop() ?? "";
    for (const line of parts) {
      lines.push(line);
      for (const wait of [...waiting]) {
        if (wait.pattern.test(line)) {
          waiting.splice(waiting.indexOf(wait), 1);
          wait.resolve(line);
        }
      }
    }
  };
  const out = { text: "" };
  const err = { text: "" };
  child.stdout?.on("data", (chunk: Buffer) => take(chunk, out));
  child.stderr?.on("data", (chunk: Buffer) => take(chunk, err));
  const exited = new Promise<number | null>((resolve) => {
    child.once("exit", (code) => resolve(code));
  });
  return {
    child,
    lines,
    exited,
    line(pattern) {
      const found = lines.find((line) => pattern.test(line));
      if (found !== undefined) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        waiting.push({ pattern, resolve });
        void exited.then((code) =>
          reject(
            new Error(
              `lodge serve exited (${code}) before printing ${pattern}:\n${lines.join("\n")}`,
            ),
          ),
        );
      });
    },
  };
}

/** The address a `lodge serve` process listens at, once it says so. */
export async function listening(server: ServeProcess): Promise<string> {
  const line = await server.line(/^Serving .* at http:\/\/\S+$/);
  return /(http:\/\/\S+)$/.exec(line)?.[1] as string;
}

const started: ChildProcess[] = [];

/** Kills, by their ids, the processes spawnServe started that are still running. */
export function stopAll(): void {
  for (const child of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  }
}

/**
 * Who to run a server as to see file permissions at work: this user, or, for root (whom
 * permissions never stop), the unprivileged 'nobody', with a hard link to this node binary in a
 * folder nobody can reach (root's own may not be). `dispose` removes the link.
 */
export function unprivileged(): {
  user?: ServeOptions["user"];
  name: string;
  dispose(): void;
} {
  if (process.getuid?.() !== 0) {
    return { name: userInfo().username, dispose() {} };
  }
  const dir = mkdtempSync(join(tmpdir(), "lodge-node-"));
  chmodSync(dir, 0o755);
  const node = join(dir, "node");
  try {
    linkSync(process.execPath, node);
  } catch {
    // Another file system: a copy does as well.
    copyFileSync(process.execPath, node);
    chmodSync(node, 0o755);
  }
  return {
    user: { uid: 65534, gid: 65534, node },
    name: "nobody",
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
