import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { absenceRuns, isStatedMeeting } from "../../core/rules/almoner.ts";
import { hasStarted } from "../../core/rules/events.ts";
import { inGoodStanding } from "../../core/schemas/member.ts";
import { meetingRecords, meetingsHeld } from "../../server/use-cases/attendance.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { findEvent } from "../edit/find-event.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import {
  eventReport,
  memberReport,
  yearCsv,
  yearRows,
  yearTable,
} from "../secretary/attendance-report.ts";
import { DB_HELP, dbOption, withStore } from "../secretary/output.ts";

const options = z.object({
  data: dataDir,
  db: dbOption,
  event: z.string().optional(),
  member: z.string().optional(),
  year: z
    .string()
    .regex(/^\d{4}$/, "--year takes a year, e.g. 2026")
    .optional(),
  absent: z.boolean().default(false),
  format: z.enum(["table", "csv"], { error: "use table or csv" }).default("table"),
});

/** `lodge attendance`: the register the door kept, by meeting, member or year, and the absent. */
async function attendance(ctx: Context, raw: unknown): Promise<void> {
  const opts = parseOptions(options, raw);
  const asked = [opts.event, opts.member, opts.year, opts.absent || undefined].filter(Boolean);
  if (asked.length !== 1) {
    throw new UsageError(
      "Give one of --event EVENT, --member NUMBER, --year YYYY or --absent (lodge attendance --help).",
    );
  }
  const { data } = loadData(resolve(ctx.cwd, opts.data), ctx.cwd);
  if (!data) throw new UserError(`${opts.data} does not load (run lodge validate).`);
  const { lodge } = data;
  const now = ctx.now ?? new Date();
  const held = meetingsHeld(data.events, lodge.timeZone, now);
  await withStore(ctx, { db: opts.db, data: opts.data, lodge }, async (store) => {
    const members = await store.listMembers();
    if (opts.event) {
      const event = data.events[findEvent(data.events, [opts.event])];
      if (!event) throw new UserError("No such event; lodge events lists them.");
      const [meeting] = await meetingRecords(store, [event]);
      const started = hasStarted(event.date, now, lodge.timeZone);
      if (meeting) for (const line of eventReport(meeting, members, started)) ctx.out(line);
    } else if (opts.member) {
      const member = members.find((m) => m.number === opts.member?.trim());
      if (!member) {
        throw new UserError(
          `No member numbered ${opts.member} on the roll; lodge members lists them.`,
        );
      }
      for (const line of memberReport(member, await meetingRecords(store, held))) ctx.out(line);
    } else if (opts.year) {
      const meetings = held.filter((e) => e.date.startsWith(`${opts.year}/`));
      if (meetings.length === 0) throw new UserError(`No meeting was held in ${opts.year}.`);
      const rows = yearRows(members, await meetingRecords(store, meetings));
      ctx.out(opts.format === "csv" ? yearCsv(rows) : yearTable(rows));
    } else {
      const stated = await meetingRecords(store, held.filter(isStatedMeeting));
      const good = members.filter((m) => inGoodStanding(m.status));
      const runs = absenceRuns(
        stated,
        good.map((m) => m.id),
      );
      ctx.out(`Absent without word at the last two stated meetings or more: ${runs.length}`);
      for (const run of runs) {
        const m = good.find((g) => g.id === run.memberId);
        if (!m) continue;
        const reach =
          [m.phone, m.email].filter(Boolean).join(", ") || "no phone or e-mail on the roll";
        ctx.out(
          `  ${m.number} ${m.firstName} ${m.lastName}: ${run.meetings} meetings since ${run.since} (${reach})`,
        );
      }
    }
  });
}

export function attendanceCommand(ctx: Context): Command {
  return new Command("attendance")
    .description("the register the door kept: by meeting, by member, by year, and who is missed")
    .option("--event <event>", "a meeting's register beside the answers: its id or date")
    .option("--member <number>", "a member's record at every meeting held")
    .option("--year <yyyy>", "a year's meetings by members, as the annual return needs")
    .option("--absent", "members absent without word at the last two stated meetings")
    .option("--format <format>", "table or csv (for --year)", "table")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nThe CSV opens in a spreadsheet as UTF-8: P present, A apologies, empty absent.\n\nExample:\n  lodge attendance --event 2026-12-02\n  lodge attendance --year 2026 --format csv > attendance-2026.csv",
    )
    .action((raw) => attendance(ctx, raw));
}
