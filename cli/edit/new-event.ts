import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { z } from "zod";
import { readDegree } from "../../core/rules/degrees.ts";
import { hasStarted, lodgePlace } from "../../core/rules/events.ts";
import { MEDIA_FOLDERS } from "../../core/rules/media.ts";
import { joinDateTime } from "../../core/rules/time.ts";
import { type Event, type EventInput, eventSchema } from "../../core/schemas/event.ts";
import type { Lodge, LodgeData } from "../../core/schemas/index.ts";
import { type Context, dataDir, UsageError } from "../context.ts";
import { UserError } from "../errors.ts";
import { askYesNo, confirmOrForce, questions } from "../prompt.ts";
import { openList } from "./content-file.ts";
import { completeEvent, dinnerTimeFor, tyledByDefault } from "./event-questions.ts";
import { addEvents } from "./events-file.ts";

/** The options of `lodge add-event`: every field of an event is a flag. */
export const newEventOptions = z.object({
  data: dataDir,
  date: z.string().optional(),
  time: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  extraInfo: z.string().optional(),
  location: z.string().optional(),
  address: z.string().optional(),
  addressLink: z.string().optional(),
  /** Left out: asked on a terminal, else tyled for a meeting of the lodge (tyledByDefault). */
  tyled: z.boolean().optional(),
  /** The degree a tyled meeting is opened on; left out, a tyled meeting is a Master Masons'. */
  degree: z.string().optional(),
  /** Left out: asked on a terminal, else RSVPs are taken. */
  rsvp: z.boolean().optional(),
  rsvpDays: z.string().optional(),
  mealCutoffDays: z.string().optional(),
  rsvpLimit: z.boolean().default(false),
  dinnerTime: z.string().optional(),
  cost: z.string().optional(),
  meal: z.array(z.string()).default([]),
  choiceLabel: z.string().optional(),
  spotlight: z.boolean().default(false),
  image: z.string().optional(),
  alt: z.string().optional(),
  force: z.boolean().default(false),
  dryRun: z.boolean().default(false),
});
export type NewEventOptions = z.output<typeof newEventOptions>;

/** Which flag sets each event field, so a validation message names what to change. */
const FLAG_OF: Record<string, { flag: string; option: keyof NewEventOptions }> = {
  date: { flag: "--date/--time", option: "date" },
  name: { flag: "--name", option: "name" },
  degree: { flag: "--degree", option: "degree" },
  rsvpExpirationDays: { flag: "--rsvp-days", option: "rsvpDays" },
  mealCutoffDays: { flag: "--meal-cutoff-days", option: "mealCutoffDays" },
  "earlyBirdOptions.cost": { flag: "--cost", option: "cost" },
  "earlyBirdOptions.choices": { flag: "--meal", option: "meal" },
  "earlyBirdOptions.time": { flag: "--dinner-time", option: "dinnerTime" },
};

/** "3" is written to the file as the number 3; anything else stays text for the schema to judge. */
const numberOrText = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value);

/** The event the options describe, as the events file writes it, with lodge.yaml's defaults. */
export function eventFromOptions(options: NewEventOptions, lodge: Lodge): EventInput {
  const hasDinner = (options.cost ?? "").trim() !== "";
  const time = options.time ?? lodge.meetings.time;
  const place = {
    location: options.location ?? "",
    address: options.address ?? "",
    addressLink: options.addressLink ?? "",
  };
  // At the lodge's own place: no copy of it, so correcting lodge.yaml corrects the event too.
  const own = lodgePlace(lodge.address);
  const atLodge =
    place.location === own.location &&
    place.address === own.address &&
    (place.addressLink === "" || place.addressLink === own.addressLink);
  return {
    date: joinDateTime(options.date ?? "", time),
    name: options.name ?? "",
    ...(options.description ? { description: options.description } : {}),
    ...(options.extraInfo ? { extraInfo: options.extraInfo } : {}),
    ...(atLodge ? {} : place),
    rsvpOptions: options.rsvp ?? true,
    rsvpExpirationDays: options.rsvpDays
      ? numberOrText(options.rsvpDays)
      : lodge.meetings.rsvpExpirationDays,
    ...(options.mealCutoffDays ? { mealCutoffDays: numberOrText(options.mealCutoffDays) } : {}),
    tyled: options.tyled ?? tyledByDefault(options.name ?? ""),
    // Written as the file keeps it ('fellowcraft' for 'FC'); one it cannot read, for the schema to refuse.
    ...(options.degree ? { degree: readDegree(options.degree) ?? options.degree } : {}),
    ...(options.rsvpLimit ? { rsvpLimit: true } : {}),
    ...(options.spotlight ? { spotlight: true } : {}),
    ...(options.image ? { spotlightImage: basename(options.image) } : {}),
    ...(options.alt ? { altText: options.alt } : {}),
    earlyBirdOptions: {
      time: hasDinner ? (options.dinnerTime ?? dinnerTimeFor(time, lodge.meetings)) : "",
      cost: numberOrText(options.cost ?? ""),
      choices: options.meal,
      ...(options.choiceLabel ? { choiceLabel: options.choiceLabel } : {}),
    },
  };
}

