import { MAX_PER_RSVP } from "../constants.ts";
import type { Cost } from "../schemas/event.ts";
import { mealCountField, mealCountsAddUp, offersDinner } from "./meals.ts";
import { listed } from "./words.ts";

/**
 * The field rules of the forms as plain checks, without zod, so the browser can run them without
 * loading a schema library. The zod form schemas (core/schemas/forms.ts) are made of these same
 * checks, so the browser, the page answered without a script and the API say the same sentence.
 *
 * SPEC 5 describes the old site's patterns, which refused real people ("O'Brien", "Smith Jr.",
 * "P.M."). We keep their intent (a name, an address, a plausible phone) and follow W3C's
 * "Personal names around the world" instead (DESIGN.md section 7): a name may hold any letters
 * of any script, apostrophes straight or curly, periods, hyphens, spaces, parentheses, "&"...;
 * refused are only what no name holds (a control character, a line break, an invisible
 * character other than the joiners some scripts need, the markup characters < and >) and
 * lengths past the limit. An e-mail address is whatever the HTML type=email rule accepts (any
 * top-level domain: .church, .museum), lowercased rather than refused for its capitals.
 */

/** The longest value each field takes. */
export const FIELD_LIMITS = { name: 100, title: 60, email: 254, phone: 40, message: 5000 } as const;

/**
 * What no name holds: control characters (a tab, a line break), line and paragraph separators,
 * lone surrogates, and invisible format characters (U+FEFF, bidirectional overrides, a soft
 * hyphen) except the zero-width joiner and non-joiner that Persian and Indic names need.
 */
const INVISIBLE = /[\p{Cc}\p{Zl}\p{Zp}\p{Cs}]|(?![\u200C\u200D])\p{Cf}/u;
const MARKUP = /[<>]/;

/**
 * The HTML standard's "valid e-mail address" (the rule of input type=email), read on the
 * lowercased address.
 */
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** SPEC 5's phone: digits, spaces, hyphens, parentheses, +, /, dot groups and an extension. */
const PHONE = /^[\d\s()+/-]+(?:\.[\d\s()+/-]+){0,2}(?:\s*(?:ext|x)\.?\s*\d+)?$/;

/**
 * What is wrong with a field's value, said to follow the field's name ('is required', 'may not
 * contain < or >'), or undefined when nothing is. Each check reads the value as the server
 * keeps it (`normal`): trimmed, and an e-mail address lowercased.
 */
export type FieldCheck = (value: string) => string | undefined;

function tooLong(value: string, max: number): string | undefined {
  return value.length > max
    ? `must be at most ${max} characters (it has ${value.length})`
    : undefined;
}

/** Text a person typed: no control or invisible character, no markup, within its length. */
function personText(value: string, max: number): string | undefined {
  if (INVISIBLE.test(value)) {
    return "may not contain a tab, a line break or an invisible character";
  }
  if (MARKUP.test(value)) return "may not contain < or >";
  return tooLong(value, max);
}

/** A first or last name: required, any letters of any script and the marks names carry. */
export const checkName: FieldCheck = (value) =>
  value === "" ? "is required" : personText(value, FIELD_LIMITS.name);

/** The masonic title (optional): 'P.M., P.D.D.G.M.', 'WM', 'R.W.'. */
export const checkTitle: FieldCheck = (value) => personText(value, FIELD_LIMITS.title);

export const checkEmail: FieldCheck = (value) => {
  if (value === "") return "is required";
  const long = tooLong(value, FIELD_LIMITS.email);
  if (long) return long;
  if (EMAIL.test(value)) return undefined;
  if (/\s/.test(value)) return "may not contain spaces; it looks like name@example.com";
  if (!value.includes("@"))
    return "needs an @ between the name and the domain, as in name@example.com";
  return "must be an address such as name@example.com";
};

/** The phone number (optional). */
export const checkPhone: FieldCheck = (value) =>
  value === "" || PHONE.test(value)
    ? tooLong(value, FIELD_LIMITS.phone)
    : "may contain only digits, spaces, hyphens, parentheses, +, / and an extension such as 'ext 12'";

export const checkMessage: FieldCheck = (value) =>
  value === "" ? "is required" : tooLong(value, FIELD_LIMITS.message);

/** A typed field as the server keeps it: trimmed; an e-mail address also lowercased. */
export function normal(field: string, value: string): string {
  const v = value.trim();
  return field === "email" ? v.toLowerCase() : v;
}

