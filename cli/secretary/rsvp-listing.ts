import type { LodgeData } from "../../core/schemas/index.ts";
import type { Erasure, Store } from "../../server/store/store.ts";
import { UsageError } from "../context.ts";
import { findEvent } from "../edit/find-event.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { catererSheet } from "./caterer-sheet.ts";
import { eventMembers } from "./member-answers.ts";
import { table } from "./output.ts";
import { groupByEvent, groupsJson, lodgeMinute, rsvpsCsv, rsvpsTable } from "./rsvp-report.ts";

export interface RsvpListing {
  event?: string | undefined;
  format: "table" | "csv" | "json" | "html";
  erased: boolean;
}

/**
 * The event `query` names: an event of the data (by id, date, or date and part of its name), or
 * an id the database holds RSVPs for. Otherwise the error lists the closest events.
 */
async function eventIdOf(store: Store, data: LodgeData | undefined, query: string) {
  if (data?.events.some((event) => event.id === query)) return query;
  if ((await store.listEventRsvps(query)).length > 0) return query;
  if (!data) {
    throw new UserError(`No RSVPs have the event id "${query}"; lodge rsvps lists every event's.`);
  }
  const found = data.events[findEvent(data.events, [query])];
  return found?.id ?? query;
}

/** What `lodge rsvps --erased` lists: each erasure, and what the lodge kept of it. */
function erasuresTable(erasures: readonly Erasure[], data: LodgeData | undefined): string {
  if (erasures.length === 0) {
    return `Nothing has been erased yet: names and addresses are erased ${data?.lodge.keepPersonalDataDays ?? 90} days after each event or message.`;
  }
  const zone = data?.lodge.timeZone ?? "UTC";
  const named = (kind: Erasure["kind"], id: string) => {
    const item =
      kind === "event"
        ? data?.events.find((e) => e.id === id)
        : data?.socialEvents.find((o) => o.id === id);
    return item ? `${item.date} ${item.name} (${id})` : id;
  };
  const rows = erasures.map((x) => [
    lodgeMinute(x.erasedAt, zone),
    x.kind === "contact"
      ? "contact messages"
      : `${x.kind === "event" ? "event" : "outing"} ${named(x.kind, x.subject)}`,
    x.kind === "contact" ? plural(x.rows, "message") : plural(x.rows, "RSVP"),
    x.kind === "contact" ? "" : String(x.attendees),
    x.kind === "event" ? String(x.meals) : "",
  ]);
  return table([["Erased at", "What", "Erased", "Attendees kept", "Meals kept"], ...rows]);
}

/** The text `lodge rsvps` prints for these options. */
export async function rsvpListing(
  store: Store,
  data: LodgeData | undefined,
  options: RsvpListing,
  now: Date,
): Promise<string> {
  if (options.erased) {
    const erasures = await store.listErasures();
    return options.format === "json"
      ? JSON.stringify(erasures, null, 2)
      : erasuresTable(erasures, data);
  }
  if (options.format === "html" && options.event === undefined) {
    throw new UsageError(
      "--format html writes the caterer's sheet of one event: give it with --event ID (lodge rsvps lists the ids).",
    );
  }
  const id = options.event === undefined ? undefined : await eventIdOf(store, data, options.event);
  const events = data?.events ?? [];
  const groups = groupByEvent(
    await store.listEventRsvps(id),
    events,
    id,
    await store.listWaitlist(id),
    await store.listCancelledEventRsvps(id),
  );
  for (const group of groups) {
    const event = events.find((e) => e.id === group.event.id);
    const members = await eventMembers(store, event, group.event.id);
    if (members) group.members = { ...members, named: id !== undefined };
  }
  const zone = data?.lodge.timeZone ?? "UTC";
  switch (options.format) {
    case "json":
      return groupsJson(groups);
    case "csv":
      return rsvpsCsv(groups, zone);
    case "html": {
      if (!data)
        throw new UserError("The caterer's sheet needs the lodge's data: run lodge validate.");
      const [group] = groups;
      const event = events.find((e) => e.id === id);
      const dietary = id === undefined ? [] : await store.dinersWithNeeds(id);
      return group ? catererSheet(group, event, data.lodge, now, dietary) : "";
    }
    default: {
      const empty = (g: (typeof groups)[number]) =>
        g.rsvps.length + g.waitlist.length + g.cancelled.length === 0 &&
        (g.members === undefined || g.members.answers.length + g.members.noAnswer.length === 0);
      if (groups.every(empty)) {
        return id ? `No RSVPs for ${id} yet.` : "No RSVPs yet.";
      }
      return rsvpsTable(groups, data?.lodge.guestLimit ?? 70, zone).join("\n");
    }
  }
}