/**
 * The event read by the schema; each problem names the flag to change when one was typed, else
 * the field (the answers at the terminal are checked as they are given, so this is rare).
 */
function checked(event: EventInput, given: NewEventOptions): Event {
  const result = eventSchema.safeParse(event);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => {
    const field = issue.path.join(".");
    const set = FLAG_OF[field];
    const typed = set && given[set.option] !== undefined;
    return `${typed ? set.flag : field}: ${issue.message}`;
  });
  throw new UsageError(`${lines.join("\n")}\nNothing was added.`);
}

const NOTHING = "Nothing was added.";

export type NewEvent = {
  event: Event;
  /** The events file, written or (with --dry-run) not. */
  file: string;
  /** With --dry-run: the entry as the file would get it. */
  preview?: string;
};

/**
 * `lodge add-event`: the event the flags and the answers at the terminal describe, checked
 * (the schema, a second event of its name on its day without --force, the picture), then added
 * to the lodge's events file in date order with its picture copied, unless --dry-run.
 */
export async function addEvent(
  ctx: Pick<Context, "cwd" | "ask" | "err" | "out">,
  data: LodgeData,
  given: NewEventOptions,
  now = new Date(),
): Promise<NewEvent> {
  const dir = resolve(ctx.cwd, given.data);
  const options = await questions(NOTHING, () => completeEvent(given, data.lodge, ctx));
  const entry = eventFromOptions(options, data.lodge);
  const event = checked(entry, given);
  const list = openList(dir, "events");
  const file = basename(list.path);
  const twin = data.events.find(
    (e) =>
      e.date.slice(0, 10) === event.date.slice(0, 10) &&
      e.name.toLowerCase() === event.name.toLowerCase(),
  );
  if (twin && !options.force) {
    await confirmOrForce(
      ctx,
      `${file} already has ${twin.name} on ${twin.date.slice(0, 10)} (id ${twin.id})`,
      { question: "Add a second one?", anyway: "add it", nothing: NOTHING },
    );
  }
  if (!options.force && hasStarted(event.date, now, data.lodge.timeZone)) {
    await confirmOrForce(ctx, `${event.date} is in the past`, {
      question: "Add it anyway?",
      anyway: "add it",
      nothing: NOTHING,
    });
  }
  const image = options.image && resolve(ctx.cwd, options.image);
  if (options.image && !existsSync(image || "")) {
    throw new UserError(`--image: ${options.image} not found. Nothing was added.`);
  }
  if (options.dryRun) return { event, file, preview: list.textOf([entry]) };
  // At a terminal, the event is shown as it will be written and added only once confirmed.
  if (ctx.ask && !options.force) {
    ctx.out(`${file} gets:`);
    ctx.out(list.textOf([entry]).trimEnd());
    if (!(await questions(NOTHING, () => askYesNo(ctx, "Add it?", true)))) {
      throw new UserError(NOTHING);
    }
  }
  if (image) {
    const folder = join(dir, MEDIA_FOLDERS.eventImages);
    mkdirSync(folder, { recursive: true });
    copyFileSync(image, join(folder, basename(image)));
  }
  addEvents(list, [entry]);
  list.save();
  return { event, file };
}
