import { isValidMasonicTitle } from "../../core/rules/form-checks.ts";
import {
  eventStart,
  formatDayAndTime,
  formatMediumDate,
  formatShortTime,
  hasStarted,
  mealCountField,
  upcomingRsvpDeadline,
  upcomingRsvpOpen,
} from "../../core/rules/index.ts";
import {
  type Event,
  type EventRsvpForm,
  type EventRsvpPayload,
  eventRsvpFormSchema,
  eventRsvpPayloadSchema,
  type LodgeData,
} from "../../core/schemas/index.ts";
import { HttpError, validationError } from "../http/errors.ts";
import { refuseUnsafeText } from "../http/text.ts";
import type { EventRsvpRecord, MealCount } from "../store/store.ts";
import { findByRef } from "./event-ref.ts";

const ORDINALS = ["first", "second", "third", "fourth"] as const;

function choicesOf(payload: EventRsvpPayload) {
  return [
    [payload.firstChoice, payload.firstChoiceCount],
    [payload.secondChoice, payload.secondChoiceCount],
    [payload.thirdChoice, payload.thirdChoiceCount],
    [payload.fourthChoice, payload.fourthChoiceCount],
  ] as const;
}

/** How the per-choice count fields of this event's form are named to a person. */
export function mealCountLabels(event: Event): Record<string, string> {
  return Object.fromEntries(
    event.earlyBirdOptions.choices.map((choice) => [mealCountField(choice), `Meals of ${choice}`]),
  );
}

const TITLE_AT_END = /^(.*\S)\s*,\s*([^,]+)$/;

/**
 * The last name and the masonic title of a payload. Our site sends the title on its own and
 * also appends it to lastName (SPEC 3: 'Smith, PM'); a client that follows SPEC 3 to the letter
 * sends it only there. Names may not hold commas, so a valid title after the last comma is the
 * title either way.
 */
export function splitTitle(
  lastName: string,
  masonicTitle: string,
): { lastName: string; title: string } {
  const title = masonicTitle.trim();
  const match = TITLE_AT_END.exec(lastName.trim());
  if (title) {
    const suffix = `, ${title}`;
    const trimmed = lastName.trimEnd();
    return {
      lastName: trimmed.endsWith(suffix) ? trimmed.slice(0, -suffix.length) : lastName,
      title,
    };
  }
  if (match?.[1] && match[2] && isValidMasonicTitle(match[2])) {
    return { lastName: match[1], title: match[2].trim() };
  }
  return { lastName, title: "" };
}

/**
 * The form a payload was built from (the inverse of buildEventRsvpPayload), read against the
 * server's own event: the title comes off the last name, and the per-choice counts go back to
 * the event's choices by position, which must carry the event's choice names. With one meal,
 * a count left out is read from mealSelection, as a SPEC 3 form picks it by radio button; an
 * event without choices ignores the choice fields (SPEC 3 fills in 'Meat' and 'Fish').
 */
export function formInputFromPayload(event: Event, payload: EventRsvpPayload) {
  const { lastName, title } = splitTitle(payload.lastName, payload.masonicTitle);
  const dinner = payload.earlyBirdDinner === "Yes";
  const { choices } = event.earlyBirdOptions;
  const counts: Record<string, number> = {};
  let mealChoice = "";
  if (dinner && choices.length > 0) {
    choicesOf(payload).forEach(([name, count], i) => {
      const ordinal = ORDINALS[i] as string;
      const choice = choices[i];
      if (choice === undefined) {
        if (typeof count === "number" && count > 0) {
          throw new HttpError(
            400,
            `This event offers ${choices.length} meal ${choices.length === 1 ? "choice" : "choices"}, so there is no ${ordinal} choice to order.`,
            `${ordinal}ChoiceCount`,
          );
        }
        return;
      }
      if (name !== choice) {
        throw new HttpError(
          400,
          `The ${ordinal} meal choice of this event is ${JSON.stringify(choice)}, not ${JSON.stringify(name ?? "")}. Reload the page to see the current menu.`,
          `${ordinal}Choice`,
        );
      }
      if (typeof count !== "number") {
        if (payload.numberOfMeals === 1 && count === undefined) return;
        throw new HttpError(
          400,
          `Meals of ${choice}: expected a number of meals, found ${JSON.stringify(count ?? null)}.`,
          `${ordinal}ChoiceCount`,
        );
      }
      counts[mealCountField(choice)] = count;
      if (payload.numberOfMeals === 1 && count === 1) mealChoice = choice;
    });
    if (payload.numberOfMeals === 1 && mealChoice === "") mealChoice = payload.mealSelection;
  }
  return {
    firstName: payload.firstName,
    lastName,
    masonicTitle: title,
    email: payload.email,
    numberOfAttendees: payload.numberOfAttendees,
    earlyBirdDinner: dinner,
    numberOfMeals: dinner ? payload.numberOfMeals : 1,
    mealChoice,
    ...counts,
  };
}

