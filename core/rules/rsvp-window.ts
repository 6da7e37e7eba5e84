import { HOME_RSVP_CUTOFF, SOCIAL_RSVP_CUTOFF, UPCOMING_RSVP_CUTOFF } from "../constants.ts";
import type { Event } from "../schemas/event.ts";
import type { SocialEvent } from "../schemas/social-event.ts";
import {
  addDays,
  atTime,
  eventStart,
  formatMediumDate,
  formatShortTime,
  isBefore,
  readClock,
  type WallTime,
  wallTimeIn,
} from "./time.ts";

/** What an RSVP deadline is made of: the event's date, the days before it, its own closing time. */
export type DeadlineEvent = Pick<Event, "date" | "rsvpExpirationDays"> &
  Partial<Pick<Event, "rsvpExpirationTime">>;

/** What the RSVP windows need to know about an event. */
export type RsvpWindowEvent = DeadlineEvent &
  Pick<Event, "rsvpOptions"> &
  Partial<Pick<Event, "cancelled" | "full">>;

/** An event takes RSVPs when it says so and is neither cancelled nor full. */
function takesRsvps(event: RsvpWindowEvent): boolean {
  return event.rsvpOptions && !event.cancelled && !event.full;
}

/**
 * The moment RSVP closes: rsvpExpirationDays before the event, at the event's own closing time
 * when it has one (the old site's rsvpExpirationTime), else at the screen's default.
 */
function cutoff(event: DeadlineEvent, defaultTime: { hour: number; minute: number }): WallTime {
  const day = addDays(eventStart(event.date), -event.rsvpExpirationDays);
  const own = event.rsvpExpirationTime ? readClock(event.rsvpExpirationTime) : undefined;
  return atTime(day, own?.ok ? own.value : defaultTime);
}

/**
 * When home-page RSVP closes: rsvpExpirationDays before the event, at 21:00 (SPEC 4) or the
 * event's own closing time.
 */
export function homeRsvpCutoff(event: DeadlineEvent): WallTime {
  return cutoff(event, HOME_RSVP_CUTOFF);
}

/** Home page: RSVP is open while the event takes RSVPs and the lodge's clock is before the cutoff. */
export function homeRsvpOpen(event: RsvpWindowEvent, now: Date, timeZone: string): boolean {
  return takesRsvps(event) && isBefore(wallTimeIn(now, timeZone), homeRsvpCutoff(event));
}

/**
 * When upcoming-events RSVP closes, and the server's deadline: rsvpExpirationDays before the
 * event, at 11:59PM (SPEC 4) or the event's own closing time.
 */
export function upcomingRsvpDeadline(event: DeadlineEvent): WallTime {
  return cutoff(event, UPCOMING_RSVP_CUTOFF);
}

/** 'Closes Sep 1, 2024 at 11:59PM' (or the event's own time), beside an event that takes RSVPs. */
export function closesText(event: DeadlineEvent): string {
  const deadline = upcomingRsvpDeadline(event);
  return `Closes ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`;
}

/**
 * 'Reservations for Stated Meeting on ... closed on Nov 30, 2026 at 11:59PM', or without `what`
 * 'Reservations closed on ...': the one sentence of a deadline passed, which the refusals, the
 * mails and the manage page each go on from.
 */
export function reservationsClosedText(deadline: WallTime, what?: string): string {
  return `Reservations${what ? ` for ${what}` : ""} closed on ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`;
}

/**
 * Upcoming events: RSVP is open while the event takes RSVPs and the deadline has not passed in
 * the lodge's zone. Whether seats are left is the capacity rule's (seats.ts): the page greys the
 * button at the guest limit, and the store refuses what does not fit.
 */
export function upcomingRsvpOpen(event: RsvpWindowEvent, now: Date, timeZone: string): boolean {
  return takesRsvps(event) && isBefore(wallTimeIn(now, timeZone), upcomingRsvpDeadline(event));
}

/** When social RSVP closes: 21:00 on the day before the outing (SPEC 4). */
export function socialRsvpCutoff(outing: Pick<SocialEvent, "date">): WallTime {
  const day = addDays(eventStart(outing.date), -SOCIAL_RSVP_CUTOFF.daysBefore);
  return atTime(day, SOCIAL_RSVP_CUTOFF);
}

/** Social outings: RSVP is open while the outing takes RSVPs and it is before the cutoff. */
export function socialRsvpOpen(
  outing: Pick<SocialEvent, "date" | "isRsvp">,
  now: Date,
  timeZone: string,
): boolean {
  return outing.isRsvp && isBefore(wallTimeIn(now, timeZone), socialRsvpCutoff(outing));
}
