import type { Event } from "../../core/schemas/index.ts";
import type { EventRsvpRecord, Stored } from "../../server/store/store.ts";
import { plural } from "../load/summary.ts";
import { csv, minute, table } from "./output.ts";

/** What the secretary reads of an RSVP's dinner: '2 Prime Rib, 1 Salmon', '3 dinners' or ''. */
export function mealsOf(r: EventRsvpRecord): string {
  if (!r.dinner) return "";
  return (
    r.mealCounts
      .filter((m) => m.count > 0)
      .map((m) => `${m.count} ${m.choice}`)
      .join(", ") || plural(r.meals, "dinner")
  );
}

export interface EventGroup {
  event: { id: string; date: string; name: string };
  rsvps: Stored<EventRsvpRecord>[];
  totals: {
    rsvps: number;
    attendees: number;
    dinners: number;
    meals: Record<string, number>;
  };
}

function totals(list: readonly Stored<EventRsvpRecord>[]): EventGroup["totals"] {
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

/** The RSVPs by event, in event date order, each with the totals the caterer needs. */
export function groupByEvent(
  rsvps: readonly Stored<EventRsvpRecord>[],
  events: readonly Event[],
): EventGroup[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  const ids = [...new Set(rsvps.map((r) => r.record.eventId))].sort((a, b) =>
    (byId.get(a)?.date ?? a).localeCompare(byId.get(b)?.date ?? b),
  );
  return ids.map((id) => {
    const event = byId.get(id);
    const list = rsvps.filter((r) => r.record.eventId === id);
    return {
      event: { id, date: event?.date ?? "", name: event?.name ?? "(not in the data any more)" },
      rsvps: list,
      totals: totals(list),
    };
  });
}

const CSV_HEADER = [
  "id",
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

/** One row per RSVP, for a spreadsheet. */
export function rsvpsCsv(groups: readonly EventGroup[]): string {
  const rows = groups.flatMap((g) =>
    g.rsvps.map(({ id, receivedAt, record: r }) => [
      id,
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
      mealsOf(r),
    ]),
  );
  return csv([CSV_HEADER, ...rows]);
}

/**
 * Each event with its RSVPs in a table, the id first so `lodge rsvps cancel ID` and `edit ID`
 * can name one, then its totals.
 */
export function rsvpsTable(groups: readonly EventGroup[], guestLimit: number): string[] {
  const lines: string[] = [];
  for (const g of groups) {
    lines.push(`${g.event.date} ${g.event.name} (${g.event.id})`);
    const rows = g.rsvps.map(({ id, receivedAt, record: r }) => [
      String(id),
      minute(receivedAt),
      [r.firstName, r.lastName].join(" ") + (r.masonicTitle ? `, ${r.masonicTitle}` : ""),
      r.email,
      String(r.attendees),
      mealsOf(r),
    ]);
    lines.push(
      table([["ID", "Received (UTC)", "Name", "E-mail", "Attendees", "Dinner"], ...rows]).replace(
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
      `${plural(t.attendees, "attendee")} of ${guestLimit} seats`,
      plural(t.dinners, "dinner"),
    ];
    lines.push(`  Total: ${counts.join(", ")}${perChoice ? ` (${perChoice})` : ""}`, "");
  }
  return lines;
}
