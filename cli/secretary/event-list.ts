import { hasStarted } from "../../core/rules/events.ts";
import type { Event } from "../../core/schemas/event.ts";
import { table } from "./output.ts";
import type { EventGroup } from "./rsvp-report.ts";

/** One event as `lodge events` lists it. */
export interface EventRow {
  date: string;
  id: string;
  name: string;
  /** What the site says of it beside its date: cancelled, full, postponed from a date. */
  state: string[];
  /** With a database: the RSVPs received and the attendees they hold. */
  rsvps?: { rsvps: number; attendees: number };
}

export interface EventFilter {
  /** Only events that have not started. */
  upcoming: boolean;
  /** Only the events of a month, 'YYYY-MM'. */
  month?: string;
}

/** What the site says of an event beside its date: cancelled, full, postponed from a date. */
export function stateOf(event: Event): string[] {
  return [
    ...(event.cancelled ? ["cancelled"] : []),
    ...(event.full ? ["full"] : []),
    ...(event.postponedFrom ? [`postponed from ${event.postponedFrom}`] : []),
  ];
}

/**
 * The events of the lodge in date order, filtered, each with its id and state, and with its RSVP
 * totals when `groups` (the RSVPs by event, from the database) are given.
 */
export function eventRows(
  events: readonly Event[],
  filter: EventFilter,
  now: Date,
  timeZone: string,
  groups?: readonly EventGroup[],
): EventRow[] {
  const month = filter.month?.replace("-", "/");
  const totals = new Map(groups?.map((g) => [g.event.id, g.totals]));
  return [...events]
    .sort((a, b) => a.date.localeCompare(b.date))
    .filter((event) => !filter.upcoming || !hasStarted(event.date, now, timeZone))
    .filter((event) => month === undefined || event.date.startsWith(month))
    .map((event) => {
      const counted = totals.get(event.id);
      return {
        date: event.date,
        id: event.id,
        name: event.name,
        state: stateOf(event),
        ...(groups
          ? { rsvps: { rsvps: counted?.rsvps ?? 0, attendees: counted?.attendees ?? 0 } }
          : {}),
      };
    });
}

/** The rows as a table for a terminal; the RSVP column only when there are counts. */
export function eventsTable(rows: readonly EventRow[]): string {
  const counted = rows.some((row) => row.rsvps);
  const header = ["Date", "ID", "Name", "State", ...(counted ? ["RSVPs"] : [])];
  return table([
    header,
    ...rows.map((row) => [
      row.date,
      row.id,
      row.name,
      row.state.join(", "),
      ...(row.rsvps ? [`${row.rsvps.rsvps} (${row.rsvps.attendees} attending)`] : []),
    ]),
  ]);
}
