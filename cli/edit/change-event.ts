import { basename, resolve } from "node:path";
import { z } from "zod";
import { clockText, eventStart, joinDateTime } from "../../core/rules/time.ts";
import { type Event, eventSchema } from "../../core/schemas/event.ts";
import type { LodgeData } from "../../core/schemas/index.ts";
import { type Context, dataDir, UsageError } from "../context.ts";
import { confirmOrForce } from "../prompt.ts";
import { openList } from "./content-file.ts";
import { changeEvent } from "./events-file.ts";
import { findEvent } from "./find-event.ts";

const NOTHING = "Nothing was changed.";

/** The changes edit-event makes, as flags: one at a time. */
const CHANGES = ["postpone", "cancel", "full", "reopen"] as const;

/** The options of `lodge edit-event`: what to change (one thing), and how. */
export const eventChangeOptions = z
  .object({
    data: dataDir,
    postpone: z.string().optional(),
    time: z.string().optional(),
    cancel: z.boolean().default(false),
    full: z.boolean().default(false),
    reopen: z.boolean().default(false),
    force: z.boolean().default(false),
    dryRun: z.boolean().default(false),
  })
  .superRefine((options, ctx) => {
    const given = CHANGES.filter((change) => options[change]);
    if (given.length === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["postpone"],
        message: "say what to change: --postpone DATE, --cancel, --full or --reopen",
      });
    } else if (given.length > 1) {
      ctx.addIssue({
        code: "custom",
        path: [given[1] as string],
        message: `--${given[0]} and --${given[1]} do not go together; make one change at a time`,
      });
    }
    if (options.time !== undefined && !options.postpone) {
      ctx.addIssue({
        code: "custom",
        path: ["time"],
        message: "--time goes with --postpone DATE: the new day's start time",
      });
    }
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

/**
 * `lodge edit-event`: postpones, cancels, marks full or reopens the event `words` name (its id,
 * its date, or its date and part of its name) in the lodge's events file, whatever its format,
 * checked by the event schema first; postponing onto a day that has another event is confirmed
 * at the terminal or needs --force. Unless --dry-run, the file is written with only that entry
 * changed (and moved, to keep date order).
 */
export async function editEvent(
  ctx: Pick<Context, "cwd" | "ask" | "err">,
  data: LodgeData,
  words: readonly string[],
  options: EventChangeOptions,
): Promise<{ event: Event; said: string[]; file: string }> {
  const index = findEvent(data.events, words);
  const event = data.events[index] as Event;
  const { set, said } = changes(event, options);
  const list = openList(resolve(ctx.cwd, options.data), "events");
  const written = Object.entries({ ...(list.entries()[index] as object), ...set });
  const check = eventSchema.safeParse(
    Object.fromEntries(written.filter(([, v]) => v !== undefined)),
  );
  if (!check.success) {
    throw new UsageError(
      `${check.error.issues.map((i) => `--${i.path[0] === "date" ? "postpone" : i.path.join(".")}: ${i.message}`).join("\n")}\n${NOTHING}`,
    );
  }
  const day = check.data.date.slice(0, 10);
  const there = data.events.find((e) => e !== event && e.date.slice(0, 10) === day);
  if (options.postpone && there && !options.force) {
    await confirmOrForce(ctx, `${there.name} (id ${there.id}) is on ${day} already`, {
      question: "Postpone onto that day all the same?",
      anyway: "postpone it",
      nothing: NOTHING,
    });
  }
  if (!options.dryRun) {
    changeEvent(list, index, set);
    list.save();
  }
  return { event, said, file: basename(list.path) };
}
