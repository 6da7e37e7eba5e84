import {
  closesText,
  eventStart,
  formatFullDate,
  formatMediumDate,
  formatShortTime,
  hasStarted,
  isBefore,
  manageLinkExpiry,
  maxPerRsvp,
  mealCountsOf,
  upcomingRsvpDeadline,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type { ManagedRsvp, ManagedRsvpState } from "../../core/schemas/api.ts";
import { type Event, eventRsvpFormSchema, type LodgeData } from "../../core/schemas/index.ts";
import { HttpError, validationError } from "../http/errors.ts";
import type { EventRsvpChange, ManagedEventRsvp, Store } from "../store/store.ts";
import { mealCountLabels } from "./event-rsvp.ts";
import { readRsvpToken } from "./manage-link.ts";

/**
 * What a manage link opens: the RSVP it names, its event, and whether it may still be changed.
 * The rules are a new RSVP's: before the event's deadline, an event not cancelled; seats and
 * meals as the event's form takes them. The link itself works until a day after the event ends.
 */

/** The refusal of a link that is not one of ours, or names no RSVP. */
const UNKNOWN_LINK = new HttpError(
  404,
  "This link does not open a reservation: it may have been cut short. Open it again from your confirmation mail, whole, or write to the secretary through the contact form.",
);

export interface OpenedRsvp extends Omit<ManagedEventRsvp, "state"> {
  event: Event;
  /** Where it stands for its visitor. */
  state: ManagedRsvpState;
}

/** The moment's state of a current RSVP: open to changes until the deadline, closed after. */
function stateOf(found: ManagedEventRsvp, event: Event, now: Date, timeZone: string) {
  if (found.state !== "current") return found.state;
  const beforeDeadline = isBefore(wallTimeIn(now, timeZone), upcomingRsvpDeadline(event));
  return beforeDeadline && !event.cancelled && !hasStarted(event.date, now, timeZone)
    ? "open"
    : "closed";
}

/** The RSVP a manage link's token names, or the refusal a person can act on. */
export async function openManagedRsvp(
  store: Store,
  data: LodgeData,
  secret: string,
  token: string,
  now: Date,
): Promise<OpenedRsvp> {
  const read = readRsvpToken(secret, "manage", token);
  if (read?.kind !== "event") throw UNKNOWN_LINK;
  const found = await store.findEventRsvpByToken(read.hash);
  if (!found) throw UNKNOWN_LINK;
  const { timeZone } = data.lodge;
  const event = data.events.find((candidate) => candidate.id === found.rsvp.record.eventId);
  if (!event || now.getTime() >= manageLinkExpiry(event, timeZone).getTime()) {
    const name = event
      ? `${event.name} on ${formatMediumDate(eventStart(event.date))}`
      : "its event";
    throw new HttpError(
      410,
      `This link has expired: it worked until a day after ${name}. To ask about the reservation, write to the secretary through the contact form.`,
    );
  }
  return { ...found, event, state: stateOf(found, event, now, timeZone) };
}

/** The sentence above the manage page's form. */
function stateMessage(opened: OpenedRsvp, secretary: string): string {
  const { event } = opened;
  const deadline = upcomingRsvpDeadline(event);
  switch (opened.state) {
    case "open":
      return `You can change or cancel this reservation until ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}.`;
    case "cancelled":
      return "This reservation is cancelled. To come after all, reserve again from the Upcoming Events page while reservations are open.";
    case "replaced":
      return "A newer reservation with the same e-mail address took this one's place: use the link in the mail that confirmed it.";
    case "closed":
      return event.cancelled
        ? `${event.name} has been cancelled.`
        : `Reservations closed on ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}, so this one can no longer be changed here. To change or cancel it, write to the secretary at ${secretary}.`;
  }
}

/** The RSVP as the manage page shows it. */
export function managedView(opened: OpenedRsvp, secretary: string): ManagedRsvp {
  const { event, rsvp } = opened;
  const { record } = rsvp;
  const start = eventStart(event.date);
  return {
    state: opened.state,
    message: stateMessage(opened, secretary),
    event: {
      id: event.id,
      name: event.name,
      when: `${formatFullDate(start)} at ${formatShortTime(start)}`,
      location: event.location,
      closes: closesText(event),
      maxPerRsvp: maxPerRsvp(event),
      dinner: event.earlyBirdOptions.cost.kind !== "none",
      choices: event.earlyBirdOptions.choices,
    },
    firstName: record.firstName,
    lastName: record.lastName,
    email: record.email,
    attendees: record.attendees,
    dinner: record.dinner,
    meals: record.meals,
    mealCounts: record.mealCounts,
    secretary,
  };
}

/** Refuses a change or cancellation of an RSVP that is not open to them, saying why. */
export function checkChangeable(opened: OpenedRsvp, secretary: string): void {
  if (opened.state !== "open") throw new HttpError(409, stateMessage(opened, secretary));
}

/**
 * The visitor's change as the event's own RSVP form takes it: the names and address stay the
 * RSVP's, the counts are checked by the same schema a new RSVP is.
 */
export function readChange(opened: OpenedRsvp, body: Record<string, unknown>): EventRsvpChange {
  const { event, rsvp } = opened;
  const { token: _token, ...fields } = body;
  const parsed = eventRsvpFormSchema(event).safeParse({
    ...fields,
    firstName: rsvp.record.firstName,
    lastName: rsvp.record.lastName,
    masonicTitle: rsvp.record.masonicTitle,
    email: rsvp.record.email,
  });
  if (!parsed.success) throw validationError(parsed.error, mealCountLabels(event));
  const form = parsed.data;
  if (event.full && form.numberOfAttendees > rsvp.record.attendees) {
    throw new HttpError(
      409,
      `The secretary has closed ${event.name} to new seats: you can reserve for ${rsvp.record.attendees} or fewer.`,
      "numberOfAttendees",
    );
  }
  return {
    attendees: form.numberOfAttendees,
    dinner: form.earlyBirdDinner,
    meals: form.earlyBirdDinner ? form.numberOfMeals : 0,
    mealCounts: mealCountsOf(event, form),
  };
}
