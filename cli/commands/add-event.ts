import { Command } from "commander";
import { type Context, dataOption, parseOptions } from "../context.ts";
import { addEvent, newEventOptions } from "../edit/new-event.ts";
import { requireData } from "../load/require-data.ts";

async function addEventAction(ctx: Context, raw: unknown): Promise<void> {
  const options = parseOptions(newEventOptions, raw);
  const data = requireData(ctx, options.data, "events.yaml was not changed.");
  const { event, file, preview } = await addEvent(ctx, data, options, ctx.now);
  if (preview !== undefined) {
    ctx.out(preview);
    ctx.out(`(dry run: ${file} was not changed)`);
    return;
  }
  ctx.out(
    `Added ${event.date} ${event.name} (id ${event.id}) to ${options.data}/${file}. Run lodge build to show it on the site.`,
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
    .option("--tyled", "Tyled: Masons Only (default for a Stated, Special or Annual Meeting)")
    .option("--no-tyled", "Open to All (default for any other event)")
    .option(
      "--degree <degree>",
      "the degree a tyled meeting is opened on: entered-apprentice, fellowcraft or master-mason (default)",
    )
    .option("--rsvp", "an RSVP button for this event (default)")
    .option("--no-rsvp", "no RSVP button for this event")
    .option("--rsvp-days <days>", "RSVP closes this many days before the event")
    .option(
      "--meal-cutoff-days <days>",
      "dinner orders close this many days before (no fewer than --rsvp-days); seats may still be reserved after",
    )
    .option("--rsvp-limit", "the event is at capacity: one person per RSVP")
    .option("--dinner-time <HH:mm>", "early bird dinner time (default: lodge.yaml's)")
    .option("--cost <cost>", "dinner cost: 12, '15 - 20' or 'No Charge'; leave out for no dinner")
    .option("--meal <name>", "a meal choice; repeat for up to four", collect, [])
    .option("--choice-label <text>", "replaces 'Please choose a meal preference:'")
    .option("--spotlight", "show it in the home page carousel")
    .option("--image <file>", "the carousel picture; copied into data/images/events/")
    .option("--alt <text>", "what the picture shows, for screen readers")
    .option("--force", "add it even in the past or when an event of that name is on that day")
    .option("--dry-run", "print the YAML it would add, change nothing")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      '\nExample:\n  lodge add-event --date 2026-12-02 --name "Table Lodge" --tyled --rsvp-days 3 --cost 25 \\\n    --meal "Prime Rib" --meal Salmon --meal "Vegetable Lasagna"',
    )
    .action((raw) => addEventAction(ctx, raw));
}
