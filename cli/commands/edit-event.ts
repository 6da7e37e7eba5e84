import { Command } from "commander";
import { type Context, dataOption, parseOptions } from "../context.ts";
import { editEvent, eventChangeOptions } from "../edit/change-event.ts";
import { requireData } from "../load/require-data.ts";

function editEventAction(ctx: Context, id: string, raw: unknown): void {
  const options = parseOptions(eventChangeOptions, raw);
  const data = requireData(ctx, options.data, "events.yaml was not changed.");
  const { event, said, file } = editEvent(ctx.cwd, data, id, options);
  ctx.out(
    options.dryRun
      ? `Would mark ${event.name} (${event.id}) ${said.join("; ")}. (dry run: ${file} was not changed)`
      : `${event.name} (${event.id}) ${said.join("; ")}. Run lodge build to show it on the site.`,
  );
}

export function editEventCommand(ctx: Context): Command {
  return new Command("edit-event")
    .description("postpone, cancel, or mark full an event of events.yaml, by its id")
    .argument(
      "<id>",
      "the event's id, e.g. 2027-01-06-stated-meeting (lodge validate --json lists them)",
    )
    .option(
      "--postpone <YYYY-MM-DD>",
      "move it to another day; the site shows 'Postponed from ...'",
    )
    .option("--time <HH:mm>", "with --postpone: the new start time (default: unchanged)")
    .option("--cancel", "call it off: the site says so and RSVP closes")
    .option("--full", "no more room: RSVP closes")
    .option("--reopen", "undo --cancel and --full")
    .option("--dry-run", "say what would change, change nothing")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExample:\n  lodge edit-event 2027-01-06-stated-meeting --postpone 2027-01-13",
    )
    .action((id: string, raw) => editEventAction(ctx, id, raw));
}
