import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import type { WaitlistCounts } from "../../core/rules/seats.ts";
import { clusterOfThisFile } from "../../test/support/postgres-cluster.ts";
import { postgresAtVersion, sqliteAtVersion } from "../../test/support/store-versions.ts";
import { LOCK } from "../db/database.ts";
import { render } from "../db/sql.ts";
import { storeError } from "../db/sqlite.ts";
import { MIGRATIONS } from "./migrations.ts";
import { eventSeatsSql } from "./offers.ts";
import { openPostgresStore, postgresStore, sqliteStore } from "./open-store.ts";
import { threadedSqliteStore } from "./sqlite-thread.ts";
import {
  type ComposedMail,
  type ContactSubmission,
  type EventRsvpSubmission,
  FAILURE_SUMMARY_KIND,
  type MailOrder,
  POSITION,
  type RsvpKind,
  type RsvpLimits,
  type SocialRsvpRecord,
  type Store,
  StoreUnavailableError,
  type Submission,
  type WaitlistOffers,
  type WaitlistSubmission,
} from "./store.ts";

/**
 * What server/store promises, held against each store: the SQLite file `lodge serve` keeps by
 * default and a PostgreSQL database shared by several instances (a throw-away cluster, one per
 * run of this file). Two stores opened on one place stand for two processes.
 */
const NOW = new Date("2026-11-21T17:00:00Z");
/** An hour after NOW: the reminder time, in the reminder tests. */
const HOUR_MS = 3_600_000;
const LATER = new Date(NOW.getTime() + HOUR_MS);
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

function file(): string {
  const dir = mkdtempSync(join(tmpdir(), "lodge-store-"));
  dirs.push(dir);
  return join(dir, "var", "lodge.db");
}

const cluster = clusterOfThisFile();

interface StoreKind {
  name: string;
  /** A new, empty place for a store: a file path, or a PostgreSQL URL. */
  place(): Promise<string>;
  open(place: string): Promise<Store>;
  /** Writes a schema version this lodge does not know into the place's migrations table. */
  markFuture(place: string): Promise<void>;
}

const kinds: StoreKind[] = [
  {
    name: "SQLite",
    place: async () => file(),
    open: async (place) => sqliteStore(place, NOW),
    async markFuture(place) {
      const db = new DatabaseSync(place);
      db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', '2030-01-01')").run();
      db.close();
    },
  },
  {
    // lodge serve's: the same file, served by a thread of its own.
    name: "SQLite on its own thread",
    place: async () => file(),
    open: async (place) => threadedSqliteStore(place, NOW),
    async markFuture(place) {
      const db = new DatabaseSync(place);
      db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', '2030-01-01')").run();
      db.close();
    },
  },
  {
    name: "PostgreSQL",
    place: () => cluster().place(),
    open: (place) => openPostgresStore(place, NOW),
    async markFuture(place) {
      const sql = postgres(place, { max: 1 });
      await sql`INSERT INTO schema_migrations VALUES (99, 'future', '2030-01-01')`;
      await sql.end();
    },
  },
];

type Edit = Omit<Parameters<Store["changeEventRsvp"]>[0], "id" | "change" | "guestLimit">;

/** The secretary's edit of RSVP `id` to `attendees` within `guestLimit`, at NOW, no mails. */
const edit = (store: Store, id: number, attendees: number, guestLimit: number, more = {}) =>
  store.changeEventRsvp({ id, change: { attendees }, guestLimit, now: NOW, mails: [], ...more });

/** The secretary's cancel of RSVP `id` at NOW, no mails. */
const cancel = (store: Store, id: number, more: Partial<Edit> & { by?: "visitor" } = {}) =>
  store.cancelEventRsvp({ id, now: NOW, mails: [], ...more });

/** The RSVPs of `kind` for `subjectId` received before LATER with no reminder for `eventDate`. */
const unreminded = (store: Store, kind: RsvpKind, subjectId: string, eventDate: string) =>
  store.unremindedRsvps({ kind, subjectId, eventDate, receivedBefore: LATER });

/** A social RSVP to the outing 'bowling', received at NOW. */
function outingRsvp(firstName: string, attendees: number): Submission<SocialRsvpRecord> {
  return {
    record: {
      outingId: "bowling",
      firstName,
      lastName: "Day",
      email: `${firstName.toLowerCase()}@example.org`,
      attendees,
    },
    receivedAt: NOW,
    idempotency: { requestHash: firstName.toLowerCase(), keys: [] },
    mails: [],
    response: { status: 200, body: {} },
  };
}

/** How long the test RSVPs past their address's seats are held for a confirmation. */
const HOLD_MS = 30 * 60_000;

function rsvp(firstName: string, attendees: number, hash = firstName): EventRsvpSubmission {
  return {
    clientKey: "client-a",
    record: {
      eventId: "e1",
      firstName,
      lastName: "Smith",
      masonicTitle: "",
      email: `${firstName.toLowerCase()}@example.org`,
      attendees,
      dinner: false,
      meals: 0,
      mealCounts: [],
    },
    receivedAt: NOW,
    idempotency: {
      requestHash: hash,
      keys: [{ key: `rsvp:content:${hash}`, expiresAt: new Date(NOW.getTime() + 1000) }],
    },
    mails: [],
    response: { status: 200, body: { message: "ok" } },
    unconfirmed: {
      until: new Date(NOW.getTime() + HOLD_MS),
      mails: [],
      response: { status: 200, body: { message: "confirm", confirm: true } },
    },
  };
}

/** `rsvp` for another event. */
function rsvpTo(eventId: string, firstName: string, attendees: number): EventRsvpSubmission {
  const base = rsvp(firstName, attendees, `${eventId}-${firstName}`);
  return { ...base, record: { ...base.record, eventId } };
}

/** Each event's seats summed from its current RSVPs, as the seat counter must always say. */
async function summedSeats(store: Store): Promise<Map<string, number>> {
  const sums = new Map<string, number>();
  for (const { record } of await store.listEventRsvps()) {
    sums.set(record.eventId, (sums.get(record.eventId) ?? 0) + record.attendees);
  }
  return sums;
}

/** A guest limit, and no limit per address unless a test sets one. */
const seats = (guestLimit: number, seatsPerClient = 10_000): RsvpLimits => ({
  guestLimit,
  seatsPerClient,
});

const mail = (kind: string, to: string, extra: Partial<ComposedMail> = {}): ComposedMail => ({
  kind,
  envelope: { from: "lodge@example.org", to: [to] },
  messageId: `<${kind}@example.org>`,
  raw: Buffer.from(`Subject: ${kind}\r\n\r\nBody`),
  ...extra,
});

/** An RSVP of `name`'s whose confirmation the mail server refused for good; the mail's id. */
async function failedConfirmation(store: Store, name: string, at: Date): Promise<number> {
  const to = `${name}@example.org`;
  await store.addEventRsvp(
    { ...rsvp(name, 1), receivedAt: at, mails: [mail("rsvp-confirmation", to)] },
    seats(70),
  );
  const queued = (await store.listMail("pending")).find((m) => m.to === to);
  await store.failMail({ id: queued?.id ?? 0, error: "550", now: at });
  return queued?.id ?? 0;
}

function message(email: string, at: Date, token?: string): ContactSubmission {
  return {
    record: {
      firstName: "Ann",
      lastName: "Lee",
      email,
      phoneNumber: "",
      message: at.toISOString(),
    },
    receivedAt: at,
    idempotency: { requestHash: at.toISOString(), keys: [] },
    clientKey: "client-a",
    formToken: token ? { hash: token, expiresAt: new Date(at.getTime() + 86_400_000) } : undefined,
    untokened: { max: 2, windowMs: 86_400_000 },
    mails: [
      mail("contact-notice", "secretary@example.org"),
      mail("contact-acknowledgement", email, { oncePerRecipientWithinMs: 86_400_000 }),
    ],
    response: { status: 200, body: {} },
  };
}

