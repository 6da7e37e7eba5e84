import { z } from "zod";
import { PAGE_ID } from "../api/page-paths.ts";
import { DEGREES, readDegree } from "../rules/degrees.ts";
import { dayText, parseEventDate } from "../rules/time.ts";
import {
  clockTime,
  eventDateText,
  flag,
  optionalText,
  requiredText,
  shown,
  text,
  wholeNumber,
} from "./common.ts";

/**
 * What a dinner costs. Event data keeps it as text in several forms (SPEC 3): a number ("12" or
 * 12), a range ("15 - 20"), "No Charge", or empty. It is normalised once, here.
 */
export const costSchema = z.discriminatedUnion("kind", [
  /** No dinner is offered: the RSVP form shows no dinner checkbox. */
  z.object({ kind: z.literal("none") }),
  /** A dinner at no charge ("No Charge" or 0). */
  z.object({ kind: z.literal("free") }),
  z.object({ kind: z.literal("fixed"), amount: z.number() }),
  z.object({ kind: z.literal("range"), min: z.number(), max: z.number() }),
]);
export type Cost = z.infer<typeof costSchema>;

const AMOUNT = String.raw`\$?\s*(\d+(?:\.\d{1,2})?)`;
const FIXED = new RegExp(`^${AMOUNT}$`);
const RANGE = new RegExp(`^${AMOUNT}\\s*-\\s*${AMOUNT}$`);
const FREE = /^(no charge|free)$/i;

const costExpected =
  "expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing";

export const costText = z
  .union([z.number(), z.string(), z.null()], {
    error: (i) => `${costExpected}, found ${shown(i.input)}`,
  })
  .optional()
  .transform((raw, ctx): Cost => {
    const value = raw === null || raw === undefined ? "" : String(raw).trim();
    if (value === "") return { kind: "none" };
    if (FREE.test(value)) return { kind: "free" };
    const fixed = FIXED.exec(value);
    if (fixed) {
      const amount = Number(fixed[1]);
      return amount === 0 ? { kind: "free" } : { kind: "fixed", amount };
    }
    const range = RANGE.exec(value);
    if (range && Number(range[1]) < Number(range[2])) {
      return { kind: "range", min: Number(range[1]), max: Number(range[2]) };
    }
    ctx.issues.push({
      code: "custom",
      input: raw,
      message: `${costExpected}, found ${shown(raw)}`,
    });
    return z.NEVER;
  });

/** A cost as it is written in a data file: the inverse of costText. */
export function costToText(cost: Cost): string {
  switch (cost.kind) {
    case "none":
      return "";
    case "free":
      return "No Charge";
    case "fixed":
      return String(cost.amount);
    case "range":
      return `${cost.min} - ${cost.max}`;
  }
}

export const MAX_MEAL_CHOICES = 4;

export const earlyBirdOptionsSchema = z.strictObject({
  /** Dinner time as written, e.g. '18:30', '(6:30pm)' or empty. */
  time: optionalText,
  cost: costText,
  choices: z
    .array(requiredText("a meal name"), {
      error: (i) => `expected a list of meal names, found ${shown(i.input)}`,
    })
    .max(MAX_MEAL_CHOICES, { error: `expected at most ${MAX_MEAL_CHOICES} meal choices` })
    .default([]),
  /** Replaces 'Please choose a meal preference:' when given. */
  choiceLabel: text.optional(),
});
export type EarlyBirdOptions = z.infer<typeof earlyBirdOptionsSchema>;

export function slugify(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The id an event (or an outing) gets when its file gives none: its day and its name, e.g.
 * 2024-09-04-stated-meeting, however the date is written ('2024/9/4 19:30' gives the same).
 */
export function deriveEventId(date: string, name: string): string {
  const start = parseEventDate(date);
  const day = start ? dayText(start, "-") : date.trim().slice(0, 10).replaceAll("/", "-");
  return `${day}-${slugify(name)}`;
}

const degreeExpected = `expected the degree the lodge is opened on: ${DEGREES.join(", ")}`;

/**
 * The degree a tyled meeting is opened on, written as the data folder or a roll writes it
 * ('fellowcraft', 'Fellow Craft', 'FC'), kept as one of DEGREES.
 */
export const degreeText = z
  .string({ error: (i) => `${degreeExpected}, found ${shown(i.input)}` })
  .transform((raw, ctx) => {
    const degree = readDegree(raw);
    if (degree) return degree;
    ctx.issues.push({
      code: "custom",
      input: raw,
      message: `${degreeExpected}, found ${shown(raw)}`,
    });
    return z.NEVER;
  });

export const eventSchema = z
  .strictObject({
    /** Stable id; derived from date and name when left out. */
    id: z
      .string()
      .regex(PAGE_ID, {
        error: (i) => `expected lowercase letters, digits and hyphens, found ${shown(i.input)}`,
      })
      .optional(),
    date: eventDateText,
    name: requiredText("the event's name"),
    description: optionalText,
    extraInfo: optionalText,
    location: optionalText,
    address: optionalText,
    addressLink: optionalText,
    rsvpOptions: flag.default(false),
    rsvpExpirationDays: wholeNumber("a whole number of days", 0, 60).default(1),
    /**
     * The time of day RSVP closes on its last day ('21:00', '9:00 PM'), when the event has its
     * own; otherwise each screen's default of SPEC 4 (21:00 on the home page, 11:59PM elsewhere).
     */
    rsvpExpirationTime: clockTime.optional(),
    /**
     * Days before the event that dinner orders close, when earlier than RSVP closes, so the
     * caterer has a final count: after it an RSVP may add attendees but not dinners.
     */
    mealCutoffDays: wholeNumber("a whole number of days", 0, 60).optional(),
    spotlight: flag.default(false),
    spotlightImage: optionalText,
    altText: optionalText,
    tyled: flag.default(false),
    /**
     * The degree a tyled meeting is opened on: only brethren of it or higher may attend, and
     * only they are summoned. A tyled event without it is a Master Masons' meeting.
     */
    degree: degreeText.optional(),
    rsvpLimit: flag.default(false),
    /** Called off: the site says so and RSVP closes. */
    cancelled: flag.default(false),
    /** No more room: RSVP closes and the site says the event is full. */
    full: flag.default(false),
    /** The date the event had before it was postponed; the site shows 'Postponed from ...'. */
    postponedFrom: eventDateText.optional(),
    earlyBirdOptions: earlyBirdOptionsSchema.default({
      time: "",
      cost: { kind: "none" },
      choices: [],
    }),
  })
  .superRefine((event, ctx) => {
    if (event.degree !== undefined && !event.tyled) {
      ctx.addIssue({
        code: "custom",
        path: ["degree"],
        input: event.degree,
        message:
          "only a tyled meeting is opened on a degree: add tyled: true, or remove degree from an event open to all",
      });
    }
    const { mealCutoffDays, rsvpExpirationDays } = event;
    if (mealCutoffDays === undefined || mealCutoffDays >= rsvpExpirationDays) return;
    ctx.addIssue({
      code: "custom",
      path: ["mealCutoffDays"],
      input: mealCutoffDays,
      message: `dinner orders must close no later than RSVP, which closes ${rsvpExpirationDays} days before: expected ${rsvpExpirationDays} or more, found ${mealCutoffDays}`,
    });
  })
  .transform(({ id, ...event }) => ({ id: id ?? deriveEventId(event.date, event.name), ...event }));

export type Event = z.output<typeof eventSchema>;
export type EventInput = z.input<typeof eventSchema>;
