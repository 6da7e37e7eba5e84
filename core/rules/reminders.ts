import type { Event } from "../schemas/event.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import { hasStarted } from "./events.ts";
import { daysBeforeAt, eventStart, hasCome, instantOf, type WallTime } from "./time.ts";

/**
 * When an event's attendees are reminded, and its caterer sent revised numbers: the day before
 * it, at the lodge's reminder time.
 */
export function reminderMoment(event: Pick<Event, "date">, reminderTime: string): WallTime {
  return daysBeforeAt(eventStart(event.date), 1, reminderTime);
}

/** An event or a social outing, as far as its reminders go. */
export type Remindable =
  | Pick<Event, "date" | "rsvpOptions" | "cancelled">
  | Pick<SocialEvent, "date" | "isRsvp">;

/** Whether an event or outing reminds its attendees: it takes RSVPs and is not cancelled. */
function takesReminders(item: Remindable): boolean {
  return "isRsvp" in item ? item.isRsvp : Boolean(item.rsvpOptions) && !item.cancelled;
}

/**
 * Whether the reminders of an event or outing are due at `now`: it takes RSVPs, is not
 * cancelled, its reminder moment has come and it has not started (a server down through the day
 * before sends none late). Only RSVPs received before `receivedBefore` are reminded: one made
 * later has just had its confirmation.
 */
export function remindersDue(
  event: Remindable,
  now: Date,
  timeZone: string,
  reminderTime: string,
): { receivedBefore: Date } | undefined {
  if (!takesReminders(event)) return undefined;
  const moment = reminderMoment(event, reminderTime);
  if (!hasCome(moment, now, timeZone)) return undefined;
  if (hasStarted(event.date, now, timeZone)) return undefined;
  return { receivedBefore: instantOf(moment, timeZone) };
}
