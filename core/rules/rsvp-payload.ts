import { CONTACT_SUBJECT } from "../messages.ts";
import type { Event } from "../schemas/event.ts";
import type { ContactForm, EventRsvpForm, SocialRsvpForm } from "../schemas/forms.ts";
import type { ContactPayload, EventRsvpPayload, SocialRsvpPayload } from "../schemas/payloads.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import { checkTitle } from "./form-checks.ts";
import { formatCostPerMeal, mealCountField, mealCountsText, NOTHING } from "./meals.ts";
import { eventStart, formatDay, formatEventDateTime } from "./time.ts";

/** Names a payload gives the first choices when the event names none (SPEC 3). */
const DEFAULT_CHOICES = ["Meat", "Fish", "Fish", "Fish"] as const;
/** Meals of one of the event's choices. */
export interface MealCount {
  choice: string;
  count: number;
}

/**
 * How many meals of each of the event's choices a form orders: one of the chosen meal when one
 * is ordered; empty without dinner or without choices.
 */
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

/**
 * What the mail says was ordered: '-' without dinner; the choice for one meal; '2 Roast Beef,
 * 1 Salmon' for several. An event with a dinner but no choices gets '1 dinner' or '3 dinners',
 * so the secretary still reads how many meals to order.
 */
function mealSelection(form: EventRsvpForm, counts: MealCount[]): string {
  if (!form.earlyBirdDinner) return NOTHING;
  if (counts.length === 0) {
    return `${form.numberOfMeals} ${form.numberOfMeals === 1 ? "dinner" : "dinners"}`;
  }
  if (form.numberOfMeals === 1) return form.mealChoice;
  return mealCountsText(counts);
}

/** The payload's fields of the choices (SPEC 3 handles at most four), in the event's order. */
const CHOICE_FIELDS = [
  ["firstChoice", "firstChoiceCount"],
  ["secondChoice", "secondChoiceCount"],
  ["thirdChoice", "thirdChoiceCount"],
  ["fourthChoice", "fourthChoiceCount"],
] as const;

type ChoiceFields = Pick<
  EventRsvpPayload,
  (typeof CHOICE_FIELDS)[number][0] | (typeof CHOICE_FIELDS)[number][1]
>;

/**
 * The choices and their counts: the first two always (named 'Meat' and 'Fish' when the event
 * names none), the third and fourth when the event has them; '-' counts when no meals are chosen.
 */
function choiceFields(event: Event, counts: MealCount[]): ChoiceFields {
  const { choices } = event.earlyBirdOptions;
  const fields: Record<string, string | number> = {};
  CHOICE_FIELDS.forEach(([name, count], i) => {
    if (i >= 2 && i >= choices.length) return;
    fields[name] = choices[i] ?? DEFAULT_CHOICES[i] ?? "Fish";
    fields[count] = counts.length > 0 ? (counts[i]?.count ?? 0) : NOTHING;
  });
  return fields as ChoiceFields;
}

/** The event RSVP request (SPEC 3) built from a validated form. */
export function buildEventRsvpPayload(event: Event, form: EventRsvpForm): EventRsvpPayload {
  const date = formatEventDateTime(eventStart(event.date));
  const title = form.masonicTitle.trim();
  const dinner = form.earlyBirdDinner;
  const counts = mealCountsOf(event, form);
  return {
    firstName: form.firstName,
    lastName: title ? `${form.lastName}, ${title}` : form.lastName,
    masonicTitle: title,
    email: form.email,
    date,
    subject: `RSVP for ${event.name} on ${date}`,
    event,
    numberOfAttendees: form.numberOfAttendees,
    earlyBirdDinner: dinner ? "Yes" : "No",
    earlyBirdTime: event.earlyBirdOptions.time.replace(/[()\s]/g, ""),
    numberOfMeals: dinner ? form.numberOfMeals : 0,
    costPerMeal: dinner ? formatCostPerMeal(event.earlyBirdOptions.cost) : NOTHING,
    mealSelection: mealSelection(form, counts),
    ...choiceFields(event, counts),
  };
}

const TITLE_AT_END = /^(.*\S)\s*,\s*([^,]+)$/;

/**
 * The last name and the masonic title of a payload. Our site sends the title on its own (empty
 * without one) and also appends it to lastName (SPEC 3: 'Smith, PM'), so only that suffix comes
 * off: a last name may hold a comma of its own ('Smith, Jr.'). A client that follows SPEC 3 to
 * the letter sends the title only there, after the old site's names, which held no comma: what
 * follows the last comma is its title.
 */
