import { execFileSync } from "node:child_process";
import {
  chmodSync,
  chownSync,
  closeSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import { openStore } from "../server/store/open-store.ts";
import { Client, startServer, testEvent, visitor } from "./support/api-harness.ts";
import { sampleCopy } from "./support/cli-harness.ts";
import { breakable, until } from "./support/faults.ts";
import { listening, spawnServe, stopAll, unprivileged } from "./support/serve-process.ts";
import { TestSmtp } from "./support/smtp-harness.ts";

// Far enough ahead that the real clock of a child process never reaches its deadline.
const EVENT = {
  id: "far-future",
  date: "2099/06/03 19:30",
  name: "Stated Meeting",
  rsvpOptions: true,
};

const rsvp = (i: number, event = eventSchema.parse(EVENT)) =>
  buildEventRsvpPayload(event, {
    firstName: `Guest${String.fromCharCode(65 + (i % 26))}`,
    lastName: "Smith",
    masonicTitle: "",
    email: `guest${i}@example.org`,
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  stopAll();
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** A folder with the lodge (one far-future event, room for all), a site of one page, and state. */
function lodgeFolder() {
  const copy = sampleCopy();
  cleanups.push(copy.cleanup);
  copy.write("events.yaml", JSON.stringify([EVENT]));
  const lodgeYaml = join(copy.data, "lodge.yaml");
  copy.write(
    "lodge.yaml",
    readFileSync(lodgeYaml, "utf8").replace(/^guestLimit: .*$/m, "guestLimit: 10000"),
  );
  const dist = join(copy.root, "dist");
  mkdirSync(dist);
  writeFileSync(join(dist, "index.html"), "<h1>Hillcrest</h1>");
  const state = join(copy.root, "state");
  mkdirSync(state);
  return { root: copy.root, data: copy.data, dist, state, db: join(state, "lodge.db") };
}

async function smtp(): Promise<TestSmtp> {
  const server = new TestSmtp();
  await server.start(0);
  cleanups.push(() => server.stop());
  return server;
}

/** How many mails arrived more than once (the same Message-ID). */
function duplicates(mailServer: TestSmtp): number {
  const ids = mailServer.received.map((m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1]);
  return ids.length - new Set(ids).size;
}

describe("a store that cannot write", () => {
  it("answers 503 with the catalogue's text, keeps serving the site, and stores again once it can", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-fault-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    mkdirSync(join(dir, "dist"));
    writeFileSync(join(dir, "dist", "index.html"), "<h1>Hillcrest</h1>");
    const { store, broken } = breakable(openStore(join(dir, "lodge.db")));
    const s = await startServer({ dir, store });
    cleanups.push(() => s.close());
    const client = await s.client();
    const payload = buildEventRsvpPayload(testEvent("plain-meeting"), {
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "",
      email: "john@example.org",
      numberOfAttendees: 1,
      earlyBirdDinner: false,
      numberOfMeals: 1,
      mealChoice: "",
    } as EventRsvpForm);
    // The database turns read-only while the server runs.
    for (const name of ["addEventRsvp", "eventRsvpSituation", "claimDueMail", "attendeeCounts"]) {
      broken.add(name);
    }
    const refused = await client.post("/mj/api/rsvp", payload);
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { message: ALERTS.sendFailure.text },
    });
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await client.get("/sheets/api/read")).status).toBe(503);
    expect(await client.get("/")).toMatchObject({ status: 200, body: "<h1>Hillcrest</h1>" });
    await s.worker.run();
    expect(s.worker.storageFailing).toBe(true);

    broken.clear();
    expect((await client.post("/mj/api/rsvp", payload)).status).toBe(200);
    s.clock.advance(1000);
    await s.worker.run();
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
  });
});

