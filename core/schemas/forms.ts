import { z } from "zod";
import { MAX_PER_RSVP } from "../constants.ts";
import { FIELD_LIMITS as LIMITS, PATTERNS } from "../rules/form-checks.ts";
import { mealCountField, mealCountsAddUp } from "../rules/meals.ts";
import { shown } from "./common.ts";
import type { Event } from "./event.ts";

/** The patterns live beside the plain checks the browser runs; the schemas use the same ones. */
export { PATTERNS };

function name(pattern: RegExp, allowed: string) {
  return z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required", abort: true })
    .max(LIMITS.name, { error: `must be at most ${LIMITS.name} characters` })
    .regex(pattern, { error: `may contain only ${allowed}` });
}

const email = z
  .string({ error: "is required" })
  .trim()
  .min(1, { error: "is required", abort: true })
  .max(LIMITS.email, { error: `must be at most ${LIMITS.email} characters` })
  .regex(PATTERNS.email, {
    error: "must be an address like name@example.com, in lowercase letters",
  });

/** A count the form may send as a number or as the text of a select ("3"). */
function count(min: number, max: number) {
  return z.union([z.number(), z.string()], { error: "is required" }).transform((value, ctx) => {
    const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.issues.push({
        code: "custom",
        input: value,
        message:
          min === max
            ? `must be ${min}`
            : `must be a whole number from ${min} to ${max}, found ${shown(value)}`,
      });
      return z.NEVER;
    }
    return n;
  });
}

/** What the event RSVP form needs to know about its event. */
export type RsvpFormEvent = Pick<Event, "rsvpLimit" | "earlyBirdOptions">;

const eventRsvpFields = (max: number) => ({
  firstName: name(
    PATTERNS.rsvpName,
    "letters, digits, spaces, hyphens, underscores and apostrophes",
  ),
  lastName: name(
    PATTERNS.rsvpName,
    "letters, digits, spaces, hyphens, underscores and apostrophes",
  ),
  masonicTitle: z
    .string()
    .trim()
    .max(LIMITS.title, { error: `must be at most ${LIMITS.title} characters` })
    .regex(PATTERNS.masonicTitle, {
      error: "may contain only letters, digits, spaces, commas and hyphens",
    })
    .default(""),
  email,
  numberOfAttendees: count(1, max),
  earlyBirdDinner: z.boolean().default(false),
  numberOfMeals: count(1, max).default(1),
  mealChoice: z.string().trim().default(""),
});

/** Fields of the event RSVP form, without the per-choice counts. */
export type EventRsvpFields = z.output<z.ZodObject<ReturnType<typeof eventRsvpFields>>>;
/** The per-choice meal counts: 'count' plus the choice without spaces, e.g. countRoastBeef. */
export type MealCounts = { [field: `count${string}`]: number };
export type EventRsvpForm = EventRsvpFields & MealCounts;

/**
 * The event RSVP form (SPEC 3 and 5) for one event: attendees and meals 1 to 10, or only 1 when
 * the event's rsvpLimit is set; dinner only when the event has a cost; one meal choice picked
 * when one meal is ordered; per-choice counts that add up when more are.
 */
export function eventRsvpFormSchema(event: RsvpFormEvent) {
  let schema = formSchemas.get(event);
  if (!schema) {
    schema = formSchemaOf(event);
    formSchemas.set(event, schema);
  }
  return schema;
}

/**
 * Each event's form schema, made once: building a zod schema costs far more than checking a
 * form with it, and the server checks every RSVP of an event against the same one. Keyed by
 * the event itself, so data read again (a changed file) gets its own.
 */
const formSchemas = new WeakMap<RsvpFormEvent, ReturnType<typeof formSchemaOf>>();

function formSchemaOf(event: RsvpFormEvent) {
  const max = event.rsvpLimit ? 1 : MAX_PER_RSVP;
  const { choices, cost } = event.earlyBirdOptions;
  const counts = Object.fromEntries(
    choices.map((choice) => [mealCountField(choice), count(0, max).default(0)]),
  );
  return z
    .object({ ...eventRsvpFields(max), ...counts })
    .superRefine((form, ctx) => {
      if (!form.earlyBirdDinner) return;
      if (cost.kind === "none") {
        ctx.addIssue({
          code: "custom",
          path: ["earlyBirdDinner"],
          message: "this event has no dinner to reserve",
        });
        return;
      }
      if (choices.length === 0) return;
      if (form.numberOfMeals === 1) {
        if (!choices.includes(form.mealChoice)) {
          ctx.addIssue({
            code: "custom",
            path: ["mealChoice"],
            message: `must be one of ${choices.map((c) => `'${c}'`).join(", ")}`,
          });
        }
        return;
      }
      const values = choices.map(
        (choice) => (form as Record<string, unknown>)[mealCountField(choice)] as number,
      );
      if (!mealCountsAddUp(form.numberOfMeals, values)) {
        const sum = values.reduce((a, b) => a + b, 0);
        ctx.addIssue({
          code: "custom",
          path: ["numberOfMeals"],
          message: `the meal choices add up to ${sum}, not to the ${form.numberOfMeals} meals ordered`,
        });
      }
    })
    .transform((form) => form as EventRsvpForm);
}

export const socialRsvpFormSchema = z.object({
  firstName: name(PATTERNS.name, "letters, digits, spaces, hyphens and underscores"),
  lastName: name(PATTERNS.name, "letters, digits, spaces, hyphens and underscores"),
  email,
  numberOfAttendees: count(1, MAX_PER_RSVP).default(1),
});
export type SocialRsvpForm = z.output<typeof socialRsvpFormSchema>;

export const contactFormSchema = z.object({
  firstName: name(PATTERNS.name, "letters, digits, spaces, hyphens and underscores"),
  lastName: name(PATTERNS.name, "letters, digits, spaces, hyphens and underscores"),
  email,
  phoneNumber: z
    .string()
    .trim()
    .max(LIMITS.phone, { error: `must be at most ${LIMITS.phone} characters` })
    .refine((value) => value === "" || PATTERNS.phone.test(value), {
      error:
        "may contain only digits, spaces, hyphens, parentheses, +, / and an extension such as 'ext 12'",
    })
    .default(""),
  message: z
    .string({ error: "is required" })
    .trim()
    .min(1, { error: "is required", abort: true })
    .max(LIMITS.message, { error: `must be at most ${LIMITS.message} characters` }),
});
export type ContactForm = z.output<typeof contactFormSchema>;
