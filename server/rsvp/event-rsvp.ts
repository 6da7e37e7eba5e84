import {
  eventStart,
  formatDayAndTime,
  formInputFromPayload,
  type HeldMeals,
  hasStarted,
  mealCountField,
  mealCountsOf,
  mealsAllowed,
  mealsClosedText,
  reservationsClosedText,
  seatsLeft,
  upcomingRsvpDeadline,
  upcomingRsvpOpen,
} from "../../core/rules/index.ts";
import {
  type Event,
  type EventRsvpForm,
  type EventRsvpPayload,
  eventRsvpFormSchema,
  type LodgeData,
} from "../../core/schemas/index.ts";
import type { EventRsvpRecord } from "../store/store.ts";
import { Refusal, validationError } from "../use-cases/refusal.ts";
import { findByRef } from "./event-ref.ts";

/** How the per-choice count fields of this event's form are named to a person. */
export function mealCountLabels(event: Event): Record<string, string> {
  return Object.fromEntries(
    event.earlyBirdOptions.choices.map((choice) => [mealCountField(choice), `Meals of ${choice}`]),
  );
}

export function eventRecord(event: Event, form: EventRsvpForm): EventRsvpRecord {
  return {
    eventId: event.id,
    firstName: form.firstName,
    lastName: form.lastName,
    masonicTitle: form.masonicTitle,
    email: form.email,
    attendees: form.numberOfAttendees,
    dinner: form.earlyBirdDinner,
    meals: form.earlyBirdDinner ? form.numberOfMeals : 0,
    mealCounts: mealCountsOf(event, form),
  };
}

/**
 * The form an RSVP was stored from (the inverse of eventRecord): what the mails about a stored
 * RSVP are composed from.
 */
export function eventRsvpForm(record: EventRsvpRecord): EventRsvpForm {
  const counts = Object.fromEntries(
    record.mealCounts.map(({ choice, count }) => [mealCountField(choice), count]),
  );
  const one = record.dinner && record.meals === 1;
  return {
    firstName: record.firstName,
    lastName: record.lastName,
    masonicTitle: record.masonicTitle,
    email: record.email,
    numberOfAttendees: record.attendees,
    earlyBirdDinner: record.dinner,
    numberOfMeals: record.dinner ? record.meals : 1,
    mealChoice: (one && record.mealCounts.find((meal) => meal.count === 1)?.choice) || "",
    ...counts,
  };
}

/** The event with this id, or the 404 that says it is not on the calendar. */
export function findEvent(data: LodgeData, id: string): Event {
  return findByRef(data.events, { id }, "event");
}

/**
 * Refuses an RSVP for an event that has started, takes none, is cancelled or full, or whose
 * deadline has passed. The decision is core's `upcomingRsvpOpen`, the rule the site shows, so
 * the two cannot disagree; the checks before it only choose the sentence. Whether the seats fit
 * is core's capacity rule, decided later in the store's transaction.
 */
export function checkOpen(event: Event, now: Date, timeZone: string): void {
  if (upcomingRsvpOpen(event, now, timeZone)) return;
  const when = `${event.name} on ${formatDayAndTime(eventStart(event.date))}`;
  if (hasStarted(event.date, now, timeZone)) {
    throw new Refusal("conflict", `${when} has already taken place.`);
  }
  if (event.cancelled) throw new Refusal("conflict", `${when} has been cancelled.`);
  if (!event.rsvpOptions) throw new Refusal("conflict", `${when} does not take reservations.`);
  if (event.full) {
    throw new Refusal("conflict", "This event is full: the secretary has closed its reservations.");
  }
  const deadline = upcomingRsvpDeadline(event);
  throw new Refusal("conflict", `${reservationsClosedText(deadline, when)}.`);
}

/**
 * Reads a payload (its schema checked) into the event and the validated form, or throws the
 * refusal. `check` runs once the event is known and before the fields are read: a closed event
 * is the news a person needs first, since no correction of a field would help.
 */
export function readEventRsvp(
  data: LodgeData,
  payload: EventRsvpPayload,
  check: (event: Event) => void = () => {},
): { event: Event; form: EventRsvpForm } {
  const event = findByRef(data.events, payload.event, "event");
  check(event);
  const input = formInputFromPayload(event, payload);
  if (!input.ok) throw new Refusal("invalid", input.message, input.field);
  const form = eventRsvpFormSchema(event).safeParse(input.value);
  if (!form.success) throw validationError(form.error, mealCountLabels(event));
  return { event, form: form.data };
}

/** The refusal for a change of an RSVP that does not fit: says how many seats are left, if any. */
export function fullError(attendees: number, taken: number, limit: number): Refusal {
  const left = seatsLeft(taken, limit);
  if (left === 0) {
    return new Refusal("conflict", `This event is full: all ${limit} seats have been reserved.`);
  }
  return new Refusal(
    "conflict",
    `This event is full for ${attendees} attendees: ${seatsAreLeft(left)}. Please reserve for ${left} or fewer.`,
    "numberOfAttendees",
  );
}

const seatsAreLeft = (left: number) => `${left === 1 ? "1 seat is" : `${left} seats are`} left`;

/**
 * The refusal for a new RSVP that does not fit: how many seats are left, and the waiting list,
 * which takes the same form (the body names its route, so the page can switch to it).
 */
export function fullRsvpError(attendees: number, taken: number, limit: number): Refusal {
  const left = seatsLeft(taken, limit);
  if (left === 0) {
    return new Refusal(
      "conflict",
      `This event is full: all ${limit} seats have been taken. Join the waiting list and you will be offered seats by e-mail if they free up.`,
      undefined,
      "joinWaitlist",
    );
  }
  return new Refusal(
    "conflict",
    `This event is full for ${attendees} attendees: ${seatsAreLeft(left)}. Reserve for ${left} or fewer, or join the waiting list for ${attendees}.`,
    "numberOfAttendees",
    "joinWaitlist",
  );
}

/**
 * Refuses dinners the meal deadline no longer allows (core's `mealsAllowed`, the rule the form
 * shows): after it an RSVP may reserve seats, and a change keep the dinners of the RSVP it changes.
 */
export function checkMeals(
  event: Event,
  record: HeldMeals,
  held: HeldMeals | undefined,
  now: Date,
  timeZone: string,
): void {
  if (mealsAllowed(event, now, timeZone, record, held)) return;
  throw new Refusal("conflict", mealsClosedText(event), "earlyBirdDinner");
}
