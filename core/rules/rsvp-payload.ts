import { CONTACT_SUBJECT } from "../messages.ts";
import type { Cost, Event } from "../schemas/event.ts";
import type { ContactForm, EventRsvpForm, SocialRsvpForm } from "../schemas/forms.ts";
import type { ContactPayload, EventRsvpPayload, SocialRsvpPayload } from "../schemas/payloads.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import { mealCountField } from "./meals.ts";
import { eventStart, formatDay, formatEventDateTime } from "./time.ts";

/** Names a payload gives the first choices when the event names none (SPEC 3). */
const DEFAULT_CHOICES = ["Meat", "Fish", "Fish", "Fish"] as const;
const NOTHING = "-";

function dollars(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** The cost per meal as the secretary's mail shows it: '$12', '$12.50', '$15 - 20', 'No Charge'. */
export function formatCostPerMeal(cost: Cost): string {
  switch (cost.kind) {
    case "fixed":
      return `$${dollars(cost.amount)}`;
    case "range":
      return `$${dollars(cost.min)} - ${dollars(cost.max)}`;
    case "free":
      return "No Charge";
    case "none":
      return NOTHING;
  }
}

type ChoiceCount = EventRsvpPayload["firstChoiceCount"];

/** How many meals of each of the event's choices the form orders; undefined when none are. */
function mealCounts(event: Event, form: EventRsvpForm): number[] | undefined {
  const { choices } = event.earlyBirdOptions;
  if (!form.earlyBirdDinner || choices.length === 0) return undefined;
  if (form.numberOfMeals === 1)
    return choices.map((choice) => (choice === form.mealChoice ? 1 : 0));
  return choices.map((choice) => form[mealCountField(choice)] ?? 0);
}

/**
 * What the mail says was ordered: '-' without dinner; the choice for one meal; '2 Roast Beef,
 * 1 Salmon' for several. An event with a dinner but no choices gets '1 dinner' or '3 dinners',
 * so the secretary still reads how many meals to order.
 */
function mealSelection(event: Event, form: EventRsvpForm, counts: number[] | undefined): string {
  if (!form.earlyBirdDinner) return NOTHING;
  if (!counts) return `${form.numberOfMeals} ${form.numberOfMeals === 1 ? "dinner" : "dinners"}`;
  if (form.numberOfMeals === 1) return form.mealChoice;
  return event.earlyBirdOptions.choices
    .map((choice, i) => ({ choice, n: counts[i] ?? 0 }))
    .filter(({ n }) => n > 0)
    .map(({ choice, n }) => `${n} ${choice}`)
    .join(", ");
}

function choiceFields(event: Event, counts: number[] | undefined) {
  const { choices } = event.earlyBirdOptions;
  const choice = (i: number): [string, ChoiceCount] => [
    choices[i] ?? DEFAULT_CHOICES[i] ?? "Fish",
    counts ? (counts[i] ?? 0) : NOTHING,
  ];
  const [firstChoice, firstChoiceCount] = choice(0);
  const [secondChoice, secondChoiceCount] = choice(1);
  const fields: Pick<
    EventRsvpPayload,
    | "firstChoice"
    | "firstChoiceCount"
    | "secondChoice"
    | "secondChoiceCount"
    | "thirdChoice"
    | "thirdChoiceCount"
    | "fourthChoice"
    | "fourthChoiceCount"
  > = { firstChoice, firstChoiceCount, secondChoice, secondChoiceCount };
  if (choices.length >= 3) [fields.thirdChoice, fields.thirdChoiceCount] = choice(2);
  if (choices.length >= 4) [fields.fourthChoice, fields.fourthChoiceCount] = choice(3);
  return fields;
}

/** The event RSVP request (SPEC 3) built from a validated form. */
export function buildEventRsvpPayload(event: Event, form: EventRsvpForm): EventRsvpPayload {
  const date = formatEventDateTime(eventStart(event.date));
  const title = form.masonicTitle.trim();
  const dinner = form.earlyBirdDinner;
  const counts = mealCounts(event, form);
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
    mealSelection: mealSelection(event, form, counts),
    ...choiceFields(event, counts),
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
