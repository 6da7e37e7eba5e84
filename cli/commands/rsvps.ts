import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { SqliteStore } from "../../server/store/sqlite-store.ts";
import type { ContactRecord, EventRsvpRecord, Stored } from "../../server/store/store.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { plural } from "../load/summary.ts";

const format = z
  .enum(["table", "csv", "json"], { error: "use table, csv or json" })
  .default("table");
const rsvpsOptions = z.object({
  data: dataDir,
  db: z.string().default("var/lodge.db"),
  event: z.string().optional(),
  format,
});
const messagesOptions = z.object({ db: z.string().default("var/lodge.db"), format });

/** A spreadsheet runs a cell that starts with = + - @ as a formula; a leading ' keeps it text. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csv = (rows: (string | number)[][]) =>
  `${rows.map((row) => row.map(csvCell).join(",")).join("\r\n")}\r\n`;

/** Columns padded to their widest cell, for a terminal. */
function table(rows: string[][]): string {
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

function openStore(ctx: Context, db: string): SqliteStore {
  const file = resolve(ctx.cwd, db);
  if (!existsSync(file)) {
    throw new UserError(
      `${db} does not exist yet: lodge serve creates it when the first RSVP or message arrives (give another with --db FILE).`,
    );
  }
  return new SqliteStore(file);
}

const meals = (r: EventRsvpRecord) =>
  r.dinner
    ? r.mealCounts
        .filter((m) => m.count > 0)
        .map((m) => `${m.count} ${m.choice}`)
        .join(", ") || `${r.meals} dinner${r.meals === 1 ? "" : "s"}`
    : "";

function totals(list: Stored<EventRsvpRecord>[]) {
  const byChoice = new Map<string, number>();
  for (const { record } of list)
    for (const m of record.mealCounts)
      byChoice.set(m.choice, (byChoice.get(m.choice) ?? 0) + m.count);
  return {
    rsvps: list.length,
    attendees: list.reduce((n, r) => n + r.record.attendees, 0),
    dinners: list.reduce((n, r) => n + (r.record.dinner ? r.record.meals : 0), 0),
    meals: Object.fromEntries([...byChoice].filter(([, n]) => n > 0)),
  };
}

async function listRsvps(ctx: Context, raw: unknown): Promise<void> {
  const options = parseOptions(rsvpsOptions, raw);
  const { data } = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
  const store = openStore(ctx, options.db);
  try {
    const rsvps = await store.listEventRsvps(options.event);
    const events = new Map(data?.events.map((e) => [e.id, e]) ?? []);
    const ids = [...new Set(rsvps.map((r) => r.record.eventId))].sort((a, b) =>
      (events.get(a)?.date ?? a).localeCompare(events.get(b)?.date ?? b),
    );
    const groups = ids.map((id) => {
      const event = events.get(id);
      const list = rsvps.filter((r) => r.record.eventId === id);
      return {
        event: { id, date: event?.date ?? "", name: event?.name ?? "(not in the data any more)" },
        list,
        totals: totals(list),
      };
    });
    if (options.format === "json") {
      ctx.out(
        JSON.stringify(
          groups.map((g) => ({ event: g.event, rsvps: g.list, totals: g.totals })),
          null,
          2,
        ),
      );
      return;
    }
    if (options.format === "csv") {
      const header = [
        "event_id",
        "event_date",
        "event_name",
        "received_at",
        "first_name",
        "last_name",
        "masonic_title",
        "email",
        "attendees",
        "dinner",
        "meals",
        "meal_choices",
      ];
      const rows = groups.flatMap((g) =>
        g.list.map(({ receivedAt, record: r }) => [
          g.event.id,
          g.event.date,
          g.event.name,
          receivedAt.toISOString(),
          r.firstName,
          r.lastName,
          r.masonicTitle,
          r.email,
          r.attendees,
          r.dinner ? "Yes" : "No",
          r.dinner ? r.meals : 0,
          meals(r),
        ]),
      );
      ctx.out(csv([header, ...rows]).trimEnd());
      return;
    }
    if (groups.length === 0) {
      ctx.out(options.event ? `No RSVPs for ${options.event} yet.` : "No RSVPs yet.");
      return;
    }
    for (const g of groups) {
      ctx.out(`${g.event.date} ${g.event.name} (${g.event.id})`);
      const rows = g.list.map(({ receivedAt, record: r }) => [
        receivedAt.toISOString().slice(0, 16).replace("T", " "),
        [r.firstName, r.lastName].join(" ") + (r.masonicTitle ? `, ${r.masonicTitle}` : ""),
        r.email,
        String(r.attendees),
        meals(r),
      ]);
      ctx.out(
        table([["Received (UTC)", "Name", "E-mail", "Attendees", "Dinner"], ...rows]).replace(
          /^/gm,
          "  ",
        ),
      );
      const t = g.totals;
      const perChoice = Object.entries(t.meals)
        .map(([choice, n]) => `${n} ${choice}`)
        .join(", ");
      const counts = [
        plural(t.rsvps, "RSVP"),
        plural(t.attendees, "attendee"),
        plural(t.dinners, "dinner"),
      ];
      ctx.out(`  Total: ${counts.join(", ")}${perChoice ? ` (${perChoice})` : ""}`);
      ctx.out("");
    }
  } finally {
    await store.close();
  }
}

async function listMessages(ctx: Context, raw: unknown): Promise<void> {
  const options = parseOptions(messagesOptions, raw);
  const store = openStore(ctx, options.db);
  try {
    const messages: Stored<ContactRecord>[] = await store.listContactMessages();
    if (options.format === "json") {
      ctx.out(JSON.stringify(messages, null, 2));
    } else if (options.format === "csv") {
      const rows = messages.map(({ receivedAt, record: m }) => [
        receivedAt.toISOString(),
        m.firstName,
        m.lastName,
        m.email,
        m.phoneNumber,
        m.message,
      ]);
      ctx.out(
        csv([
          ["received_at", "first_name", "last_name", "email", "phone", "message"],
          ...rows,
        ]).trimEnd(),
      );
    } else if (messages.length === 0) {
      ctx.out("No messages yet.");
    } else {
      for (const { receivedAt, record: m } of messages) {
        ctx.out(
          `${receivedAt.toISOString().slice(0, 16).replace("T", " ")} UTC  ${m.firstName} ${m.lastName} <${m.email}>${m.phoneNumber ? `  ${m.phoneNumber}` : ""}`,
        );
        ctx.out(m.message.replace(/^/gm, "  "));
        ctx.out("");
      }
    }
  } finally {
    await store.close();
  }
}

export function rsvpsCommand(ctx: Context): Command {
  return new Command("rsvps")
    .description("list the RSVPs received, per event, with the totals the caterer needs")
    .option("--db <file>", "the database lodge serve keeps", "var/lodge.db")
    .option("--event <id>", "only this event")
    .option("--format <format>", "table, csv (opens in a spreadsheet) or json", "table")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExample:\n  lodge rsvps --event 2027-01-06-stated-meeting --format csv > rsvps.csv",
    )
    .action((raw) => listRsvps(ctx, raw));
}

export function messagesCommand(ctx: Context): Command {
  return new Command("messages")
    .description("list the messages sent with the contact form")
    .option("--db <file>", "the database lodge serve keeps", "var/lodge.db")
    .option("--format <format>", "table, csv (opens in a spreadsheet) or json", "table")
    .addHelpText("after", "\nExample:\n  lodge messages --format csv > messages.csv")
    .action((raw) => listMessages(ctx, raw));
}
