import type { Lodge } from "../schemas/lodge.ts";
import { type CalendarDate, WEEKDAYS } from "./time.ts";

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
