import { lookup, type Query, type Tx, write } from "../db/database.ts";
import { list, sql } from "../db/sql.ts";
import { type OutboxMail, queueMails, withFound } from "./outbox.ts";
import { moment } from "./rows.ts";
import type { EventRsvpSubmission } from "./rsvps.ts";

/**
 * RSVPs awaiting their visitor's confirmation (an RSVP past the seats its network address may
 * hold keeps them until unconfirmed_until, counted against the guest limit), and the link mailed
 * again to an address that sends a second RSVP. Each runs in the caller's transaction, under
 * the event's lock.
 */

/** What became of a confirmation of an RSVP awaiting one. */
export type ConfirmOutcome =
  | { kind: "confirmed" }
  /** Confirmed before (a second click, a retried request): nothing more was done. */
  | { kind: "confirmed-before" }
  /** Its hold ended (at `at`) before this confirmation: its seats went, or are going, back. */
  | { kind: "lapsed"; at: Date }
  /** No current RSVP has this id (cancelled meanwhile). */
  | { kind: "not-found" };

/** An address's current RSVP for an event, as a second RSVP of the address finds it. */
export interface CurrentRsvp {
  id: number;
  /** When its hold ends, while it awaits confirmation. */
  unconfirmed_until: unknown;
}

export function currentRsvp(query: Query, eventId: string, email: string) {
  return query.one<CurrentRsvp>(sql`SELECT id, unconfirmed_until FROM event_rsvps
    WHERE event_id = ${eventId} AND email = ${email} AND state = 'current'
    ORDER BY id DESC LIMIT 1`);
}

/** When a current RSVP's hold ends, while it awaits confirmation. */
export const confirmByOf = (current: CurrentRsvp) =>
  current.unconfirmed_until === null ? undefined : moment(current.unconfirmed_until);

/**
 * Mails the link of the address's current RSVP again (see EventRsvpSubmission.linkAgain), with
 * its new token's hash, unless a mail of the kind went to it within the hour; whether it did.
 */
export async function mailLinkAgain(
  tx: Tx,
  current: CurrentRsvp,
  again: NonNullable<EventRsvpSubmission["linkAgain"]>,
  at: Date,
): Promise<boolean> {
  const kinds = [...new Set(again.mails.map((mail) => mail.kind))];
  const since = new Date(at.getTime() - again.withinMs);
  const recent = await tx.one(sql`SELECT 1 AS found FROM outbox
    WHERE source = 'event_rsvps' AND source_id = ${current.id} AND kind IN (${list(kinds)})
    AND created_at > ${since} LIMIT 1`);
  if (recent) return false;
  const until = confirmByOf(current);
  const found = until ? { confirmBy: until.toISOString() } : {};
  await Promise.all([
    tx.run(sql`UPDATE event_rsvps SET resent_token_hash = ${again.tokenHash}
      WHERE id = ${current.id}`),
    queueMails(tx, "event_rsvps", current.id, withFound(again.mails, found), at),
  ]);
  return true;
}

/** The seats the confirmed RSVPs from the address `clientKey` hold at the event. */
export async function confirmedClientSeats(query: Query, eventId: string, clientKey: string) {
  const row = await query.one<{ n: number }>(sql`SELECT COALESCE(SUM(attendees), 0) AS n
    FROM event_rsvps WHERE event_id = ${eventId} AND client_key = ${clientKey}
    AND state = 'current' AND unconfirmed_until IS NULL`);
  return row?.n ?? 0;
}

/** The holds that ended by `now`. */
const ended = (now: Date) =>
  sql`state = 'current' AND unconfirmed_until IS NOT NULL AND unconfirmed_until <= ${now}`;

/** Lapses the event's holds that ended by `now` (their seats go back); how many. */
export function lapse(tx: Tx, eventId: string, now: Date): Promise<number> {
  return tx.run(sql`UPDATE event_rsvps SET state = 'cancelled', ended_at = ${now}
    WHERE event_id = ${eventId} AND ${ended(now)}`);
}

/** The events with a hold that ended by `now`. */
export async function endedHolds(query: Query, now: Date): Promise<string[]> {
  const rows = await query.all<{ event_id: string }>(
    sql`SELECT DISTINCT event_id FROM event_rsvps WHERE ${ended(now)} ORDER BY event_id`,
  );
  return rows.map((row) => row.event_id);
}

export const holdOperations = {
  /**
   * Makes an RSVP awaiting confirmation an RSVP like any other, its hold still running at `now`,
   * and queues `mails` with it (the confirmation and the secretary's notice, the seats its
   * address holds written into their orders, as a new RSVP's are).
   */
  confirmEventRsvp: write(
    async (
      tx,
      { id, now, mails }: { id: number; now: Date; mails: OutboxMail[] },
    ): Promise<ConfirmOutcome> => {
      const found = await tx.one<{ event_id: string }>(
        sql`SELECT event_id FROM event_rsvps WHERE id = ${id}`,
      );
      if (!found) return { kind: "not-found" };
      const [, row] = await Promise.all([
        tx.lock("event", [found.event_id]),
        tx.one(sql`SELECT client_key, state, unconfirmed_until FROM event_rsvps WHERE id = ${id}`),
      ]);
      const held = row?.unconfirmed_until ?? null;
      if (!row || (row.state !== "current" && !(row.state === "cancelled" && held !== null))) {
        return { kind: "not-found" };
      }
      if (held === null) return { kind: "confirmed-before" };
      const until = moment(held);
      if (row.state !== "current" || until.getTime() <= now.getTime()) {
        return { kind: "lapsed", at: until };
      }
      await tx.run(sql`UPDATE event_rsvps SET unconfirmed_until = NULL WHERE id = ${id}`);
      const clientSeats = await confirmedClientSeats(tx, found.event_id, String(row.client_key));
      await queueMails(tx, "event_rsvps", id, withFound(mails, { clientSeats }), now);
      return { kind: "confirmed" };
    },
  ),
  /**
   * Seats held by the event's RSVPs awaiting confirmation whose hold has ended by `now`: the next
   * write that settles its waiting list with offers lapses them and offers their seats.
   */
  lapsingSeats: lookup(async (query, { eventId, now }: { eventId: string; now: Date }) => {
    const row = await query.one<{ n: number }>(sql`SELECT COALESCE(SUM(attendees), 0) AS n
      FROM event_rsvps WHERE event_id = ${eventId} AND ${ended(now)}`);
    return row?.n ?? 0;
  }),
};
