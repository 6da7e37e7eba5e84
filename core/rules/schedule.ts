import type { Lodge } from "../schemas/lodge.ts";
import { type CalendarDate, formatShortTime, MONTHS, readClock, WEEKDAYS } from "./time.ts";
import { listed } from "./words.ts";

/**
 * The days of a year's regular meetings from lodge.yaml's schedule, e.g. the 1st and 3rd
 * Wednesday of every month but July and August. A 5th week that a month lacks is skipped.
 */
export function meetingDays(
  year: number,
  meetings: Pick<Lodge["meetings"], "weekday" | "weeks" | "skipMonths">,
): CalendarDate[] {
  const weekday = WEEKDAYS.indexOf(meetings.weekday);
  const days: CalendarDate[] = [];
  for (let month = 1; month <= 12; month++) {
    if (meetings.skipMonths.includes(month)) continue;
    const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    const first = 1 + ((weekday - firstWeekday + 7) % 7);
    const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
    for (const week of [...meetings.weeks].sort((a, b) => a - b)) {
      const day = first + (week - 1) * 7;
      if (day <= lastDay) days.push({ year, month, day });
    }
  }
  return days;
}

const ORDINAL = ["", "1st", "2nd", "3rd", "4th", "5th"] as const;

/** A time of lodge.yaml's schedule ('19:30', as the schema keeps it) as the site writes it. */
function clock(text: string): string {
  const read = readClock(text);
  return read.ok ? formatShortTime(read.value) : text;
}

/**
 * The lodge's regular schedule in words, from lodge.yaml: 'Stated meetings are held on the 1st
 * and 3rd Wednesday of each month at 7:30PM, except in July and August.' and, when the stated
 * meetings have a dinner, the dinner's time and that reservations are required for meals.
 */
export function describeSchedule(meetings: Lodge["meetings"]): string[] {
  const weeks = listed(
    [...meetings.weeks].sort((a, b) => a - b).map((w) => ORDINAL[w] ?? `${w}th`),
  );
  const skipped = [...meetings.skipMonths].sort((a, b) => a - b).map((m) => MONTHS[m - 1] ?? "");
  const except = skipped.length > 0 ? `, except in ${listed(skipped)}` : "";
  const lines = [
    `Stated meetings are held on the ${weeks} ${meetings.weekday} of each month at ${clock(meetings.time)}${except}.`,
  ];
  if (meetings.dinnerCost.kind !== "none") {
    lines.push(
      `An early bird dinner is served at ${clock(meetings.dinnerTime)} before each stated meeting, unless noted. Reservations are required for all meals.`,
    );
  }
  return lines;
}
