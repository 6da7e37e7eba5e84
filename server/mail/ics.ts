import { type WallTime, wallMinutes, wallTimeIn } from "../../core/rules/index.ts";

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

function utcStamp(date: Date): string {
  return `${date.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
}

/** RFC 5545 text: backslash, semicolon, comma and line breaks escaped. */
function escapeText(text: string): string {
  return text.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, "\\n");
}

/** Lines longer than 75 octets continue on the next line after a space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, "utf8");
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = "";
  for (const char of line) {
    const limit = parts.length === 0 ? 75 : 74;
    if (Buffer.byteLength(current + char, "utf8") > limit) {
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
}

/** A one-event calendar (text/calendar) that mail programs offer to add to the calendar. */
export function calendarFile(event: CalendarEvent): string {
  const start = instantOf(event.start, event.timeZone);
  const end = new Date(start.getTime() + event.durationMinutes * 60_000);
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//lodge//RSVP//EN",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    `DTSTART:${utcStamp(start)}`,
    `DTEND:${utcStamp(end)}`,
    `SUMMARY:${escapeText(event.summary)}`,
    ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
    ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
    ...(event.url ? [`URL:${event.url.replace(/[\r\n]/g, "")}`] : []),
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(fold).join("\r\n")}\r\n`;
}
