import { execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll } from "vitest";
import { withoutFaketime } from "./machine-clock.ts";

/**
 * A throw-away PostgreSQL cluster for one test file: Debian's `postgresql` binaries, `initdb` in
 * a temp folder, `pg_ctl start` on 127.0.0.1 and a free port, stopped and removed by `stop`.
 * initdb refuses to run as root, so under root (CI) the cluster belongs to the `postgres` user.
 * Durability settings are left as a real server has them: the tests are of a real server. It runs
 * on the machine's clock, faketime or not (see withoutFaketime).
 */
export interface Cluster {
  /** postgres://... of the cluster's `postgres` database, as the superuser. */
  url: string;
  /**
   * A new, empty place for one store, as a URL: a schema of its own (`?search_path=`), which
   * takes milliseconds where a database takes half a second.
   */
  place(): Promise<string>;
  stop(): Promise<void>;
}

/** The newest installed PostgreSQL's bin folder, or undefined when none is installed. */
export function postgresBin(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((name) => existsSync(join(root, name, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && join(root, versions[0], "bin");
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/**
 * Starts a cluster. Tests test the store, not the disk, so by default commits do not wait for
 * fsync; `durable` keeps PostgreSQL's defaults, for the benchmark to compare with SQLite's
 * synchronous=FULL.
 */
export async function startCluster(options: { durable?: boolean } = {}): Promise<Cluster> {
  const bin = postgresBin();
  if (!bin) {
    throw new Error(
      "PostgreSQL is not installed: run `apt-get install postgresql` (.ci/run does it on CI)",
    );
  }
  const root = userInfo().uid === 0;
  const dir = mkdtempSync(join(tmpdir(), "lodge-pg-"));
  const data = join(dir, "data");
  const user = root ? Number(execFileSync("id", ["-u", "postgres"]).toString().trim()) : undefined;
  if (user !== undefined) chownSync(dir, user, user);
  const run = (command: string, args: string[]) =>
    execFileSync(
      root ? "runuser" : join(bin, command),
      root ? ["-u", "postgres", "--", join(bin, command), ...args] : args,
      { stdio: ["ignore", "pipe", "pipe"], cwd: dir, env: withoutFaketime() },
    );
  run("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  const settings = [
    `-c listen_addresses=127.0.0.1`,
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    ...(options.durable ? [] : ["-c fsync=off", "-c synchronous_commit=off"]),
  ].join(" ");
  run("pg_ctl", ["start", "-w", "-D", data, "-l", join(dir, "log"), "-o", settings]);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  let made = 0;
  return {
    url,
    async place() {
      made += 1;
      const name = `lodge_${made}`;
      await admin.unsafe(`CREATE SCHEMA ${name}`);
      return `${url}?search_path=${name}`;
    },
    async stop() {
      await admin.end({ timeout: 1 });
      try {
        run("pg_ctl", ["stop", "-D", data, "-m", "immediate", "-w"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * One cluster for the test file that calls this (at its top level): started before its first
 * test, stopped and removed after its last. Returns the cluster, for use inside the tests.
 */
export function clusterOfThisFile(): () => Cluster {
  let cluster: Cluster | undefined;
  beforeAll(async () => {
    cluster = await startCluster();
  }, 120_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return () => {
    if (!cluster) throw new Error("the PostgreSQL cluster has not started");
    return cluster;
  };
}
