import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildEventRsvpPayload, toSheetPayload } from "../core/rules/index.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { configSchema } from "../server/config.ts";
import { openPostgresStore, openStore } from "../server/store/open-store.ts";
import { threadedSqliteStore } from "../server/store/sqlite-thread.ts";
import type { Store } from "../server/store/store.ts";
import {
  Client,
  startServer,
  TEST_EVENTS,
  type TestServer,
  testEvent,
} from "./support/api-harness.ts";
import { lodge, sampleCopy } from "./support/cli-harness.ts";
import { outboxMails } from "./support/manage-links.ts";
import { parseMail } from "./support/mime.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";
import { racing } from "./support/racing-store.ts";

/** The rate limits `lodge serve` has when nothing sets them. */
const { rateLimitMax, rateLimitWindowSeconds } = configSchema.parse({});

const rsvp = (eventId: string, firstName: string, numberOfAttendees: number, email?: string) =>
  buildEventRsvpPayload(testEvent(eventId), {
    firstName,
    lastName: "Member",
    masonicTitle: "",
    email: email ?? `${firstName.toLowerCase()}@example.org`,
    numberOfAttendees,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function serve(): Promise<TestServer> {
  const s = await startServer({ config: { rateLimitMax, rateLimitWindowSeconds } });
  cleanups.push(() => s.close());
  return s;
}

/** A browser that has loaded a page of the site from `address`. */
async function browser(s: TestServer, address: string): Promise<Client> {
  const client = new Client(s.url, address);
  await client.get("/sheets/api/read");
  return client;
}

describe("a hoarder with invented names on one address", () => {
  it("holds at most 20 seats once the holds for a confirmation have lapsed; the secretary is told, and cancels from the terminal while the server runs", async () => {
    const s = await serve();
    const hoarder = await browser(s, "203.0.113.66");
    const names = ["Zed", "Quincy", "Xavier", "Yves", "Wolfgang", "Ulrich", "Thaddeus"];
    const answers = [];
    for (const name of names) {
      answers.push(await hoarder.post("/mj/api/rsvp", rsvp("plain-meeting", name, 10)));
    }
    // Past the address's 20 seats, each RSVP is held for a confirmation its invented address
    // never gives.
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    expect(answers.map((a) => (a.body as { confirm?: boolean }).confirm)).toEqual([
      undefined,
      undefined,
      true,
      true,
      true,
      true,
      true,
    ]);
    s.clock.advance(30 * 60_000);
    await s.scheduler.runDue();
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(20);
    // Everyone else finds 50 seats.
    const member = await browser(s, "198.51.100.7");
    expect((await member.post("/mj/api/rsvp", rsvp("plain-meeting", "Ann", 10))).status).toBe(200);

    await s.worker.idle();
    const notices = readdirSync(s.outbox)
      .filter((f) => f.endsWith("rsvp-notice.eml"))
      .sort();
    const second = parseMail(readFileSync(join(s.outbox, notices[1] ?? "")));
    expect(second.text).toContain(
      "Note: with this RSVP, 20 of the event's 70 seats were reserved from the same network address, more than a quarter. If that looks wrong, lodge rsvps --event plain-meeting lists them with their ids, and lodge rsvps cancel ID cancels one.",
    );
    const first = parseMail(readFileSync(join(s.outbox, notices[0] ?? "")));
    expect(first.text).not.toContain("Note:");

    // The secretary, in a terminal beside the running server, on its live database.
    const copy = sampleCopy();
    cleanups.push(copy.cleanup);
    copy.write("events.yaml", JSON.stringify(TEST_EVENTS));
    const db = join(s.dir, "lodge.db");
    const listed = await lodge(copy.root, "rsvps", "--event", "plain-meeting", "--db", db);
    expect(listed.stdout[2]).toMatch(/^ {2}1 {3}.* Zed Member +zed@example\.org +10$/);
    const cancelled = await lodge(copy.root, "rsvps", "cancel", "1", "--db", db);
    expect(cancelled).toMatchObject({ code: 0, stderr: [] });
    const read = await member.get("/sheets/api/read?event=plain-meeting");
    expect(read.body).toMatchObject({ data: 20 });
    // The running server's worker sends the notice the command queued (at the machine's time,
    // ahead of the test's clock) at its next look.
    s.clock.advance(Math.max(0, Date.now() - s.clock.now().getTime()) + 1000);
    await s.worker.run();
    const notice = readdirSync(s.outbox).find((f) => f.endsWith("rsvp-cancelled.eml"));
    expect(parseMail(readFileSync(join(s.outbox, notice ?? ""))).headers.get("to")).toBe(
      "zed@example.org",
    );
  });
});

const cluster = clusterOfThisFile();

/** The stores `lodge serve` runs on, each made in `dir` (or on the test's PostgreSQL cluster). */
const servedStores: { name: string; open: (dir: string) => Promise<Store> }[] = [
  { name: "SQLite", open: async (dir) => openStore(join(dir, "lodge.db")) },
  {
    name: "SQLite on its own thread",
    open: async (dir) => threadedSqliteStore(join(dir, "lodge.db")),
  },
  { name: "PostgreSQL", open: async () => openPostgresStore(await cluster().place()) },
];

describe.each(servedStores)(
  "RSVPs sent at the same moment from one address, on $name",
  ({ open }) => {
    it("tell the secretary the seats the address holds once each is stored, so that together they are flagged past a quarter", async () => {
      const dir = mkdtempSync(join(tmpdir(), "lodge-hoard-"));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      const { store, race } = racing(await open(dir));
      const s = await startServer({ config: { rateLimitMax, rateLimitWindowSeconds }, dir, store });
      cleanups.push(() => s.close());
      const hoarder = await browser(s, "203.0.113.66");
      // Vic's RSVP is stored between the server's read for Uma's and Uma's write: each read no
      // seats held from their address, and each takes 9, under the quarter of 70.
      Object.assign(race, {
        before: "addEventRsvp",
        next: () => hoarder.post("/mj/api/rsvp", rsvp("plain-meeting", "Vic", 9)),
      });
      expect((await hoarder.post("/mj/api/rsvp", rsvp("plain-meeting", "Uma", 9))).status).toBe(
        200,
      );
      const notices = (await outboxMails(s)).filter((m) => m.kind === "rsvp-notice");
      expect(
        notices.map((m) => [m.headers.get("reply-to"), /^Note: .*$/m.exec(m.text)?.[0]]).sort(),
      ).toEqual([
        [
          "uma@example.org",
          "Note: with this RSVP, 18 of the event's 70 seats were reserved from the same network address, more than a quarter. If that looks wrong, lodge rsvps --event plain-meeting lists them with their ids, and lodge rsvps cancel ID cancels one.",
        ],
        ["vic@example.org", undefined],
      ]);
    });
  },
);

describe("a lodge hall of 60 members on one address", () => {
  it("lets 60 members reserve within 10 minutes with the default limits, and still stops a flood", {
    timeout: 30_000,
  }, async () => {
    const s = await serve();
    const HALL = "198.51.100.10";
    // After the meeting, each member reserves on his phone for one of the coming events.
    const events = ["plain-meeting", "dinner-meeting", "closes-tonight"];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const phone = await browser(s, HALL);
      const name = `Member${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`;
      const eventId = events[i % 3] as string;
      if (i % 10 === 0) {
        // Every tenth one mistypes his address first (capitals are taken, lowercased).
        const typo = await phone.post("/mj/api/rsvp", rsvp(eventId, name, 1, "member.example.org"));
        statuses.push(typo.status);
      }
      const payload = rsvp(eventId, name, 1);
      statuses.push((await phone.post("/mj/api/rsvp", payload)).status);
      const row = toSheetPayload(payload, testEvent(eventId));
      statuses.push((await phone.post("/sheets/api/append-rsvp", row)).status);
      s.clock.advance(10_000);
    }
    expect(statuses.filter((status) => status === 429)).toEqual([]);
    expect(statuses.filter((status) => status === 400).length).toBe(6);
    expect((await s.store.listEventRsvps()).length).toBe(60);
    expect((await s.store.listEventRsvps()).every((r) => r.sheetRecordedAt)).toBe(true);

    // The 21st seat of one event from the hall's connection is past the lodge's cap: held for
    // its member to confirm from the mail (test/api-seats.test.ts), not refused.
    const late = await browser(s, HALL);
    const held = await late.post("/mj/api/rsvp", rsvp("plain-meeting", "Latecomer", 1));
    expect(held).toMatchObject({ status: 200, body: { confirm: true } });

    // A flood from that address, 50 at a time: stopped once its budget is spent.
    const flood = await browser(s, HALL);
    const answers = [];
    for (let i = 0; i < 600; i += 50) {
      const batch = Array.from({ length: 50 }, (_, j) =>
        flood.post("/mj/api/rsvp", rsvp("one-per-rsvp", `Flood${i + j}`, 1)),
      );
      answers.push(...(await Promise.all(batch)));
    }
    const limited = answers.filter((a) => a.status === 429).length;
    expect(limited).toBeGreaterThan(300);
    expect(answers.every((a) => a.status < 500)).toBe(true);
    console.info(
      `hall: 60 members, ${statuses.length} POSTs, none limited; flood of 600: ${limited} answered 429`,
    );
  });
});