describe.each(kinds)("the $name store", (kind) => {
  const open = async () => kind.open(await kind.place());

  it("keeps its data across reopening and runs each migration once", async () => {
    const place = await kind.place();
    const first = await kind.open(place);
    await first.addEventRsvp(rsvp("Ann", 2), seats(70));
    await first.close();
    const second = await kind.open(place);
    expect((await second.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual(["Ann"]);
    await second.close();
  });

  it("remembers the lodge it belongs to, told by its number, across reopening", async () => {
    const place = await kind.place();
    const first = await kind.open(place);
    expect(await first.lodgeIdentity()).toBeUndefined();
    await first.claimLodge({ number: 586, name: "Hillcrest Lodge No 586" });
    // A corrected name is the same lodge's: the record follows it.
    await first.claimLodge({ number: 586, name: "Hillcrest Lodge No. 586" });
    await first.close();
    const second = await kind.open(place);
    expect(await second.lodgeIdentity()).toEqual({ number: 586, name: "Hillcrest Lodge No. 586" });
    await second.close();
  });

  it("lists cancelled RSVPs apart, with when and by whom", async () => {
    const store = await open();
    await store.addEventRsvp(rsvp("Ann", 2), seats(70));
    await store.addEventRsvp(rsvp("Bob", 1), seats(70));
    await store.addEventRsvp(rsvp("Cy", 1), seats(70));
    const later = new Date(NOW.getTime() + 60_000);
    expect(
      (await store.cancelEventRsvp({ id: 1, now: later, mails: [], by: "visitor" })).kind,
    ).toBe("done");
    expect((await store.cancelEventRsvp({ id: 2, now: later, mails: [] })).kind).toBe("done");
    expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual(["Cy"]);
    expect(
      (await store.listCancelledEventRsvps("e1")).map((r) => [
        r.record.firstName,
        r.cancelledAt.toISOString(),
        r.cancelledBy,
      ]),
    ).toEqual([
      ["Ann", later.toISOString(), "visitor"],
      ["Bob", later.toISOString(), "secretary"],
    ]);
    expect(await store.listCancelledEventRsvps("e2")).toEqual([]);
    await store.close();
  });

  it("refuses a database written by a newer lodge", async () => {
    const place = await kind.place();
    await (await kind.open(place)).close();
    await kind.markFuture(place);
    await expect(kind.open(place)).rejects.toThrow(
      /has schema version 99, but this lodge knows versions up to \d+; run a newer lodge with it$/,
    );
  });

  it("checks the guest limit and inserts in one transaction, for two connections to one place", async () => {
    const place = await kind.place();
    const a = await kind.open(place);
    const b = await kind.open(place);
    expect((await a.addEventRsvp(rsvp("Ann", 3), seats(5))).kind).toBe("stored");
    expect(await b.addEventRsvp(rsvp("Bob", 3), seats(5))).toEqual({
      kind: "full",
      taken: 3,
      limit: 5,
    });
    expect((await b.addEventRsvp(rsvp("Bob", 2), seats(5))).kind).toBe("stored");
    expect((await a.attendeeCounts()).get("e1")).toBe(5);
    await a.close();
    await b.close();
  });

  it("never seats more than the limit when three connections send RSVPs at once, and stores a retry once", async () => {
    const place = await kind.place();
    const stores = [await kind.open(place), await kind.open(place), await kind.open(place)];
    // 60 people of 1 or 2 seats for 25 seats, each sent to every connection at once, as a
    // client retrying through a load balancer would.
    const sent = Array.from({ length: 60 }, (_, i) => rsvp(`P${i}`, 1 + (i % 2)));
    const outcomes = await Promise.all(
      sent.flatMap((submission) =>
        stores.map((store) => store.addEventRsvp(submission, seats(25))),
      ),
    );
    const stored = outcomes.filter((o) => o.kind === "stored").length;
    const rsvps = await stores[0]?.listEventRsvps("e1");
    expect(rsvps?.length).toBe(stored);
    expect(new Set(rsvps?.map((r) => r.record.firstName)).size).toBe(stored);
    const taken = rsvps?.reduce((sum, r) => sum + r.record.attendees, 0) ?? 0;
    // Full means full: the last seats left are fewer than the next RSVP asked for.
    expect(taken).toBeLessThanOrEqual(25);
    expect(taken).toBeGreaterThanOrEqual(24);
    expect(outcomes.filter((o) => o.kind === "replay").length).toBe(stored * 2);
    for (const store of stores) await store.close();
  });

  it("replays the first answer for a known key and forgets keys once they expire", async () => {
    const store = await open();
    expect(await store.addEventRsvp(rsvp("Ann", 1), seats(70))).toEqual({
      kind: "stored",
      id: 1,
      response: { status: 200, body: { message: "ok" } },
    });
    expect(await store.addEventRsvp(rsvp("Ann", 1), seats(70))).toEqual({
      kind: "replay",
      response: { status: 200, body: { message: "ok" } },
    });
    // Once the key has expired, the same person's RSVP finds her first, which stays as it is.
    const later = { ...rsvp("Ann", 1), receivedAt: new Date(NOW.getTime() + 1000) };
    expect((await store.addEventRsvp(later, seats(70))).kind).toBe("exists");
    expect((await store.listEventRsvps()).map((r) => r.id)).toEqual([1]);
    await store.close();
  });

  it("dumps every row and restores them into an empty store of either kind, ids kept, or refuses a store with data", async () => {
    const source = await open();
    await source.addEventRsvp(
      { ...rsvp("Ann", 2), mails: [mail("rsvp-confirmation", "ann@example.org")] },
      seats(70),
    );
    // Her second RSVP stores nothing: her first's link is mailed again.
    const again = { tokenHash: "again", mails: [mail("rsvp-link", "ann@example.org")] };
    await source.addEventRsvp(
      { ...rsvp("Ann", 3, "again"), linkAgain: { ...again, withinMs: 3_600_000 } },
      seats(70),
    );
    await source.addEventRsvp(rsvp("Bob", 1), seats(70));
    await source.cancelEventRsvp({
      id: 2,
      now: NOW,
      mails: [mail("rsvp-cancelled", "bob@example.org")],
    });
    // Eve's RSVP awaits her confirmation.
    await source.addEventRsvp({ ...rsvp("Eve", 2), clientKey: "client-b" }, seats(70, 1));
    await source.addContactMessage(message("carl@example.org", NOW, "token"));
    const [sent, failed] = await source.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 2 });
    await source.markMailSent({ id: sent?.id ?? 0, now: NOW });
    await source.failMail({ id: failed?.id ?? 0, error: "550", now: NOW });
    const dump = await source.dump();
    // Each mail names its RSVP by the id it was given; a hold, when it ends.
    expect(dump.event_rsvps.map((r) => [r.id, r.state, r.unconfirmed_until])).toEqual([
      [1, "current", null],
      [2, "cancelled", null],
      [3, "current", new Date(NOW.getTime() + HOLD_MS)],
    ]);
    expect(
      dump.outbox.filter((m) => m.source === "event_rsvps").map((m) => [m.source_id, m.kind]),
    ).toEqual([
      [1, "rsvp-confirmation"],
      [1, "rsvp-link"],
      [2, "rsvp-cancelled"],
    ]);
    for (const other of kinds) {
      const target = await other.open(await other.place());
      await target.restore(dump);
      expect(await target.dump()).toEqual(dump);
      // New rows number on after the copied ones.
      expect(await target.addEventRsvp(rsvp("Dan", 1), seats(70))).toMatchObject({ id: 4 });
      expect((await target.listEventRsvps()).find((r) => r.id === 3)?.confirmBy).toEqual(
        new Date(NOW.getTime() + HOLD_MS),
      );
      await expect(target.restore(dump)).rejects.toThrow(/already holds data/);
      await target.close();
    }
    await source.close();
  });

  it("keeps each event's seat count exact through new, held, lapsed, changed, cancelled, erased and copied RSVPs", async () => {
    const store = await open();
    const counted = async (expected: [string, number][]) => {
      const counts = await store.attendeeCounts();
      expect(counts).toEqual(new Map(expected));
      expect(counts).toEqual(await summedSeats(store));
    };
    await store.addEventRsvp(rsvp("Ann", 2), seats(10));
    await store.addEventRsvp(rsvp("Bob", 3), seats(10));
    await store.addEventRsvp(rsvpTo("e2", "Cy", 4), seats(10));
    await counted([
      ["e1", 5],
      ["e2", 4],
    ]);
    // Ann again with 1 seat: her first RSVP stays as it is.
    expect((await store.addEventRsvp(rsvp("Ann", 1, "again"), seats(10))).kind).toBe("exists");
    // Eve's 2 seats, past her address's 5, are held for her confirmation, then lapse.
    expect(await store.addEventRsvp(rsvp("Eve", 2), seats(10, 5))).toMatchObject({ id: 4 });
    await counted([
      ["e1", 7],
      ["e2", 4],
    ]);
    const lapsing = { guestLimit: 10, expiresAt: undefined, mails: new Map(), ranOut: new Map() };
    const ended = new Date(NOW.getTime() + HOLD_MS);
    expect(
      await store.settleWaitlist({ eventId: "e1", now: ended, offers: lapsing }),
    ).toMatchObject({ lapsed: 1 });
    await counted([
      ["e1", 5],
      ["e2", 4],
    ]);
    expect((await edit(store, 2, 5, 10)).kind).toBe("done");
    await counted([
      ["e1", 7],
      ["e2", 4],
    ]);
    const plain = { dinner: false, meals: 0, mealCounts: [] };
    expect(
      (
        await store.changeEventRsvp({
          id: 3,
          change: { attendees: 2, ...plain },
          guestLimit: 10,
          now: NOW,
          mails: [],
        })
      ).kind,
    ).toBe("done");
    await counted([
      ["e1", 7],
      ["e2", 2],
    ]);
    // A change the limit refuses changes nothing.
    expect((await edit(store, 2, 10, 10)).kind).toBe("full");
    await counted([
      ["e1", 7],
      ["e2", 2],
    ]);
    expect((await cancel(store, 2)).kind).toBe("done");
    await counted([
      ["e1", 2],
      ["e2", 2],
    ]);
    // The counter is what the limit is checked against: 2 of 3 seats taken on e1.
    expect(await store.addEventRsvp(rsvp("Dan", 2), seats(3))).toEqual({
      kind: "full",
      taken: 2,
      limit: 3,
    });
    expect((await store.addEventRsvp(rsvp("Dan", 1), seats(3))).kind).toBe("stored");
    await counted([
      ["e1", 3],
      ["e2", 2],
    ]);
    // Erasing names keeps the seats they took.
    await store.eraseRsvps({ kind: "event", subject: "e2", now: NOW });
    await counted([
      ["e1", 3],
      ["e2", 2],
    ]);
    const dump = await store.dump();
    for (const other of kinds) {
      const copy = await other.open(await other.place());
      await copy.restore(dump);
      expect(await copy.attendeeCounts()).toEqual(
        new Map([
          ["e1", 3],
          ["e2", 2],
        ]),
      );
      await copy.close();
    }
    await store.close();
  });

  describe("one RSVP per e-mail address, and RSVPs past a client address's seats held for a confirmation", () => {
    const linkAgain = (tokenHash: string) => ({
      tokenHash,
      mails: [mail("rsvp-link", "ann@example.org")],
      withinMs: HOUR_MS,
    });
    const annAgain = (tokenHash: string, at: Date): EventRsvpSubmission => ({
      ...rsvp("Ann", 1, `again-${tokenHash}`),
      receivedAt: at,
      manageTokenHash: tokenHash,
      linkAgain: linkAgain(tokenHash),
    });

    it("keeps the current RSVP of an address: another stores nothing, and mails its holder a link to it at most once an hour, the first link still working", async () => {
      const store = await kind.open(await kind.place());
      await store.addEventRsvp({ ...rsvp("Ann", 4), manageTokenHash: "hash-1" }, seats(5));
      expect(await store.addEventRsvp(annAgain("hash-2", NOW), seats(5))).toEqual({
        kind: "exists",
        mailed: true,
      });
      // The link mailed again opens it, and the first still does: a stranger cannot break it.
      for (const hash of ["hash-1", "hash-2"]) {
        expect(await store.findEventRsvpByToken(hash)).toMatchObject({
          state: "current",
          rsvp: { id: 1, record: { attendees: 4 } },
        });
      }
      // Within the hour, nothing is mailed and the link stays the one mailed.
      const soon = new Date(NOW.getTime() + HOUR_MS - 60_000);
      expect(await store.addEventRsvp(annAgain("hash-3", soon), seats(5))).toEqual({
        kind: "exists",
        mailed: false,
      });
      expect(await store.findEventRsvpByToken("hash-3")).toBeUndefined();
      expect(await store.findEventRsvpByToken("hash-2")).toBeDefined();
      const later = new Date(NOW.getTime() + HOUR_MS + 60_000);
      expect((await store.addEventRsvp(annAgain("hash-4", later), seats(5))).kind).toBe("exists");
      // The latest link mailed again takes the place of the one mailed again before it.
      expect(await store.findEventRsvpByToken("hash-2")).toBeUndefined();
      expect(await store.findEventRsvpByToken("hash-4")).toBeDefined();
      expect(await store.findEventRsvpByToken("hash-1")).toBeDefined();
      expect((await store.listMail()).map((m) => [m.kind, m.to])).toEqual([
        ["rsvp-link", "ann@example.org"],
        ["rsvp-link", "ann@example.org"],
      ]);
      expect((await store.listEventRsvps()).map((r) => [r.id, r.record.attendees])).toEqual([
        [1, 4],
      ]);
      expect((await store.attendeeCounts()).get("e1")).toBe(4);
      await store.close();
    });

    it("writes into an RSVP's mail orders the seats its address holds once it is stored, as its write counts them", async () => {
      const store = await kind.open(await kind.place());
      const notice = (id: string): MailOrder => ({
        kind: "rsvp-notice",
        envelope: { from: "lodge@example.org", to: ["secretary@example.org"] },
        messageId: `<${id}@example.org>`,
        order: { guestLimit: 70 },
      });
      const add = (submission: EventRsvpSubmission, id: string) =>
        store.addEventRsvp({ ...submission, mails: [notice(id)] }, seats(70, 30));
      await add(rsvp("Ann", 10), "ann");
      // Sent at the same moment from the same address: its server read no seats before either.
      await add(rsvp("Bob", 9), "bob");
      // Ann's second RSVP stores nothing, nor its mails.
      await add(rsvp("Ann", 4, "again"), "ann-again");
      await add({ ...rsvp("Cy", 2), clientKey: "client-b" }, "cy");
      const orders = (await store.claimDueMail({ now: NOW, leaseUntil: LATER, limit: 10 })).map(
        (m) => "order" in m && m.order,
      );
      expect(orders).toEqual([10, 19, 2].map((clientSeats) => ({ guestLimit: 70, clientSeats })));
      await store.close();
    });

    it("holds the seats of an RSVP past the seats of its client address until its visitor confirms it, counting that address's confirmed RSVPs only; one never confirmed lapses", async () => {
      const store = await kind.open(await kind.place());
      const cap = seats(70, 20);
      const held = (firstName: string, attendees: number, clientKey = "client-a") => ({
        ...rsvp(firstName, attendees),
        clientKey,
        manageTokenHash: `hash-${firstName}`,
        unconfirmed: {
          until: new Date(NOW.getTime() + HOLD_MS),
          mails: [mail("rsvp-confirm-seats", `${firstName.toLowerCase()}@example.org`)],
          response: { status: 200, body: { message: "confirm", confirm: true } },
        },
      });
      expect((await store.addEventRsvp(held("Ann", 10), cap)).kind).toBe("stored");
      expect((await store.addEventRsvp(held("Bob", 8), cap)).kind).toBe("stored");
      expect(await store.addEventRsvp(held("Carl", 3), cap)).toEqual({
        kind: "stored",
        id: 3,
        response: { status: 200, body: { message: "confirm", confirm: true } },
      });
      // Held seats count against the guest limit, not against the address's 20.
      expect((await store.addEventRsvp(held("Dan", 3), cap)).kind).toBe("stored");
      expect((await store.addEventRsvp(held("Eve", 3, "client-b"), cap)).kind).toBe("stored");
      expect((await store.attendeeCounts()).get("e1")).toBe(27);
      const listed = await store.listEventRsvps("e1");
      expect(listed.map((r) => [r.record.firstName, r.confirmBy?.getTime()])).toEqual([
        ["Ann", undefined],
        ["Bob", undefined],
        ["Carl", NOW.getTime() + HOLD_MS],
        ["Dan", NOW.getTime() + HOLD_MS],
        ["Eve", undefined],
      ]);
      expect((await store.listMail()).map((m) => [m.kind, m.to]).reverse()).toEqual([
        ["rsvp-confirm-seats", "carl@example.org"],
        ["rsvp-confirm-seats", "dan@example.org"],
      ]);
      // Carl confirms in time: his RSVP counts, for his address too, and its mails tell so.
      const notice: MailOrder = {
        kind: "rsvp-notice",
        envelope: { from: "lodge@example.org", to: ["secretary@example.org"] },
        messageId: "<carl-notice@example.org>",
        order: { guestLimit: 70 },
      };
      const inTime = new Date(NOW.getTime() + HOLD_MS - 60_000);
      expect(await store.confirmEventRsvp({ id: 3, now: inTime, mails: [notice] })).toEqual({
        kind: "confirmed",
      });
      expect(await store.confirmEventRsvp({ id: 3, now: inTime, mails: [notice] })).toEqual({
        kind: "confirmed-before",
      });
      expect(await store.findEventRsvpByToken("hash-Carl")).toMatchObject({
        state: "current",
        rsvp: { confirmBy: undefined },
      });
      const pending = await store.claimDueMail({ now: inTime, leaseUntil: LATER, limit: 10 });
      expect(
        pending.filter((m) => m.kind === "rsvp-notice").map((m) => "order" in m && m.order),
      ).toEqual([{ guestLimit: 70, clientSeats: 21 }]);
      // Dan does not: once the hold has ended he cannot, and the next settle gives his seats back.
      const ended = new Date(NOW.getTime() + HOLD_MS);
      expect(await store.confirmEventRsvp({ id: 4, now: ended, mails: [] })).toEqual({
        kind: "lapsed",
        at: ended,
      });
      expect(await store.findEventRsvpByToken("hash-Dan")).toMatchObject({ state: "current" });
      expect(await store.lapsingSeats({ eventId: "e1", now: inTime })).toBe(0);
      expect(await store.lapsingSeats({ eventId: "e1", now: ended })).toBe(3);
      expect(await store.waitlistDue({ now: inTime, guestLimit: 70 })).toEqual([]);
      expect(await store.waitlistDue({ now: ended, guestLimit: 70 })).toEqual(["e1"]);
      const none = { guestLimit: 70, expiresAt: undefined, mails: new Map(), ranOut: new Map() };
      expect(await store.settleWaitlist({ eventId: "e1", now: ended, offers: none })).toEqual({
        kind: "settled",
        expired: 0,
        lapsed: 1,
        offered: 0,
      });
      expect((await store.attendeeCounts()).get("e1")).toBe(24);
      expect(await store.waitlistDue({ now: ended, guestLimit: 70 })).toEqual([]);
      expect(await store.findEventRsvpByToken("hash-Dan")).toMatchObject({ state: "lapsed" });
      expect(await store.confirmEventRsvp({ id: 4, now: ended, mails: [] })).toEqual({
        kind: "lapsed",
        at: ended,
      });
      // Nobody is mailed of the lapse.
      expect((await store.listMail()).map((m) => m.kind).sort()).toEqual([
        "rsvp-confirm-seats",
        "rsvp-confirm-seats",
        "rsvp-notice",
      ]);
      // An RSVP awaiting confirmation that is cancelled reads cancelled, not lapsed.
      expect((await store.addEventRsvp(held("Fay", 1), cap)).kind).toBe("stored");
      expect((await cancel(store, 6)).kind).toBe("done");
      expect(await store.findEventRsvpByToken("hash-Fay")).toMatchObject({ state: "cancelled" });
      expect(await store.confirmEventRsvp({ id: 6, now: NOW, mails: [] })).toEqual({
        kind: "not-found",
      });
      await store.close();
    });
  });

  describe("the secretary's changes", () => {
    it("cancels an RSVP, frees its seats at once and queues the notice with it", async () => {
      const place = await kind.place();
      const server = await kind.open(place);
      const secretary = await kind.open(place);
      await server.addEventRsvp(rsvp("Ann", 3), seats(4));
      const outcome = await secretary.cancelEventRsvp({
        id: 1,
        now: NOW,
        mails: [mail("rsvp-cancelled", "ann@example.org")],
      });
      expect(outcome).toMatchObject({ kind: "done", before: { id: 1, record: { attendees: 3 } } });
      // The server's connection sees the seats free.
      expect((await server.addEventRsvp(rsvp("Bob", 4), seats(4))).kind).toBe("stored");
      expect((await server.listMail("pending")).map((m) => [m.kind, m.to])).toEqual([
        ["rsvp-cancelled", "ann@example.org"],
      ]);
      expect(await cancel(secretary, 1)).toEqual({ kind: "not-found" });
      expect(await secretary.getEventRsvp(1)).toBeUndefined();
      await server.close();
      await secretary.close();
    });

    it("changes the attendees of an RSVP within the guest limit", async () => {
      const store = await kind.open(await kind.place());
      await store.addEventRsvp(rsvp("Ann", 3), seats(6));
      await store.addEventRsvp(rsvp("Bob", 2), seats(6));
      expect(await edit(store, 1, 5, 6)).toEqual({
        kind: "full",
        taken: 2,
        limit: 6,
      });
      expect((await edit(store, 1, 4, 6)).kind).toBe("done");
      expect((await edit(store, 2, 1, 6)).kind).toBe("done");
      expect((await store.attendeeCounts()).get("e1")).toBe(5);
      await store.close();
    });
  });

  describe("the visitor's manage link", () => {
    const withToken = (submission: EventRsvpSubmission, hash: string): EventRsvpSubmission => ({
      ...submission,
      manageTokenHash: hash,
    });

    it("finds an RSVP by its token's hash, and says when it was cancelled", async () => {
      const store = await open();
      await store.addEventRsvp(withToken(rsvp("Ann", 2), "hash-1"), seats(10));
      expect(await store.findEventRsvpByToken("hash-1")).toMatchObject({
        state: "current",
        rsvp: { id: 1, record: { firstName: "Ann", attendees: 2 } },
      });
      expect(await store.findEventRsvpByToken("no-such-hash")).toBeUndefined();
      expect(await cancel(store, 1)).toMatchObject({ kind: "done" });
      expect((await store.findEventRsvpByToken("hash-1"))?.state).toBe("cancelled");
      await store.close();
    });

    it("finds a social RSVP by its token, changes its attendees and cancels it, leaving it out of the list", async () => {
      const store = await open();
      const outing = {
        record: {
          outingId: "o1",
          firstName: "Ann",
          lastName: "Lee",
          email: "ann@example.org",
          attendees: 2,
        },
        receivedAt: NOW,
        idempotency: { requestHash: "social", keys: [] },
        mails: [],
        response: { status: 200, body: {} },
        manageTokenHash: "social-hash",
      };
      expect((await store.addSocialRsvp(outing)).kind).toBe("stored");
      expect(await store.findSocialRsvpByToken("social-hash")).toMatchObject({
        state: "current",
        rsvp: { id: 1, record: { attendees: 2 } },
      });
      expect(
        await store.changeSocialRsvp({
          id: 1,
          attendees: 4,
          now: NOW,
          mails: [mail("rsvp-visitor-change", "ann@example.org")],
        }),
      ).toEqual({ kind: "done" });
      expect((await store.listSocialRsvps("o1")).map((r) => r.record.attendees)).toEqual([4]);
      // A change whose mails tell of the 2 it had before the change to 4 stores nothing.
      expect(
        await store.changeSocialRsvp({
          id: 1,
          attendees: 0,
          now: NOW,
          mails: [mail("x", "ann@example.org")],
          told: 2,
        }),
      ).toEqual({
        kind: "changed",
        attendees: 4,
      });
      expect((await store.listSocialRsvps("o1")).map((r) => r.record.attendees)).toEqual([4]);
      expect(
        await store.changeSocialRsvp({ id: 1, attendees: 0, now: NOW, mails: [], told: 4 }),
      ).toEqual({ kind: "done" });
      expect(await store.listSocialRsvps("o1")).toEqual([]);
      expect((await store.findSocialRsvpByToken("social-hash"))?.state).toBe("cancelled");
      expect(await store.changeSocialRsvp({ id: 1, attendees: 3, now: NOW, mails: [] })).toEqual({
        kind: "not-found",
      });
      expect((await store.listMail("pending")).map((m) => m.kind)).toEqual(["rsvp-visitor-change"]);
      await store.close();
    });

    it("never passes the limit and loses no acknowledged change under 200 concurrent new RSVPs, cancels and changes on a full event, over two connections", async () => {
      const place = await kind.place();
      const stores = [await kind.open(place), await kind.open(place)];
      const limit = seats(60);
      // Full: 30 RSVPs of 2 seats.
      for (let i = 0; i < 30; i++) {
        expect((await stores[0]?.addEventRsvp(rsvp(`Full${i}`, 2), limit))?.kind).toBe("stored");
      }
      const expected = new Map<string, number>(
        Array.from({ length: 30 }, (_, i) => [`Full${i}`, 2]),
      );
      const store = (i: number) => stores[i % 2] as Store;
      const plain = { dinner: false, meals: 0, mealCounts: [] };
      // 15 cancels and 15 changes (to 1 or 3 seats) of the first RSVPs, and 170 newcomers of 1
      // or 2 seats, all at once, alternating between the two connections.
      const actions: Promise<() => void>[] = [];
      for (let i = 0; i < 30; i++) {
        const name = `Full${i}`;
        if (i % 2 === 0) {
          actions.push(
            store(i)
              .cancelEventRsvp({ id: i + 1, now: NOW, mails: [] })
              .then((outcome) => () => {
                expect(outcome.kind).toBe("done");
                expected.delete(name);
              }),
          );
        } else {
          const attendees = i % 4 === 1 ? 1 : 3;
          actions.push(
            store(i)
              .changeEventRsvp({
                id: i + 1,
                change: { attendees, ...plain },
                guestLimit: limit.guestLimit,
                now: NOW,
                mails: [],
              })
              .then((outcome) => () => {
                if (outcome.kind === "done") expected.set(name, attendees);
                else expect(outcome.kind).toBe("full");
              }),
          );
        }
      }
      for (let i = 0; i < 170; i++) {
        const name = `New${i}`;
        actions.push(
          store(i)
            .addEventRsvp(rsvp(name, 1 + (i % 2)), limit)
            .then((outcome) => () => {
              if (outcome.kind === "stored") expected.set(name, 1 + (i % 2));
              else expect(outcome.kind).toBe("full");
            }),
        );
      }
      expect(actions.length).toBe(200);
      for (const acknowledge of await Promise.all(actions)) acknowledge();
      const current = await (stores[1] as Store).listEventRsvps("e1");
      // Every acknowledged change is there, and nothing else.
      expect(new Map(current.map((r) => [r.record.firstName, r.record.attendees]))).toEqual(
        expected,
      );
      const taken = current.reduce((sum, r) => sum + r.record.attendees, 0);
      expect(taken).toBeLessThanOrEqual(60);
      // The event's seat counter followed every one of them.
      expect((await (stores[0] as Store).attendeeCounts()).get("e1")).toBe(taken);
      // The cancels freed seats, and newcomers took them.
      expect([...expected.keys()].some((name) => name.startsWith("New"))).toBe(true);
      for (const one of stores) await one.close();
      // Two hundred transactions on a loaded machine: PostgreSQL serialises them on the event.
    }, 60_000);

    it("changes head count, dinner and meals within the guest limit, in one transaction with its mails", async () => {
      const place = await kind.place();
      const server = await kind.open(place);
      await server.addEventRsvp(withToken(rsvp("Ann", 2), "hash-1"), seats(6));
      await server.addEventRsvp(rsvp("Bob", 3), seats(6));
      const change = {
        attendees: 3,
        dinner: true,
        meals: 3,
        mealCounts: [
          { choice: "Prime Rib", count: 2 },
          { choice: "Salmon", count: 1 },
        ],
      };
      expect(
        await server.changeEventRsvp({
          id: 1,
          change: { ...change, attendees: 4 },
          guestLimit: 6,
          now: NOW,
          mails: [],
        }),
      ).toEqual({
        kind: "full",
        taken: 3,
        limit: 6,
      });
      expect(await server.findEventRsvpByToken("hash-1")).toMatchObject({
        rsvp: { record: { attendees: 2, dinner: false } },
      });
      const other = await kind.open(place);
      expect(
        await other.changeEventRsvp({
          id: 1,
          change,
          guestLimit: 6,
          now: NOW,
          mails: [mail("rsvp-changed", "ann@example.org")],
        }),
      ).toMatchObject({ kind: "done", before: { record: { attendees: 2 } } });
      expect((await server.findEventRsvpByToken("hash-1"))?.rsvp.record).toMatchObject(change);
      expect((await server.attendeeCounts()).get("e1")).toBe(6);
      expect((await server.listMail("pending")).map((m) => m.kind)).toEqual(["rsvp-changed"]);
      await cancel(server, 1);
      expect(
        await server.changeEventRsvp({ id: 1, change, guestLimit: 6, now: NOW, mails: [] }),
      ).toEqual({ kind: "not-found" });
      await server.close();
      await other.close();
    });
    it("changes or cancels an RSVP only as its mails tell it was: one changed meanwhile stores nothing and answers what it is now", async () => {
      const store = await kind.open(await kind.place());
      await store.addEventRsvp(rsvp("Ann", 2), seats(6));
      const told = [mail("rsvp-changed", "ann@example.org")];
      // Mails made while Ann had 2; she has 3 by the write.
      expect((await edit(store, 1, 3, 6)).kind).toBe("done");
      expect((await store.attendeeCounts()).get("e1")).toBe(3);
      const plain = { dinner: false, meals: 0, mealCounts: [] };
      expect(
        await store.changeEventRsvp({
          id: 1,
          change: { attendees: 1, ...plain },
          guestLimit: 6,
          now: NOW,
          mails: told,
          told: 2,
        }),
      ).toEqual({ kind: "changed", attendees: 3 });
      expect(
        await store.changeEventRsvp({
          id: 1,
          change: { attendees: 1 },
          guestLimit: 6,
          now: NOW,
          mails: told,
          told: 2,
        }),
      ).toEqual({
        kind: "changed",
        attendees: 3,
      });
      expect(await store.cancelEventRsvp({ id: 1, now: NOW, mails: told, told: 2 })).toEqual({
        kind: "changed",
        attendees: 3,
      });
      expect((await store.attendeeCounts()).get("e1")).toBe(3);
      expect(await store.listMail()).toEqual([]);
      expect((await store.cancelEventRsvp({ id: 1, now: NOW, mails: told, told: 3 })).kind).toBe(
        "done",
      );
      expect((await store.attendeeCounts()).get("e1")).toBeUndefined();
      await store.close();
    });
  });

  describe("contact messages", () => {
    it("spends a form token on its message: a second message with it is refused", async () => {
      const store = await kind.open(await kind.place());
      expect((await store.addContactMessage(message("ann@example.org", NOW, "t1"))).kind).toBe(
        "stored",
      );
      const again = message("ann@example.org", new Date(NOW.getTime() + 1000), "t1");
      expect(await store.addContactMessage(again)).toEqual({ kind: "token-spent" });
      expect((await store.listContactMessages()).length).toBe(1);
      await store.close();
    });

    it("limits the messages of one address sent without a token, within the window", async () => {
      const store = await kind.open(await kind.place());
      const at = (ms: number) => new Date(NOW.getTime() + ms);
      expect((await store.addContactMessage(message("a@example.org", at(0)))).kind).toBe("stored");
      expect((await store.addContactMessage(message("b@example.org", at(1)))).kind).toBe("stored");
      expect(await store.addContactMessage(message("c@example.org", at(2)))).toEqual({
        kind: "too-many",
        max: 2,
        windowMs: 86_400_000,
      });
      // A message with a token does not count against the limit, nor is it refused by it.
      expect((await store.addContactMessage(message("d@example.org", at(3), "t"))).kind).toBe(
        "stored",
      );
      expect((await store.addContactMessage(message("c@example.org", at(86_400_001)))).kind).toBe(
        "stored",
      );
      await store.close();
    });

    it("queues one acknowledgement per recipient a day, and every notice to the lodge", async () => {
      const store = await kind.open(await kind.place());
      const at = (ms: number) => new Date(NOW.getTime() + ms);
      for (const [ms, token] of [
        [0, "a"],
        [60_000, "b"],
        [86_400_001, "c"],
      ] as const) {
        await store.addContactMessage(message("victim@example.org", at(ms), token));
      }
      expect((await store.listMail()).map((m) => m.kind).sort()).toEqual([
        "contact-acknowledgement",
        "contact-acknowledgement",
        "contact-notice",
        "contact-notice",
        "contact-notice",
      ]);
      await store.close();
    });
  });

  describe("the outbox", () => {
    it("gives each due mail to one of two connections claiming at once, and a dead one's to the other when its lease ends", async () => {
      const place = await kind.place();
      const a = await kind.open(place);
      const b = await kind.open(place);
      for (let i = 0; i < 20; i++) {
        const to = `p${i}@example.org`;
        await a.addEventRsvp(
          { ...rsvp(`P${i}`, 1), mails: [mail("rsvp-confirmation", to)] },
          seats(70),
        );
      }
      const lease = new Date(NOW.getTime() + 60_000);
      const claims = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? a : b).claimDueMail({ now: NOW, leaseUntil: lease, limit: 4 }),
        ),
      );
      const ids = claims.flat().map((m) => m.id);
      expect(ids.length).toBe(20);
      expect(new Set(ids).size).toBe(20);
      // While the lease runs, nothing is due; once it ends, the mail of the one that died is.
      expect(
        await b.claimDueMail({ now: new Date(lease.getTime() - 1), leaseUntil: lease, limit: 50 }),
      ).toEqual([]);
      const taken = await b.claimDueMail({
        now: lease,
        leaseUntil: new Date(lease.getTime() + 60_000),
        limit: 50,
      });
      expect(taken.map((m) => [m.id, m.attempts])).toEqual(
        [...ids].sort((x, y) => x - y).map((id) => [id, 1]),
      );
      await a.close();
      await b.close();
    });

    it("marks an RSVP mailed once its last mail is sent, when two connections send its two mails", async () => {
      const place = await kind.place();
      const a = await kind.open(place);
      const b = await kind.open(place);
      await a.addEventRsvp(
        {
          ...rsvp("Ann", 1),
          mails: [
            mail("rsvp-confirmation", "ann@example.org"),
            mail("rsvp-notice", "s@example.org"),
          ],
        },
        seats(70),
      );
      const [first, second] = await a.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 10 });
      await Promise.all([
        a.markMailSent({ id: first?.id ?? 0, now: NOW }),
        b.markMailSent({ id: second?.id ?? 0, now: NOW }),
      ]);
      expect((await b.listEventRsvps())[0]?.status).toBe("mailed");
      await a.close();
      await b.close();
    });

    it("marks a mail failed for good, lists it, and puts it back on --retry", async () => {
      const store = await kind.open(await kind.place());
      await store.addEventRsvp(
        { ...rsvp("Ann", 1), mails: [mail("rsvp-confirmation", "ann@example.org")] },
        seats(70),
      );
      const [claimed] = await store.claimDueMail({
        now: NOW,
        leaseUntil: new Date(NOW.getTime() + 1000),
        limit: 1,
      });
      await store.failMail({ id: claimed?.id ?? 0, error: "550 no such user", now: NOW });
      expect(await store.mailCounts()).toEqual({ pending: 0, sent: 0, failed: 1 });
      expect(
        await store.claimDueMail({
          now: new Date(NOW.getTime() + 86_400_000),
          leaseUntil: NOW,
          limit: 10,
        }),
      ).toEqual([]);
      expect((await store.listMail("failed"))[0]).toMatchObject({
        kind: "rsvp-confirmation",
        to: "ann@example.org",
        status: "failed",
        attempts: 1,
        lastError: "550 no such user",
        failedAt: NOW,
      });
      expect(await store.retryMail({ id: 1, now: NOW })).toBe(true);
      expect(
        (await store.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 10 })).map((m) => [
          m.id,
          m.attempts,
        ]),
      ).toEqual([[1, 0]]);
      await store.close();
    });

    it("queues the secretary's summary of failures at most once per interval, each failure once", async () => {
      const store = await kind.open(await kind.place());
      const day = 86_400_000;
      const fail = (name: string, at: Date) => failedConfirmation(store, name, at);
      await fail("ann", NOW);
      const summary = mail(FAILURE_SUMMARY_KIND, "secretary@example.org");
      expect((await store.unreportedFailures()).map((f) => f.to)).toEqual(["ann@example.org"]);
      expect(
        await store.queueFailureSummary({
          mail: summary,
          reported: [1],
          now: NOW,
          intervalMs: day,
        }),
      ).toBe(true);
      expect(await store.unreportedFailures()).toEqual([]);
      const later = new Date(NOW.getTime() + 3600_000);
      await fail("bob", later);
      expect(
        await store.queueFailureSummary({
          mail: summary,
          reported: [3],
          now: later,
          intervalMs: day,
        }),
      ).toBe(false);
      expect(await store.lastFailureSummary()).toEqual(NOW);
      const nextDay = new Date(NOW.getTime() + day);
      expect(
        await store.queueFailureSummary({
          mail: summary,
          reported: [3],
          now: nextDay,
          intervalMs: day,
        }),
      ).toBe(true);
      expect((await store.listMail()).filter((m) => m.kind === FAILURE_SUMMARY_KIND).length).toBe(
        2,
      );
      await store.close();
    });
  });
});

