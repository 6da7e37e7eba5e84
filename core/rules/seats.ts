import { CONFIRM_HOLD_MS, OFFER_HOLD_MS } from "../constants.ts";

/**
 * The one rule of an event's capacity: whether seats fit under a limit. The upcoming-events page
 * greys its RSVP button with it, and every store decides with it inside its write transaction,
 * from the counts it reads there, so the page and the server cannot disagree. Seats offered to
 * the waiting list are taken while the offer is open: never more attendees than the limit, also
 * when every open offer is claimed.
 */

/** The seats an event has given: those its RSVPs hold and those held by open offers. */
export function seatsTaken(counts: { rsvps: number; held: number }): number {
  return counts.rsvps + counts.held;
}

/** Whether `attendees` more seats fit under `limit` while `taken` are taken. */
export function seatsFit(taken: number, attendees: number, limit: number): boolean {
  return taken + attendees <= limit;
}

/** How many more seats fit under `limit` while `taken` are taken: none once it is passed. */
export function seatsLeft(taken: number, limit: number): number {
  return Math.max(0, limit - taken);
}

/** True when not one more seat fits: the RSVP button looks disabled (SPEC 2: 70 or more). */
export function isAtGuestLimit(attendeeCount: number, guestLimit: number): boolean {
  return !seatsFit(attendeeCount, 1, guestLimit);
}

/** What an event takes: its guest limit, and the seats one network address may hold. */
export interface SeatLimits {
  guestLimit: number;
  seatsPerClient: number;
}

/** The counts a store reads, in its transaction, before it stores an RSVP. */
export interface SeatCounts {
  /** Seats the event has given (its RSVPs', confirmed or not, and its open offers'). */
  event: number;
  /**
   * Seats the confirmed RSVPs sent from the new RSVP's network address hold: an RSVP confirmed
   * by mail counts here too, one awaiting confirmation not yet.
   */
  client: number;
}

export type SeatDecision =
  | { kind: "fits" }
  /** The guest limit would be passed; `taken` seats are held by the other RSVPs. */
  | { kind: "full"; taken: number; limit: number }
  /**
   * The seats its address may hold without more ado would be passed (`taken` of `limit` are):
   * a hall on one connection, or one person inventing addresses. The RSVP holds its seats for
   * a while and counts once its visitor confirms it from the mail (confirmBy).
   */
  | { kind: "confirm"; taken: number; limit: number };

/** Whether a visitor's RSVP of `attendees` seats may be stored, given what the store counted. */
export function decideRsvpSeats(
  attendees: number,
  counts: SeatCounts,
  limits: SeatLimits,
): SeatDecision {
  if (!seatsFit(counts.event, attendees, limits.guestLimit)) {
    return { kind: "full", taken: counts.event, limit: limits.guestLimit };
  }
  if (!seatsFit(counts.client, attendees, limits.seatsPerClient)) {
    return { kind: "confirm", taken: counts.client, limit: limits.seatsPerClient };
  }
  return { kind: "fits" };
}

/**
 * Until when an RSVP past its address's seats holds them for its visitor to confirm (made at
 * `now`): CONFIRM_HOLD_MS, or the RSVP deadline when that comes first, as an offer's hold
 * (offerExpiry): a confirmation is the RSVP, and comes in time.
 */
export function confirmBy(now: Date, deadline: Date): Date {
  return offerExpiry(now, deadline, CONFIRM_HOLD_MS);
}

/**
 * Whether the secretary may change an RSVP from `before` to `attendees` seats while the event's
 * RSVPs hold `eventSeats` (its own included): fewer seats always, more while they fit.
 */
export function decideSeatChange(
  before: number,
  attendees: number,
  eventSeats: number,
  guestLimit: number,
): Exclude<SeatDecision, { kind: "confirm" }> {
  const taken = eventSeats - before;
  if (attendees > before && !seatsFit(taken, attendees, guestLimit)) {
    return { kind: "full", taken, limit: guestLimit };
  }
  return { kind: "fits" };
}

/** A party in the waiting list, in line order. */
export interface WaitingParty {
  id: number;
  attendees: number;
}

/** A waiting list in figures: parties in line, open offers, and the seats of each. */
export interface WaitlistCounts {
  waiting: number;
  waitingSeats: number;
  offers: number;
  offeredSeats: number;
}

/** The figures of a waiting list, from its parties' states ('waiting', 'offered'; others are off it). */
export function waitlistCounts(
  parties: readonly { state: string; attendees: number }[],
): WaitlistCounts {
  const of = (state: string) =>
    parties.filter((party) => party.state === state).map((party) => party.attendees);
  const sum = (seats: number[]) => seats.reduce((a, b) => a + b, 0);
  const waiting = of("waiting");
  const offered = of("offered");
  return {
    waiting: waiting.length,
    waitingSeats: sum(waiting),
    offers: offered.length,
    offeredSeats: sum(offered),
  };
}

/**
 * Who is offered seats when `free` seats are free: down the line in order, each party whose
 * attendees fit in what is still free; a party that does not fit keeps its place for the next
 * seats that free up, and the parties behind it may be offered meanwhile.
 */
export function partiesToOffer(line: readonly WaitingParty[], free: number): number[] {
  const offered: number[] = [];
  let left = free;
  for (const party of line) {
    if (party.attendees <= left) {
      offered.push(party.id);
      left -= party.attendees;
    }
  }
  return offered;
}

/**
 * When an offer made at `now` runs out: after OFFER_HOLD_MS, or at the RSVP deadline when that
 * comes first (an offer claimed after the deadline would be an RSVP after the deadline).
 */
export function offerExpiry(now: Date, deadline: Date, holdMs = OFFER_HOLD_MS): Date {
  return new Date(Math.min(now.getTime() + holdMs, deadline.getTime()));
}

/** Whether an offer that runs out at `expiresAt` may still be claimed at `now`. */
export function offerOpen(expiresAt: Date, now: Date): boolean {
  return now.getTime() < expiresAt.getTime();
}
