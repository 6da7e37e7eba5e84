import type { Event } from "../schemas/event.ts";
import type { Lodge } from "../schemas/lodge.ts";
import { inGoodStanding, type Member } from "../schemas/member.ts";
import type { AnsweredEvent } from "./answers.ts";
import { admits } from "./degrees.ts";
import { hasStarted } from "./events.ts";
import { mealDeadline } from "./meal-window.ts";
import { offersDinner } from "./meals.ts";
import { reminderMoment } from "./reminders.ts";
import { upcomingRsvpDeadline, upcomingRsvpOpen } from "./rsvp-window.ts";
import { daysBeforeAt, eventStart, hasCome, instantOf, type WallTime } from "./time.ts";

/**
 * When the server mails the members and the caterer about a meeting, in the lodge's zone: the
 * summons `summons.daysBefore` the meeting, the chaser `summons.chaseDaysBefore` RSVPs close,
 * the caterer's sheet when dinner orders close, and the revised numbers the day before. Each is
 * due from its moment until the event no longer takes answers (or has started), so a server
 * that was down at the moment sends it when it is back, and never once it is pointless.
 */

export type SummonsSettings = Lodge["summons"];

/** What the rules read of an event: what answering reads, and whom its degree admits. */
export type SummonedEvent = AnsweredEvent & Pick<Event, "tyled" | "degree">;

/** When the summons goes: `daysBefore` the event's day, at the summons time. */
export function summonsMoment(event: Pick<Event, "date">, settings: SummonsSettings): WallTime {
  return daysBeforeAt(eventStart(event.date), settings.daysBefore, settings.time);
}

/**
 * Whether the summons of an event is due at `now`: its moment has come and RSVPs are open (an
 * event added after the moment is summoned at once; one whose RSVPs have closed, or that is
 * cancelled or full, is not).
 */
export function summonsDue(
  event: SummonedEvent,
  now: Date,
  timeZone: string,
  settings: SummonsSettings,
): boolean {
  if (!upcomingRsvpOpen(event, now, timeZone)) return false;
  return hasCome(summonsMoment(event, settings), now, timeZone);
}

/** When the chaser goes: `chaseDaysBefore` the day RSVPs close, at the summons time. */
export function chaserMoment(event: SummonedEvent, settings: SummonsSettings): WallTime {
  return daysBeforeAt(upcomingRsvpDeadline(event), settings.chaseDaysBefore, settings.time);
}

/**
 * Whether the chaser of an event is due at `now`, and to whom: the members summoned before its
 * moment who have not answered (a member summoned later has just had his summons).
 */
export function chaserDue(
  event: SummonedEvent,
  now: Date,
  timeZone: string,
  settings: SummonsSettings,
): { summonedBefore: Date } | undefined {
  if (!upcomingRsvpOpen(event, now, timeZone)) return undefined;
  const moment = chaserMoment(event, settings);
  if (!hasCome(moment, now, timeZone)) return undefined;
  return { summonedBefore: instantOf(moment, timeZone) };
}

/** Whether an event's dinner has numbers for a caterer: it takes RSVPs and offers a dinner. */
function catered(event: SummonedEvent): boolean {
  return event.rsvpOptions && !event.cancelled && offersDinner(event);
}

/**
 * Whether the caterer's sheet is due at `now`: the event takes RSVPs and has a dinner, dinner
 * orders have closed (the numbers are final) and the event has not started.
 */
export function catererSheetDue(event: SummonedEvent, now: Date, timeZone: string): boolean {
  if (!catered(event) || hasStarted(event.date, now, timeZone)) return false;
  return hasCome(mealDeadline(event), now, timeZone);
}

/**
 * Whether the caterer's revised numbers are due at `now`, given when the sheet went: the day
 * before has come, the sheet went before it (a sheet sent on the day before already has the
 * numbers) and the event has not started. Whether the numbers changed is for the caller to
 * compare.
 */
export function revisedNumbersDue(
  event: SummonedEvent,
  now: Date,
  timeZone: string,
  time: string,
  sheetSentAt: Date,
): boolean {
  if (!catered(event) || hasStarted(event.date, now, timeZone)) return false;
  // Revised numbers go with the reminders, the day before at the lodge's reminder time.
  const moment = reminderMoment(event, time);
  if (!hasCome(moment, now, timeZone)) return false;
  return sheetSentAt.getTime() < instantOf(moment, timeZone).getTime();
}

/**
 * Whether a member is summoned to an event: in good standing, with an address to mail, and of a
 * degree the meeting admits.
 */
export function isSummoned(
  event: Pick<Event, "tyled" | "degree">,
  member: Pick<Member, "status" | "email" | "degree">,
): boolean {
  return inGoodStanding(member.status) && member.email !== "" && admits(event, member.degree);
}
