import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { type Event, type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import { openStore } from "../server/store/open-store.ts";
import { Client, visitor } from "./support/api-harness.ts";
import { sampleCopy } from "./support/cli-harness.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";

const CLI = fileURLToPath(new URL("../cli/index.ts", import.meta.url));

// Far enough ahead that the real clock of a child process never reaches its deadline.
const EVENT = {
  id: "far-future",
  date: "2099/06/03 19:30",
  name: "Stated Meeting",
  rsvpOptions: true,
  rsvpExpirationDays: 1,
};

let children: ChildProcess[] = [];
let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  for (const cleanup of cleanups) cleanup();
  children = [];
  cleanups = [];
});

const cluster = clusterOfThisFile();

/**
 * Each test runs on both databases: a SQLite file in the state folder, which processes on one
 * host share, and a PostgreSQL database, which instances on many hosts share.
 */
const databases = [
  { name: "SQLite", place: async (state: string) => join(state, "lodge.db") },
  { name: "PostgreSQL", place: async () => cluster().place() },
];

interface Served {
  child: ChildProcess;
  url: string;
  /** The lines it logged at level error or above (JSON lines, as it logs when not on a terminal). */
  errors: () => string[];
}

/** `lodge serve` in a process of its own; resolves with its address once it listens. */
function serve(data: string, state: string, db: string): Promise<Served> {
  const child = spawn(
    process.execPath,
    [
      CLI,
      "serve",
      "--data",
      data,
      "--port",
      "0",
      "--db",
      db,
      "--outbox",
      join(state, "outbox"),
      "--dist",
      join(state, "no-site"),
    ],
    {
      // Many visitors, each at an address of its own behind a proxy on this machine.
      // Every instance signs the form tokens with the same secret, as several instances must.
      env: {
        ...process.env,
        RATE_LIMIT_MAX: "100000",
        TRUST_PROXY: "127.0.0.1",
        XSRF_SECRET: "the-same-secret-on-every-instance-of-this-test",
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const match = /^Serving .* at (http:\/\/\S+)$/m.exec(out);
      if (match?.[1]) resolve({ child, url: match[1], errors: () => errorLines(out + err) });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`lodge serve exited with ${code}: ${err}`)));
  });
}

function errorLines(log: string): string[] {
  return log.split("\n").filter((line) => {
    try {
      return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
    } catch {
      return false;
    }
  });
}

