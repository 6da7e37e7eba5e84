import { Command } from "commander";
import { z } from "zod";
import { deriveEventId, type EventInput } from "../../core/schemas/event.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { addMeetings } from "../edit/stated-meetings.ts";
import { requireData } from "../load/require-data.ts";

const optionsSchema = z.object({
  data: dataDir,
  year: z.coerce
    .number({ error: "give a year such as 2027" })
    .int({ error: "give a year such as 2027" })
    .min(2000, { error: "give a year such as 2027" })
    .max(2200, { error: "give a year such as 2027" }),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
});

export function addMeetingsCommand(ctx: Context): Command {
  return new Command("add-meetings")
    .description("add a year's stated meetings to events.yaml from the schedule in lodge.yaml")
    .requiredOption("--year <year>", "the year, e.g. 2027")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--dry-run", "print what would be added, change nothing")
    .option("--json", "print what was added and skipped as JSON")
    .addHelpText(
      "after",
      "\nDays that already have an event in events.yaml are skipped, so it is safe to run again.\n\nExample:\n  lodge add-meetings --year 2027",
    )
    .action((raw) => {
      const options = parseOptions(optionsSchema, raw);
      const data = requireData(ctx, options.data, "events.yaml was not changed.");
      const { added, skipped } = addMeetings(ctx.cwd, data, options);
      if (options.json) {
        const list = (e: EventInput) => ({
          date: e.date,
          name: e.name,
          id: deriveEventId(e.date, e.name),
        });
        const report = {
          year: options.year,
          dryRun: options.dryRun,
          added: added.map(list),
          skipped,
        };
        ctx.out(JSON.stringify(report, null, 2));
        return;
      }
      const lines = [
        ...added.map((e) => ({
          date: e.date,
          line: `${options.dryRun ? "would add" : "added"} ${e.date} ${e.name} (id ${deriveEventId(e.date, e.name)})`,
        })),
        ...skipped.map((e) => ({
          date: e.date,
          line: `skipped ${e.date} ${e.name}: ${e.existing} is already on that day`,
        })),
      ].sort((a, b) => a.date.localeCompare(b.date));
      for (const { line } of lines) ctx.out(line);
      const verb = options.dryRun ? "Would add" : "Added";
      ctx.out(
        `${verb} ${added.length} stated meetings for ${options.year}; skipped ${skipped.length}.`,
      );
    });
}
