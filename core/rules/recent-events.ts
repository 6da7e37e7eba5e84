import { RECENT_EVENTS_WINDOW_DAYS } from "../constants.ts";
import type { RecentEvent } from "../schemas/recent-event.ts";
import { daysBetween, parseDay, wallTimeIn } from "./time.ts";

/**
 * Recent Events (SPEC 4): entries whose eventDate is a real day from today back to 364 days ago,
 * in the lodge's zone. Entries with an empty or invalid date, and dates still to come, are left
 * out. Newest first, so the page opens on the latest event whatever order the data file keeps;
 * entries of the same day keep data order.
 */
export function recentEvents<T extends Pick<RecentEvent, "eventDate">>(
  list: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  const today = wallTimeIn(now, timeZone);
  const kept: { item: T; age: number }[] = [];
  for (const item of list) {
    const day = parseDay(item.eventDate);
    if (!day) continue;
    const age = daysBetween(day, today);
    if (age >= 0 && age < RECENT_EVENTS_WINDOW_DAYS) kept.push({ item, age });
  }
  return kept.sort((a, b) => a.age - b.age).map(({ item }) => item);
}

/**
 * The entries Recent Events may show now or later: a real day less than the window's length ago,
 * or still to come. An older one is out of the window for good, so a build leaves it out.
 */
export function notYetGone<T extends Pick<RecentEvent, "eventDate">>(
  list: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  const today = wallTimeIn(now, timeZone);
  return list.filter((item) => {
    const day = parseDay(item.eventDate);
    return day !== undefined && daysBetween(day, today) < RECENT_EVENTS_WINDOW_DAYS;
  });
}
