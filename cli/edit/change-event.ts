import { basename, resolve } from "node:path";
import { z } from "zod";
import { clockText, eventStart, joinDateTime } from "../../core/rules/time.ts";
import { type Event, eventSchema } from "../../core/schemas/event.ts";
import type { LodgeData } from "../../core/schemas/index.ts";
import { dataDir, UsageError } from "../context.ts";
import { openList } from "./content-file.ts";
import { changeEvent } from "./events-file.ts";

/** The options of `lodge edit-event`: what to change. */
export const eventChangeOptions = z
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
export type EventChangeOptions = z.output<typeof eventChangeOptions>;

/** The changes to the event's entry, and a sentence that says what they mean. */
function changes(
  event: Event,
  options: EventChangeOptions,
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

/** The event found by its id; a mistyped id gets the ids of that month's events. */
function eventById(events: readonly Event[], id: string): number {
  const index = events.findIndex((event) => event.id === id);
  if (index >= 0) return index;
  const near = events.filter((e) => e.id.startsWith(id.slice(0, 7))).map((e) => e.id);
  throw new UsageError(
    `no event has the id "${id}"${near.length ? `; events of that month: ${near.join(", ")}` : ""}`,
  );
}

/**
 * `lodge edit-event`: postpones, cancels, marks full or reopens the event of `id` in the lodge's
 * events file (whatever its format), checked by the event schema first; unless --dry-run, the
 * file is written with only that entry changed (and moved, to keep date order).
 */
export function editEvent(
  cwd: string,
  data: LodgeData,
  id: string,
  options: EventChangeOptions,
): { event: Event; said: string[]; file: string } {
  const index = eventById(data.events, id);
  const event = data.events[index] as Event;
  const { set, said } = changes(event, options);
  const list = openList(resolve(cwd, options.data), "events");
  const written = Object.entries({ ...(list.entries()[index] as object), ...set });
  const check = eventSchema.safeParse(
    Object.fromEntries(written.filter(([, v]) => v !== undefined)),
  );
  if (!check.success) {
    throw new UsageError(
      `${check.error.issues.map((i) => `--${i.path[0] === "date" ? "postpone" : i.path.join(".")}: ${i.message}`).join("\n")}\nNothing was changed.`,
    );
  }
  if (!options.dryRun) {
    changeEvent(list, index, set);
    list.save();
  }
  return { event, said, file: basename(list.path) };
}
