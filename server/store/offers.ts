import {
  partiesToOffer,
  seatsLeft,
  seatsTaken,
  type WaitlistCounts,
  waitlistCounts,
} from "../../core/rules/seats.ts";
import { type Query, StaleOffersError, type Tx } from "../db/database.ts";
import { sql } from "../db/sql.ts";
import { lapse } from "./holds.ts";
import { type ComposedMail, type OutboxMail, queueMails, WAITLIST_MAIL } from "./outbox.ts";

/**
 * The seats an event has given (its current RSVPs' and its open offers'), and the offers that
 * seats freed become: every write that frees seats ends with `settle`, the one place they go
 * down the line, in the write's own transaction and under the event's lock.
 */

/**
 * The offers a write makes when it frees seats: the offer mail of every waiting party that may be
 * offered them, made beforehand (mail is composed outside the transaction), with the hash of the
 * claim link's token it carries. A write that would offer seats to a party whose mail is missing
 * (one who joined meanwhile) stores nothing and answers `stale`: make the mails again and retry.
 */
export interface WaitlistOffers {
  guestLimit: number;
  /**
   * When offers made now run out (core's offerExpiry); undefined once the event takes no more
   * RSVPs: nothing is offered then, and only the offers that ran out are passed on.
   */
  expiresAt: Date | undefined;
  mails: ReadonlyMap<number, OfferMails>;
  /**
   * The mails that tell of an offer that ran out (its party's, the secretary's), by entry id. An
   * offer that ran out is passed on only with its mails: a write that brings no offers leaves it
   * to one that does (the scheduler's job always does); one that brings offers but lacks its
   * mails stores nothing and answers `stale`.
   */
  ranOut: ReadonlyMap<number, ComposedMail[]>;
  /**
   * Whether the secretary's notices of the offers that ran out say someone waits in line for the
   * seats (the server's do, while the event takes RSVPs). Checked in the write like an offer's
   * list (checkRanOut): a party that joined or left meanwhile makes the write `stale`.
   */
  nextInLine?: boolean | undefined;
}

/** The mails of one offer, the hash of the claim link's token they carry, and what they say. */
export interface OfferMails {
  tokenHash: string;
  /** Composed, or ordered (composed from the waiting-list entry when sent). */
  mails: OutboxMail[];
  /**
   * The list in figures once the write is done, as the secretary's notice of the offer tells it
   * (the server's offers always do). Mail is composed before the write, so the store checks it
   * against the list it leaves (checkListAfter): a party that joined or left meanwhile makes the
   * write `stale`.
   */
  listAfter?: WaitlistCounts | undefined;
}

/** The seats the event has given, by its id: every RSVP and seat change reads it. */
export const eventSeatsSql = (eventId: string) => sql`
  SELECT (SELECT COALESCE(MAX(seats), 0) FROM event_seats WHERE event_id = ${eventId}) AS rsvps,
         (SELECT COALESCE(SUM(attendees), 0) FROM waitlist
            WHERE event_id = ${eventId} AND state = 'offered') AS held`;

/** Seats the event has given: its current RSVPs' and its open offers'. */
export async function eventSeats(query: Query, eventId: string): Promise<number> {
  const row = await query.one<{ rsvps: number; held: number }>(eventSeatsSql(eventId));
  return seatsTaken(row ?? { rsvps: 0, held: 0 });
}

/**
 * Throws StaleOffersError, undoing the write, unless each offer made (or claim) tells the
 * secretary the list as the write leaves it: its parties waiting or offered, read in the write.
 */
export async function checkListAfter(
  tx: Tx,
  eventId: string,
  made: readonly { listAfter?: WaitlistCounts | undefined }[],
): Promise<void> {
  if (!made.some((one) => one.listAfter)) return;
  const list = await tx.all<{ state: string; attendees: number }>(sql`SELECT state, attendees
    FROM waitlist WHERE event_id = ${eventId} AND state IN ('waiting', 'offered')`);
  const after = waitlistCounts(list);
  const same = (told: WaitlistCounts | undefined) =>
    told === undefined ||
    (Object.keys(after) as (keyof WaitlistCounts)[]).every((key) => told[key] === after[key]);
  if (!made.every((offer) => same(offer.listAfter))) throw new StaleOffersError();
}

/**
 * Passes the event's offers that ran out by `now` on, each with the mails that tell of it,
 * lapses the RSVPs whose hold for a confirmation ended by then (unmailed: their visitor was told
 * of the hold's end when it began), then offers the seats free under the limit down the line
 * (core's partiesToOffer), each with its mail. Without offers it does none of it (see
 * WaitlistOffers.ranOut). Throws StaleOffersError,
 * undoing the caller's transaction, when an offer that ran out or a party to offer has no mail
 * made, or when the notices of the offers made or of those that ran out tell the list otherwise
 * than this leaves it. The caller holds the event's lock.
 */
export async function settle(
  tx: Tx,
  eventId: string,
  now: Date,
  offers: WaitlistOffers | undefined,
): Promise<{ expired: number; lapsed: number; offered: number }> {
  if (!offers) return { expired: 0, lapsed: 0, offered: 0 };
  const ranOut = await tx.all<{ id: number }>(sql`SELECT id FROM waitlist
    WHERE event_id = ${eventId} AND state = 'offered' AND offer_expires_at <= ${now}
    ORDER BY line, id`);
  for (const { id } of ranOut) {
    const mails = offers.ranOut.get(id);
    if (!mails) throw new StaleOffersError();
    await tx.run(sql`UPDATE waitlist SET state = 'expired', ended_at = ${now} WHERE id = ${id}`);
    await queueMails(tx, WAITLIST_MAIL.source, id, mails, now);
  }
  const expired = ranOut.length;
  const lapsed = await lapse(tx, eventId, now);
  const { expiresAt } = offers;
  if (!expiresAt) return { expired, lapsed, offered: 0 };
  const free = seatsLeft(await eventSeats(tx, eventId), offers.guestLimit);
  if (free === 0 && expired === 0) return { expired, lapsed, offered: 0 };
  const line = await tx.all<{ id: number; attendees: number }>(sql`SELECT id, attendees
    FROM waitlist WHERE event_id = ${eventId} AND state = 'waiting' ORDER BY line, id`);
  // The secretary's notices of the offers that ran out tell whether anyone waits in line.
  const told = offers.nextInLine;
  if (expired > 0 && told !== undefined && told !== line.length > 0) {
    throw new StaleOffersError();
  }
  const chosen = partiesToOffer(line, free).map((id) => {
    const made = offers.mails.get(id);
    if (!made) throw new StaleOffersError();
    return { id, ...made };
  });
  for (const { id, tokenHash, mails } of chosen) {
    await tx.run(sql`UPDATE waitlist SET state = 'offered', offered_at = ${now},
      offer_expires_at = ${expiresAt}, offer_token_hash = ${tokenHash} WHERE id = ${id}`);
    await queueMails(tx, WAITLIST_MAIL.source, id, mails, now);
  }
  await checkListAfter(tx, eventId, chosen);
  return { expired, lapsed, offered: chosen.length };
}
