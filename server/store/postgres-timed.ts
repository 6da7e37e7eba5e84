import type { Sql, TransactionSql } from "postgres";
import {
  ERASED,
  ERASED_MAIL,
  ERASURE_SOURCES,
  erasure,
  type Row,
  RSVP_TABLES,
  type Source,
} from "./rows.ts";
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
 * The PostgreSQL store's timed work: reminders and erasure, each in the caller's transaction.
 * Two instances may run them at once: a reminder is claimed by a unique row (the second insert
 * waits for the first transaction and then finds the row there), and an erasure updates only
 * rows not yet erased, which the second transaction, waiting on their row locks, no longer sees.
 */

type Tx = TransactionSql;
/** Queues mails in the transaction, as the store's own submissions do. */
type Queue = (
  tx: Tx,
  source: Source,
  sourceId: number,
  mails: ComposedMail[],
  at: Date,
) => Promise<void>;

export async function unremindedRsvps<K extends RsvpKind>(
  sql: Sql,
  kind: K,
  subjectId: string,
  eventDate: string,
  receivedBefore: Date,
): Promise<Stored<RsvpRecords[K]>[]> {
  const { table, subject } = RSVP_TABLES[kind];
  // The table of `kind` reads as `kind`'s record: the lookup loses that link, the cast restores it.
  const read = RSVP_TABLES[kind].read as (row: Row) => Stored<RsvpRecords[K]>;
  const rows = await sql`
    SELECT * FROM ${sql(table)} r WHERE ${sql(subject)} = ${subjectId} AND state = 'current'
    AND received_at < ${receivedBefore} AND erased_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM reminders m
      WHERE m.kind = ${kind} AND m.rsvp_id = r.id AND m.event_date = ${eventDate})
    ORDER BY id`;
  return rows.map((row) => read(row));
}

export async function queueReminder(
  tx: Tx,
  queue: Queue,
  kind: RsvpKind,
  rsvpId: number,
  eventDate: string,
  mail: ComposedMail,
  now: Date,
  manageTokenHash?: string,
): Promise<boolean> {
  const { table } = RSVP_TABLES[kind];
  const [current] = await tx`SELECT 1 FROM ${tx(table)} WHERE id = ${rsvpId} AND state = 'current'`;
  if (!current) return false;
  const claimed = await tx`
    INSERT INTO reminders (kind, rsvp_id, event_date, queued_at)
    VALUES (${kind}, ${rsvpId}, ${eventDate}, ${now})
    ON CONFLICT DO NOTHING RETURNING id`;
  if (claimed.length === 0) return false;
  if (manageTokenHash !== undefined) {
    await tx`UPDATE ${tx(table)} SET manage_token_hash = ${manageTokenHash} WHERE id = ${rsvpId}`;
  }
  await queue(tx, table, rsvpId, [mail], now);
  return true;
}

export async function personalData(sql: Sql): Promise<PersonalData[]> {
  const rows = await sql<{ kind: RsvpKind; subject: string; newest: Date }[]>`
    SELECT 'event' AS kind, event_id AS subject, MAX(received_at) AS newest FROM event_rsvps
    WHERE erased_at IS NULL GROUP BY event_id
    UNION ALL
    SELECT 'social', outing_id, MAX(received_at) FROM social_rsvps
    WHERE erased_at IS NULL GROUP BY outing_id
    ORDER BY 1, 2`;
  return rows.map((row) => ({ kind: row.kind, subject: row.subject, newest: row.newest }));
}

async function erase(
  tx: Tx,
  kind: ErasureKind,
  subject: string,
  ids: number[],
  now: Date,
): Promise<number> {
  if (ids.length === 0) return 0;
  const table = ERASURE_SOURCES[kind];
  const [kept] =
    kind === "contact"
      ? [{ attendees: 0, meals: 0 }]
      : kind === "event"
        ? await tx<{ attendees: number; meals: number }[]>`
            SELECT COALESCE(SUM(attendees), 0)::int AS attendees, COALESCE(SUM(meals), 0)::int AS meals
            FROM event_rsvps WHERE id IN ${tx(ids)} AND state = 'current'`
        : await tx<{ attendees: number; meals: number }[]>`
            SELECT COALESCE(SUM(attendees), 0)::int AS attendees, 0 AS meals
            FROM social_rsvps WHERE id IN ${tx(ids)}`;
  await tx`UPDATE ${tx(table)} SET ${tx({ ...ERASED[table], erased_at: now })} WHERE id IN ${tx(ids)}`;
  // The mail still waiting to go keeps its text: it goes, then it is erased with the next run.
  await tx`
    UPDATE outbox SET recipient = ${ERASED_MAIL.recipient}, envelope = ${tx.json(ERASED_MAIL.envelope)},
      raw = ${Buffer.alloc(0)}, mail_order = NULL
    WHERE source = ${table} AND source_id IN ${tx(ids)} AND status != 'pending'`;
  await tx`
    INSERT INTO erasures (erased_at, kind, subject, submissions, attendees, meals)
    VALUES (${now}, ${kind}, ${subject}, ${ids.length}, ${kept?.attendees ?? 0}, ${kept?.meals ?? 0})`;
  return ids.length;
}

/** The ids of the rows to erase, locked, so a second instance waits and then finds none. */
async function lockedIds(rows: Promise<{ id: number }[]>): Promise<number[]> {
  return (await rows).map((row) => Number(row.id));
}

export async function eraseRsvps(
  tx: Tx,
  kind: RsvpKind,
  subject: string,
  now: Date,
): Promise<number> {
  const { table, subject: column } = RSVP_TABLES[kind];
  const ids = await lockedIds(
    tx`SELECT id FROM ${tx(table)} WHERE ${tx(column)} = ${subject} AND erased_at IS NULL FOR UPDATE`,
  );
  return erase(tx, kind, subject, ids, now);
}

export async function eraseMessages(tx: Tx, receivedBefore: Date, now: Date): Promise<number> {
  // The secretary's summaries of failed mail name the visitors they failed for: they are kept
  // as long as messages are, and no longer.
  await tx`
    UPDATE outbox SET raw = ${Buffer.alloc(0)}
    WHERE kind = ${FAILURE_SUMMARY_KIND} AND created_at < ${receivedBefore} AND status != 'pending'
      AND length(raw) > 0`;
  const ids = await lockedIds(
    tx`SELECT id FROM contact_messages WHERE received_at < ${receivedBefore} AND erased_at IS NULL
       FOR UPDATE`,
  );
  return erase(tx, "contact", "", ids, now);
}

export async function listErasures(sql: Sql): Promise<Erasure[]> {
  return (await sql`SELECT * FROM erasures ORDER BY id`).map(erasure);
}
