import { HOME_CAROUSEL } from "../constants.ts";
import type { Event } from "../schemas/event.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import { compareWallTimes, eventStart, isBefore, type WallTime, wallTimeIn } from "./time.ts";

/** True once the lodge's clock has reached the event's start. */
export function hasStarted(dateText: string, now: Date, timeZone: string): boolean {
  return !isBefore(wallTimeIn(now, timeZone), eventStart(dateText));
}

function notStartedByDate<T extends { date: string }>(
  items: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  const today = wallTimeIn(now, timeZone);
  return items
    .map((item) => ({ item, start: eventStart(item.date) }))
    .filter(({ start }) => isBefore(today, start))
    .sort((a, b) => compareWallTimes(a.start, b.start))
    .map(({ item }) => item);
}

/** Events that have not started yet, earliest first; events at the same time keep data order. */
export function upcomingEvents<T extends Pick<Event, "date">>(
  events: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(events, now, timeZone);
}

/** Social outings that have not started yet, earliest first (SPEC 4: started ones are hidden). */
export function upcomingOutings<T extends Pick<SocialEvent, "date">>(
  outings: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(outings, now, timeZone);
}

/** The home carousel: spotlight events still to come, earliest first, at most three (SPEC 2). */
export function spotlightEvents<T extends Pick<Event, "date" | "spotlight">>(
  events: readonly T[],
  now: Date,
  timeZone: string,
): T[] {
  return notStartedByDate(
    events.filter((event) => event.spotlight),
    now,
    timeZone,
  ).slice(0, HOME_CAROUSEL.maxSlides);
}

const INSTALLATION = /installation of officers/i;

/**
 * The date of the latest 'Installation of Officers' in the data: past masters whose term ends this
 * year are shown from its month and day on (SPEC 4). Undefined when the data has none.
 */
export function latestInstallation(
  events: readonly Pick<Event, "date" | "name">[],
): WallTime | undefined {
  let latest: WallTime | undefined;
  for (const event of events) {
    if (!INSTALLATION.test(event.name)) continue;
    const start = eventStart(event.date);
    if (!latest || isBefore(latest, start)) latest = start;
  }
  return latest;
}
