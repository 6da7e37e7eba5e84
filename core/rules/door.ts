import { addDays, atTime, dayOf, eventStart, formatDay, instantOf } from "./time.ts";

/**
 * The Tyler's register at the door, without the store: when the door link opens the register,
 * and how the page finds a brother by name or number. Pure, so the page, the server and the
 * commands read the same rules.
 */

const MIDNIGHT = { hour: 0, minute: 0 };

/**
 * When an event's door link opens its register: from the start of the day before the meeting
 * (the Tyler may try it the evening before) to the end of the day after (marks sent late from a
 * basement without signal), in the lodge's time.
 */
export function doorWindow(event: { date: string }, timeZone: string): { from: Date; until: Date } {
  const day = dayOf(eventStart(event.date));
  return {
    from: instantOf(atTime(addDays(day, -1), MIDNIGHT), timeZone),
    until: instantOf(atTime(addDays(day, 2), MIDNIGHT), timeZone),
  };
}

/** The window in words: 'Tue, Dec 1, 2026 to the end of Thu, Dec 3, 2026'. */
export function doorWindowText(event: { date: string }): string {
  const day = dayOf(eventStart(event.date));
  return `${formatDay(addDays(day, -1))} to the end of ${formatDay(addDays(day, 1))}`;
}

/** Where `now` stands to the door window: before it opens, in it, or after it has closed. */
export function doorOpen(
  event: { date: string },
  timeZone: string,
  now: Date,
): "early" | "open" | "closed" {
  const { from, until } = doorWindow(event, timeZone);
  if (now.getTime() < from.getTime()) return "early";
  return now.getTime() < until.getTime() ? "open" : "closed";
}
