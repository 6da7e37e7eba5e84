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
