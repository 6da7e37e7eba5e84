import { eventPath, outingPath } from "../api/page-paths.ts";
import type { Event } from "../schemas/event.ts";
import type { Lodge } from "../schemas/lodge.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import { eventStart, type WallTime, wallMinutes, wallTimeIn } from "./time.ts";

/** How long an event lasts in a calendar: the data gives only its start. */
export const CALENDAR_DURATION_MINUTES = 120;

/** The instant at which a clock in `timeZone` shows `wall` (the later one when it shows it twice). */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const target = wallMinutes(wall) * 60_000;
  let instant = target;
  // Two corrections settle the zone's offset, also across a daylight-saving change.
  for (let i = 0; i < 2; i++) {
    instant += target - wallMinutes(wallTimeIn(new Date(instant), timeZone)) * 60_000;
  }
  return new Date(instant);
}

/**
 * The wall time as an ISO 8601 date-time with the zone's offset at that moment, e.g.
 * '2026-12-02T19:30:00-05:00', as schema.org wants event dates.
 */
export function isoDateTime(wall: WallTime, timeZone: string): string {
  const offset = Math.round(
    (wallMinutes(wall) * 60_000 - instantOf(wall, timeZone).getTime()) / 60_000,
  );
  const pad = (n: number) => String(n).padStart(2, "0");
  const sign = offset < 0 ? "-" : "+";
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}:00${zone}`;
}

function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

// Made when a calendar file is first folded, not when the module loads: the pages that import
// this module only for a date (structured data) would otherwise make one on every load.
let utf8: TextEncoder | undefined;
function octets(text: string): number {
  utf8 ??= new TextEncoder();
  return utf8.encode(text).length;
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  if (octets(line) <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (octets(current + char) > limit) {
      parts.push(current);
      current = "";
    }
    current += char;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

export interface CalendarEvent {
  uid: string;
  start: WallTime;
  timeZone: string;
  durationMinutes: number;
  summary: string;
  location: string;
  description: string;
  url?: string | undefined;
  stamp: Date;
  /** Raised each time the event changes, so calendars that have it take the new version. */
  sequence?: number;
  cancelled?: boolean;
  /**
   * Who sends the entry: a mail's update or cancellation names the lodge, as iTIP asks of a
   * CANCEL. Left out of the site's files and feed, where it would make calendar programs offer to
   * mail the lodge replies.
   */
  organizer?: { name: string; email: string } | undefined;
}

/** A parameter value in quotes (RFC 5545 3.2): no quotes, no line breaks inside. */
const quotedParam = (text: string) => `"${text.replace(/["\r\n]/g, "")}"`;

