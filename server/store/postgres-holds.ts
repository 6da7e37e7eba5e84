import type { Sql, TransactionSql } from "postgres";
import type { Queue } from "./postgres-waitlist.ts";
import {
  type ConfirmOutcome,
  type EventRsvpSubmission,
  type OutboxMail,
  withFound,
} from "./store.ts";

/**
 * The PostgreSQL store's RSVPs awaiting their visitor's confirmation, and the link mailed again to
 * an address that sends a second RSVP, as sqlite-holds.ts is SQLite's. Each function runs in the
 * caller's transaction, which holds the event's advisory lock.
 */

type Tx = TransactionSql;

/** An address's current RSVP for an event, as a second RSVP of the address finds it. */
export interface CurrentRsvp {
  id: number;
  /** When its hold ends, while it awaits confirmation. */
  unconfirmed_until: Date | null;
}

export async function currentRsvp(
  tx: Tx,
  eventId: string,
  email: string,
): Promise<CurrentRsvp | undefined> {
  const [row] = await tx<CurrentRsvp[]>`
    SELECT id, unconfirmed_until FROM event_rsvps
    WHERE event_id = ${eventId} AND email = ${email} AND state = 'current'
    ORDER BY id DESC LIMIT 1`;
  return row;
}

/**
 * Mails the link of the address's current RSVP again (see EventRsvpSubmission.linkAgain), with
 * its new token's hash, unless a mail of the kind went to it within the hour; whether it did.
 */
export async function mailLinkAgain(
  tx: Tx,
  queue: Queue,
  current: CurrentRsvp,
  again: NonNullable<EventRsvpSubmission["linkAgain"]>,
  at: Date,
): Promise<boolean> {
  const kinds = [...new Set(again.mails.map((mail) => mail.kind))];
  const since = new Date(at.getTime() - again.withinMs);
  const [recent] = await tx`
    SELECT 1 FROM outbox WHERE source = 'event_rsvps' AND source_id = ${current.id}
    AND kind IN ${tx(kinds)} AND created_at > ${since} LIMIT 1`;
  if (recent) return false;
  await tx`UPDATE event_rsvps SET resent_token_hash = ${again.tokenHash} WHERE id = ${current.id}`;
  const until = current.unconfirmed_until;
  const found = until ? { confirmBy: until.toISOString() } : {};
  await queue(tx, "event_rsvps", current.id, withFound(again.mails, found), at);
  return true;
}

/** The seats the confirmed RSVPs from the address `clientKey` hold at the event. */
export async function confirmedClientSeats(
  tx: Sql | Tx,
  eventId: string,
  clientKey: string,
): Promise<number> {
  const [row] = await tx<{ n: number }[]>`
    SELECT COALESCE(SUM(attendees), 0)::int AS n FROM event_rsvps
    WHERE event_id = ${eventId} AND client_key = ${clientKey} AND state = 'current'
    AND unconfirmed_until IS NULL`;
  return row?.n ?? 0;
}

/** Confirms the RSVP `id`; the caller holds its event's lock (lockEvent: its event's id). */
export async function confirm(
  tx: Tx,
  queue: Queue,
  lockEvent: (eventId: string) => Promise<void>,
  id: number,
  now: Date,
  mails: readonly OutboxMail[],
): Promise<ConfirmOutcome> {
  const [found] = await tx<
    { event_id: string }[]
  >`SELECT event_id FROM event_rsvps WHERE id = ${id}`;
  if (!found) return { kind: "not-found" };
  await lockEvent(found.event_id);
  const [row] = await tx<
    { client_key: string; state: string; unconfirmed_until: Date | null }[]
  >`SELECT client_key, state, unconfirmed_until FROM event_rsvps WHERE id = ${id}`;
  if (!row || (row.state !== "current" && !(row.state === "cancelled" && row.unconfirmed_until))) {
    return { kind: "not-found" };
  }
  const until = row.unconfirmed_until;
  if (until === null) return { kind: "confirmed-before" };
  if (row.state !== "current" || until.getTime() <= now.getTime()) {
    return { kind: "lapsed", at: until };
  }
  await tx`UPDATE event_rsvps SET unconfirmed_until = NULL WHERE id = ${id}`;
  const clientSeats = await confirmedClientSeats(tx, found.event_id, row.client_key);
  await queue(tx, "event_rsvps", id, withFound(mails, { clientSeats }), now);
  return { kind: "confirmed" };
}

/** Seats of the event's holds that ended by `now`. */
export async function lapsingSeats(sql: Sql | Tx, eventId: string, now: Date): Promise<number> {
  const [row] = await sql<{ n: number }[]>`
    SELECT COALESCE(SUM(attendees), 0)::int AS n FROM event_rsvps
    WHERE event_id = ${eventId} AND state = 'current' AND unconfirmed_until IS NOT NULL
    AND unconfirmed_until <= ${now}`;
  return row?.n ?? 0;
}

/** Lapses the event's holds that ended by `now` (their seats go back); how many. */
export async function lapse(tx: Tx, eventId: string, now: Date): Promise<number> {
  const { count } = await tx`
    UPDATE event_rsvps SET state = 'cancelled', ended_at = ${now}
    WHERE event_id = ${eventId} AND state = 'current' AND unconfirmed_until IS NOT NULL
    AND unconfirmed_until <= ${now}`;
  return count;
}

/** The events with a hold that ended by `now`. */
export async function endedHolds(sql: Sql, now: Date): Promise<string[]> {
  const rows = await sql<{ event_id: string }[]>`
    SELECT DISTINCT event_id FROM event_rsvps
    WHERE state = 'current' AND unconfirmed_until IS NOT NULL AND unconfirmed_until <= ${now}
    ORDER BY event_id`;
  return rows.map((row) => row.event_id);
}