/** RSVPs in a version 7 database (before the seat counter): e1 holds 5 seats, e2 5, e3 none. */
const VERSION_7_RSVPS = [
  ["e1", "a@example.org", 2, "current"],
  ["e1", "b@example.org", 3, "current"],
  ["e1", "c@example.org", 4, "cancelled"],
  ["e1", "d@example.org", 1, "replaced"],
  ["e2", "e@example.org", 5, "current"],
  ["e3", "f@example.org", 6, "cancelled"],
] as const;

/** The store opened on VERSION_7_RSVPS counts their seats, and checks the limit against it. */
async function expectSeatsCounted(store: Store): Promise<void> {
  expect(await store.attendeeCounts()).toEqual(
    new Map([
      ["e1", 5],
      ["e2", 5],
    ]),
  );
  // The limit is checked against the filled counter: 5 of 6 taken on e1.
  expect((await store.addEventRsvp(rsvp("Gil", 2), seats(6))).kind).toBe("full");
  expect((await store.addEventRsvp(rsvpTo("e3", "Gil", 6), seats(6))).kind).toBe("stored");
  await store.close();
}

describe("the SQLite store's own", () => {
  it("creates its folder and file in WAL mode with full sync, at the latest schema version", async () => {
    const path = file();
    const store = sqliteStore(path, NOW);
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("SELECT version, name, applied_at FROM schema_migrations").all()).toEqual(
      MIGRATIONS.sqlite.map((step) => ({
        version: step.version,
        name: step.name,
        applied_at: NOW.toISOString(),
      })),
    );
    db.close();
  });

  it.each([
    ["on the server's thread", (path: string) => sqliteStore(path, NOW)],
    // Its answers to one group commit go back together: each still settles its own call.
    ["on a thread of its own", (path: string) => threadedSqliteStore(path, NOW)],
  ])(
    "commits writes asked for together in one transaction, where one that fails undoes only itself (%s)",
    async (_, open) => {
      const store = open(file());
      // A mail that cannot be stored fails its submission after the RSVP row was inserted.
      const broken = {
        ...rsvp("Broken", 1),
        mails: [
          {
            kind: "rsvp-notice",
            envelope: { from: "a@example.org", to: ["b@example.org"] },
            messageId: "<1@example.org>",
            raw: undefined as unknown as Buffer,
          },
        ],
      };
      const outcomes = await Promise.allSettled([
        store.addEventRsvp(rsvp("Adam", 2), seats(4)),
        store.addEventRsvp(broken, seats(4)),
        store.addEventRsvp(rsvp("Bob", 2), seats(4)),
        store.addEventRsvp(rsvp("Carl", 1), seats(4)),
        // The same submission again in the same burst: answered as the first was, stored once.
        store.addEventRsvp(rsvp("Adam", 2), seats(4)),
      ]);
      expect(outcomes.map((o) => (o.status === "fulfilled" ? o.value.kind : "rejected"))).toEqual([
        "stored",
        "rejected",
        "stored",
        "full",
        "replay",
      ]);
      expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual([
        "Adam",
        "Bob",
      ]);
      expect(await store.mailCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
      await store.close();
    },
  );

  it("commits the writes still waiting when it is closed", async () => {
    const path = file();
    const store = sqliteStore(path, NOW);
    const stored = store.addEventRsvp(rsvp("Adam", 1), seats(4));
    await store.close();
    expect((await stored).kind).toBe("stored");
    const again = sqliteStore(path, NOW);
    expect((await again.listEventRsvps()).map((r) => r.record.firstName)).toEqual(["Adam"]);
    await again.close();
  });

  it("brings a version 1 database to version 2 with its RSVPs, messages and mail", async () => {
    const path = file();
    const db = sqliteAtVersion(path, 1);
    db.prepare(
      `INSERT INTO event_rsvps (event_id, received_at, first_name, last_name, masonic_title, email,
       attendees, dinner, meals, meal_counts, request_hash) VALUES ('e1', '2026-01-01T00:00:00Z',
       'Ann', 'Lee', '', 'ann@example.org', 2, 0, 0, '[]', 'h')`,
    ).run();
    db.prepare(
      `INSERT INTO outbox (created_at, source, source_id, kind, envelope, message_id, raw, next_attempt_at)
       VALUES ('2026-01-01T00:00:00Z', 'event_rsvps', 1, 'rsvp-confirmation',
       '{"from":"l@example.org","to":["Ann@Example.org"]}', '<m>', x'00', 0)`,
    ).run();
    db.close();
    const store = sqliteStore(path, NOW);
    expect((await store.listEventRsvps()).map((r) => r.record.firstName)).toEqual(["Ann"]);
    expect((await store.attendeeCounts()).get("e1")).toBe(2);
    expect((await store.listMail()).map((m) => [m.to, m.status])).toEqual([
      ["ann@example.org", "pending"],
    ]);
    await store.close();
  });

  it("keeps the reminders a version 4 database sent when outings get theirs", async () => {
    const path = file();
    const db = sqliteAtVersion(path, 4);
    db.prepare(
      `INSERT INTO event_rsvps (event_id, received_at, first_name, last_name, masonic_title, email,
       attendees, dinner, meals, meal_counts, request_hash) VALUES ('e1', '2026-01-01T00:00:00Z',
       'Ann', 'Lee', '', 'ann@example.org', 2, 0, 0, '[]', 'h')`,
    ).run();
    db.prepare(
      "INSERT INTO reminders (rsvp_id, event_date, queued_at) VALUES (1, '2026/12/02 19:30', '2026-12-01T15:00:00Z')",
    ).run();
    db.close();
    const store = sqliteStore(path, NOW);
    expect(await unreminded(store, "event", "e1", "2026/12/02 19:30")).toEqual([]);
    await store.addSocialRsvp(outingRsvp("Dee", 1));
    expect(
      (await unreminded(store, "social", "bowling", "2026/12/02 19:30")).map((r) => r.id),
    ).toEqual([1]);
    await store.close();
  });

  it("counts the seats of a version 7 database's RSVPs when it gains the seat counter", async () => {
    const path = file();
    const db = sqliteAtVersion(path, 7);
    const insert = db.prepare(
      `INSERT INTO event_rsvps (event_id, received_at, first_name, last_name, masonic_title, email,
       attendees, dinner, meals, meal_counts, request_hash, state) VALUES (?, '2026-01-01T00:00:00Z',
       'Ann', 'Lee', '', ?, ?, 0, 0, '[]', 'h', ?)`,
    );
    for (const [event, email, attendees, state] of VERSION_7_RSVPS) {
      insert.run(event, email, attendees, state);
    }
    db.close();
    await expectSeatsCounted(sqliteStore(path, NOW));
  });

  it("keeps the moments a version 11 database kept in milliseconds: mail due, retry keys and spent tokens", async () => {
    const path = file();
    const db = sqliteAtVersion(path, 11);
    const due = NOW.getTime() + 60_000;
    db.prepare(
      `INSERT INTO outbox (created_at, source, source_id, kind, recipient, envelope, message_id, raw,
       next_attempt_at) VALUES ('2026-11-21T17:00:00.000Z', 'lodge', NULL, 'x', 'a@example.org',
       '{"from":"l@example.org","to":["a@example.org"]}', '<m>', x'00', ?)`,
    ).run(due);
    db.prepare("INSERT INTO idempotency_keys VALUES ('rsvp:content:Ann', 'Ann', 200, '{}', ?)").run(
      NOW.getTime() + 1000,
    );
    db.prepare("INSERT INTO spent_form_tokens VALUES ('token', ?)").run(NOW.getTime() + 1000);
    db.close();
    const store = sqliteStore(path, NOW);
    expect(await store.nextMailDue()).toEqual(new Date(due));
    expect(await store.claimDueMail({ now: new Date(due - 1), leaseUntil: NOW, limit: 5 })).toEqual(
      [],
    );
    expect(
      await store.claimDueMail({ now: new Date(due), leaseUntil: NOW, limit: 5 }),
    ).toHaveLength(1);
    // The key answers until it expires, a second after NOW; so does the spent token.
    expect((await store.addEventRsvp(rsvp("Ann", 1), seats(70))).kind).toBe("replay");
    const later = new Date(NOW.getTime() + 1000);
    expect(await store.addContactMessage(message("ann@example.org", NOW, "token"))).toEqual({
      kind: "token-spent",
    });
    expect((await store.addContactMessage(message("ann@example.org", later, "token"))).kind).toBe(
      "stored",
    );
    await store.close();
  });

  it("sums the seats offers hold from an index, once a version 8 database is opened", async () => {
    // state IN ('waiting', 'offered') does not name state = 'offered' as SQLite's planner
    // needs, so each RSVP's sum read every entry of every event's waiting list.
    const path = file();
    const plan = (db: DatabaseSync) =>
      (
        db
          .prepare(`EXPLAIN QUERY PLAN ${render(eventSeatsSql("e1"), "sqlite").parts.join("?")}`)
          .all() as { detail: string }[]
      )
        .map((step) => step.detail)
        .filter((detail) => detail.includes("waitlist"));
    const old = sqliteAtVersion(path, 8);
    expect(plan(old)).toEqual(["SCAN waitlist"]);
    old.close();
    await sqliteStore(path, NOW).close();
    const db = new DatabaseSync(path);
    expect(plan(db)).toEqual([
      "SEARCH waitlist USING COVERING INDEX waitlist_offered (event_id=?)",
    ]);
    db.close();
  });

  it("tells a database that cannot be written from a mistake, as the contract's StoreUnavailableError", async () => {
    const path = file();
    await sqliteStore(path, NOW).close();
    const readOnly = new DatabaseSync(path, { readOnly: true });
    const write = () => readOnly.exec("DELETE FROM event_rsvps");
    expect(write).toThrow(/readonly/);
    let thrown: unknown;
    try {
      write();
    } catch (error) {
      thrown = error;
    }
    expect(storeError(thrown)).toBeInstanceOf(StoreUnavailableError);
    let mistake: unknown;
    try {
      readOnly.exec("SELECT nothing FROM nowhere");
    } catch (error) {
      mistake = error;
    }
    expect(storeError(mistake)).toBe(mistake);
    readOnly.close();
  });
});

