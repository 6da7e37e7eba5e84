import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { meetingDays } from "../../core/rules/schedule.ts";
import { canonicalDateText, dayText } from "../../core/rules/time.ts";
import { costToText, type EventInput } from "../../core/schemas/event.ts";
import type { Lodge } from "../../core/schemas/lodge.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { insertEvents } from "../edit/events-file.ts";
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

/** A stated meeting on `day`, as lodge.yaml's schedule and address describe it. */
export function statedMeeting(
  lodge: Lodge,
  day: { year: number; month: number; day: number },
): EventInput {
  const { meetings, address } = lodge;
  const cost = costToText(meetings.dinnerCost);
  return {
    date: `${dayText(day)} ${meetings.time}`,
    name: "Stated Meeting",
    location: address.venue,
    address: `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
    addressLink: address.mapLink,
    rsvpOptions: true,
    rsvpExpirationDays: meetings.rsvpExpirationDays,
    tyled: true,
    earlyBirdOptions: { time: cost === "" ? "" : meetings.dinnerTime, cost, choices: [] },
  };
}

/** Adds events to the lodge's events file, YAML (keeping its comments) or JSON. */
function writeEvents(dir: string, events: EventInput[]): void {
  const file = ["events.yaml", "events.yml", "events.json"]
    .map((f) => join(dir, f))
    .find((f) => existsSync(f));
  const path = file ?? join(dir, "events.yaml");
  const text = file ? readFileSync(path, "utf8") : "";
  if (path.endsWith(".json")) {
    const list = [...(JSON.parse(text) as EventInput[]), ...events];
    list.sort((a, b) => canonicalDateText(a.date).localeCompare(canonicalDateText(b.date)));
    writeFileSync(path, `${JSON.stringify(list, null, 2)}\n`);
  } else {
    writeFileSync(path, insertEvents(text, events));
  }
}

export function addMeetingsCommand(ctx: Context): Command {
  return new Command("add-meetings")
    .description("add a year's stated meetings to events.yaml from the schedule in lodge.yaml")
    .requiredOption("--year <year>", "the year, e.g. 2027")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--dry-run", "print what would be added, change nothing")
    .option("--json", "print what was added and skipped as JSON")
    .addHelpText(
      "after",
      "\nExample:\n  lodge add-meetings --year 2027\n\nDays that already have an event in events.yaml are skipped, so it is safe to run again.",
    )
    .action((raw) => {
      const options = parseOptions(optionsSchema, raw);
      const dir = resolve(ctx.cwd, options.data);
      const data = requireData(ctx, options.data, "events.yaml was not changed.");
      const added: EventInput[] = [];
      const skipped: { date: string; name: string; existing: string }[] = [];
      for (const day of meetingDays(options.year, data.lodge.meetings)) {
        const meeting = statedMeeting(data.lodge, day);
        const existing = data.events.find((e) => e.date.slice(0, 10) === meeting.date.slice(0, 10));
        if (existing)
          skipped.push({ date: meeting.date, name: meeting.name, existing: existing.name });
        else added.push(meeting);
      }
      if (added.length > 0 && !options.dryRun) writeEvents(dir, added);
      if (options.json) {
        const list = (e: EventInput) => ({ date: e.date, name: e.name });
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
          line: `${options.dryRun ? "would add" : "added"} ${e.date} ${e.name}`,
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
