import { z } from "zod";
import { MAX_PER_RSVP } from "../constants.ts";
import {
  checkEmail,
  checkMessage,
  checkName,
  checkPhone,
  checkTitle,
  countProblem,
  type FieldCheck,
  normal,
} from "../rules/form-checks.ts";
import { mealCountField, mealCountsAddUp } from "../rules/meals.ts";
import { shown } from "./common.ts";
import type { Event } from "./event.ts";

/**
 * A text field read by its check (core/rules/form-checks.ts), the one the browser runs: the
 * value as the server keeps it (trimmed, an address lowercased), or the check's sentence.
 */
function checked(field: string, check: FieldCheck) {
  return z.string({ error: "is required" }).transform((value, ctx) => {
    const kept = normal(field, value);
    const problem = check(kept);
    if (problem === undefined) return kept;
    ctx.issues.push({ code: "custom", input: value, message: problem });
    return z.NEVER;
  });
}

const name = () => checked("name", checkName);
const email = checked("email", checkEmail);

/** A count the form may send as a number or as the text of a select ("3"). */
function count(min: number, max: number) {
  return z.union([z.number(), z.string()], { error: "is required" }).transform((value, ctx) => {
    const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n) || n < min || n > max) {
      ctx.issues.push({
        code: "custom",
        input: value,
        message:
          min === max ? countProblem(min, max) : `${countProblem(min, max)}, found ${shown(value)}`,
      });
      return z.NEVER;
    }
    return n;
  });
}

/** What the event RSVP form needs to know about its event. */
export type RsvpFormEvent = Pick<Event, "rsvpLimit" | "earlyBirdOptions">;

const eventRsvpFields = (max: number) => ({
  firstName: name(),
  lastName: name(),
  masonicTitle: checked("masonicTitle", checkTitle).default(""),
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
  firstName: name(),
  lastName: name(),
  email,
  numberOfAttendees: count(1, MAX_PER_RSVP).default(1),
});
export type SocialRsvpForm = z.output<typeof socialRsvpFormSchema>;

export const contactFormSchema = z.object({
  firstName: name(),
  lastName: name(),
  email,
  phoneNumber: checked("phoneNumber", checkPhone).default(""),
  message: checked("message", checkMessage),
});
export type ContactForm = z.output<typeof contactFormSchema>;
