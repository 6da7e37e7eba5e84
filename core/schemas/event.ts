import { z } from "zod";
import { PAGE_ID } from "../api/page-paths.ts";
import { DEGREES, readDegree } from "../rules/degrees.ts";
import { NO_CHARGE } from "../rules/meals.ts";
import { dayText, parseEventDate } from "../rules/time.ts";
import {
  clockTime,
  eventDateText,
  flag,
  kind,
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
  })
  .meta({
    ...kind(
      "cost",
      "12, '12' or '$12', a range '15 - 20', 'No Charge', or left empty: no dinner is offered",
    ),
    defaultText: "no dinner",
  });

/** A cost as it is written in a data file: the inverse of costText. */
export function costToText(cost: Cost): string {
  switch (cost.kind) {
    case "none":
      return "";
    case "free":
      return NO_CHARGE;
    case "fixed":
      return String(cost.amount);
    case "range":
      return `${cost.min} - ${cost.max}`;
  }
}

export const MAX_MEAL_CHOICES = 4;

export const earlyBirdOptionsSchema = z.strictObject({
  time: optionalText.meta({
    description: "The dinner's time as it should read, e.g. '18:30' or '(6:30pm)'.",
  }),
  cost: costText.meta({ description: "What the dinner costs; empty: no dinner is offered." }),
  choices: z
    .array(requiredText("a meal name"), {
      error: (i) => `expected a list of meal names, found ${shown(i.input)}`,
    })
    .max(MAX_MEAL_CHOICES, { error: `expected at most ${MAX_MEAL_CHOICES} meal choices` })
    .default([])
    .meta({
      description: `Up to ${MAX_MEAL_CHOICES} meal names, e.g. [Prime Rib, Salmon]; each RSVP orders a meal per dinner.`,
    }),
  choiceLabel: text.optional().meta({
    description: "Replaces 'Please choose a meal preference:' on the RSVP form.",
    defaultText: "none",
  }),
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

/** An event's fields one by one, as a data file writes them; eventSchema adds the checks across fields. */
export const eventFieldsSchema = z.strictObject({
  id: z
    .string()
    .regex(PAGE_ID, {
      error: (i) => `expected lowercase letters, digits and hyphens, found ${shown(i.input)}`,
    })
    .optional()
    .meta({
      kind: "text",
      description:
        "A stable id, lowercase letters, digits and hyphens: the event's page is /events/<id>, and lodge edit-event and lodge rsvps name the event by it.",
      defaultText: "made from the date and the name, e.g. 2026-12-02-table-lodge",
    }),
  date: eventDateText.meta({ description: "When the event starts." }),
  name: requiredText("the event's name").meta({
    description: "e.g. Stated Meeting, Special Meeting, Table Lodge.",
  }),
  description: optionalText.meta({ description: "Shown under the name." }),
  extraInfo: optionalText.meta({
    description: "A notice shown with the event: a capacity, a rain location...",
  }),
  location: optionalText.meta({
    description:
      "The venue's name. An event that names neither location nor address is at the lodge's meeting place (address in lodge.yaml), read at each build.",
  }),
  address: optionalText.meta({ description: "The venue's street address." }),
  addressLink: optionalText.meta({ description: "A map link for the address." }),
  rsvpOptions: flag.default(false).meta({ description: "true shows the RSVP button." }),
  rsvpExpirationDays: wholeNumber("a whole number of days", 0, 60).default(1).meta({
    description:
      "RSVPs close this many days before the event, at 11:59PM (21:00 on the home page) unless rsvpExpirationTime says otherwise.",
  }),
  // Each screen's own closing time otherwise is SPEC 4's.
  rsvpExpirationTime: clockTime.optional().meta({
    description: "The time of day RSVPs close on their last day, e.g. '21:00' or '9:00 PM'.",
    defaultText: "11:59PM (21:00 on the home page)",
  }),
  mealCutoffDays: wholeNumber("a whole number of days", 0, 60).optional().meta({
    description:
      "Dinner orders close this many days before the event, no fewer than rsvpExpirationDays, so the caterer has a final count: after it an RSVP may add seats but not dinners, and the form says so.",
    defaultText: "with RSVP",
  }),
  spotlight: flag
    .default(false)
    .meta({ description: "true puts a future event in the home page carousel." }),
  spotlightImage: optionalText.meta({
    description:
      "The picture of the home page's spotlight and of the event's own page: a file in images/events/.",
  }),
  altText: optionalText.meta({
    description: "What the spotlight picture shows, for screen readers.",
  }),
  tyled: flag
    .default(false)
    .meta({ description: "true: 'Tyled: Masons Only'; false: 'Open to All'." }),
  // Only brethren of the degree or higher may attend, and only they are summoned.
  degree: degreeText.optional().meta({
    kind: "degree",
    description:
      "The degree a tyled meeting is opened on: entered-apprentice, fellowcraft or master-mason (EA, FC, MM, or spelled out). Only members of it or higher may attend and are summoned; the card and the event's page show it.",
    defaultText: "master-mason for a tyled event; none for one open to all",
  }),
  rsvpLimit: flag
    .default(false)
    .meta({ description: "true when the event is at capacity: one person per RSVP." }),
  cancelled: flag.default(false).meta({
    description:
      "Called off: the site says so and RSVP closes (lodge edit-event --cancel sets it).",
  }),
  full: flag.default(false).meta({
    description:
      "No more room: RSVP closes and the site says the event is full (lodge edit-event --full).",
  }),
  postponedFrom: eventDateText.optional().meta({
    description:
      "The date the event had before it was postponed; the site shows 'Postponed from ...' (lodge edit-event --postpone sets it).",
    defaultText: "none",
  }),
  earlyBirdOptions: earlyBirdOptionsSchema
    .default({
      time: "",
      cost: { kind: "none" },
      choices: [],
    })
    .meta({ description: "The dinner before the event." }),
});

export const eventSchema = eventFieldsSchema
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
