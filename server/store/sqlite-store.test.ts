import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATIONS } from "./migrations.ts";
import { SqliteStore } from "./sqlite-store.ts";
import type { EventRsvpRecord, Submission } from "./store.ts";

const NOW = new Date("2026-11-21T17:00:00Z");
let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function file(): string {
  dir = mkdtempSync(join(tmpdir(), "lodge-store-"));
  return join(dir, "var", "lodge.db");
}

function rsvp(firstName: string, attendees: number, hash = firstName): Submission<EventRsvpRecord> {
  return {
    record: {
      eventId: "e1",
      firstName,
      lastName: "Smith",
      masonicTitle: "",
      email: "a@example.org",
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
  };
}

describe("the SQLite store", () => {
  it("creates its folder and file in WAL mode with full sync, at the latest schema version", async () => {
    const path = file();
    const store = new SqliteStore(path, NOW);
    await store.close();
    const db = new DatabaseSync(path);
    expect(db.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
    expect(db.prepare("SELECT version, name, applied_at FROM schema_migrations").all()).toEqual([
      { version: 1, name: MIGRATIONS[0]?.name, applied_at: NOW.toISOString() },
    ]);
    db.close();
  });

  it("commits writes asked for together in one transaction, where one that fails undoes only itself", async () => {
    const store = new SqliteStore(file(), NOW);
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
      store.addEventRsvp(rsvp("Adam", 2), 4),
      store.addEventRsvp(broken, 4),
      store.addEventRsvp(rsvp("Bob", 2), 4),
      store.addEventRsvp(rsvp("Carl", 1), 4),
      // The same submission again in the same burst: answered as the first was, stored once.
      store.addEventRsvp(rsvp("Adam", 2), 4),
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
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 0 });
    await store.close();
  });

  it("commits the writes still waiting when it is closed", async () => {
    const path = file();
    const store = new SqliteStore(path, NOW);
    const stored = store.addEventRsvp(rsvp("Adam", 1), 4);
    await store.close();
    expect((await stored).kind).toBe("stored");
    const again = new SqliteStore(path, NOW);
    expect((await again.listEventRsvps()).map((r) => r.record.firstName)).toEqual(["Adam"]);
    await again.close();
  });

  it("keeps its data across reopening and runs each migration once", async () => {
    const path = file();
    const first = new SqliteStore(path, NOW);
    await first.addEventRsvp(rsvp("Ann", 2), 70);
    await first.close();
    const second = new SqliteStore(path, NOW);
    expect((await second.listEventRsvps("e1")).map((r) => r.record.firstName)).toEqual(["Ann"]);
    await second.close();
  });

  it("refuses a database written by a newer lodge", async () => {
    const path = file();
    await new SqliteStore(path, NOW).close();
    const db = new DatabaseSync(path);
    db.prepare("INSERT INTO schema_migrations VALUES (99, 'future', '2030-01-01')").run();
    db.close();
    expect(() => new SqliteStore(path, NOW)).toThrow(
      `${path} has schema version 99, but this lodge knows versions up to 1; run a newer lodge with it`,
    );
  });

  it("checks the guest limit and inserts in one transaction, for two connections to one file", async () => {
    const path = file();
    const a = new SqliteStore(path, NOW);
    const b = new SqliteStore(path, NOW);
    expect((await a.addEventRsvp(rsvp("Ann", 3), 5)).kind).toBe("stored");
    expect(await b.addEventRsvp(rsvp("Bob", 3), 5)).toEqual({ kind: "full", taken: 3, limit: 5 });
    expect((await b.addEventRsvp(rsvp("Bob", 2), 5)).kind).toBe("stored");
    expect((await a.attendeeCounts()).get("e1")).toBe(5);
    await a.close();
    await b.close();
  });

  it("replays the first answer for a known key and forgets keys once they expire", async () => {
    const store = new SqliteStore(":memory:", NOW);
    expect(await store.addEventRsvp(rsvp("Ann", 1), 70)).toEqual({
      kind: "stored",
      id: 1,
      response: { status: 200, body: { message: "ok" } },
    });
    expect(await store.addEventRsvp(rsvp("Ann", 1), 70)).toEqual({
      kind: "replay",
      response: { status: 200, body: { message: "ok" } },
    });
    const later = { ...rsvp("Ann", 1), receivedAt: new Date(NOW.getTime() + 1000) };
    expect((await store.addEventRsvp(later, 70)).kind).toBe("stored");
    await store.close();
  });
});