/** One event of a calendar, its lines from BEGIN:VEVENT to END:VEVENT. */
function eventLines(event: CalendarEvent): string[] {
  const start = instantOf(event.start, event.timeZone);
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  return [
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SEQUENCE:${event.sequence ?? 0}`,
    `STATUS:${event.cancelled ? "CANCELLED" : "CONFIRMED"}`,
    ...(event.organizer
      ? [
          `ORGANIZER;CN=${quotedParam(event.organizer.name)}:mailto:${event.organizer.email.replace(/[\s"]/g, "")}`,
        ]
      : []),
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, "")}`] : []),
    "END:VEVENT",
  ];
}

/**
 * What a calendar file asks of the program that opens it (RFC 5546): PUBLISH, add or update the
 * entries; CANCEL, remove the one of its UID.
 */
export type CalendarMethod = "PUBLISH" | "CANCEL";

/** A calendar of events (text/calendar), with the calendar's own properties after its header. */
function calendarText(
  properties: string[],
  events: readonly CalendarEvent[],
  method: CalendarMethod = "PUBLISH",
): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//lodge//RSVP//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    ...properties,
    ...events.flatMap(eventLines),
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}

/**
 * A one-event calendar (text/calendar) that mail programs and browsers offer to add to the
 * visitor's calendar. Pure text, so the server's mails and the built site make the same file.
 */
export function calendarFile(event: CalendarEvent): string {
  return calendarText([], [event]);
}

/** The most SEQUENCE may be (a signed 32-bit integer in most calendar programs). */
const MAX_SEQUENCE = 2 ** 31 - 1;

/**
 * The SEQUENCE of a visitor's calendar entry once their reservation changed at `at`: above the
 * event's own (its postponements and cancellation), and above every earlier version the visitor
 * was sent, so their calendar takes it. The store keeps no count of an RSVP's changes; the
 * seconds since it came in rise with each one.
 */
export function reservationSequence(item: Event | SocialEvent, receivedAt: Date, at: Date): number {
  const seconds = Math.floor((at.getTime() - receivedAt.getTime()) / 1000);
  return Math.min(MAX_SEQUENCE, calendarSequence(item) + Math.max(1, seconds));
}

/**
 * The calendar file a visitor's change or cancellation mail carries for the event their
 * calendar holds from the confirmation (same UID): the event as it is with the reservation as
 * changed, to PUBLISH, or the entry to remove, to CANCEL; `sequence` from reservationSequence.
 */
export function reservationCalendarFile(
  lodge: CalendarLodge & Pick<Lodge, "name">,
  item: Event | SocialEvent,
  change: {
    stamp: Date;
    sequence: number;
    /** What the reservation is now, e.g. 'Your reservation: 3 attendees.'; empty once cancelled. */
    reservation: string;
    cancelled: boolean;
    organizer: string;
  },
): string {
  const event = calendarEventOf(lodge, item, change.stamp);
  return calendarText(
    [],
    [
      {
        ...event,
        sequence: change.sequence,
        cancelled: change.cancelled || event.cancelled,
        description: [change.reservation, event.description].filter(Boolean).join("\n\n"),
        organizer: { name: lodge.name, email: change.organizer },
      },
    ],
    change.cancelled ? "CANCEL" : "PUBLISH",
  );
}

/** The calendar feed of every event and outing to come, the address calendars subscribe to. */
export const CALENDAR_FEED = "/calendar.ics";

/** What a calendar entry needs of the lodge: its site's address (when lodge.yaml gives one) links
 * each entry back to its page. */
type CalendarLodge = Pick<Lodge, "number" | "shortName" | "timeZone"> &
  Partial<Pick<Lodge, "siteUrl">>;

/** The feed's address for a 'Subscribe' link: webcal://, which calendar programs open. */
export function calendarSubscription(siteUrl: string): string | undefined {
  return siteUrl ? siteUrl.replace(/^https?:/, "webcal:") + CALENDAR_FEED : undefined;
}

/** How often a subscribed calendar should fetch the feed again. */
export const FEED_REFRESH = "PT12H";

/** Where an event or outing is, as its calendar entry says: the venue, then the address. */
function placeOf(item: Event | SocialEvent): string {
  const parts =
    "locationAddress" in item
      ? [item.location, item.locationAddress]
      : [item.location, item.address];
  return parts.filter(Boolean).join(", ");
}

/** What the entry says about it: the description, then an event's extra information. */
function notesOf(item: Event | SocialEvent): string {
  const parts = "extraInfo" in item ? [item.description, item.extraInfo] : [item.description];
  return parts.filter(Boolean).join("\n\n");
}

/**
 * The calendar file of a lodge event or outing: the one file of the confirmation mail and the
 * site's 'Add to calendar' link, with the same UID and the same words, so a calendar that has
 * one updates it.
 */
export function eventCalendarFile(
  lodge: CalendarLodge,
  item: Event | SocialEvent,
  stamp: Date,
): string {
  return calendarFile(calendarEventOf(lodge, item, stamp));
}

/**
 * The calendar feed visitors subscribe to (/calendar.ics): the events and outings given, each as
 * its own file has it (same UID, so a calendar that added one from a file or a mail updates it),
 * with a name and how often to fetch it again, and no ORGANIZER (which would make calendar
 * programs offer to mail the lodge replies).
 */
export function calendarFeed(
  lodge: CalendarLodge & Pick<Lodge, "name">,
  items: readonly (Event | SocialEvent)[],
  stamp: Date,
): string {
  return calendarText(
    [
      `NAME:${escapeText(lodge.name)}`,
      `X-WR-CALNAME:${escapeText(lodge.name)}`,
      `X-WR-TIMEZONE:${lodge.timeZone}`,
      `REFRESH-INTERVAL;VALUE=DURATION:${FEED_REFRESH}`,
      `X-PUBLISHED-TTL:${FEED_REFRESH}`,
    ],
    items.map((item) => calendarEventOf(lodge, item, stamp)),
  );
}

/**
 * How many times an event has changed since it was announced, as its calendar entry's SEQUENCE:
 * the data keeps no history, but the changes `lodge edit-event` makes (a postponement, a
 * cancellation) each leave their mark on the record, so each raises it.
 */
export function calendarSequence(item: Event | SocialEvent): number {
  if (!("cancelled" in item)) return 0;
  return (item.postponedFrom ? 1 : 0) + (item.cancelled ? 1 : 0);
}

function calendarEventOf(
  lodge: CalendarLodge,
  item: Event | SocialEvent,
  stamp: Date,
): CalendarEvent {
  const page = "cancelled" in item ? eventPath(item.id) : outingPath(item.id);
  return {
    url: lodge.siteUrl ? lodge.siteUrl + page : undefined,
    sequence: calendarSequence(item),
    cancelled: "cancelled" in item && item.cancelled,
    uid: `${item.id}@lodge-${lodge.number}`,
    start: eventStart(item.date),
    timeZone: lodge.timeZone,
    durationMinutes: CALENDAR_DURATION_MINUTES,
    summary: `${item.name} (${lodge.shortName})`,
    location: placeOf(item),
    description: notesOf(item),
    stamp,
  };
}

/** How long a manage link outlives its event's end. */
export const MANAGE_LINK_GRACE_MS = 24 * 60 * 60 * 1000;

/** When an RSVP's manage link stops working: the event's end (its start plus its calendar length) plus a day. */
export function manageLinkExpiry(event: Pick<Event, "date">, timeZone: string): Date {
  const start = instantOf(eventStart(event.date), timeZone).getTime();
  return new Date(start + CALENDAR_DURATION_MINUTES * 60_000 + MANAGE_LINK_GRACE_MS);
}