describe("the PostgreSQL store's own", () => {
  it("records each schema version it applied, once, however many instances start together", async () => {
    const place = await cluster().place();
    const stores = await Promise.all([1, 2, 3].map(() => openPostgresStore(place, NOW)));
    const sql = postgres(place, { max: 1 });
    expect(await sql`SELECT version, name, applied_at FROM schema_migrations`).toEqual(
      MIGRATIONS.postgres.map((step) => ({
        version: step.version,
        name: step.name,
        applied_at: NOW,
      })),
    );
    await sql.end();
    for (const store of stores) await store.close();
  });

  it("counts the seats of a version 7 database's RSVPs when it gains the seat counter", async () => {
    const place = await cluster().place();
    const sql = await postgresAtVersion(place, 7);
    for (const [event, email, attendees, state] of VERSION_7_RSVPS) {
      await sql`INSERT INTO event_rsvps (event_id, received_at, first_name, last_name,
        masonic_title, email, attendees, dinner, meals, meal_counts, request_hash, state)
        VALUES (${event}, ${NOW}, 'Ann', 'Lee', '', ${email}, ${attendees}, false, 0, '[]', 'h',
        ${state})`;
    }
    await sql.end();
    await expectSeatsCounted(await openPostgresStore(place, NOW));
  });

  it("sums the seats offers hold from an index of offers alone, once a version 8 database is opened", async () => {
    const place = await cluster().place();
    const sql = await postgresAtVersion(place, 8);
    // A long line, a few offers: the sum read every entry in line (waitlist_line) to find them.
    await sql.unsafe(`INSERT INTO waitlist (event_id, line, received_at, first_name, last_name,
        masonic_title, email, attendees, dinner, meals, meal_counts, request_hash, token_hash, state)
      SELECT 'e1', i, now(), 'Ann', 'Lee', '', 'a' || i || '@example.org', 1, false, 0, '[]', 'h',
        't' || i, CASE WHEN i % 100 = 0 THEN 'offered' ELSE 'waiting' END
      FROM generate_series(1, 2000) i`);
    const plan = async () => {
      await sql`VACUUM ANALYZE waitlist`;
      const rows = await sql.unsafe(`EXPLAIN (COSTS OFF) SELECT COALESCE(SUM(attendees), 0)
        FROM waitlist WHERE event_id = 'e1' AND state = 'offered'`);
      return rows.map((row) => String(row["QUERY PLAN"])).join("\n");
    };
    expect(await plan()).not.toContain("waitlist_offered");
    const store = await openPostgresStore(place, NOW);
    expect(await plan()).toMatch(/Index Only Scan using waitlist_offered/);
    expect(await store.attendeeCounts()).toEqual(new Map([["e1", 20]]));
    await store.close();
    await sql.end();
  });

  it("stores an RSVP whose transaction PostgreSQL undid as a deadlock's victim, by running it again", async () => {
    const place = await cluster().place();
    const store = await openPostgresStore(place, NOW);
    // Another writer that takes the RSVP's two locks in the other order: the event's, then the
    // submission's key. It waits longer before it looks for a deadlock, so the RSVP's
    // transaction is always the one PostgreSQL undoes.
    const other = postgres(place, { max: 2, onnotice: () => {} });
    const waiting = async () =>
      (await other`SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted`).length;
    let stored: Promise<unknown> | undefined;
    await other.begin(async (tx) => {
      await tx`SET LOCAL deadlock_timeout = '10s'`;
      await tx`SELECT pg_advisory_xact_lock(${LOCK.event}, hashtext('e1'))`;
      // The RSVP takes its key's lock, then waits for the event's.
      stored = store.addEventRsvp(rsvp("Ann", 1), seats(5));
      while ((await waiting()) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
      // Waits for the key's lock: a circle, which the RSVP's transaction finds first and loses.
      await tx`SELECT pg_advisory_xact_lock(${LOCK.key}, hashtext('rsvp:content:Ann'))`;
    });
    await expect(stored).resolves.toMatchObject({ kind: "stored" });
    expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual(["Ann"]);
    await other.end();
    await store.close();
  });

  it("stores a burst of RSVPs to one event on a database whose transactions default to SERIALIZABLE", async () => {
    // Each RSVP reads the event's seats once it holds the event's lock. Under a snapshot taken
    // before that (REPEATABLE READ, SERIALIZABLE), every RSVP waiting for the lock fails to
    // serialize once the one before it commits, three tries and out; the store's connections
    // ask for READ COMMITTED whatever the database's default.
    const admin = postgres(cluster().url, { max: 1, onnotice: () => {} });
    await admin`CREATE DATABASE serializable_by_default`;
    await admin`ALTER DATABASE serializable_by_default SET default_transaction_isolation = 'serializable'`;
    const place = cluster().url.replace(/\/postgres$/, "/serializable_by_default");
    const other = postgres(place, { max: 1, onnotice: () => {} });
    expect(await other`SHOW default_transaction_isolation`).toEqual([
      { default_transaction_isolation: "serializable" },
    ]);
    const store = await openPostgresStore(place, NOW);
    const names = Array.from({ length: 12 }, (_, i) => `Ann${i}`);
    const outcomes = await Promise.all(
      names.map((name) =>
        store.addEventRsvp(rsvp(name, 1), seats(70)).then(
          (done) => done.kind,
          (error: Error) => error.name,
        ),
      ),
    );
    expect(outcomes).toEqual(names.map(() => "stored"));
    expect(await store.attendeeCounts()).toEqual(new Map([["e1", 12]]));
    await store.close();
    await other.end();
    await admin`DROP DATABASE serializable_by_default`;
    await admin.end();
  });

  it("stores a write sent while every connection has a full pipeline of reads in flight", async () => {
    // postgres.js sends up to 100 queries down a busy connection before it waits; a write's BEGIN
    // that went down one behind 99 reads was never made its transaction's (porsager/postgres#823)
    // and failed with UNSAFE_TRANSACTION: the RSVP answered 500. A store of 2 connections, each
    // with a read running and then 98 to 100 more sent behind it, when the RSVP comes.
    const place = await cluster().place();
    const outcomes: string[] = [];
    for (let reads = 198; reads <= 202; reads++) {
      const store = postgresStore(place, NOW, { max: 2 });
      // Both connections open, each with the read prepared.
      for (let i = 0; i < 2; i++) {
        await Promise.all([store.listEventRsvps("e1"), store.listEventRsvps("e1")]);
      }
      const read = Promise.all(Array.from({ length: reads }, () => store.listEventRsvps("e1")));
      // Once the reads have been sent, before any has been answered.
      await new Promise((resolve) => setImmediate(resolve));
      const outcome = await store.addEventRsvp(rsvp(`Ann${reads}`, 1), seats(70)).then(
        (done) => done.kind,
        (error: Error) => `${error.name}: ${error.message}`,
      );
      outcomes.push(outcome);
      await read;
      await store.close();
    }
    expect(outcomes).toEqual(["stored", "stored", "stored", "stored", "stored"]);
  });

  it("tells a server that cannot be reached from a mistake, as the contract's StoreUnavailableError", async () => {
    const place = await cluster().place();
    const down = place.replace(/:\d+\//, ":1/");
    await expect(openPostgresStore(down, NOW)).rejects.toBeInstanceOf(StoreUnavailableError);
    // A store made without opening it answers every call so, and works once the server is there.
    const store = postgresStore(down, NOW);
    await expect(store.listEventRsvps()).rejects.toBeInstanceOf(StoreUnavailableError);
    await store.close();
    const up = await openPostgresStore(place, NOW);
    await expect(
      up.addEventRsvp({ ...rsvp("Ann", 1), mails: [mail("x", "")] }, seats(5)),
    ).resolves.toMatchObject({ kind: "stored" });
    await up.close();
  });
});

describe.each(kinds)("the $name store's timed work", (kind) => {
  const withDinner = (firstName: string, meals: number, at = NOW): EventRsvpSubmission => {
    const base = rsvp(firstName, meals);
    return {
      ...base,
      receivedAt: at,
      record: {
        ...base.record,
        dinner: true,
        meals,
        mealCounts: [{ choice: "Roast Beef", count: meals }],
      },
      mails: [mail("rsvp-confirmation", base.record.email)],
    };
  };
  const idOf = async (store: Store, name: string) =>
    (await store.listEventRsvps("e1")).find((r) => r.record.firstName === name)?.id ?? 0;

  it("claims each RSVP's reminder once, for two instances at once and after a restart, and again for a new date", async () => {
    const place = await kind.place();
    const a = await kind.open(place);
    const b = await kind.open(place);
    await a.addEventRsvp(rsvp("Ann", 2), seats(70));
    await a.addEventRsvp({ ...rsvp("Bob", 1), receivedAt: LATER }, seats(70));
    const ann = await idOf(a, "Ann");

    // Bob's RSVP came after the reminder time: he is not reminded.
    const due = await unreminded(a, "event", "e1", "2026/12/02 19:30");
    expect(due.map((r) => r.record.firstName)).toEqual(["Ann"]);

    const claims = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? a : b).queueReminder({
          kind: "event",
          rsvpId: ann,
          eventDate: "2026/12/02 19:30",
          mail: mail("reminder", "ann@example.org"),
          now: LATER,
        }),
      ),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
    await a.close();
    await b.close();

    const restarted = await kind.open(place);
    expect(await unreminded(restarted, "event", "e1", "2026/12/02 19:30")).toEqual([]);
    expect(
      await restarted.queueReminder({
        kind: "event",
        rsvpId: ann,
        eventDate: "2026/12/02 19:30",
        mail: mail("reminder", "ann@example.org"),
        now: LATER,
      }),
    ).toBe(false);
    expect((await restarted.listMail()).filter((m) => m.kind === "reminder")).toHaveLength(1);

    // Postponed to another day, the event reminds again.
    expect(
      (await unreminded(restarted, "event", "e1", "2026/12/16 19:30")).map((r) => r.id),
    ).toEqual([ann]);
    // A cancelled RSVP is reminded of nothing.
    await restarted.cancelEventRsvp({ id: ann, now: LATER, mails: [] });
    expect(
      await restarted.queueReminder({
        kind: "event",
        rsvpId: ann,
        eventDate: "2026/12/16 19:30",
        mail: mail("reminder", "ann@example.org"),
        now: LATER,
      }),
    ).toBe(false);
    expect(await unreminded(restarted, "event", "e1", "2026/12/16 19:30")).toEqual([]);
    await restarted.close();
  });

  it("reminds an outing's attendees apart from an event's, though their RSVPs share a number", async () => {
    const store = await kind.open(await kind.place());
    await store.addEventRsvp(rsvp("Ann", 2), seats(70));
    await store.addSocialRsvp(outingRsvp("Dee", 2));
    const [event] = await unreminded(store, "event", "e1", "2026/12/02 19:30");
    const [outing] = await unreminded(store, "social", "bowling", "2026/12/02 19:30");
    expect(outing?.record).toMatchObject({ outingId: "bowling", firstName: "Dee", attendees: 2 });
    // Both are the first of their table: the event's claim must not pass for the outing's.
    expect(outing?.id).toBe(event?.id);
    const day = "2026/12/02 19:30";
    const queue = (k: RsvpKind, to: string, hash?: string) =>
      store.queueReminder({
        kind: k,
        rsvpId: event?.id ?? 0,
        eventDate: day,
        mail: mail("reminder", to),
        now: LATER,
        manageTokenHash: hash,
      });
    expect(await queue("event", "ann@example.org")).toBe(true);
    expect(await unreminded(store, "social", "bowling", day)).toHaveLength(1);
    expect(await queue("social", "dee@example.org", "new-hash")).toBe(true);
    expect(await queue("social", "dee@example.org")).toBe(false);
    expect(await unreminded(store, "social", "bowling", day)).toEqual([]);
    const reminders = (await store.listMail()).filter((m) => m.kind === "reminder");
    expect(reminders.map((m) => m.to).sort()).toEqual(["ann@example.org", "dee@example.org"]);
    // The reminder's manage link takes the place of the confirmation's.
    expect((await store.findSocialRsvpByToken("new-hash"))?.rsvp.record.firstName).toBe("Dee");
    // A cancelled outing RSVP is reminded of nothing.
    await store.addSocialRsvp(outingRsvp("Eve", 1));
    const eve = (await store.listSocialRsvps("bowling")).find((r) => r.record.firstName === "Eve");
    await store.changeSocialRsvp({ id: eve?.id ?? 0, attendees: 0, now: NOW, mails: [] });
    const postponed = await unreminded(store, "social", "bowling", "2026/12/09 19:30");
    expect(postponed.map((r) => r.record.firstName)).toEqual(["Dee"]);
    await store.close();
  });

  it("erases the names, addresses and mails of an event's RSVPs once, keeping attendees and meals", async () => {
    const place = await kind.place();
    const a = await kind.open(place);
    const b = await kind.open(place);
    await a.addEventRsvp(withDinner("Ann", 2), seats(70));
    await a.addEventRsvp(withDinner("Bob", 3), seats(70));
    await a.addEventRsvp(withDinner("Cy", 1), seats(70));
    await cancel(a, await idOf(a, "Cy"));
    await a.addSocialRsvp(outingRsvp("Dee", 2));
    // Ann's confirmation went; Bob's is still waiting, and goes before its text is erased.
    const [sent] = await a.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 1 });
    await a.markMailSent({ id: sent?.id ?? 0, now: NOW });
    expect(await a.personalData()).toEqual([
      { kind: "event", subject: "e1", newest: NOW },
      { kind: "social", subject: "bowling", newest: NOW },
    ]);

    const counts = await Promise.all([
      a.eraseRsvps({ kind: "event", subject: "e1", now: LATER }),
      b.eraseRsvps({ kind: "event", subject: "e1", now: LATER }),
    ]);
    expect(counts.sort()).toEqual([0, 3]);
    expect(await a.eraseRsvps({ kind: "event", subject: "e1", now: LATER })).toBe(0);

    const kept = await a.listEventRsvps("e1");
    expect(kept.map(({ record }) => record)).toEqual(
      [2, 3].map((n) => ({
        eventId: "e1",
        firstName: "",
        lastName: "",
        masonicTitle: "",
        email: "",
        attendees: n,
        dinner: true,
        meals: n,
        mealCounts: [{ choice: "Roast Beef", count: n }],
      })),
    );
    expect(await a.attendeeCounts()).toEqual(new Map([["e1", 5]]));
    const dump = await a.dump();
    expect(dump.event_rsvps.every((row) => row.email === "" && row.erased_at instanceof Date)).toBe(
      true,
    );
    const mails = dump.outbox.map((row) => [
      row.status,
      row.recipient,
      (row.raw as Buffer).length > 0,
    ]);
    expect(mails).toEqual([
      ["sent", "", false],
      ["pending", "bob@example.org", true],
      ["pending", "cy@example.org", true],
    ]);
    expect(await a.personalData()).toEqual([{ kind: "social", subject: "bowling", newest: NOW }]);
    expect(await a.eraseRsvps({ kind: "social", subject: "bowling", now: LATER })).toBe(1);
    expect((await a.listSocialRsvps())[0]?.record).toEqual({
      outingId: "bowling",
      firstName: "",
      lastName: "",
      email: "",
      attendees: 2,
    });

    expect(await b.listErasures()).toEqual([
      { id: 1, erasedAt: LATER, kind: "event", subject: "e1", rows: 3, attendees: 5, meals: 5 },
      {
        id: 2,
        erasedAt: LATER,
        kind: "social",
        subject: "bowling",
        rows: 1,
        attendees: 2,
        meals: 0,
      },
    ]);
    await a.close();
    await b.close();
  });

  it("erases the messages received before a moment, and only those", async () => {
    const store = await kind.open(await kind.place());
    const old = new Date(NOW.getTime() - 86_400_000);
    await store.addContactMessage(message("old@example.org", old, "t1"));
    await store.addContactMessage(message("new@example.org", NOW, "t2"));
    expect(await store.eraseMessages({ receivedBefore: NOW, now: LATER })).toBe(1);
    expect(await store.eraseMessages({ receivedBefore: NOW, now: LATER })).toBe(0);
    expect((await store.listContactMessages()).map(({ record }) => record)).toEqual([
      { firstName: "", lastName: "", email: "", phoneNumber: "", message: "" },
      {
        firstName: "Ann",
        lastName: "Lee",
        email: "new@example.org",
        phoneNumber: "",
        message: NOW.toISOString(),
      },
    ]);
    expect(await store.listErasures()).toMatchObject([{ kind: "contact", subject: "", rows: 1 }]);
    await store.close();
  });

  it("erases the text of the secretary's failure summaries sent before that moment with the messages", async () => {
    const store = await kind.open(await kind.place());
    const old = new Date(NOW.getTime() - 2 * 86_400_000);
    const summarise = async (name: string, at: Date) => {
      const failed = await failedConfirmation(store, name, at);
      const text = `Subject: Mail that could not be delivered\r\n\r\n${name}@example.org`;
      const summary = mail(FAILURE_SUMMARY_KIND, "secretary@example.org", {
        raw: Buffer.from(text),
      });
      expect(
        await store.queueFailureSummary({
          mail: summary,
          reported: [failed],
          now: at,
          intervalMs: 0,
        }),
      ).toBe(true);
    };
    await summarise("ann", old);
    await summarise("bob", NOW);
    await summarise("cy", NOW);
    for (const sent of (
      await store.claimDueMail({ now: LATER, leaseUntil: LATER, limit: 10 })
    ).slice(0, 2)) {
      await store.markMailSent({ id: sent.id, now: LATER });
    }
    expect(
      await store.eraseMessages({
        receivedBefore: new Date(NOW.getTime() - 86_400_000),
        now: LATER,
      }),
    ).toBe(0);
    const texts = (await store.dump()).outbox
      .filter((row) => row.kind === FAILURE_SUMMARY_KIND)
      .map((row) => Buffer.from(row.raw as Uint8Array).toString())
      .join("\n");
    expect(texts).not.toContain("ann@example.org");
    // Sent later, or not sent yet: kept.
    expect(texts).toContain("bob@example.org");
    expect(texts).toContain("cy@example.org");
    await store.close();
  });
});

