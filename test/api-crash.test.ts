import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import { openStore } from "../server/store/open-store.ts";
import { Client, visitor } from "./api-harness.ts";
import { sampleCopy } from "./cli-harness.ts";

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

/** `lodge serve` in a process of its own; resolves with its address once it listens. */
function serve(data: string, state: string): Promise<{ child: ChildProcess; url: string }> {
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
      join(state, "lodge.db"),
      "--outbox",
      join(state, "outbox"),
      "--dist",
      join(state, "no-site"),
    ],
    {
      // Many visitors, each at an address of its own behind a proxy on this machine.
      env: { ...process.env, RATE_LIMIT_MAX: "100000", TRUST_PROXY: "127.0.0.1" },
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
      if (match?.[1]) resolve({ child, url: match[1] });
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      err += chunk.toString();
    });
    child.on("exit", (code) => reject(new Error(`lodge serve exited with ${code}: ${err}`)));
  });
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });

describe("a server killed with SIGKILL in the middle of a burst", () => {
  it("has, after a restart, every RSVP it acknowledged, and never more than the limit", {
    timeout: 30_000,
  }, async () => {
    const copy = sampleCopy();
    cleanups.push(copy.cleanup);
    copy.write("events.yaml", JSON.stringify([EVENT]));
    const state = mkdtempSync(join(tmpdir(), "lodge-crash-"));
    cleanups.push(() => rmSync(state, { recursive: true, force: true }));
    writeFileSync(join(state, ".keep"), "");

    const { child, url } = await serve(copy.data, state);
    const client = new Client(url);
    await client.get("/sheets/api/read");
    const event = eventSchema.parse(EVENT);
    const acknowledged: string[] = [];
    let sent = 0;
    let killed = false;
    const worker = async () => {
      while (!killed && sent < 300) {
        const name = `Guest${sent++}`;
        const payload = buildEventRsvpPayload(event, {
          firstName: name,
          lastName: "Smith",
          masonicTitle: "",
          email: `${name.toLowerCase()}@example.org`,
          numberOfAttendees: 1,
          earlyBirdDinner: false,
          numberOfMeals: 1,
          mealChoice: "",
        } as EventRsvpForm);
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

    const restarted = await serve(copy.data, state);
    const read = await new Client(restarted.url).get("/sheets/api/read?event=far-future");
    const store = openStore(join(state, "lodge.db"));
    const stored = (await store.listEventRsvps("far-future")).map((r) => r.record.firstName);
    await store.close();
    expect(stored.filter((name) => acknowledged.includes(name)).sort()).toEqual(
      [...acknowledged].sort(),
    );
    expect(stored.length).toBeLessThanOrEqual(70);
    expect(read.body).toMatchObject({ data: stored.length });
    console.info(
      `crash test: ${sent} sent, ${acknowledged.length} acknowledged before SIGKILL, ${stored.length} stored after restart, none lost`,
    );
    restarted.child.kill("SIGTERM");
    await exited(restarted.child);
    expect(restarted.child.exitCode).toBe(0);
  });
});

describe("two server processes on one database", () => {
  it("never pass the guest limit between them, since each takes the write lock before it counts", {
    timeout: 30_000,
  }, async () => {
    const copy = sampleCopy();
    cleanups.push(copy.cleanup);
    copy.write("events.yaml", JSON.stringify([EVENT]));
    const state = mkdtempSync(join(tmpdir(), "lodge-race-"));
    cleanups.push(() => rmSync(state, { recursive: true, force: true }));
    const servers = await Promise.all([serve(copy.data, state), serve(copy.data, state)]);
    const clients = servers.map(({ url }) => new Client(url));
    for (const client of clients) await client.get("/sheets/api/read");
    const event = eventSchema.parse(EVENT);
    const responses = await Promise.all(
      Array.from({ length: 160 }, (_, i) => {
        const name = `Guest${i}`;
        return (clients[i % 2] as Client).post(
          "/mj/api/rsvp",
          buildEventRsvpPayload(event, {
            firstName: name,
            lastName: "Smith",
            masonicTitle: "",
            email: `guest${i}@example.org`,
            numberOfAttendees: 1 + (i % 2),
            earlyBirdDinner: false,
            numberOfMeals: 1,
            mealChoice: "",
          } as EventRsvpForm),
          visitor(i),
        );
      }),
    );
    const store = openStore(join(state, "lodge.db"));
    const stored = await store.listEventRsvps("far-future");
    await store.close();
    const acknowledged = responses.flatMap((r, i) => (r.status === 200 ? [`Guest${i}`] : []));
    expect(stored.map((r) => r.record.firstName).sort()).toEqual(acknowledged.sort());
    const total = stored.reduce((n, r) => n + r.record.attendees, 0);
    expect(total).toBeLessThanOrEqual(70);
    expect(total).toBeGreaterThanOrEqual(69);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    for (const { child } of servers) {
      child.kill("SIGTERM");
      await exited(child);
    }
  });
});
