/**
 * Wall-clock time in the lodge's zone. Every date rule compares wall times (what a clock on the
 * lodge's wall shows), never instants: event dates are written as wall times, and the current
 * instant is turned into the lodge's wall time once, here. So no rule needs DST arithmetic, and
 * the machine's own zone never matters.
 */

import { wallTimeIn } from "./wall-time.ts";

export { wallTimeIn };

/** A calendar day: year, month 1-12, day 1-31. */
export type CalendarDate = { year: number; month: number; day: number };
/** A calendar day and a clock time, hour 0-23, minute 0-59, in some zone the caller knows. */
export type WallTime = CalendarDate & { hour: number; minute: number };
/** A clock time of the day. */
export type ClockTime = { hour: number; minute: number };

const MS_PER_DAY = 86_400_000;

/*
 * Reading dates and times: the one parser every schema, rule, command flag and prompt uses. It
 * takes dates as people write them ('2024/12/4 19:00', '2024-12-04 7:00 PM') and the writers
 * below give the one way lodge writes them back ('2024/12/04 19:00'). Pure and free of zod, since
 * the browser's bundle runs it too.
 */

/** Why a well-formed date or time names no real one: the part that cannot be. */
export type Impossible =
  | { month: number }
  | { year: number; month: number; days: number }
  | { hour: number; twelveHour?: boolean }
  | { minute: number };

/** What reading a date or time found: the value, or why the text is not one. */
export type Reading<T> =
  | { ok: true; value: T }
  /** `impossible` when the text is well formed but cannot be; absent, it has another shape. */
  | { ok: false; impossible?: Impossible };

/**
 * Why a date or time cannot be, in words: 'February 2026 has 28 days'. Apart from the readers,
 * so the browser's bundle, which only needs to know whether a date is one, leaves the words out.
 */
export function whyImpossible(impossible: Impossible): string {
  if ("days" in impossible) {
    return `${MONTHS[impossible.month - 1]} ${impossible.year} has ${impossible.days} days`;
  }
  if ("month" in impossible) return `there is no month ${impossible.month}`;
  if ("minute" in impossible) return `there is no minute ${impossible.minute} in an hour`;
  return impossible.twelveHour
    ? `a 12-hour time runs from 1 to 12, not ${impossible.hour}`
    : `there is no hour ${impossible.hour} on a 24-hour clock`;
}

const DAY_TEXT = String.raw`(\d{4})[-/](\d{1,2})[-/](\d{1,2})`;
const CLOCK_TEXT = String.raw`(\d{1,2})(?::(\d{2}))?\s*(?:([ap])\.?\s?m\.?)?`;
const DAY = new RegExp(`^${DAY_TEXT}$`);
const CLOCK = new RegExp(`^${CLOCK_TEXT}$`, "i");
const DATE_TIME = new RegExp(`^${DAY_TEXT}(?:\\s+|T)(${CLOCK_TEXT})$`, "i");

/** What is wrong with a text a reader could not read: why it cannot be, else what was `expected`. */
export function whyNot(reading: Reading<unknown>, expected: string): string {
  return !reading.ok && reading.impossible ? whyImpossible(reading.impossible) : expected;
}

/** How many days a month has (month 1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

function dayFrom(year: number, month: number, day: number): Reading<CalendarDate> {
  if (month < 1 || month > 12) return { ok: false, impossible: { month } };
  const days = daysInMonth(year, month);
  if (day < 1 || day > days) return { ok: false, impossible: { year, month, days } };
  return { ok: true, value: { year, month, day } };
}

/**
 * Reads a day written 'YYYY/MM/DD' or 'YYYY-MM-DD', months and days with one digit or two
 * ('2024/12/4'). SPEC 5 has hyphens read as slashes.
 */
export function readDay(text: string): Reading<CalendarDate> {
  const m = DAY.exec(text.trim());
  if (!m) return { ok: false };
  return dayFrom(Number(m[1]), Number(m[2]), Number(m[3]));
}

/**
 * Reads a time of day: 24-hour '19:30' or '9:05', or 12-hour '7:30 PM', '9pm', '9:00 p.m.'.
 * Minutes may be left out only on a 12-hour time ('9 PM').
 */
export function readClock(text: string): Reading<ClockTime> {
  const m = CLOCK.exec(text.trim());
  if (!m) return { ok: false };
  const [hourText = "", minuteText, half] = m.slice(1);
  if (minuteText === undefined && !half) return { ok: false };
  const hour = Number(hourText);
  const minute = Number(minuteText ?? 0);
  if (minute > 59) return { ok: false, impossible: { minute } };
  if (half) {
    if (hour < 1 || hour > 12) return { ok: false, impossible: { hour, twelveHour: true } };
    const pm = half.toLowerCase() === "p";
    return { ok: true, value: { hour: (hour % 12) + (pm ? 12 : 0), minute } };
  }
  if (hour > 23) return { ok: false, impossible: { hour } };
  return { ok: true, value: { hour, minute } };
}

