import type { Event } from "../schemas/event.ts";
import { addDays, atTime, eventStart, isBefore, wallTimeIn } from "./time.ts";

const MS_PER_DAY = 86_400_000;

/**
 * Whether the personal data of an event's (or outing's) RSVPs is due for erasure: `keepDays`
 * after the event's day has ended, in the lodge's zone. An event no longer in the data is judged
 * by its newest RSVP instead, since nothing else is known of it.
 */
export function rsvpDataExpired(
  event: Pick<Event, "date"> | undefined,
  newestRsvp: Date,
  now: Date,
  timeZone: string,
  keepDays: number,
): boolean {
  if (!event) return now.getTime() - newestRsvp.getTime() >= keepDays * MS_PER_DAY;
  const end = atTime(addDays(eventStart(event.date), keepDays + 1), { hour: 0, minute: 0 });
  return !isBefore(wallTimeIn(now, timeZone), end);
}

/** Messages received before this moment are due for erasure. */
export function messagesExpireBefore(now: Date, keepDays: number): Date {
  return new Date(now.getTime() - keepDays * MS_PER_DAY);
}