export function splitTitle(
  lastName: string,
  masonicTitle: string | undefined,
): { lastName: string; title: string } {
  if (masonicTitle !== undefined) {
    const title = masonicTitle.trim();
    const suffix = `, ${title}`;
    const trimmed = lastName.trimEnd();
    return {
      lastName: title && trimmed.endsWith(suffix) ? trimmed.slice(0, -suffix.length) : lastName,
      title,
    };
  }
  const match = TITLE_AT_END.exec(lastName.trim());
  if (match?.[1] && match[2] && !checkTitle(match[2].trim())) {
    return { lastName: match[1], title: match[2].trim() };
  }
  return { lastName, title: "" };
}

/** A payload that cannot be the form of its event: what is wrong, and the field that is. */
export interface PayloadProblem {
  message: string;
  field: string;
}

/**
 * The form a payload was built from (the inverse of buildEventRsvpPayload), read against the
 * event the server knows: the title comes off the last name, and the per-choice counts go back
 * to the event's choices by position, which must carry the event's choice names. With one meal,
 * a count left out is read from mealSelection, as a SPEC 3 form picks it by radio button; an
 * event without choices ignores the choice fields (SPEC 3 fills in 'Meat' and 'Fish'). The
 * form's own rules (eventRsvpFormSchema) are still to check what it returns.
 */
export function formInputFromPayload(
  event: Event,
  payload: EventRsvpPayload,
): { ok: true; value: EventRsvpForm } | ({ ok: false } & PayloadProblem) {
  const { lastName, title } = splitTitle(payload.lastName, payload.masonicTitle);
  const dinner = payload.earlyBirdDinner === "Yes";
  const { choices } = event.earlyBirdOptions;
  const counts: Record<string, number> = {};
  let mealChoice = "";
  if (dinner && choices.length > 0) {
    for (const [i, [nameField, countField]] of CHOICE_FIELDS.entries()) {
      const ordinal = nameField.slice(0, -"Choice".length);
      const name = payload[nameField];
      const count = payload[countField];
      const choice = choices[i];
      if (choice === undefined) {
        if (typeof count === "number" && count > 0) {
          return {
            ok: false,
            message: `This event offers ${choices.length} meal ${choices.length === 1 ? "choice" : "choices"}, so there is no ${ordinal} choice to order.`,
            field: countField,
          };
        }
        continue;
      }
      if (name !== choice) {
        return {
          ok: false,
          message: `The ${ordinal} meal choice of this event is ${JSON.stringify(choice)}, not ${JSON.stringify(name ?? "")}. Reload the page to see the current menu.`,
          field: nameField,
        };
      }
      if (typeof count !== "number") {
        if (payload.numberOfMeals === 1 && count === undefined) continue;
        return {
          ok: false,
          message: `Meals of ${choice}: expected a number of meals, found ${JSON.stringify(count ?? null)}.`,
          field: countField,
        };
      }
      counts[mealCountField(choice)] = count;
      if (payload.numberOfMeals === 1 && count === 1) mealChoice = choice;
    }
    if (payload.numberOfMeals === 1 && mealChoice === "") mealChoice = payload.mealSelection;
  }
  return {
    ok: true,
    value: {
      firstName: payload.firstName,
      lastName,
      masonicTitle: title,
      email: payload.email,
      numberOfAttendees: payload.numberOfAttendees,
      earlyBirdDinner: dinner,
      numberOfMeals: dinner ? payload.numberOfMeals : 1,
      mealChoice,
      ...counts,
    },
  };
}

/** The spreadsheet row: the same payload with the day only, e.g. 'Wed, Sep 4, 2024' (SPEC 4). */
export function toSheetPayload<P extends { date: string }>(payload: P, event: { date: string }): P {
  return { ...payload, date: formatDay(eventStart(event.date)) };
}

/** The social RSVP request (SPEC 3). */
export function buildSocialRsvpPayload(
  outing: SocialEvent,
  form: SocialRsvpForm,
): SocialRsvpPayload {
  const date = formatEventDateTime(eventStart(outing.date));
  return {
    firstName: form.firstName,
    lastName: form.lastName,
    email: form.email,
    date,
    subject: `RSVP for ${outing.name} on ${date}`,
    event: outing,
    numberOfAttendees: form.numberOfAttendees,
  };
}

/** The contact request (SPEC 7): the form, its subject and the fields as labelled lines. */
export function buildContactPayload(form: ContactForm): ContactPayload {
  return {
    ...form,
    subject: CONTACT_SUBJECT,
    fields: [
      { label: "First Name", value: form.firstName },
      { label: "Last Name", value: form.lastName },
      { label: "Email", value: form.email },
      { label: "Phone Number", value: form.phoneNumber },
      { label: "Message", value: form.message },
    ],
  };
}
