import { mealCountsText } from "../../core/rules/meals.ts";
import { wallTimeIn } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import type {
  CancelledRsvp,
  EventRsvpRecord,
  Stored,
  WaitlistEntry,
} from "../../server/store/store.ts";
import { plural } from "../load/summary.ts";
import { stateOf } from "./event-list.ts";
import {
  type EventMembers,
  memberAnswerJson,
  memberCsvRows,
  memberLines,
  membersSummary,
} from "./member-answers.ts";
import { csv, table } from "./output.ts";

/** A moment in the lodge's time, as the listings show it: '2027-12-20 10:00'. */
export function lodgeMinute(at: Date, timeZone: string): string {
  const w = wallTimeIn(at, timeZone);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)} ${two(w.hour)}:${two(w.minute)}`;
}

/** An RSVP's name as the secretary reads it; an erased one says so. */
export function nameOf(r: EventRsvpRecord): string {
  if (!r.firstName && !r.lastName && !r.email) return "(erased)";
  return [r.firstName, r.lastName].join(" ") + (r.masonicTitle ? `, ${r.masonicTitle}` : "");
}

/** What the secretary reads of an RSVP's dinner: '2 Prime Rib, 1 Salmon', '3 dinners' or ''. */
export function mealsOf(r: EventRsvpRecord): string {
  if (!r.dinner) return "";
  return mealCountsText(r.mealCounts) || plural(r.meals, "dinner");
}

export interface EventGroup {
  event: {
    id: string;
    date: string;
    name: string;
    /** Cancelled, full, postponed from a date: what the site says of it. */
    state: string[];
    /** The event's meal choices, in its order, then any others its RSVPs hold. */
    choices: string[];
    location: string;
  };
  rsvps: Stored<EventRsvpRecord>[];
  /** The RSVPs cancelled (by their visitor or the secretary): listed, never counted. */
  cancelled: CancelledRsvp[];
  /** The parties waiting or offered seats, in line order: not the caterer's, the secretary's. */
  waitlist: WaitlistEntry[];
  /**
   * The members' answers to the summons (their seats are among `rsvps`), apologies and no answer
   * yet; with `named`, by name (lodge rsvps --event), otherwise in figures.
   */
  members?: (EventMembers & { named: boolean }) | undefined;
  totals: {
    rsvps: number;
    attendees: number;
    dinners: number;
    meals: Record<string, number>;
    /** Counted apart: the RSVPs cancelled and the attendees they had. */
    cancelled: { rsvps: number; attendees: number };
  };
}

/** The groups as `lodge rsvps --format json` gives them: the members' answers without keys. */
export function groupsJson(groups: readonly EventGroup[]): string {
  return JSON.stringify(
    groups.map(({ members, ...group }) =>
      members
        ? {
            ...group,
            members: {
              answers: members.answers.map(memberAnswerJson),
              noAnswer: members.noAnswer.map(({ id: _, key: __, ...m }) => m),
            },
          }
        : group,
    ),
    null,
    2,
  );
}

/** Who cancelled an RSVP, as the listings say it. */
export function cancelledByText(by: CancelledRsvp["cancelledBy"]): string {
  switch (by) {
    case "visitor":
      return "the visitor";
    case "secretary":
      return "the secretary";
    case "member":
      return "his apologies";
    case "unconfirmed":
      // Past its address's seats, it was never confirmed from the mail: its hold ended.
      return "not confirmed";
    default:
      return "";
  }
}

function totals(
  list: readonly Stored<EventRsvpRecord>[],
  cancelled: readonly CancelledRsvp[],
): EventGroup["totals"] {
  const byChoice = new Map<string, number>();
  for (const { record } of list)
    for (const m of record.mealCounts)
      byChoice.set(m.choice, (byChoice.get(m.choice) ?? 0) + m.count);
  return {
    rsvps: list.length,
    attendees: list.reduce((n, r) => n + r.record.attendees, 0),
    dinners: list.reduce((n, r) => n + (r.record.dinner ? r.record.meals : 0), 0),
    meals: Object.fromEntries([...byChoice].filter(([, n]) => n > 0)),
    cancelled: {
      rsvps: cancelled.length,
      attendees: cancelled.reduce((n, r) => n + r.record.attendees, 0),
    },
  };
}

/**
 * The RSVPs by event, in event date order, each with the totals the caterer needs and its
 * waiting list.
 */
export function groupByEvent(
  rsvps: readonly Stored<EventRsvpRecord>[],
  events: readonly Event[],
  /** Only this event, listed even without RSVPs. */
  only?: string,
  waitlist: readonly WaitlistEntry[] = [],
  cancelled: readonly CancelledRsvp[] = [],
): EventGroup[] {
  const byId = new Map(events.map((e) => [e.id, e]));
  const ids = only
    ? [only]
    : [...new Set([...rsvps, ...waitlist, ...cancelled].map((r) => r.record.eventId))].sort(
        (a, b) => (byId.get(a)?.date ?? a).localeCompare(byId.get(b)?.date ?? b),
      );
  return ids.map((id) => {
    const event = byId.get(id);
    const list = rsvps.filter((r) => r.record.eventId === id);
    const ended = cancelled.filter((r) => r.record.eventId === id);
    const held = list.flatMap((r) => r.record.mealCounts.map((m) => m.choice));
    return {
      event: {
        id,
        date: event?.date ?? "",
        name: event?.name ?? "(not in the data any more)",
        state: event ? stateOf(event) : [],
        choices: [...new Set([...(event?.earlyBirdOptions.choices ?? []), ...held])],
        location: event?.location ?? "",
      },
      rsvps: list,
      cancelled: ended,
      waitlist: waitlist.filter((entry) => entry.record.eventId === id),
      totals: totals(list, ended),
    };
  });
}

/**
 * One row per RSVP for a spreadsheet, with a column per meal choice, and a totals row after
 * each event's RSVPs; times in the lodge's zone. Starts with a byte-order mark, so Excel reads
 * the names as UTF-8.
 */
export function rsvpsCsv(groups: readonly EventGroup[], timeZone: string): string {
  const choices = [...new Set(groups.flatMap((g) => g.event.choices))];
  const header = [
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
    ...choices,
    "status",
    "cancelled_at",
    "cancelled_by",
  ];
  const countOf = (r: EventRsvpRecord, choice: string) =>
    r.mealCounts.find((m) => m.choice === choice)?.count ?? 0;
  const rsvpRow = (event: string[], { id, receivedAt, record: r }: Stored<EventRsvpRecord>) => [
    id,
    ...event,
    lodgeMinute(receivedAt, timeZone),
    r.firstName,
    r.lastName,
    r.masonicTitle,
    r.email,
    r.attendees,
    r.dinner ? "Yes" : "No",
    r.dinner ? r.meals : 0,
    ...choices.map((choice) => countOf(r, choice)),
  ];
  const rows = groups.flatMap((g) => {
    const event = [g.event.id, g.event.date, g.event.name];
    return [
      ...g.rsvps.map((rsvp) => [
        ...rsvpRow(event, rsvp),
        rsvp.record.memberId === undefined ? "reserved" : "reserved (member)",
        "",
        "",
      ]),
      [
        "Total",
        ...event,
        "",
        plural(g.totals.rsvps, "RSVP"),
        "",
        "",
        "",
        g.totals.attendees,
        "",
        g.totals.dinners,
        ...choices.map((choice) => g.totals.meals[choice] ?? 0),
        g.totals.cancelled.rsvps > 0
          ? `${plural(g.totals.cancelled.rsvps, "RSVP")} cancelled apart`
          : "",
        "",
        "",
      ],
      // After the totals, which do not count them.
      ...(g.members
        ? memberCsvRows(g.members, event, header.length, (at) => lodgeMinute(at, timeZone))
        : []),
      ...g.cancelled.map((rsvp) => [
        ...rsvpRow(event, rsvp),
        "cancelled",
        lodgeMinute(rsvp.cancelledAt, timeZone),
        cancelledByText(rsvp.cancelledBy),
      ]),
    ];
  });
  return `\uFEFF${csv([header, ...rows])}`;
}

/**
 * Each event with its RSVPs in a table, the id first so `lodge rsvps cancel ID` and `edit ID`
 * can name one, then its totals.
 */
export function rsvpsTable(
  groups: readonly EventGroup[],
  guestLimit: number,
  timeZone: string,
): string[] {
  const lines: string[] = [];
  for (const g of groups) {
    const state = g.event.state.length > 0 ? ` - ${g.event.state.join(", ").toUpperCase()}` : "";
    lines.push(`${g.event.date} ${g.event.name} (${g.event.id})${state}`);
    const rows = g.rsvps.map(({ id, receivedAt, record: r, confirmBy }) => [
      String(id),
      lodgeMinute(receivedAt, timeZone),
      // Past its address's seats, its visitor has yet to confirm it from the mail.
      confirmBy
        ? `${nameOf(r)} (awaiting confirmation until ${lodgeMinute(confirmBy, timeZone)})`
        : nameOf(r),
      r.email,
      String(r.attendees),
      mealsOf(r),
    ]);
    lines.push(
      table([["ID", "Received", "Name", "E-mail", "Attendees", "Dinner"], ...rows]).replace(
        /^/gm,
        "  ",
      ),
    );
    const t = g.totals;
    const perChoice = Object.entries(t.meals)
      .map(([choice, n]) => `${n} ${choice}`)
      .join(", ");
    const awaiting = g.rsvps.filter((rsvp) => rsvp.confirmBy).length;
    const counts = [
      plural(t.rsvps, "RSVP") + (awaiting > 0 ? ` (${awaiting} awaiting confirmation)` : ""),
      `${plural(t.attendees, "attendee")} of ${guestLimit} seats`,
      plural(t.dinners, "dinner"),
    ];
    lines.push(`  Total: ${counts.join(", ")}${perChoice ? ` (${perChoice})` : ""}`);
    lines.push(...cancelledLines(g, timeZone), ...waitlistLines(g.waitlist, timeZone));
    if (g.members?.named) lines.push(...memberLines(g.members, (at) => lodgeMinute(at, timeZone)));
    else if (g.members) lines.push(`  Members: ${membersSummary(g.members)}`);
    lines.push("");
  }
  return lines;
}

/** An event's cancelled RSVPs under its totals, which do not count them: when and by whom. */
function cancelledLines(g: EventGroup, timeZone: string): string[] {
  if (g.cancelled.length === 0) return [];
  const { rsvps, attendees } = g.totals.cancelled;
  const rows = g.cancelled.map((c) => [
    String(c.id),
    lodgeMinute(c.cancelledAt, timeZone),
    cancelledByText(c.cancelledBy) || "-",
    nameOf(c.record),
    c.record.email,
    String(c.record.attendees),
    mealsOf(c.record),
  ]);
  return [
    `  Cancelled (not counted above): ${plural(rsvps, "RSVP")}, ${plural(attendees, "attendee")}`,
    table([["ID", "Cancelled", "By", "Name", "E-mail", "Attendees", "Dinner"], ...rows]).replace(
      /^/gm,
      "    ",
    ),
  ];
}

/**
 * An event's waiting list under its RSVPs: each party in line order with its place (an offered
 * one has left the line), its size and dinner, and until when an offer holds it seats.
 */
function waitlistLines(waitlist: readonly WaitlistEntry[], timeZone: string): string[] {
  if (waitlist.length === 0) return [];
  const seats = waitlist.reduce((n, entry) => n + entry.record.attendees, 0);
  const rows = waitlist.map((entry) => [
    entry.position === undefined ? "" : String(entry.position),
    lodgeMinute(entry.receivedAt, timeZone),
    nameOf(entry.record),
    entry.record.email,
    String(entry.record.attendees),
    mealsOf(entry.record),
    entry.state,
    entry.offerExpiresAt ? lodgeMinute(entry.offerExpiresAt, timeZone) : "",
  ]);
  return [
    `  Waiting list: ${plural(waitlist.length, "party", "parties")}, ${plural(seats, "seat")} asked for`,
    table([
      ["Place", "Joined", "Name", "E-mail", "Party", "Dinner", "State", "Offer until"],
      ...rows,
    ]).replace(/^/gm, "    "),
  ];
}
