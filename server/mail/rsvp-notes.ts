/**
 * What the secretary's notice of an RSVP says beyond its fields: how it came from the waiting
 * list, what the list holds now, and an RSVP that takes much of the event's seats, with the
 * command that lists and cancels them.
 */
import { eventRsvpsCommand } from "../../core/messages.ts";
import type { WaitlistCounts } from "../../core/rules/seats.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { EventRsvpFound } from "../store/store.ts";

/**
 * What the secretary should know about an RSVP beyond its fields. What the RSVP's write counts
 * (EventRsvpFound: the seats its address holds) the store writes into the order; a claimed
 * offer's order has none.
 */
export interface RsvpCircumstances extends Partial<EventRsvpFound> {
  guestLimit: number;
  /** The visitor's personal link to change or cancel the RSVP (server/rsvp/manage-link.ts). */
  manageUrl?: string | undefined;
  /** How the RSVP came from the event's waiting list, if it did. */
  waitlist?: FromWaitlist | undefined;
  /**
   * The seats one network address may hold, when the RSVP passed them and its visitor confirmed
   * it from the mail (a hall on one connection, or one person with invented addresses).
   */
  confirmedPast?: number | undefined;
}

/**
 * An RSVP that took its party off the waiting list: an offer claimed, or the form sent by a party
 * on the list (it takes the place of their entry, and of the seats their offer held). Counts
 * only: the order it travels in holds no names.
 */
export interface FromWaitlist {
  via: "claim" | "form";
  /** Seats the party's offer held, when it had one. */
  offered?: number | undefined;
  /** The list once the party left it (after a claim: a claim offers nothing). */
  after?: WaitlistCounts | undefined;
}

/** '2 parties waiting (5 attendees), 1 offer open (2 attendees)', or that the list is empty. */
export function waitlistCountsText(counts: WaitlistCounts): string {
  const parts = [
    counts.waiting > 0 &&
      `${counts.waiting} ${counts.waiting === 1 ? "party" : "parties"} waiting (${people(counts.waitingSeats)})`,
    counts.offers > 0 &&
      `${counts.offers} ${counts.offers === 1 ? "offer" : "offers"} open (${people(counts.offeredSeats)})`,
  ].filter(Boolean);
  return parts.length > 0
    ? `the waiting list now has ${parts.join(" and ")}.`
    : "the waiting list is empty now.";
}

function fromWaitlistNote({ via, offered }: FromWaitlist): string {
  if (via === "claim")
    return "this RSVP comes from the waiting list: they claimed the seats offered to them.";
  return offered !== undefined
    ? `this RSVP was sent with the form by a party on the waiting list who held an offer of ${people(offered)}: it takes the offer's place, and seats it leaves go to the next in line.`
    : "this RSVP was sent with the form by a party on the waiting list, while seats were free: it takes their place in line.";
}

/** '1 attendee', '3 attendees'. */
export const people = (n: number) => `${n} ${n === 1 ? "attendee" : "attendees"}`;

/**
 * The notes at the top of the secretary's notice: an RSVP confirmed from the mail, and an RSVP
 * that takes more than a quarter of the event's seats, alone or with the others from the same
 * address (a hoarder with invented names, or a lodge hall's shared connection: the secretary can
 * tell).
 */
export function rsvpNotes(
  event: Event,
  attendees: number,
  circumstances: RsvpCircumstances,
): { text: string }[] {
  const { confirmedPast, clientSeats, guestLimit } = circumstances;
  const notes: { text: string }[] = [];
  if (circumstances.waitlist) {
    notes.push({ text: fromWaitlistNote(circumstances.waitlist) });
    const { after } = circumstances.waitlist;
    if (after) notes.push({ text: waitlistCountsText(after) });
  }
  if (confirmedPast !== undefined) {
    notes.push({
      text: `this RSVP came from a network address whose RSVPs held ${confirmedPast} or more of the event's seats (the most one address may hold without more ado), so its visitor confirmed it from the mail.`,
    });
  }
  const quarter = guestLimit / 4;
  const cancel = `${eventRsvpsCommand(event.id)} lists them with their ids, and lodge rsvps cancel ID cancels one.`;
  if (attendees > quarter) {
    notes.push({
      text: `this RSVP takes ${attendees} of the event's ${guestLimit} seats, more than a quarter. If it looks wrong, ${cancel}`,
    });
  } else if (clientSeats !== undefined && clientSeats > quarter) {
    notes.push({
      text: `with this RSVP, ${clientSeats} of the event's ${guestLimit} seats were reserved from the same network address, more than a quarter. If that looks wrong, ${cancel}`,
    });
  }
  return notes;
}