/** Reads a day and a time of day, e.g. '2024/12/4 19:00', '2024-12-04 7:00 PM' or '2024-12-04T19:00'. */
export function readDateTime(text: string): Reading<WallTime> {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return { ok: false };
  const day = dayFrom(Number(m[1]), Number(m[2]), Number(m[3]));
  if (!day.ok) return day;
  const clock = readClock(m[4] ?? "");
  if (!clock.ok) return clock;
  return { ok: true, value: atTime(day.value, clock.value) };
}

const two = (n: number) => String(n).padStart(2, "0");

/** A day as lodge writes it: 'YYYY/MM/DD' (or with another separator, e.g. '-' for ISO). */
export function dayText(date: CalendarDate, separator = "/"): string {
  return [String(date.year).padStart(4, "0"), two(date.month), two(date.day)].join(separator);
}

/** A time of day as lodge writes it: 'HH:mm', 24-hour. */
export function clockText(time: ClockTime): string {
  return `${two(time.hour)}:${two(time.minute)}`;
}

/** A day and time as lodge writes an event's date: 'YYYY/MM/DD HH:mm'. */
export function dateTimeText(wall: WallTime): string {
  return `${dayText(wall)} ${clockText(wall)}`;
}

/**
 * The canonical 'YYYY/MM/DD HH:mm' of a day and a time given apart (a command's --date and
 * --time); when either cannot be read, the two as given, for the schema to explain.
 */
export function joinDateTime(day: string, time: string): string {
  const joined = `${day.trim()} ${time.trim()}`;
  const read = readDateTime(joined);
  return read.ok ? dateTimeText(read.value) : joined;
}

/** An event date written as lodge writes it when it can be read, else as it is (to sort or show). */
export function canonicalDateText(text: string): string {
  const read = readDateTime(text);
  return read.ok ? dateTimeText(read.value) : text.trim();
}

/** Parses an event date (see readDateTime); undefined if it is not one. */
export function parseEventDate(text: string): WallTime | undefined {
  const read = readDateTime(text);
  return read.ok ? read.value : undefined;
}

/** Parses a day (see readDay); undefined when empty or not a real date. */
export function parseDay(text: string): CalendarDate | undefined {
  const read = readDay(text);
  return read.ok ? read.value : undefined;
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

/** The moment a wall time in `timeZone` names (the later one of a repeated hour). */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const target = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  let at = target;
  for (let i = 0; i < 2; i++) {
    const seen = wallTimeIn(new Date(at), timeZone);
    at += target - Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  }
  return new Date(at);
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

/**
 * The moment `days` before a day, at a time of lodge.yaml ('10:00', which its schema checks;
 * 10:00 should it not read): when the server's mails about an event go.
 */
export function daysBeforeAt(date: CalendarDate, days: number, time: string): WallTime {
  const read = readClock(time);
  return atTime(addDays(date, -days), read.ok ? read.value : { hour: 10, minute: 0 });
}

/** Whether a moment of the lodge's wall clock has come at `now`. */
export function hasCome(moment: WallTime, now: Date, timeZone: string): boolean {
  return !isBefore(wallTimeIn(now, timeZone), moment);
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

/**
 * '7:30PM': the one way a time of day is written to people, on every page and in every mail
 * (event starts, dinners, outings, deadlines; SPEC 2 writes 'Closes {date} at 11:59PM').
 */
export function formatShortTime(time: ClockTime): string {
  const { text, pm } = clock12(time);
  return `${text}${pm ? "PM" : "AM"}`;
}

/** 'Wed, Sep 4, 2024 at 7:30PM': a day and its time in a sentence (messages, mails). */
export function formatDayAndTime(wall: WallTime): string {
  return `${formatDay(wall)} at ${formatShortTime(wall)}`;
}

/** 'Saturday, Sep 23, 7:00PM': an outing's weekday, short month, day, hour and minute (SPEC 2). */
export function formatOutingTime(wall: WallTime): string {
  return `${weekdayName(wall)}, ${monthName(wall).slice(0, 3)} ${wall.day}, ${formatShortTime(wall)}`;
}

/**
 * 'Wed, Sep 4, 2024 7:30pm': the date of an RSVP payload (SPEC 3). A wire format the lodge's
 * other tools read, so it keeps SPEC's lowercase am/pm; people are shown formatShortTime.
 */
export function formatEventDateTime(wall: WallTime): string {
  const { text, pm } = clock12(wall);
  return `${formatDay(wall)} ${text}${pm ? "pm" : "am"}`;
}

/**
 * A dinner time of the data written as every time is ('18:30' and '(6:30pm)' as '6:30PM');
 * anything else ('after the meeting') as written, without parentheses.
 */
export function formatDinnerTime(time: string): string {
  const written = time.replace(/[()]/g, "").trim();
  const clock = readClock(written);
  return clock.ok ? formatShortTime(clock.value) : written;
}
