import { daysBetween, parseDay, wallTimeIn } from "./time.ts";

/** SPEC 9: the lodge's age counts years of 365.25 days, not anniversaries. */
const DAYS_PER_YEAR = 365.25;

/**
 * Whole years since the charter (SPEC 2 and 9): days from the charter day to today in the lodge's
 * zone, divided by 365.25 and floored. The 365.25-day year can put the change of number a day or
 * two after the calendar anniversary; the rule, not the anniversary, decides.
 */
export function lodgeAge(charterDate: string, now: Date, timeZone: string): number {
  const charter = parseDay(charterDate);
  if (!charter) throw new RangeError(`not a charter date 'YYYY-MM-DD': ${charterDate}`);
  return Math.floor(daysBetween(charter, wallTimeIn(now, timeZone)) / DAYS_PER_YEAR);
}
