import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { requireData } from "../load/require-data.ts";
import { eventRows, eventsTable } from "../secretary/event-list.ts";
import { withStore } from "../secretary/output.ts";
import { groupByEvent } from "../secretary/rsvp-report.ts";

const options = z.object({
  data: dataDir,
  upcoming: z.boolean().default(false),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: "give a month as YYYY-MM, e.g. --month 2026-12" })
    .optional(),
  json: z.boolean().default(false),
  db: z.string().min(1).optional(),
});

async function listEvents(ctx: Context, raw: unknown): Promise<void> {
  const { data: dir, upcoming, month, json, db } = parseOptions(options, raw);
  const data = requireData(ctx, dir, "lodge validate shows them with the warnings.");
  const groups = db
    ? await withStore(ctx, { db, data: dir, lodge: data.lodge }, async (store) =>
        groupByEvent(await store.listEventRsvps(), data.events),
      )
    : undefined;
  const rows = eventRows(
    data.events,
    { upcoming, month },
    ctx.now ?? new Date(),
    data.lodge.timeZone,
    groups,
  );
  if (json) ctx.out(JSON.stringify(rows, null, 2));
  else if (rows.length === 0) {
    ctx.out(`No ${upcoming ? "events to come" : "events"}${month ? ` in ${month}` : ""}.`);
  } else ctx.out(eventsTable(rows));
}

export function eventsCommand(ctx: Context): Command {
  return new Command("events")
    .description("list the lodge's events with their ids, to name one to edit-event or rsvps")
    .option("--upcoming", "only the events still to come")
    .option("--month <YYYY-MM>", "only the events of that month")
    .option("--json", "print them as JSON")
    .option("--db <file>", "the database lodge serve keeps: adds the RSVPs received")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExamples:\n  lodge events --upcoming\n  lodge events --month 2026-12 --db var/lodge.db",
    )
    .action((raw) => listEvents(ctx, raw));
}
