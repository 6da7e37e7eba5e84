import type { DatabaseSync } from "node:sqlite";
import { queueMails, statement } from "./sqlite-outbox.ts";
import {
  type ConfirmOutcome,
  type EventRsvpSubmission,
  type OutboxMail,
  withFound,
} from "./store.ts";

/**
 * The SQLite store's RSVPs awaiting their visitor's confirmation (an RSVP past the seats its
 * network address may hold), and the link mailed again to an address that sends a second RSVP.
 * Each function runs in the caller's write transaction; postgres-holds.ts is the same for
 * PostgreSQL.
 */

/** An address's current RSVP for an event, as a second RSVP of the address finds it. */
export interface CurrentRsvp {
  id: number;
  /** When its hold ends, while it awaits confirmation (ISO text). */
  unconfirmed_until: string | null;
}

export function currentRsvp(
  db: DatabaseSync,
  eventId: string,
  email: string,
): CurrentRsvp | undefined {
  return statement(
    db,
    "SELECT id, unconfirmed_until FROM event_rsvps WHERE event_id = ? AND email = ? AND state = 'current' ORDER BY id DESC LIMIT 1",
  ).get(eventId, email) as CurrentRsvp | undefined;
}

/**
 * Mails the link of the address's current RSVP again (see EventRsvpSubmission.linkAgain), with
 * its new token's hash, unless a mail of the kind went to it within the hour; whether it did.
 */
export function mailLinkAgain(
  db: DatabaseSync,
  current: CurrentRsvp,
  again: NonNullable<EventRsvpSubmission["linkAgain"]>,
  at: Date,
): boolean {
  const kinds = [...new Set(again.mails.map((mail) => mail.kind))];
  const since = new Date(at.getTime() - again.withinMs).toISOString();
  const recent = statement(
    db,
    `SELECT 1 AS found FROM outbox WHERE source = 'event_rsvps' AND source_id = ?
       AND kind IN (${kinds.map(() => "?").join(", ")}) AND created_at > ? LIMIT 1`,
  ).get(current.id, ...kinds, since);
  if (recent) return false;
  statement(db, "UPDATE event_rsvps SET resent_token_hash = ? WHERE id = ?").run(
    again.tokenHash,
    current.id,
  );
  const found = current.unconfirmed_until ? { confirmBy: current.unconfirmed_until } : {};
  queueMails(db, "event_rsvps", current.id, withFound(again.mails, found), at);
  return true;
}

/** The seats the confirmed RSVPs from the address `clientKey` hold at the event. */
export function confirmedClientSeats(db: DatabaseSync, eventId: string, clientKey: string): number {
  const row = statement(
    db,
    "SELECT COALESCE(SUM(attendees), 0) AS n FROM event_rsvps WHERE event_id = ? AND client_key = ? AND state = 'current' AND unconfirmed_until IS NULL",
  ).get(eventId, clientKey) as { n: number };
  return row.n;
}

export function confirm(
  db: DatabaseSync,
  id: number,
  now: Date,
  mails: readonly OutboxMail[],
): ConfirmOutcome {
  const row = statement(
    db,
    "SELECT event_id, client_key, state, unconfirmed_until FROM event_rsvps WHERE id = ?",
  ).get(id) as
    | { event_id: string; client_key: string; state: string; unconfirmed_until: string | null }
    | undefined;
  if (!row || (row.state !== "current" && !(row.state === "cancelled" && row.unconfirmed_until))) {
    return { kind: "not-found" };
  }
  if (row.unconfirmed_until === null) return { kind: "confirmed-before" };
  const until = new Date(row.unconfirmed_until);
  if (row.state !== "current" || until.getTime() <= now.getTime()) {
    return { kind: "lapsed", at: until };
  }
  statement(db, "UPDATE event_rsvps SET unconfirmed_until = NULL WHERE id = ?").run(id);
  const clientSeats = confirmedClientSeats(db, row.event_id, row.client_key);
  queueMails(db, "event_rsvps", id, withFound(mails, { clientSeats }), now);
  return { kind: "confirmed" };
}

const ENDED = "state = 'current' AND unconfirmed_until IS NOT NULL AND unconfirmed_until <= ?";

/** Seats of the event's holds that ended by `now`. */
export function lapsingSeats(db: DatabaseSync, eventId: string, now: Date): number {
  const row = statement(
    db,
    `SELECT COALESCE(SUM(attendees), 0) AS n FROM event_rsvps WHERE event_id = ? AND ${ENDED}`,
  ).get(eventId, now.toISOString()) as { n: number };
  return row.n;
}

/** Lapses the event's holds that ended by `now` (their seats go back); how many. */
export function lapse(db: DatabaseSync, eventId: string, now: Date): number {
  const at = now.toISOString();
  const { changes } = statement(
    db,
    `UPDATE event_rsvps SET state = 'cancelled', ended_at = ? WHERE event_id = ? AND ${ENDED}`,
  ).run(at, eventId, at);
  return Number(changes);
}

/** The events with a hold that ended by `now`. */
export function endedHolds(db: DatabaseSync, now: Date): string[] {
  const rows = statement(
    db,
    `SELECT DISTINCT event_id FROM event_rsvps WHERE ${ENDED} ORDER BY event_id`,
  ).all(now.toISOString()) as { event_id: string }[];
  return rows.map((row) => row.event_id);
}
