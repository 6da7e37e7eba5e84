/**
 * What a clock in a time zone shows at an instant: the one rule of time.ts that every page's
 * footer needs (its year), in a module of its own so that the browser's layout, loaded by every
 * page with React, carries none of the rest. time.ts exports it too.
 */
import type { WallTime } from "./time.ts";

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

/** What the zone's clock shows, read from the browser's or Node's time zone data (Intl). */
function wallTimeByIntl(now: Date, timeZone: string): WallTime {
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

const MS_PER_MINUTE = 60_000;

/**
 * A time zone's offsets from UTC over a span of time, worked out ahead by `zoneOffsets`. A page
 * with React is given its lodge's (the root's loader): the first Intl.DateTimeFormat a browser tab
 * makes loads its time zone data, 15-40 ms of one task on a fast machine (four times that on
 * Lighthouse's phone), just as the page hydrates; with the table no rule of the page needs Intl.
 */
export interface ZoneOffsets {
  timeZone: string;
  /** The span covered, in minutes since 1970 UTC: [from, until). */
  from: number;
  until: number;
  /** [the minute it starts, the offset in minutes], in order; the first starts at `from`. */
  offsets: readonly (readonly [number, number])[];
}

/** The offset of `timeZone` from UTC at the minute `minute` (since 1970), by Intl. */
function offsetAt(minute: number, timeZone: string): number {
  const wall = wallTimeByIntl(new Date(minute * MS_PER_MINUTE), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc / MS_PER_MINUTE - minute;
}

/**
 * The offsets of `timeZone` from `from` to `until` (build time, with Intl): the offset each day,
 * and the minute it changed where it did. A zone changes its offset at most a few times a year.
 */
export function zoneOffsets(timeZone: string, from: Date, until: Date): ZoneOffsets {
  const start = Math.floor(from.getTime() / MS_PER_MINUTE);
  const end = Math.floor(until.getTime() / MS_PER_MINUTE);
  const day = 24 * 60;
  const first = offsetAt(start, timeZone);
  const offsets: [number, number][] = [[start, first]];
  let before = first;
  for (let minute = start; minute < end; minute += day) {
    const next = Math.min(minute + day, end);
    const after = offsetAt(next, timeZone);
    if (after === before) continue;
    // The first minute of the new offset: the earliest after `minute` whose offset differs.
    let low = minute;
    let high = next;
    while (high - low > 1) {
      const middle = Math.floor((low + high) / 2);
      if (offsetAt(middle, timeZone) === before) low = middle;
      else high = middle;
    }
    offsets.push([high, after]);
    before = after;
  }
  return { timeZone, from: start, until: end, offsets };
}

const known = new Map<string, ZoneOffsets>();

/** Makes wallTimeIn read `table` for its zone within its span (Intl stays for the rest). */
export function knowZoneOffsets(table: ZoneOffsets): void {
  known.set(table.timeZone, table);
}

/** The table wallTimeIn reads for `timeZone`, if it has one. */
export function knownZoneOffsets(timeZone: string): ZoneOffsets | undefined {
  return known.get(timeZone);
}

/**
 * How far a table the server works out reaches: from the start of the year before the moment
 * asked to the start of the second year after it; asked later (or earlier) than that, it grows
 * by as much again, unless the moment is further from it than MAX_GROWTH_YEARS (a date of the
 * lodge's history): that one moment is read from Intl.
 */
const YEARS_BEFORE = 1;
const YEARS_AFTER = 2;
const MAX_GROWTH_YEARS = 10;

let tabulating = false;

/**
 * The server's clock without Intl: from now on wallTimeIn works out each zone's table (see
 * zoneOffsets) the first time it is asked about the zone, and grows it when the time asked
 * passes its span, so a server that runs for years keeps reading a table. Intl's
 * formatToParts costs a few microseconds and a handful of objects each time; the RSVP route
 * asks the lodge's clock several times per request.
 */
export function tabulateZoneOffsets(on = true): void {
  tabulating = on;
}

const yearStart = (year: number) => new Date(Date.UTC(year, 0));

/** The table for `timeZone` made or grown to hold `at`; undefined when `at` is too far from it. */
function tableHolding(at: Date, timeZone: string, table: ZoneOffsets | undefined) {
  // An invalid date is Intl's to refuse, as it always was.
  if (Number.isNaN(at.getTime())) return undefined;
  const year = at.getUTCFullYear();
  const from = yearStart(year - YEARS_BEFORE);
  const until = yearStart(year + YEARS_AFTER);
  let grown: ZoneOffsets;
  if (!table) grown = zoneOffsets(timeZone, from, until);
  else {
    const minute = at.getTime() / MS_PER_MINUTE;
    const far = MAX_GROWTH_YEARS * 366 * 24 * 60;
    if (minute < table.from - far || minute >= table.until + far) return undefined;
    const start = new Date(table.from * MS_PER_MINUTE);
    const end = new Date(table.until * MS_PER_MINUTE);
    grown =
      minute >= table.until
        ? joined(table, zoneOffsets(timeZone, end, until))
        : joined(zoneOffsets(timeZone, from, start), table);
  }
  knowZoneOffsets(grown);
  return grown;
}

/** Two tables of one zone, `later` starting where `earlier` ends, as one. */
function joined(earlier: ZoneOffsets, later: ZoneOffsets): ZoneOffsets {
  const last = earlier.offsets.at(-1)?.[1];
  // The later table's first entry only repeats the offset in force where it starts, if unchanged.
  const [first, ...rest] = later.offsets;
  const added = first && first[1] !== last ? [first, ...rest] : rest;
  return { ...earlier, until: later.until, offsets: [...earlier.offsets, ...added] };
}

/** The zone's clock from a table, or undefined outside the table's span. */
function wallTimeByTable(now: Date, table: ZoneOffsets): WallTime | undefined {
  const minute = Math.floor(now.getTime() / MS_PER_MINUTE);
  if (!(minute >= table.from && minute < table.until)) return undefined;
  let offset = table.offsets[0]?.[1] ?? 0;
  for (const [starts, value] of table.offsets) {
    if (starts > minute) break;
    offset = value;
  }
  const shown = new Date((minute + offset) * MS_PER_MINUTE);
  return {
    year: shown.getUTCFullYear(),
    month: shown.getUTCMonth() + 1,
    day: shown.getUTCDate(),
    hour: shown.getUTCHours(),
    minute: shown.getUTCMinutes(),
  };
}

/** What a clock in `timeZone` shows at the instant `now` (seconds dropped). */
export function wallTimeIn(now: Date, timeZone: string): WallTime {
  const table = known.get(timeZone);
  const read = table && wallTimeByTable(now, table);
  if (read) return read;
  const grown = tabulating ? tableHolding(now, timeZone, table) : undefined;
  return (grown && wallTimeByTable(now, grown)) ?? wallTimeByIntl(now, timeZone);
}
