import type { DatabaseSync } from "node:sqlite";
import { ERASED, ERASED_MAIL, ERASURE_SOURCES, erasure, type Row, RSVP_TABLES } from "./rows.ts";
import { queueMails } from "./sqlite-outbox.ts";
import type {
  ComposedMail,
  Erasure,
  ErasureKind,
  PersonalData,
  RsvpKind,
  RsvpRecords,
  Stored,
} from "./store.ts";
import { FAILURE_SUMMARY_KIND } from "./store.ts";

/**
 * The SQLite store's timed work: reminders and erasure. Each function runs in the caller's
 * transaction (a write for those that write), so the claim and what it covers commit together.
 */

export function unremindedRsvps<K extends RsvpKind>(
  db: DatabaseSync,
  kind: K,
  subjectId: string,
  eventDate: string,
  receivedBefore: Date,
): Stored<RsvpRecords[K]>[] {
  const { table, subject } = RSVP_TABLES[kind];
  // The table of `kind` reads as `kind`'s record: the lookup loses that link, the cast restores it.
  const read = RSVP_TABLES[kind].read as (row: Row) => Stored<RsvpRecords[K]>;
  const rows = db
    .prepare(
      `SELECT * FROM ${table} r WHERE ${subject} = ? AND state = 'current' AND received_at < ?
       AND erased_at IS NULL
       AND NOT EXISTS (SELECT 1 FROM reminders m
         WHERE m.kind = ? AND m.rsvp_id = r.id AND m.event_date = ?)
       ORDER BY id`,
    )
    .all(subjectId, receivedBefore.toISOString(), kind, eventDate) as Row[];
  return rows.map((row) => read(row));
}

export function queueReminder(
  db: DatabaseSync,
  kind: RsvpKind,
  rsvpId: number,
  eventDate: string,
  mail: ComposedMail,
  now: Date,
  manageTokenHash?: string,
): boolean {
  const { table } = RSVP_TABLES[kind];
  const current = db
    .prepare(`SELECT 1 AS found FROM ${table} WHERE id = ? AND state = 'current'`)
    .get(rsvpId);
  if (!current) return false;
  const claimed = db
    .prepare(
      `INSERT INTO reminders (kind, rsvp_id, event_date, queued_at) VALUES (?, ?, ?, ?)
       ON CONFLICT DO NOTHING`,
    )
    .run(kind, rsvpId, eventDate, now.toISOString());
  if (claimed.changes === 0) return false;
  if (manageTokenHash !== undefined) {
    db.prepare(`UPDATE ${table} SET manage_token_hash = ? WHERE id = ?`).run(
      manageTokenHash,
      rsvpId,
    );
  }
  queueMails(db, table, rsvpId, [mail], now);
  return true;
}

export function personalData(db: DatabaseSync): PersonalData[] {
  const rows = db
    .prepare(
      `SELECT 'event' AS kind, event_id AS subject, MAX(received_at) AS newest FROM event_rsvps
       WHERE erased_at IS NULL GROUP BY event_id
       UNION ALL
       SELECT 'social', outing_id, MAX(received_at) FROM social_rsvps
       WHERE erased_at IS NULL GROUP BY outing_id
       ORDER BY 1, 2`,
    )
    .all() as { kind: RsvpKind; subject: string; newest: string }[];
  return rows.map((row) => ({ ...row, newest: new Date(row.newest) }));
}

/** Erases the rows `where` picks in the kind's table and the mail sent about them; records it. */
function erase(
  db: DatabaseSync,
  kind: ErasureKind,
  subject: string,
  where: string,
  params: (string | number)[],
  now: Date,
): number {
  const table = ERASURE_SOURCES[kind];
  const ids = (
    db.prepare(`SELECT id FROM ${table} WHERE erased_at IS NULL AND ${where}`).all(...params) as {
      id: number;
    }[]
  ).map((row) => row.id);
  if (ids.length === 0) return 0;
  const list = ids.join(", ");
  const kept =
    kind === "contact"
      ? { attendees: 0, meals: 0 }
      : (db
          .prepare(
            `SELECT COALESCE(SUM(attendees), 0) AS attendees, ${kind === "event" ? "COALESCE(SUM(meals), 0)" : "0"} AS meals
             FROM ${table} WHERE id IN (${list})${kind === "event" ? " AND state = 'current'" : ""}`,
          )
          .get() as { attendees: number; meals: number });
  const blank = ERASED[table];
  db.prepare(
    `UPDATE ${table} SET ${Object.keys(blank)
      .map((column) => `${column} = ''`)
      .join(", ")}, erased_at = ? WHERE id IN (${list})`,
  ).run(now.toISOString());
  // The mail still waiting to go keeps its text: it goes, then it is erased with the next run.
  db.prepare(
    `UPDATE outbox SET recipient = ?, envelope = ?, raw = ?, mail_order = NULL WHERE source = ?
     AND source_id IN (${list}) AND status != 'pending'`,
  ).run(ERASED_MAIL.recipient, JSON.stringify(ERASED_MAIL.envelope), Buffer.alloc(0), table);
  db.prepare(
    `INSERT INTO erasures (erased_at, kind, subject, submissions, attendees, meals)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(now.toISOString(), kind, subject, ids.length, kept.attendees, kept.meals);
  return ids.length;
}

export function eraseRsvps(db: DatabaseSync, kind: RsvpKind, subject: string, now: Date): number {
  return erase(db, kind, subject, `${RSVP_TABLES[kind].subject} = ?`, [subject], now);
}

export function eraseMessages(db: DatabaseSync, receivedBefore: Date, now: Date): number {
  // The secretary's summaries of failed mail name the visitors they failed for: they are kept
  // as long as messages are, and no longer.
  db.prepare(
    `UPDATE outbox SET raw = ? WHERE kind = ? AND created_at < ? AND status != 'pending'
     AND length(raw) > 0`,
  ).run(Buffer.alloc(0), FAILURE_SUMMARY_KIND, receivedBefore.toISOString());
  return erase(db, "contact", "", "received_at < ?", [receivedBefore.toISOString()], now);
}

export function listErasures(db: DatabaseSync): Erasure[] {
  return (db.prepare("SELECT * FROM erasures ORDER BY id").all() as Row[]).map(erasure);
}