/** How each field is named to a person, at the start of its sentence. */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  firstName: "First name",
  lastName: "Last name",
  masonicTitle: "Masonic title",
  email: "E-mail address",
  phoneNumber: "Phone number",
  message: "Message",
  numberOfAttendees: "Number of attendees",
  numberOfMeals: "Number of meals",
  earlyBirdDinner: "Early bird dinner",
  mealChoice: "Meal choice",
  event: "Event",
  "event.id": "Event",
};

/**
 * A field's problem as the sentence shown under it and sent by the server: 'First name may not
 * contain < or >.' A problem that does not follow a name ('expected text') reads after a colon.
 */
export function problemSentence(label: string, problem: string): string {
  return /^(is|must|may|needs) /.test(problem) ? `${label} ${problem}.` : `${label}: ${problem}.`;
}

/** Each field's problem: what follows its label ('is required'), by field. */
export type Problems<P extends string> = Map<P, string>;

/** Adds a field's problem, when its check finds one, to the form's problems. */
function check<P extends string>(
  problems: Problems<P>,
  field: P,
  value: string,
  rule: FieldCheck,
): void {
  const problem = rule(normal(field, value));
  if (problem) problems.set(field, problem);
}

/** What is wrong with a count out of its range, said after its name. */
export function countProblem(min: number, max: number): string {
  return min === max ? `must be ${min}` : `must be a whole number from ${min} to ${max}`;
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
): Problems<EventRsvpProblem> {
  const max = maxPerRsvp(event);
  const problems: Problems<EventRsvpProblem> = new Map();
  check(problems, "firstName", form.firstName, checkName);
  check(problems, "lastName", form.lastName, checkName);
  check(problems, "masonicTitle", form.masonicTitle, checkTitle);
  check(problems, "email", form.email, checkEmail);
  if (!isCount(form.numberOfAttendees, 1, max)) {
    problems.set("numberOfAttendees", countProblem(1, max));
  }
  if (!isCount(form.numberOfMeals, 1, max)) problems.set("numberOfMeals", countProblem(1, max));
  const { choices } = event.earlyBirdOptions;
  const counts = choices.map((choice) => form[mealCountField(choice)] ?? 0);
  choices.forEach((choice, i) => {
    if (!isCount(counts[i] ?? 0, 0, max))
      problems.set(mealCountField(choice), countProblem(0, max));
  });
  if (!form.earlyBirdDinner) return problems;
  if (!offersDinner(event)) {
    problems.set("earlyBirdDinner", "is not served at this event");
    return problems;
  }
  if (choices.length === 0 || problems.has("numberOfMeals")) return problems;
  if (form.numberOfMeals === 1) {
    if (!choices.includes(form.mealChoice)) problems.set("mealChoice", "is not chosen yet");
  } else if (!mealCountsAddUp(form.numberOfMeals, counts)) {
    problems.set("mealCounts", "must add up to the number of meals");
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

export function socialRsvpProblems(form: SocialRsvpValues): Problems<keyof SocialRsvpValues> {
  const problems: Problems<keyof SocialRsvpValues> = new Map();
  check(problems, "firstName", form.firstName, checkName);
  check(problems, "lastName", form.lastName, checkName);
  check(problems, "email", form.email, checkEmail);
  if (!isCount(form.numberOfAttendees, 1, MAX_PER_RSVP)) {
    problems.set("numberOfAttendees", countProblem(1, MAX_PER_RSVP));
  }
  return problems;
}

export type ContactValues = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
};

export function contactProblems(form: ContactValues): Problems<keyof ContactValues> {
  const problems: Problems<keyof ContactValues> = new Map();
  check(problems, "firstName", form.firstName, checkName);
  check(problems, "lastName", form.lastName, checkName);
  check(problems, "email", form.email, checkEmail);
  check(problems, "phoneNumber", form.phoneNumber, checkPhone);
  check(problems, "message", form.message, checkMessage);
  return problems;
}

/**
 * Every text field of a form as the server reads it: the spaces around it removed, the e-mail
 * address lowercased.
 */
export function trimmed<T extends object>(form: T): T {
  return Object.fromEntries(
    Object.entries(form).map(([key, value]) => [
      key,
      typeof value === "string" ? normal(key, value) : value,
    ]),
  ) as T;
}