/** The RSVP of one guest of one seat, sent by a visitor of an address of its own. */
const guestRsvp = (event: Event, name: string) =>
  buildEventRsvpPayload(event, {
    firstName: name,
    lastName: "Smith",
    masonicTitle: "",
    email: `${name.toLowerCase()}@example.org`,
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm);

/** A copy of the sample lodge with EVENT alone, a state folder, and a new database. */
async function lodgeWithOneEvent(place: (state: string) => Promise<string>) {
  const copy = sampleCopy();
  cleanups.push(copy.cleanup);
  copy.write("events.yaml", JSON.stringify([EVENT]));
  const state = mkdtempSync(join(tmpdir(), "lodge-crash-"));
  cleanups.push(() => rmSync(state, { recursive: true, force: true }));
  writeFileSync(join(state, ".keep"), "");
  return { copy, state, db: await place(state) };
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

describe.each(databases)(
  "on $name, a server killed with SIGKILL in the middle of a burst",
  ({ name: database, place }) => {
    it("has, after a restart, every RSVP it acknowledged, and never more than the limit", {
      timeout: 60_000,
    }, async () => {
      const { copy, state, db } = await lodgeWithOneEvent(place);

      const { child, url } = await serve(copy.data, state, db);
      const client = new Client(url);
      await client.get("/sheets/api/read");
      const event = eventSchema.parse(EVENT);
      const acknowledged: string[] = [];
      let sent = 0;
      let killed = false;
      const worker = async () => {
        while (!killed && sent < 300) {
          const name = `Guest${sent++}`;
          const payload = guestRsvp(event, name);
          try {
            const response = await client.post("/mj/api/rsvp", payload, visitor(sent));
            if (response.status === 200) acknowledged.push(name);
            if (acknowledged.length >= 35 && !killed) {
              killed = true;
              child.kill("SIGKILL");
            }
          } catch {
            // The connection died with the server: this RSVP was never acknowledged.
          }
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
      await exited(child);
      expect(child.signalCode).toBe("SIGKILL");
      expect(acknowledged.length).toBeGreaterThanOrEqual(35);

      const restarted = await serve(copy.data, state, db);
      const read = await new Client(restarted.url).get("/sheets/api/read?event=far-future");
      const store = openStore(db);
      const stored = (await store.listEventRsvps("far-future")).map((r) => r.record.firstName);
      await store.close();
      expect(stored.filter((name) => acknowledged.includes(name)).sort()).toEqual(
        [...acknowledged].sort(),
      );
      expect(stored.length).toBeLessThanOrEqual(70);
      expect(read.body).toMatchObject({ data: stored.length });
      console.info(
        `crash test on ${database}: ${sent} sent, ${acknowledged.length} acknowledged before SIGKILL, ${stored.length} stored after restart, none lost`,
      );
      restarted.child.kill("SIGTERM");
      await exited(restarted.child);
      expect(restarted.child.exitCode).toBe(0);
    });
  },
);

describe.each(databases)(
  "three server processes on one $name database",
  ({ name: database, place }) => {
    it("seat exactly the limit when 300 RSVPs race between them, each counting under the event's lock", {
      timeout: 90_000,
    }, async () => {
      const { copy, state, db } = await lodgeWithOneEvent(place);
      // Three instances starting together also make the schema together: one does, the others wait.
      const servers = await Promise.all([1, 2, 3].map(() => serve(copy.data, state, db)));
      const clients = servers.map(({ url }) => new Client(url));
      for (const client of clients) await client.get("/sheets/api/read");
      const event = eventSchema.parse(EVENT);
      const responses = await Promise.all(
        Array.from({ length: 300 }, (_, i) => {
          const name = `Guest${i}`;
          return (clients[i % 3] as Client).post(
            "/mj/api/rsvp",
            guestRsvp(event, name),
            visitor(i),
          );
        }),
      );
      const store = openStore(db);
      const stored = await store.listEventRsvps("far-future");
      await store.close();
      const acknowledged = responses.flatMap((r, i) => (r.status === 200 ? [`Guest${i}`] : []));
      // Every visitor gets the spec's answer: stored, or the 409 of a full event. Anything else
      // is printed with its body, so that a failure says what the server answered.
      const others = responses.flatMap((r, i) =>
        r.status === 200 || r.status === 409
          ? []
          : [`Guest${i}: ${r.status} ${JSON.stringify(r.body)}`],
      );
      expect(others.length > 0 ? [...others, ...servers.flatMap((s) => s.errors())] : []).toEqual(
        [],
      );
      expect(stored.map((r) => r.record.firstName).sort()).toEqual(acknowledged.sort());
      const total = stored.reduce((n, r) => n + r.record.attendees, 0);
      expect(total).toBe(70);
      expect(responses.filter((r) => r.status === 409).length).toBe(230);
      console.info(
        `capacity test on ${database}: 300 sent to 3 processes, ${acknowledged.length} acknowledged, ${total} seated of 70`,
      );
      for (const { child } of servers) {
        child.kill("SIGTERM");
        await exited(child);
      }
    });
  },
);

describe("lodge serve on a PostgreSQL database it cannot use", () => {
  it("refuses to start on one that will never do, and serves with 503s while the server is down", {
    timeout: 60_000,
  }, async () => {
    const { copy, state } = await lodgeWithOneEvent(async () => "");
    const missing = cluster().url.replace(/\/postgres$/, "/no_such_database");
    const refusal = await serve(copy.data, state, missing).catch((error: Error) => error.message);
    // One line to act on, not a crash report.
    expect(refusal).toMatch(
      /^lodge serve exited with 1: postgres:\/\/postgres@127\.0\.0\.1:\d+\/no_such_database: database "no_such_database" does not exist\n$/,
    );
    const { child, url } = await serve(copy.data, state, "postgres://lodge@127.0.0.1:1/lodge");
    const client = new Client(url);
    await client.get("/sheets/api/read");
    const refused = await client.post(
      "/mj/api/rsvp",
      guestRsvp(eventSchema.parse(EVENT), "Ann"),
      visitor(1),
    );
    expect(refused.status).toBe(503);
    child.kill("SIGTERM");
    await exited(child);
  });
});
