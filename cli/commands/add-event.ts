import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { Command } from "commander";
import { stringify } from "yaml";
import { z } from "zod";
import { joinDateTime, type Reading, readClock, readDay, whyNot } from "../../core/rules/time.ts";
import { costText, type EventInput, eventSchema } from "../../core/schemas/event.ts";
import type { Lodge } from "../../core/schemas/lodge.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { insertEvents } from "../edit/events-file.ts";
import { UserError } from "../errors.ts";
import { MEDIA_FOLDERS } from "../../core/rules/media.ts";
import { requireData } from "../load/require-data.ts";

const optionsSchema = z.object({
  data: dataDir,
  date: z.string().optional(),
  time: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  extraInfo: z.string().optional(),
  location: z.string().optional(),
  address: z.string().optional(),
  addressLink: z.string().optional(),
  tyled: z.boolean().default(false),
  rsvp: z.boolean().default(true),
  rsvpDays: z.string().optional(),
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
type Options = z.output<typeof optionsSchema>;

/** Which flag sets each event field, so a validation message names what to change. */
const FLAG_OF: Record<string, string> = {
  date: "--date/--time",
  name: "--name",
  rsvpExpirationDays: "--rsvp-days",
  "earlyBirdOptions.cost": "--cost",
  "earlyBirdOptions.choices": "--meal",
  "earlyBirdOptions.time": "--dinner-time",
};

/** What is wrong with a parse, in its first message; undefined when it passed. */
const firstIssue = (result: { success: boolean; error?: z.ZodError }) =>
  result.success ? undefined : result.error?.issues[0]?.message;

/** What is wrong with an answer one of time.ts's readers could not read; undefined when it could. */
const problemOf =
  (read: (text: string) => Reading<unknown>, expected: string) => (answer: string) => {
    const result = read(answer);
    return result.ok ? undefined : `${whyNot(result, expected)}, found "${answer}"`;
  };

const checkDate = problemOf(readDay, "expected a date such as 2027-03-17");
const checkTime = problemOf(readClock, "expected a time such as 19:30 or 7:30 PM");

/** At most this many tries at one question before the command gives up. */
const TRIES = 3;

/**
 * Questions whose answers are checked as they are given: a wrong one is explained and asked
 * again, so a typo costs one line, not the whole command.
 */
function askChecked(ask: NonNullable<Context["ask"]>, ctx: Context) {
  return async (
    question: string,
    fallback: string,
    check: (answer: string) => string | undefined = () => undefined,
  ): Promise<string> => {
    for (let tries = 1; ; tries++) {
      const answer = await ask(question, fallback);
      const problem = check(answer);
      if (problem === undefined) return answer;
      if (tries === TRIES) throw new UsageError(`${question}: ${problem}. Nothing was added.`);
      ctx.err(`  ${problem}; try again.`);
    }
  };
}

/** Fills what the flags left out by asking at the terminal, with defaults from lodge.yaml. */
async function complete(options: Options, lodge: Lodge, ctx: Context): Promise<Options> {
  const { address, meetings } = lodge;
  const defaults = {
    time: meetings.time,
    location: address.venue,
    address: `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
    addressLink: address.mapLink,
  };
  if (!ctx.ask) {
    const missing = (["date", "name"] as const).filter((key) => !options[key]);
    if (missing.length > 0) {
      throw new UsageError(
        `give ${missing.map((m) => `--${m}`).join(" and ")} (there is no terminal to ask on)`,
      );
    }
    return {
      ...defaults,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as Options;
  }
  const ask = askChecked(ctx.ask, ctx);
  const filled = { ...options };
  filled.date ||= await ask("Date (YYYY-MM-DD)", "", (date) => checkDate(date));
  filled.time ||= await ask("Start time (HH:mm, 24-hour)", defaults.time, checkTime);
  filled.name ||= await ask("Name", "Stated Meeting", (name) =>
    name.trim() === "" ? "give the event a name" : undefined,
  );
  filled.description ??= await ask("Description", "");
  filled.location ??= await ask("Location", defaults.location);
  filled.address ??= await ask("Address", defaults.address);
  filled.addressLink ??=
    filled.address === defaults.address ? defaults.addressLink : await ask("Map link", "");
  filled.cost ??= await ask(
    "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; empty for no dinner)",
    "",
    (cost) => firstIssue(costText.safeParse(cost)),
  );
  if (filled.cost && filled.meal.length === 0) {
    const meals = await ask("Meal choices, separated by commas (empty for none)", "");
    filled.meal = meals
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
  }
  return filled;
}

/** "3" is written to the file as the number 3; anything else stays text for the schema to judge. */
const numberOrText = (value: string) => (/^\d+$/.test(value.trim()) ? Number(value) : value);

function toEvent(options: Options, lodge: Lodge): EventInput {
  const hasDinner = (options.cost ?? "").trim() !== "";
  return {
    date: joinDateTime(options.date ?? "", options.time ?? lodge.meetings.time),
    name: options.name ?? "",
    ...(options.description ? { description: options.description } : {}),
    ...(options.extraInfo ? { extraInfo: options.extraInfo } : {}),
    location: options.location ?? "",
    address: options.address ?? "",
    addressLink: options.addressLink ?? "",
    rsvpOptions: options.rsvp,
    rsvpExpirationDays: options.rsvpDays
      ? numberOrText(options.rsvpDays)
      : lodge.meetings.rsvpExpirationDays,
    tyled: options.tyled,
    ...(options.rsvpLimit ? { rsvpLimit: true } : {}),
    ...(options.spotlight ? { spotlight: true } : {}),
    ...(options.image ? { spotlightImage: basename(options.image) } : {}),
    ...(options.alt ? { altText: options.alt } : {}),
    earlyBirdOptions: {
      time: hasDinner ? (options.dinnerTime ?? lodge.meetings.dinnerTime) : "",
      cost: numberOrText(options.cost ?? ""),
      choices: options.meal,
      ...(options.choiceLabel ? { choiceLabel: options.choiceLabel } : {}),
    },
  };
}

async function addEvent(ctx: Context, raw: unknown): Promise<void> {
  const parsed = parseOptions(optionsSchema, raw);
  const dir = resolve(ctx.cwd, parsed.data);
  const data = requireData(ctx, parsed.data, "events.yaml was not changed.");
  const options = await complete(parsed, data.lodge, ctx);
  const event = toEvent(options, data.lodge);
  const result = eventSchema.safeParse(event);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const field = issue.path.join(".");
      return `${FLAG_OF[field] ?? `--${field}`}: ${issue.message}`;
    });
    throw new UsageError(`${lines.join("\n")}\nNothing was added.`);
  }
  const added = result.data;
  const twin = data.events.find(
    (e) =>
      e.date.slice(0, 10) === added.date.slice(0, 10) &&
      e.name.toLowerCase() === added.name.toLowerCase(),
  );
  if (twin && !options.force) {
    throw new UserError(
      `events.yaml already has ${twin.name} on ${twin.date.slice(0, 10)} (id ${twin.id}); add --force to add it anyway. Nothing was added.`,
    );
  }
  if (options.image && !existsSync(resolve(ctx.cwd, options.image))) {
    throw new UserError(`--image: ${options.image} not found. Nothing was added.`);
  }
  if (options.dryRun) {
    ctx.out(stringify([event], { lineWidth: 0 }).trimEnd());
    ctx.out("(dry run: events.yaml was not changed)");
    return;
  }
  if (options.image) {
    const folder = join(dir, MEDIA_FOLDERS.eventImages);
    mkdirSync(folder, { recursive: true });
    copyFileSync(resolve(ctx.cwd, options.image), join(folder, basename(options.image)));
  }
  const file = join(dir, "events.yaml");
  writeFileSync(file, insertEvents(existsSync(file) ? readFileSync(file, "utf8") : "", [event]));
  ctx.out(
    `Added ${added.date} ${added.name} (id ${added.id}) to ${parsed.data}/events.yaml. Run lodge build to show it on the site.`,
  );
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function addEventCommand(ctx: Context): Command {
  return new Command("add-event")
    .description("add an event to events.yaml; on a terminal, asks for what the flags leave out")
    .option("--date <YYYY-MM-DD>", "the day of the event")
    .option("--time <HH:mm>", "start time, 24-hour (default: the meeting time in lodge.yaml)")
    .option("--name <name>", "e.g. 'Stated Meeting', 'Table Lodge'")
    .option("--description <text>", "shown under the name")
    .option("--extra-info <text>", "a notice such as a capacity or rain location")
    .option("--location <venue>", "where (default: the lodge's venue)")
    .option("--address <address>", "street address (default: the lodge's)")
    .option("--address-link <url>", "map link for the address")
    .option("--tyled", "Tyled: Masons Only (default: Open to All)")
    .option("--no-rsvp", "no RSVP button for this event")
    .option("--rsvp-days <days>", "RSVP closes this many days before the event")
    .option("--rsvp-limit", "the event is at capacity: one person per RSVP")
    .option("--dinner-time <HH:mm>", "early bird dinner time (default: lodge.yaml's)")
    .option("--cost <cost>", "dinner cost: 12, '15 - 20' or 'No Charge'; leave out for no dinner")
    .option("--meal <name>", "a meal choice; repeat for up to four", collect, [])
    .option("--choice-label <text>", "replaces 'Please choose a meal preference:'")
    .option("--spotlight", "show it in the home page carousel")
    .option("--image <file>", "the carousel picture; copied into data/images/events/")
    .option("--alt <text>", "what the picture shows, for screen readers")
    .option("--force", "add it even when an event of that name is on that day")
    .option("--dry-run", "print the YAML it would add, change nothing")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      '\nExample:\n  lodge add-event --date 2026-12-02 --name "Table Lodge" --tyled --rsvp-days 3 --cost 25 \\\n    --meal "Prime Rib" --meal Salmon --meal "Vegetable Lasagna"',
    )
    .action((raw) => addEvent(ctx, raw));
}
