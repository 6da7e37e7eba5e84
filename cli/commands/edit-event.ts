import { readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { clockText, eventStart, joinDateTime } from "../../core/rules/time.ts";
import { type Event, eventSchema } from "../../core/schemas/event.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { updateEvent } from "../edit/events-file.ts";
import { UserError } from "../errors.ts";
import { requireData } from "../load/require-data.ts";

const optionsSchema = z
  .object({
    data: dataDir,
    postpone: z.string().optional(),
    time: z.string().optional(),
    cancel: z.boolean().default(false),
    full: z.boolean().default(false),
    reopen: z.boolean().default(false),
    dryRun: z.boolean().default(false),
  })
  .refine((o) => o.postpone || o.cancel || o.full || o.reopen, {
    error: "say what to change: --postpone DATE, --cancel, --full or --reopen",
    path: ["postpone"],
  });

/** The changes to the entry in events.yaml, and a sentence that says what they mean. */
function changes(
  event: Event,
  options: z.output<typeof optionsSchema>,
): { set: Record<string, unknown>; said: string[] } {
  const set: Record<string, unknown> = {};
  const said: string[] = [];
  if (options.postpone) {
    const date = joinDateTime(options.postpone, options.time ?? clockText(eventStart(event.date)));
    // The id stays as it was, so RSVPs already received stay with the event.
    Object.assign(set, { id: event.id, date, postponedFrom: event.postponedFrom ?? event.date });
    said.push(`postponed from ${event.date} to ${date}`);
  }
  if (options.cancel) {
    set.cancelled = true;
    said.push("cancelled: the site says so and RSVP is closed");
  }
  if (options.full) {
    set.full = true;
    said.push("full: RSVP is closed");
  }
  if (options.reopen) {
    Object.assign(set, { cancelled: undefined, full: undefined });
    said.push("reopened: RSVP follows its usual dates again");
  }
  return { set, said };
}

function editEvent(ctx: Context, id: string, raw: unknown): void {
  const options = parseOptions(optionsSchema, raw);
  const _dir = resolve(ctx.cwd, options.data);
  const data = requireData(ctx, options.data, "events.yaml was not changed.");
  const { sources } = data;
  const index = data.events.findIndex((event) => event.id === id);
  const event = data.events[index];
  if (!event) {
    const near = data.events.filter((e) => e.id.startsWith(id.slice(0, 7))).map((e) => e.id);
    throw new UsageError(
      `no event has the id "${id}"${near.length ? `; events of that month: ${near.join(", ")}` : ""}`,
    );
  }
  const { set, said } = changes(event, options);
  const file = sources.events?.file;
  if (!file?.endsWith(".yaml") && !file?.endsWith(".yml")) {
    throw new UserError(
      "lodge edit-event changes events.yaml; this lodge keeps its events in JSON. Nothing was changed.",
    );
  }
  const path = resolve(ctx.cwd, file);
  const text = updateEvent(readFileSync(path, "utf8"), (_, i) => i === index, set);
  const check = eventSchema.safeParse(
    Object.fromEntries(
      Object.entries({ ...sourceEntry(sources.events?.value, index), ...set }).filter(
        ([, v]) => v !== undefined,
      ),
    ),
  );
  if (!check.success) {
    throw new UsageError(
      `${check.error.issues.map((i) => `--${i.path[0] === "date" ? "postpone" : i.path.join(".")}: ${i.message}`).join("\n")}\nNothing was changed.`,
    );
  }
  if (options.dryRun) {
    ctx.out(
      `Would mark ${event.name} (${event.id}) ${said.join("; ")}. (dry run: events.yaml was not changed)`,
    );
    return;
  }
  writeFileSync(path, text);
  ctx.out(
    `${event.name} (${event.id}) ${said.join("; ")}. Run lodge build to show it on the site.`,
  );
}

function sourceEntry(value: unknown, index: number): Record<string, unknown> {
  return (Array.isArray(value) ? value[index] : {}) as Record<string, unknown>;
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
    .action((id: string, raw) => editEvent(ctx, id, raw));
}