/** Meals per choice of a validated form: empty without dinner or without choices. */
export function mealCountsOf(event: Event, form: EventRsvpForm): MealCount[] {
  const { choices } = event.earlyBirdOptions;
  if (!form.earlyBirdDinner) return [];
  return choices.map((choice) => ({
    choice,
    count:
      form.numberOfMeals === 1
        ? choice === form.mealChoice
          ? 1
          : 0
        : (form[mealCountField(choice)] ?? 0),
  }));
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
    throw new HttpError(409, `${when} has already taken place.`);
  }
  if (event.cancelled) throw new HttpError(409, `${when} has been cancelled.`);
  if (!event.rsvpOptions) throw new HttpError(409, `${when} does not take reservations.`);
  if (event.full) {
    throw new HttpError(409, "This event is full: the secretary has closed its reservations.");
  }
  const deadline = upcomingRsvpDeadline(event);
  throw new HttpError(
    409,
    `Reservations for ${when} closed on ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}.`,
  );
}

/**
 * Parses a request body into the event and the validated form, or throws the refusal. `check`
 * runs once the event is known and before the fields are read: a closed event is the news a
 * person needs first, since no correction of a field would help.
 */
export function readEventRsvp(
  data: LodgeData,
  body: unknown,
  check: (event: Event) => void = () => {},
): { event: Event; form: EventRsvpForm; payload: EventRsvpPayload } {
  refuseUnsafeText(body);
  const parsed = eventRsvpPayloadSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const payload = parsed.data;
  const event = findByRef(data.events, payload.event, "event");
  check(event);
  const form = eventRsvpFormSchema(event).safeParse(formInputFromPayload(event, payload));
  if (!form.success) throw validationError(form.error, mealCountLabels(event));
  return { event, form: form.data, payload };
}

/** The refusal for an RSVP that does not fit: says how many seats are left, if any. */
export function fullError(attendees: number, taken: number, limit: number): HttpError {
  const left = Math.max(0, limit - taken);
  if (left === 0) {
    return new HttpError(409, `This event is full: all ${limit} seats have been reserved.`);
  }
  return new HttpError(
    409,
    `This event is full for ${attendees} attendees: ${left === 1 ? "1 seat is" : `${left} seats are`} left. Please reserve for ${left} or fewer.`,
    "numberOfAttendees",
  );
}

/**
 * The refusal for an RSVP that would pass the seats one address may hold for an event: says how
 * many are left, and who can help when a whole hall reserves on one connection.
 */
export function clientFullError(taken: number, limit: number): HttpError {
  const left = Math.max(0, limit - taken);
  const intro = `At most ${limit} seats of this event can be reserved from one network address`;
  if (left === 0) {
    return new HttpError(
      409,
      `${intro}, and all of them are. If more of you are coming, write to the secretary through the contact form.`,
    );
  }
  return new HttpError(
    409,
    `${intro}, and ${taken} already are. Please reserve for ${left} or fewer, or write to the secretary through the contact form.`,
    "numberOfAttendees",
  );
}
