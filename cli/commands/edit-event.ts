import { Command } from "commander";
import { type Context, dataOption, parseOptions } from "../context.ts";
import { editEvent, eventChangeOptions } from "../edit/change-event.ts";
import { requireData } from "../load/require-data.ts";

async function editEventAction(ctx: Context, words: string[], raw: unknown): Promise<void> {
  const options = parseOptions(eventChangeOptions, raw);
  const data = requireData(ctx, options.data, "events.yaml was not changed.");
  const { event, said, file } = await editEvent(ctx, data, words, options);
  ctx.out(
    options.dryRun
      ? `Would mark ${event.name} (${event.id}) ${said.join("; ")}. (dry run: ${file} was not changed)`
      : `${event.name} (${event.id}) ${said.join("; ")}. Run lodge build to show it on the site.`,
  );
}

export function editEventCommand(ctx: Context): Command {
  return new Command("edit-event")
    .description("postpone, cancel, or mark full an event of events.yaml")
    .argument(
      "<event...>",
      "the event's id (lodge events lists them), its date, or its date and part of its name",
    )
    .option(
      "--postpone <YYYY-MM-DD>",
      "move it to another day; the site shows 'Postponed from ...'",
    )
    .option("--time <HH:mm>", "with --postpone: the new start time (default: unchanged)")
    .option("--cancel", "call it off: the site says so and RSVP closes")
    .option("--full", "no more room: RSVP closes")
    .option("--reopen", "undo --cancel and --full")
    .option("--force", "postpone it even onto a day that has another event")
    .option("--dry-run", "say what would change, change nothing")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nOne change at a time.\n\nExamples:\n  lodge edit-event 2027-01-06-stated-meeting --postpone 2027-01-13\n  lodge edit-event 2027-03-17 table --cancel",
    )
    .action((words: string[], raw) => editEventAction(ctx, words, raw));
}