describe("a disk that fills while lodge serve runs (a file size limit set on the process)", () => {
  it("never ends it: 503 while full, the site served, every acknowledged RSVP kept, every mail sent once", {
    timeout: 90_000,
  }, async () => {
    const folder = lodgeFolder();
    const mailServer = await smtp();
    const server = spawnServe({
      args: ["--data", folder.data, "--dist", folder.dist, "--db", folder.db, "--port", "0"],
      env: { SMTP_URL: mailServer.url, RATE_LIMIT_MAX: "100000", TRUST_PROXY: "127.0.0.1" },
    });
    const client = new Client(await listening(server));
    await client.get("/");
    const statuses = new Map<number, number>();
    /** RSVPs `from` to `to`, 8 at a time, as many visitors send them. */
    const send = async (from: number, to: number) => {
      let next = from;
      const sender = async () => {
        while (next < to) {
          const i = next++;
          statuses.set(i, (await client.post("/mj/api/rsvp", rsvp(i), visitor(i))).status);
        }
      };
      await Promise.all(Array.from({ length: 8 }, sender));
    };
    const answers = (from: number, to: number) =>
      [...statuses].filter(([i]) => i >= from && i < to).map(([, status]) => status);
    await send(0, 100);
    await until(
      () => mailServer.received.length >= 200,
      "the mails of the first 100 RSVPs",
      30_000,
    );

    // No file of the process may be written past 8 KB: no database page can be written. The
    // RSVPs arriving together are stored in one transaction, which the disk fails as a whole.
    const pid = String(server.child.pid);
    execFileSync("prlimit", ["--pid", pid, "--fsize=8192:unlimited"]);
    await send(100, 300);
    const refused = await client.post("/mj/api/rsvp", rsvp(300), visitor(300));
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 503,
      body: { message: ALERTS.sendFailure.text },
    });
    expect(await client.get("/")).toMatchObject({ status: 200, body: "<h1>Hillcrest</h1>" });

    execFileSync("prlimit", ["--pid", pid, "--fsize=unlimited:unlimited"]);
    await send(301, 305);
    await until(() => mailServer.received.length >= 208, "the mails of the last 4 RSVPs", 30_000);
    expect(answers(0, 100)).toEqual(Array(100).fill(200));
    expect(new Set(answers(100, 300))).toEqual(new Set([503]));
    expect(answers(301, 305)).toEqual(Array(4).fill(200));
    expect(server.child.exitCode).toBeNull();
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);

    const store = openStore(folder.db);
    const stored = (await store.listEventRsvps()).map((r) => r.record.email).sort();
    await store.close();
    const acknowledged = [...statuses]
      .filter(([, status]) => status === 200)
      .map(([i]) => `guest${i}@example.org`)
      .sort();
    expect(stored).toEqual(acknowledged);
    expect(mailServer.received.length).toBe(208);
    expect(duplicates(mailServer)).toBe(0);
  });

  it("keeps serving when the disk under its own log file is full", {
    timeout: 30_000,
  }, async () => {
    const folder = lodgeFolder();
    const free = createServer();
    await new Promise<void>((resolve) => free.listen(0, "127.0.0.1", resolve));
    const { port } = free.address() as AddressInfo;
    await new Promise((resolve) => free.close(resolve));
    const log = join(folder.root, "lodge.log");
    const fd = openSync(log, "w");
    const server = spawnServe({
      args: [
        "--data",
        folder.data,
        "--dist",
        folder.dist,
        "--db",
        folder.db,
        "--port",
        String(port),
      ],
      under: ["prlimit", "--fsize=4096:unlimited", "--"],
      stdio: fd,
    });
    closeSync(fd);
    const client = new Client(`http://127.0.0.1:${port}`);
    await until(
      async () => (await client.get("/").catch(() => ({ status: 0 }))).status === 200,
      "the server to answer",
    );
    // Each answer adds a line to a log that cannot grow past 4 KB.
    for (let i = 0; i < 60; i++) expect((await client.get("/")).status).toBe(200);
    expect(statSync(log).size).toBeLessThanOrEqual(4096);
    expect(server.child.exitCode).toBeNull();
  });

  it("starts on a disk still full with mail pending, serves the site, answers 503, and stays up", {
    timeout: 30_000,
  }, async () => {
    const folder = lodgeFolder();
    const seeded = openStore(folder.db);
    await seeded.addContactMessage({
      record: {
        firstName: "A",
        lastName: "B",
        email: "a@example.org",
        phoneNumber: "",
        message: "x",
      },
      receivedAt: new Date(),
      idempotency: { requestHash: "h", keys: [] },
      clientKey: "c",
      untokened: { max: 3, windowMs: 1000 },
      mails: [
        {
          kind: "contact-notice",
          envelope: { from: "lodge@example.org", to: ["secretary@example.org"] },
          messageId: "<pending@example.org>",
          raw: Buffer.from("Subject: x\r\n\r\nx"),
        },
      ],
      response: { status: 200, body: {} },
    });
    await seeded.close();
    const mailServer = await smtp();
    const server = spawnServe({
      args: ["--data", folder.data, "--dist", folder.dist, "--db", folder.db, "--port", "0"],
      env: { SMTP_URL: mailServer.url },
      under: ["prlimit", "--fsize=8192:unlimited", "--"],
    });
    const url = await listening(server);
    expect(await server.line(/^ {2}data: /)).toBe(
      `  data:  ${folder.db} cannot be opened now (disk I/O error): RSVPs and messages are refused until it can; free some disk space`,
    );
    // The mail worker fails, waits, fails again: the process is still there.
    await server.line(/"retryInSeconds":2,"msg":"the mail queue cannot be read or written/);
    const client = new Client(url);
    expect(await client.get("/")).toMatchObject({ status: 200, body: "<h1>Hillcrest</h1>" });
    expect((await client.post("/mj/api/rsvp", rsvp(1))).status).toBe(503);
    expect(server.child.exitCode).toBeNull();
    expect(mailServer.received).toEqual([]);
  });
});

