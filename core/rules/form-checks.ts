import { MAX_PER_RSVP } from "../constants.ts";
import type { Cost } from "../schemas/event.ts";
import { mealCountField, mealCountsAddUp, offersDinner } from "./meals.ts";
import { listed } from "./words.ts";

/**
 * The field rules of SPEC 5 as plain checks, without zod, so the browser can run them without
 * loading a schema library. The zod form schemas (core/schemas/forms.ts) are built from the same
 * patterns and limits, and a unit test holds both to the same verdicts.
 */

/**
 * SPEC 5 patterns. Letters are any alphabet's, so 'José' and 'Zoë' are names too. SPEC 5's
 * 'whitespace' is the spaces people type between words (any Unicode space separator, a
 * no-break space pasted from a document included), not a tab or an invisible U+FEFF, which
 * only a script puts inside a name.
 */
export const PATTERNS = {
  name: /^[\p{L}\p{M}\p{N}_\p{Zs}-]+$/u,
  /** The event RSVP form also allows apostrophes (O'Brien). */
  rsvpName: /^[\p{L}\p{M}\p{N}_\p{Zs}'’-]+$/u,
  masonicTitle: /^[\p{L}\p{M}\p{N}_\p{Zs},-]*$/u,
  /** Lowercase only: SPEC 5 rejects uppercase, so the form lowercases what is typed. */
  email: /^[a-z0-9._%+-]+@[a-z0-9.-]+\.[a-z]{2,4}$/,
  phone: /^[\d\s()+/-]+(?:\.[\d\s()+/-]+){0,2}(?:\s*(?:ext|x)\.?\s*\d+)?$/,
} as const;

/** The longest value each field takes. */
export const FIELD_LIMITS = { name: 60, title: 40, email: 254, phone: 40, message: 5000 } as const;

function within(value: string, max: number): boolean {
  return value.length <= max;
}

/** A required name: not blank, at most 60 characters, only the pattern's characters. */
export function isValidName(value: string, pattern: RegExp = PATTERNS.name): boolean {
  const v = value.trim();
  return v !== "" && within(v, FIELD_LIMITS.name) && pattern.test(v);
}

export function isValidEmail(value: string): boolean {
  const v = value.trim();
  return v !== "" && within(v, FIELD_LIMITS.email) && PATTERNS.email.test(v);
}

export function isValidMasonicTitle(value: string): boolean {
  const v = value.trim();
  return within(v, FIELD_LIMITS.title) && PATTERNS.masonicTitle.test(v);
}

export function isValidPhone(value: string): boolean {
  const v = value.trim();
  return v === "" || (within(v, FIELD_LIMITS.phone) && PATTERNS.phone.test(v));
}

export function isValidMessage(value: string): boolean {
  const v = value.trim();
  return v !== "" && within(v, FIELD_LIMITS.message);
}

function isCount(value: number, min: number, max: number): boolean {
  return Number.isInteger(value) && value >= min && value <= max;
}

/** The most attendees (and meals) one RSVP may name: 10, or 1 when the event's rsvpLimit is set. */
export function maxPerRsvp(event: { rsvpLimit: boolean }): number {
  return event.rsvpLimit ? 1 : MAX_PER_RSVP;
}

/** What the event RSVP form needs to know about its event (a subset of Event). */
export type RsvpFormEventInfo = {
  rsvpLimit: boolean;
  earlyBirdOptions: { cost: Cost; choices: readonly string[] };
};

/** The event RSVP form as the browser holds it: the fields of SPEC 3 and one count per choice. */
export type EventRsvpValues = {
  firstName: string;
  lastName: string;
  masonicTitle: string;
  email: string;
  numberOfAttendees: number;
  earlyBirdDinner: boolean;
  numberOfMeals: number;
  mealChoice: string;
  [count: `count${string}`]: number;
};

/** 'mealCounts' stands for the per-choice counts together, when they do not add up. */
export type EventRsvpProblem = keyof EventRsvpValues | "mealCounts";

/**
 * Every field of the event RSVP form that breaks a rule of SPEC 5, empty when the form may be
 * sent. With dinner and more than one meal, the per-choice counts must add up to the meals.
 */
export function eventRsvpProblems(
  event: RsvpFormEventInfo,
  form: EventRsvpValues,
): Set<EventRsvpProblem> {
  const max = maxPerRsvp(event);
  const problems = new Set<EventRsvpProblem>();
  if (!isValidName(form.firstName, PATTERNS.rsvpName)) problems.add("firstName");
  if (!isValidName(form.lastName, PATTERNS.rsvpName)) problems.add("lastName");
  if (!isValidMasonicTitle(form.masonicTitle)) problems.add("masonicTitle");
  if (!isValidEmail(form.email)) problems.add("email");
  if (!isCount(form.numberOfAttendees, 1, max)) problems.add("numberOfAttendees");
  if (!isCount(form.numberOfMeals, 1, max)) problems.add("numberOfMeals");
  const { choices } = event.earlyBirdOptions;
  const counts = choices.map((choice) => form[mealCountField(choice)] ?? 0);
  choices.forEach((choice, i) => {
    if (!isCount(counts[i] ?? 0, 0, max)) problems.add(mealCountField(choice));
  });
  if (!form.earlyBirdDinner) return problems;
  if (!offersDinner(event)) {
    problems.add("earlyBirdDinner");
    return problems;
  }
  if (choices.length === 0 || problems.has("numberOfMeals")) return problems;
  if (form.numberOfMeals === 1) {
    if (!choices.includes(form.mealChoice)) problems.add("mealChoice");
  } else if (!mealCountsAddUp(form.numberOfMeals, counts)) {
    problems.add("mealCounts");
  }
  return problems;
}

/**
 * What the meal choices of a dinner RSVP still need, in words, shown under them as the visitor
 * fills them in: with one meal, that none is picked yet; with more, which count boxes do not hold
 * a number of meals (an emptied box is not 0), else how many of the meals are chosen. Undefined
 * when there is nothing to say (no dinner ticked, no choices, one meal picked).
 */
export function mealHint(event: RsvpFormEventInfo, form: EventRsvpValues): string | undefined {
  const { choices } = event.earlyBirdOptions;
  const max = maxPerRsvp(event);
  if (!form.earlyBirdDinner || !offersDinner(event) || choices.length === 0) return undefined;
  if (!isCount(form.numberOfMeals, 1, max)) return undefined;
  if (form.numberOfMeals === 1) {
    return choices.includes(form.mealChoice) ? undefined : "No meal chosen yet: please pick one.";
  }
  const counts = choices.map((choice) => form[mealCountField(choice)] ?? 0);
  const unreadable = choices.filter((_, i) => !isCount(counts[i] ?? 0, 0, max));
  if (unreadable.length > 0) {
    return `Enter a number of meals from 0 to ${max} for ${listed(unreadable)}.`;
  }
  const chosen = counts.reduce((sum, n) => sum + n, 0);
  return `${chosen} of ${form.numberOfMeals} meals chosen`;
}

export type SocialRsvpValues = {
  firstName: string;
  lastName: string;
  email: string;
  numberOfAttendees: number;
};

export function socialRsvpProblems(form: SocialRsvpValues): Set<keyof SocialRsvpValues> {
  const problems = new Set<keyof SocialRsvpValues>();
  if (!isValidName(form.firstName)) problems.add("firstName");
  if (!isValidName(form.lastName)) problems.add("lastName");
  if (!isValidEmail(form.email)) problems.add("email");
  if (!isCount(form.numberOfAttendees, 1, MAX_PER_RSVP)) problems.add("numberOfAttendees");
  return problems;
}

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
};

export function contactProblems(form: ContactValues): Set<keyof ContactValues> {
  const problems = new Set<keyof ContactValues>();
  if (!isValidName(form.firstName)) problems.add("firstName");
  if (!isValidName(form.lastName)) problems.add("lastName");
  if (!isValidEmail(form.email)) problems.add("email");
  if (!isValidPhone(form.phoneNumber)) problems.add("phoneNumber");
  if (!isValidMessage(form.message)) problems.add("message");
  return problems;
}

/** Every text field of a form with the spaces around it removed, as the server reads it. */
export function trimmed<T extends object>(form: T): T {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [
      key,
      typeof value === "string" ? value.trim() : value,
    ]),
  ) as T;
}
