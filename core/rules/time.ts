/**
 * Wall-clock time in the lodge's zone. Every date rule compares wall times (what a clock on the
 * lodge's wall shows), never instants: event dates are written as wall times, and the current
 * instant is turned into the lodge's wall time once, here. So no rule needs DST arithmetic, and
 * the machine's own zone never matters.
 */

/**
 * True when year, month (1-12) and day form a real calendar date. It lives here, not beside the
 * schemas, so the rules the browser runs do not pull zod into the site's JavaScript.
 */
export function isRealDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** A calendar day: year, month 1-12, day 1-31. */
export type CalendarDate = { year: number; month: number; day: number };
/** A calendar day and a clock time, hour 0-23, minute 0-59, in some zone the caller knows. */
export type WallTime = CalendarDate & { hour: number; minute: number };
/** A clock time of the day. */
export type ClockTime = { hour: number; minute: number };

const EVENT_DATE = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2})$/;
const DAY = /^(\d{4})\/(\d{2})\/(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** Parses 'YYYY/MM/DD HH:mm' (24-hour; hyphens count as slashes, SPEC 5); undefined if invalid. */
export function parseEventDate(text: string): WallTime | undefined {
  const m = EVENT_DATE.exec(text.trim().replaceAll("-", "/"));
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  if (!isRealDate(year, month, day) || hour > 23 || minute > 59) return undefined;
  return { year, month, day, hour, minute };
}

/** Parses a day 'yyyy/mm/dd' (or with hyphens); undefined when empty or not a real date. */
export function parseDay(text: string): CalendarDate | undefined {
  const m = DAY.exec(text.trim().replaceAll("-", "/"));
  if (!m) return undefined;
  const [year, month, day] = m.slice(1).map(Number) as [number, number, number];
  return isRealDate(year, month, day) ? { year, month, day } : undefined;
}

/**
 * The start of an event whose date the schema has already validated. An invalid date here is a
 * broken invariant, not a visitor's mistake, so it throws instead of guessing.
 */
export function eventStart(dateText: string): WallTime {
  const start = parseEventDate(dateText);
  if (!start) throw new RangeError(`not an event date 'YYYY/MM/DD HH:mm': ${dateText}`);
  return start;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What a clock in `timeZone` shows at the instant `now` (seconds dropped). */
export function wallTimeIn(now: Date, timeZone: string): WallTime {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(now)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? Number.NaN,
    month: parts.month ?? Number.NaN,
    day: parts.day ?? Number.NaN,
    // Some ICU versions write midnight as 24 even with h23.
    hour: (parts.hour ?? Number.NaN) % 24,
    minute: parts.minute ?? Number.NaN,
  };
}

/** The wall time as a minute count, for ordering wall times of the same zone. */
export function wallMinutes(wall: WallTime): number {
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute) / 60_000;
}

/** Negative when a is earlier than b, 0 when equal, positive when later. */
export function compareWallTimes(a: WallTime, b: WallTime): number {
  return wallMinutes(a) - wallMinutes(b);
}

/** True when wall time a is strictly earlier than b. */
export function isBefore(a: WallTime, b: WallTime): boolean {
  return compareWallTimes(a, b) < 0;
}

function dayNumber(date: CalendarDate): number {
  return Date.UTC(date.year, date.month - 1, date.day) / MS_PER_DAY;
}

/** The calendar date `days` days after `date` (negative goes back); plain calendar arithmetic. */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Whole calendar days from `from` to `to`: positive when `to` is later. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayNumber(to) - dayNumber(from);
}

/** The date part of a wall time. */
export function dayOf(date: CalendarDate): CalendarDate {
  return { year: date.year, month: date.month, day: date.day };
}

/** `date` at the clock time `time`. */
export function atTime(date: CalendarDate, time: ClockTime): WallTime {
  return {
    year: date.year,
    month: date.month,
    day: date.day,
    hour: time.hour,
    minute: time.minute,
  };
}

// Hand-written English names: output must not depend on the machine's locale or ICU data.
export const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
/** Day names, Sunday first, as Date.getUTCDay() counts them. */
export const WEEKDAYS = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

function monthName(date: CalendarDate): string {
  return MONTHS[date.month - 1] ?? "";
}

function weekdayName(date: CalendarDate): string {
  return WEEKDAYS[new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay()] ?? "";
}

function clock12(time: ClockTime): { text: string; pm: boolean } {
  const hour = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return { text: `${hour}:${String(time.minute).padStart(2, "0")}`, pm: time.hour >= 12 };
}

/** 'Wed, Sep 4, 2024': the day without the time, as the sheet rows show it. */
export function formatDay(date: CalendarDate): string {
  return `${weekdayName(date).slice(0, 3)}, ${formatMediumDate(date)}`;
}

/** 'Sep 1, 2024' */
export function formatMediumDate(date: CalendarDate): string {
  return `${monthName(date).slice(0, 3)} ${date.day}, ${date.year}`;
}

/** 'Wednesday, September 4, 2024' */
export function formatFullDate(date: CalendarDate): string {
  return `${weekdayName(date)}, ${monthName(date)} ${date.day}, ${date.year}`;
}

/** '7:30 PM' */
export function formatShortTime(time: ClockTime): string {
  const { text, pm } = clock12(time);
  return `${text} ${pm ? "PM" : "AM"}`;
}

/** 'Saturday, Sep 23, 7:00 PM': an outing's weekday, short month, day, hour and minute (SPEC 2). */
export function formatOutingTime(wall: WallTime): string {
  return `${weekdayName(wall)}, ${monthName(wall).slice(0, 3)} ${wall.day}, ${formatShortTime(wall)}`;
}

/** 'Wed, Sep 4, 2024 7:30pm': the date of an RSVP payload (SPEC 3). */
export function formatEventDateTime(wall: WallTime): string {
  const { text, pm } = clock12(wall);
  return `${formatDay(wall)} ${text}${pm ? "pm" : "am"}`;
}

/** A dinner time as written in the data: '18:30' as '6:30 PM'; other forms ('(6:30pm)') as written, without the parentheses. */
export function formatDinnerTime(time: string): string {
  const clock = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (clock) return formatShortTime({ hour: Number(clock[1]), minute: Number(clock[2]) });
  return time.replace(/[()]/g, "").trim();
}