describe.each(kinds)("the $name store's waiting list", (kind) => {
  const HOUR = 3_600_000;
  const EXPIRES = new Date(NOW.getTime() + 24 * HOUR);
  const limit = seats(10);

  function waiting(firstName: string, attendees: number, at = NOW): WaitlistSubmission {
    const { response: _response, unconfirmed: _unconfirmed, ...base } = rsvp(firstName, attendees);
    return {
      ...base,
      receivedAt: at,
      idempotency: { requestHash: `w-${firstName}-${attendees}`, keys: [] },
      tokenHash: `join-${firstName}-${attendees}-${at.getTime()}`,
      mails: [mail("waitlist-joined", `${firstName.toLowerCase()}@example.org`)],
      response: { status: 200, body: { message: `number ${POSITION}` } },
    };
  }

  /** Offer mails made for every waiting party, as the server makes them before a write. */
  async function offersOf(store: Store, expiresAt = EXPIRES, guestLimit = 10) {
    const list = await store.listWaitlist("e1");
    const line = list.filter((e) => e.state === "waiting");
    return {
      guestLimit,
      expiresAt,
      // Made for every open offer: the store takes those of the offers that ran out.
      ranOut: new Map(
        list
          .filter((e) => e.state === "offered")
          .map((entry) => [
            entry.id,
            [
              mail("waitlist-expired", entry.record.email),
              mail("waitlist-expired-notice", "secretary@example.org"),
            ],
          ]),
      ),
      mails: new Map(
        line.map((entry) => [
          entry.id,
          {
            tokenHash: `offer-${entry.id}-${expiresAt.getTime()}`,
            mails: [mail("waitlist-offer", entry.record.email)],
          },
        ]),
      ),
    } satisfies WaitlistOffers;
  }

  /** A write that offers seats, made again with fresh offer mails while it is stale. */
  async function offering<T extends { kind: string }>(
    store: Store,
    write: (offers: WaitlistOffers) => Promise<T>,
    expiresAt = EXPIRES,
  ): Promise<T> {
    for (;;) {
      const outcome = await write(await offersOf(store, expiresAt));
      if (outcome.kind !== "stale") return outcome;
    }
  }

  const names = async (store: Store) =>
    (await store.listWaitlist("e1")).map(
      (e) => `${e.record.firstName}:${e.state}${e.position ? `#${e.position}` : ""}`,
    );
  const idOf = async (store: Store, name: string) =>
    (await store.listEventRsvps("e1")).find((r) => r.record.firstName === name)?.id ?? 0;
  const entryOf = async (store: Store, name: string) =>
    (await store.listWaitlist("e1")).find((e) => e.record.firstName === name)?.id ?? 0;
  const held = async (store: Store) => (await store.attendeeCounts()).get("e1");

  /** A full event of 10 seats: Ann 4, Bob 3, Cy 3. */
  async function full(): Promise<Store> {
    const store = await kind.open(await kind.place());
    for (const [name, n] of [
      ["Ann", 4],
      ["Bob", 3],
      ["Cy", 3],
    ] as const) {
      expect((await store.addEventRsvp(rsvp(name, n), limit)).kind).toBe("stored");
    }
    return store;
  }

  it("puts parties that do not fit in line, in order, and refuses one that fits or already has an RSVP", async () => {
    const store = await full();
    expect(await store.joinWaitlist(waiting("Dan", 2), limit)).toMatchObject({
      kind: "joined",
      position: 1,
      response: { status: 200, body: { message: "number 1" } },
    });
    expect((await store.joinWaitlist(waiting("Eve", 1), limit)).kind).toBe("joined");
    expect((await store.joinWaitlist(waiting("Fay", 3), limit)).kind).toBe("joined");
    expect(await store.joinWaitlist(waiting("Ann", 1), limit)).toEqual({ kind: "has-rsvp" });
    expect(await store.joinWaitlist(waiting("Gus", 1), seats(11))).toEqual({
      kind: "fits",
      free: 1,
    });
    // The same address again: the new party takes the old one's place in line.
    expect(await store.joinWaitlist(waiting("Eve", 2), limit)).toMatchObject({
      kind: "joined",
      position: 2,
    });
    expect(await names(store)).toEqual(["Dan:waiting#1", "Eve:waiting#2", "Fay:waiting#3"]);
    expect((await store.listWaitlist("e1")).map((e) => e.record.attendees)).toEqual([2, 2, 3]);
    const joined = (await store.listMail()).filter((m) => m.kind === "waitlist-joined");
    expect(joined.map((m) => m.to).sort()).toEqual([
      "dan@example.org",
      "eve@example.org",
      "eve@example.org",
      "fay@example.org",
    ]);
    await store.close();
  });

  it("makes an offer only with notices that tell the list as the write leaves it; otherwise it stores nothing and answers stale", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await store.joinWaitlist(waiting("Eve", 2), limit);
    const made = await offersOf(store);
    const telling = (listAfter: WaitlistCounts): WaitlistOffers => ({
      ...made,
      mails: new Map([...made.mails].map(([id, offer]) => [id, { ...offer, listAfter }])),
    });
    // Bob's 3 seats go to Dan; Eve waits. Notices composed as if Eve had not joined are stale.
    const bob = await idOf(store, "Bob");
    const withoutEve = { waiting: 0, waitingSeats: 0, offers: 1, offeredSeats: 3 };
    expect(await cancel(store, bob, { offers: telling(withoutEve) })).toEqual({
      kind: "stale",
    });
    expect(await names(store)).toEqual(["Dan:waiting#1", "Eve:waiting#2"]);
    expect(await held(store)).toBe(10);
    expect((await store.listMail()).map((m) => m.kind)).not.toContain("waitlist-offer");
    const asLeft = { waiting: 1, waitingSeats: 2, offers: 1, offeredSeats: 3 };
    expect((await cancel(store, bob, { offers: telling(asLeft) })).kind).toBe("done");
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    await store.close();
  });

  it("offers seats a cancel frees to the first parties that fit, with their mails, in the cancel's transaction; held seats are taken", async () => {
    const store = await full();
    for (const [name, n] of [
      ["Dan", 4],
      ["Eve", 2],
      ["Fay", 1],
    ] as const) {
      await store.joinWaitlist(waiting(name, n), limit);
    }
    // Bob's 3 seats: Dan's 4 do not fit, Eve's 2 and Fay's 1 do; Dan keeps his place.
    const cancelled = await offering(store, (offers) =>
      store.cancelEventRsvp({
        id: 2,
        now: NOW,
        mails: [mail("rsvp-cancelled", "bob@example.org")],
        offers,
      }),
    );
    expect(cancelled.kind).toBe("done");
    expect(await names(store)).toEqual(["Dan:waiting#1", "Eve:offered", "Fay:offered"]);
    const eve = (await store.listWaitlist("e1")).find((e) => e.record.firstName === "Eve");
    expect(eve?.offerExpiresAt).toEqual(EXPIRES);
    expect(
      (await store.listMail()).filter((m) => m.kind === "waitlist-offer").map((m) => m.to),
      // Newest first: Eve, first in line of the two, was offered first.
    ).toEqual(["fay@example.org", "eve@example.org"]);
    // The offered seats count: the event stays full for a newcomer.
    expect(await held(store)).toBe(10);
    expect(await store.addEventRsvp(rsvp("Gus", 1), limit)).toEqual({
      kind: "full",
      taken: 10,
      limit: 10,
    });
    expect(await edit(store, 1, 5, 10)).toEqual({
      kind: "full",
      taken: 6,
      limit: 10,
    });
    await store.close();
  });

  it("stores nothing and answers stale when a party to offer seats to has no mail made", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 1), limit);
    const none: WaitlistOffers = {
      guestLimit: 10,
      expiresAt: EXPIRES,
      mails: new Map(),
      ranOut: new Map(),
    };
    expect(
      await store.cancelEventRsvp({
        id: 2,
        now: NOW,
        mails: [mail("rsvp-cancelled", "bob@example.org")],
        offers: none,
      }),
    ).toEqual({
      kind: "stale",
    });
    expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual([
      "Ann",
      "Bob",
      "Cy",
    ]);
    expect((await store.listMail()).map((m) => m.kind)).toEqual(["waitlist-joined"]);
    // Without offers at all (the deadline has passed), the cancel frees the seats and offers none.
    expect((await cancel(store, 2)).kind).toBe("done");
    expect(await names(store)).toEqual(["Dan:waiting#1"]);
    await store.close();
  });

  it("turns a claimed offer into an RSVP once, with its mails, and refuses a claim after the offer ran out", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await store.joinWaitlist(waiting("Eve", 3), limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    const dan = await entryOf(store, "Dan");
    const claim = {
      now: new Date(NOW.getTime() + HOUR),
      manageTokenHash: "manage-dan",
      mails: [mail("rsvp-confirmation", "dan@example.org")],
    };
    const claimed = await store.claimOffer(dan, claim);
    expect(claimed.kind).toBe("claimed");
    const again = await store.claimOffer(dan, { ...claim, manageTokenHash: "manage-dan-2" });
    expect(again).toEqual({
      kind: "claimed-before",
      rsvpId: claimed.kind === "claimed" ? claimed.rsvpId : -1,
    });
    expect(
      (await store.listEventRsvps("e1")).map((r) => `${r.record.firstName}:${r.record.attendees}`),
    ).toEqual(["Ann:4", "Cy:3", "Dan:3"]);
    expect((await store.findEventRsvpByToken("manage-dan"))?.state).toBe("current");
    expect((await store.listMail()).filter((m) => m.kind === "rsvp-confirmation")).toHaveLength(1);
    expect(await held(store)).toBe(10);
    expect(await names(store)).toEqual(["Eve:waiting#1"]);
    expect((await store.findWaitlistEntryByToken(`join-Dan-3-${NOW.getTime()}`))?.state).toBe(
      "claimed",
    );

    // Cy cancels: Eve is offered, and lets the offer run out.
    const cy = await idOf(store, "Cy");
    await offering(store, (offers) => cancel(store, cy, { offers }));
    const eve = await entryOf(store, "Eve");
    expect(await store.claimOffer(eve, { ...claim, now: EXPIRES })).toEqual({
      kind: "expired",
      expiresAt: EXPIRES,
    });
    expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual([
      "Ann",
      "Dan",
    ]);
    await store.close();
  });

  it("takes a claim only with a notice that tells the list as the claim leaves it; otherwise it stores nothing and answers stale", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    const dan = await entryOf(store, "Dan");
    // Eve joins after the notice was made as if the list were empty once Dan claims.
    await store.joinWaitlist(waiting("Eve", 2), limit);
    const claim = (listAfter: WaitlistCounts) => ({
      now: new Date(NOW.getTime() + HOUR),
      manageTokenHash: "manage-dan",
      mails: [mail("rsvp-notice", "secretary@example.org")],
      listAfter,
    });
    const empty = { waiting: 0, waitingSeats: 0, offers: 0, offeredSeats: 0 };
    expect(await store.claimOffer(dan, claim(empty))).toEqual({ kind: "stale" });
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    expect((await store.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual([
      "Ann",
      "Cy",
    ]);
    expect((await store.listMail()).map((m) => m.kind)).not.toContain("rsvp-notice");
    const withEve = { ...empty, waiting: 1, waitingSeats: 2 };
    expect((await store.claimOffer(dan, claim(withEve))).kind).toBe("claimed");
    expect(await names(store)).toEqual(["Eve:waiting#1"]);
    expect((await store.listMail()).map((m) => m.kind)).toContain("rsvp-notice");
    await store.close();
  });

  it("passes an offer that ran out to the next in line once, for two connections settling at once", async () => {
    const place = await kind.place();
    const a = await kind.open(place);
    const b = await kind.open(place);
    for (const [name, n] of [
      ["Ann", 4],
      ["Bob", 3],
      ["Cy", 3],
    ] as const) {
      await a.addEventRsvp(rsvp(name, n), limit);
    }
    for (const [name, n] of [
      ["Dan", 3],
      ["Eve", 2],
      ["Fay", 2],
    ] as const) {
      await a.joinWaitlist(waiting(name, n), limit);
    }
    await offering(a, (offers) => cancel(a, 2, { offers }));
    expect(await names(a)).toEqual(["Dan:offered", "Eve:waiting#1", "Fay:waiting#2"]);
    // Not yet due: nothing to do.
    const before = new Date(EXPIRES.getTime() - 1);
    expect(await a.waitlistDue({ now: before, guestLimit: 10 })).toEqual([]);
    expect(await a.waitlistDue({ now: EXPIRES, guestLimit: 10 })).toEqual(["e1"]);
    const later = new Date(EXPIRES.getTime() + 48 * HOUR);
    const settled = await Promise.all(
      [a, b, a, b].map((store) =>
        offering(
          store,
          (offers) => store.settleWaitlist({ eventId: "e1", now: EXPIRES, offers }),
          later,
        ),
      ),
    );
    expect(settled.map((s) => (s.kind === "settled" ? s.expired : -1)).sort()).toEqual([
      0, 0, 0, 1,
    ]);
    expect(settled.reduce((n, s) => n + (s.kind === "settled" ? s.offered : 0), 0)).toBe(1);
    // Dan's 3 seats: Eve's 2 fit; Fay's 2 more do not.
    expect(await names(a)).toEqual(["Eve:offered", "Fay:waiting#1"]);
    expect((await a.findWaitlistEntryByToken(`join-Dan-3-${NOW.getTime()}`))?.state).toBe(
      "expired",
    );
    expect(
      (await a.listMail()).filter((m) => m.kind === "waitlist-offer").map((m) => m.to),
    ).toEqual(["eve@example.org", "dan@example.org"]);
    // Dan and the secretary are told once, by the connection that passed the offer on.
    expect(
      (await a.listMail()).filter((m) => m.kind.startsWith("waitlist-expired")).map((m) => m.to),
    ).toEqual(["secretary@example.org", "dan@example.org"]);
    expect(await held(a)).toBe(9);
    await a.close();
    await b.close();
  });

  it("passes an offer that ran out on only with the mails that tell of it: a write without offers leaves it, one that lacks them stores nothing", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await store.joinWaitlist(waiting("Eve", 3), limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    // The secretary cancels Cy after Dan's offer ran out, with no offers (no site address): Dan's
    // seats stay held for the scheduler, which brings the mail.
    const cy = await idOf(store, "Cy");
    expect((await store.cancelEventRsvp({ id: cy, now: EXPIRES, mails: [] })).kind).toBe("done");
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    const made = await offersOf(store);
    const lacking = { ...made, ranOut: new Map() };
    expect(await store.settleWaitlist({ eventId: "e1", now: EXPIRES, offers: lacking })).toEqual({
      kind: "stale",
    });
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    // Once the event takes no RSVPs, nothing is offered, but the offer that ran out is passed on.
    const closed = { ...made, expiresAt: undefined };
    expect(await store.settleWaitlist({ eventId: "e1", now: EXPIRES, offers: closed })).toEqual({
      kind: "settled",
      expired: 1,
      lapsed: 0,
      offered: 0,
    });
    expect(await names(store)).toEqual(["Eve:waiting#1"]);
    expect((await store.listMail()).map((m) => `${m.kind} ${m.to}`).slice(0, 2)).toEqual([
      "waitlist-expired-notice secretary@example.org",
      "waitlist-expired dan@example.org",
    ]);
    await store.close();
  });

  it("passes an offer that ran out on only with notices that tell rightly whether anyone waits in line; otherwise it stores nothing and answers stale", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    // Notices made while no one else waited; Eve joins before the write (her 4 do not fit in 3).
    const made = await offersOf(store);
    await store.joinWaitlist(waiting("Eve", 4), limit);
    expect(
      await store.settleWaitlist({
        eventId: "e1",
        now: EXPIRES,
        offers: { ...made, nextInLine: false },
      }),
    ).toEqual({
      kind: "stale",
    });
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    expect((await store.listMail()).map((m) => m.kind)).not.toContain("waitlist-expired");
    expect(
      await store.settleWaitlist({
        eventId: "e1",
        now: EXPIRES,
        offers: { ...made, nextInLine: true },
      }),
    ).toEqual({
      kind: "settled",
      expired: 1,
      lapsed: 0,
      offered: 0,
    });
    expect(await names(store)).toEqual(["Eve:waiting#1"]);
    await store.close();
  });

  it("takes a party off the list only with mails made for its entry as it is: offered seats meanwhile, it stays and the store answers stale", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    const dan = await entryOf(store, "Dan");
    // The mails are made while Dan waits; Bob cancels before the write, and Dan is offered seats.
    const asWaiting = [mail("waitlist-left-notice", "secretary@example.org")];
    await offering(store, (offers) => cancel(store, 2, { offers }));
    expect(
      await store.leaveWaitlist({ entryId: dan, now: NOW, mails: asWaiting, from: "waiting" }),
    ).toEqual({
      kind: "stale",
    });
    expect(await names(store)).toEqual(["Dan:offered"]);
    expect((await store.listMail()).map((m) => m.kind)).not.toContain("waitlist-left-notice");
    const left = await store.leaveWaitlist({
      entryId: dan,
      now: NOW,
      mails: asWaiting,
      from: "offered",
    });
    expect(left.kind).toBe("left");
    expect(await names(store)).toEqual([]);
    await store.close();
  });

  it("takes an RSVP of an address in line only as its notice tells the address's entry: offered seats meanwhile, it stores nothing and answers stale", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    // Dan's RSVP is made while he waits; Bob cancels before its write, and Dan is offered seats.
    await offering(store, (offers) => cancel(store, 2, { offers }));
    const dan = rsvp("Dan", 3);
    expect(await store.addEventRsvp({ ...dan, entry: "waiting" }, limit)).toEqual({
      kind: "stale",
    });
    expect(await store.addEventRsvp({ ...dan, entry: "none" }, limit)).toEqual({ kind: "stale" });
    expect(await names(store)).toEqual(["Dan:offered"]);
    expect((await store.addEventRsvp({ ...dan, entry: "offered" }, limit)).kind).toBe("stored");
    expect(await names(store)).toEqual([]);
    expect(await held(store)).toBe(10);
    await store.close();
  });

  it("lets a party leave, passing its offered seats on; an RSVP of the same address takes the entry's place and its held seats", async () => {
    const store = await full();
    for (const [name, n] of [
      ["Dan", 3],
      ["Eve", 3],
      ["Fay", 1],
    ] as const) {
      await store.joinWaitlist(waiting(name, n), limit);
    }
    await offering(store, (offers) => cancel(store, 2, { offers }));
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1", "Fay:waiting#2"]);
    // Offered seats, Dan sends the form again: he is to claim them, not to queue anew.
    expect(await store.joinWaitlist(waiting("Dan", 2), limit)).toEqual({
      kind: "offered",
      expiresAt: EXPIRES,
    });
    const left = await offering(store, async (offers) =>
      store.leaveWaitlist({
        entryId: await entryOf(store, "Dan"),
        now: NOW,
        mails: [mail("waitlist-left", "dan@example.org")],
        offers,
      }),
    );
    expect(left.kind).toBe("left");
    expect(await names(store)).toEqual(["Eve:offered", "Fay:waiting#1"]);
    expect(
      (await store.leaveWaitlist({ entryId: await entryOf(store, "Dan"), now: NOW, mails: [] }))
        .kind,
    ).toBe("not-found");
    // Eve reserves for 2 with the RSVP form instead of claiming: her offer's seats are hers, and
    // the third goes to Fay.
    const eveRsvp = await offering(store, (offers) =>
      store.addEventRsvp(rsvp("Eve", 2), limit, offers),
    );
    expect(eveRsvp.kind).toBe("stored");
    expect(await names(store)).toEqual(["Fay:offered"]);
    expect(await held(store)).toBe(10);
    await store.close();
  });

  it("offers what the secretary's edit and a visitor's change free", async () => {
    const store = await full();
    for (const [name, n] of [
      ["Dan", 1],
      ["Eve", 2],
    ] as const) {
      await store.joinWaitlist(waiting(name, n), limit);
    }
    await offering(store, (offers) => edit(store, 1, 3, 10, { offers }));
    expect(await names(store)).toEqual(["Dan:offered", "Eve:waiting#1"]);
    const plain = { dinner: false, meals: 0, mealCounts: [] };
    await offering(store, (offers) =>
      store.changeEventRsvp({
        id: 1,
        change: { attendees: 1, ...plain },
        guestLimit: 10,
        now: NOW,
        mails: [],
        offers,
      }),
    );
    expect(await names(store)).toEqual(["Dan:offered", "Eve:offered"]);
    expect(await held(store)).toBe(10);
    await store.close();
  });

  it("never gives more than the limit, held seats counted, and loses no acknowledged change under 200 concurrent new RSVPs, cancels and claims on a full event, over two connections", async () => {
    const place = await kind.place();
    const stores = [await kind.open(place), await kind.open(place)];
    const store = (i: number) => stores[i % 2] as Store;
    const first = stores[0] as Store;
    const limit60 = seats(60);
    const offers60 = async (one: Store) => ({ ...(await offersOf(one)), guestLimit: 60 });
    // Full: 30 RSVPs of 2 seats, and 40 parties of 1 or 2 waiting.
    for (let i = 0; i < 30; i++) await first.addEventRsvp(rsvp(`Full${i}`, 2), limit60);
    for (let i = 0; i < 40; i++) {
      expect((await first.joinWaitlist(waiting(`Wait${i}`, 1 + (i % 2)), limit60)).kind).toBe(
        "joined",
      );
    }
    const expected = new Map<string, number>(Array.from({ length: 30 }, (_, i) => [`Full${i}`, 2]));
    // Five cancels first, so that offers are open when the burst begins.
    for (let i = 0; i < 5; i++) {
      expect((await cancel(first, i + 1, { offers: await offers60(first) })).kind).toBe("done");
      expected.delete(`Full${i}`);
    }
    const entries = await first.listWaitlist("e1");
    expect(entries.filter((e) => e.state === "offered").length).toBeGreaterThan(0);
    const claim = { now: NOW, manageTokenHash: "", mails: [] };
    const actions: Promise<() => void>[] = [];
    // 25 cancels, a claim by each of the 40 waiting parties (offered or not yet), 135 newcomers.
    for (let i = 5; i < 30; i++) {
      const name = `Full${i}`;
      actions.push(
        (async () => {
          for (;;) {
            const outcome = await store(i).cancelEventRsvp({
              id: i + 1,
              now: NOW,
              mails: [],
              offers: await offers60(store(i)),
            });
            if (outcome.kind === "stale") continue;
            return () => {
              expect(outcome.kind).toBe("done");
              expected.delete(name);
            };
          }
        })(),
      );
    }
    for (const [i, entry] of entries.entries()) {
      actions.push(
        store(i)
          .claimOffer(entry.id, { ...claim, manageTokenHash: `claim-${entry.id}` })
          .then((outcome) => () => {
            if (outcome.kind === "claimed") {
              expected.set(entry.record.firstName, entry.record.attendees);
            } else expect(outcome).toEqual({ kind: "not-offered", state: "waiting" });
          }),
      );
    }
    for (let i = 0; i < 135; i++) {
      const name = `New${i}`;
      actions.push(
        store(i)
          .addEventRsvp(rsvp(name, 1 + (i % 2)), limit60)
          .then((outcome) => () => {
            if (outcome.kind === "stored") expected.set(name, 1 + (i % 2));
            else expect(outcome.kind).toBe("full");
          }),
      );
    }
    expect(actions.length).toBe(200);
    for (const acknowledge of await Promise.all(actions)) acknowledge();

    const reader = stores[1] as Store;
    const current = await reader.listEventRsvps("e1");
    const claimedBefore = [...expected.keys()].filter((name) => name.startsWith("Wait"));
    // Every acknowledged change is there, and nothing else.
    expect(new Map(current.map((r) => [r.record.firstName, r.record.attendees]))).toEqual(expected);
    const list = await reader.listWaitlist("e1");
    const held = list
      .filter((e) => e.state === "offered")
      .reduce((sum, e) => sum + e.record.attendees, 0);
    const taken = current.reduce((sum, r) => sum + r.record.attendees, 0);
    expect(taken + held).toBeLessThanOrEqual(60);
    expect((await reader.attendeeCounts()).get("e1")).toBe(taken + held);
    // Claims made it in, and no offered party was skipped for a newcomer while it fits.
    expect(claimedBefore.length).toBeGreaterThan(0);
    const waitingParties = list.filter((e) => e.state === "waiting");
    for (const party of waitingParties) {
      expect(taken + held + party.record.attendees).toBeGreaterThan(60);
    }
    for (const one of stores) await one.close();
  }, 120_000);

  it("claims the seats without the party's dinner when the meal deadline has passed", async () => {
    const store = await full();
    const hungry = waiting("Dan", 2);
    hungry.record = {
      ...hungry.record,
      dinner: true,
      meals: 2,
      mealCounts: [{ choice: "Salmon", count: 2 }],
    };
    await store.joinWaitlist(hungry, limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    const claimed = await store.claimOffer(await entryOf(store, "Dan"), {
      now: NOW,
      manageTokenHash: "manage-dan",
      mails: [],
      withoutDinner: true,
    });
    expect(claimed.kind).toBe("claimed");
    const dan = (await store.listEventRsvps("e1")).find((r) => r.record.firstName === "Dan");
    expect(dan?.record).toMatchObject({ attendees: 2, dinner: false, meals: 0, mealCounts: [] });
    await store.close();
  });

  it("erases the waiting list's names and addresses with the event's RSVPs, and the text of every mail about it", async () => {
    const store = await full();
    await store.joinWaitlist(waiting("Dan", 3), limit);
    await store.joinWaitlist(waiting("Eve", 1), limit);
    await offering(store, (offers) => cancel(store, 2, { offers }));
    const eve = await entryOf(store, "Eve");
    const left = [
      mail("waitlist-left", "eve@example.org"),
      mail("waitlist-left-notice", "s@x.org"),
    ];
    expect((await store.leaveWaitlist({ entryId: eve, now: NOW, mails: left })).kind).toBe("left");
    await offering(store, (offers) =>
      store.settleWaitlist({ eventId: "e1", now: EXPIRES, offers }),
    );
    for (const sent of await store.claimDueMail({ now: EXPIRES, leaseUntil: EXPIRES, limit: 20 })) {
      await store.markMailSent({ id: sent.id, now: EXPIRES });
    }
    await store.eraseRsvps({ kind: "event", subject: "e1", now: EXPIRES });
    const dump = await store.dump();
    expect(dump.waitlist.map((row) => [row.first_name, row.email, row.attendees])).toEqual([
      ["", "", 3],
      ["", "", 1],
    ]);
    const about = dump.outbox.filter((row) => String(row.kind).startsWith("waitlist-"));
    expect(about.map((row) => row.kind).sort()).toEqual([
      "waitlist-expired",
      "waitlist-expired-notice",
      "waitlist-joined",
      "waitlist-joined",
      "waitlist-left",
      "waitlist-left-notice",
      "waitlist-offer",
    ]);
    expect(
      new Set(about.map((row) => `${row.recipient}:${Buffer.from(row.raw as Uint8Array).length}`)),
    ).toEqual(new Set([":0"]));
    await store.close();
  });
});
