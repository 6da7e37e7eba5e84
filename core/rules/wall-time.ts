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
  return (table && wallTimeByTable(now, table)) ?? wallTimeByIntl(now, timeZone);
}