describe("lodge serve refuses to start where it could not store anything", () => {
  it("names a read-only database, a folder it may not write, and an outbox it may not make", {
    timeout: 30_000,
  }, async () => {
    const who = unprivileged();
    cleanups.push(() => who.dispose());
    const folder = lodgeFolder();
    chmodSync(folder.root, 0o755);
    const own = (path: string) => {
      if (who.user) chownSync(path, who.user.uid, who.user.gid);
    };
    const start = async (db: string, outbox: string) => {
      const server = spawnServe({
        args: ["--data", folder.data, "--db", db, "--outbox", outbox, "--port", "0"],
        ...(who.user ? { user: who.user } : {}),
      });
      const code = await server.exited;
      return { code, last: server.lines.filter((line) => !line.startsWith("(")).at(-1) };
    };

    // A database file the server's user may only read.
    own(folder.state);
    await openStore(folder.db).close();
    own(folder.db);
    chmodSync(folder.db, 0o444);
    const outbox = join(folder.state, "outbox");
    expect(await start(folder.db, outbox)).toEqual({
      code: 1,
      last: `${folder.db} is read-only for the user ${who.name}, so the database cannot be written. Give ${who.name} write access (chown ${who.name} ${folder.db}, or chmod u+rw), or pass --db FILE.`,
    });

    // A folder it may not write in (SQLite keeps its journal beside the database).
    const locked = join(folder.root, "locked");
    mkdirSync(locked);
    own(locked);
    chmodSync(locked, 0o555);
    expect(await start(join(locked, "lodge.db"), outbox)).toEqual({
      code: 1,
      last: `${locked} is not writable by the user ${who.name}, so the database cannot be written there. Give ${who.name} write access (chown ${who.name} ${locked}, or chmod u+w), or pass --db FILE.`,
    });

    // An outbox folder it may not make.
    chmodSync(folder.db, 0o644);
    const mail = join(locked, "outbox");
    expect(await start(folder.db, mail)).toEqual({
      code: 1,
      last: `${mail} cannot be made for the outbox of mail: the user ${who.name} may not create folders in ${locked}. Create ${mail} and give ${who.name} write access to it, or pass --outbox DIR.`,
    });
  });
});
