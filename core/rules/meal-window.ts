import type { Event } from "../schemas/event.ts";
import type { DeadlineEvent } from "./rsvp-window.ts";
import { upcomingRsvpDeadline } from "./rsvp-window.ts";
import {
  addDays,
  atTime,
  formatMediumDate,
  formatShortTime,
  isBefore,
  type WallTime,
  wallTimeIn,
} from "./time.ts";

/** What the dinner deadline is made of: the RSVP deadline's parts and the event's own meal days. */
export type MealWindowEvent = DeadlineEvent & Partial<Pick<Event, "mealCutoffDays">>;

/** The dinners an RSVP holds, as the rule weighs them: meals in all, and per choice. */
export interface HeldMeals {
  meals: number;
  mealCounts: readonly { choice: string; count: number }[];
}

/**
 * When dinners close: `mealCutoffDays` before the event, at the time of day RSVP closes (SPEC 4's
 * 11:59PM or the event's own), so the caterer gets a final count while seats may still be
 * reserved. Without `mealCutoffDays`, dinners close with RSVP.
 */
export function mealDeadline(event: MealWindowEvent): WallTime {
  const rsvp = upcomingRsvpDeadline(event);
  if (event.mealCutoffDays === undefined) return rsvp;
  const day = addDays(rsvp, event.rsvpExpirationDays - event.mealCutoffDays);
  return atTime(day, rsvp);
}

/** True when the event closes dinners before its RSVP deadline. */
export function hasEarlyMealDeadline(event: MealWindowEvent): boolean {
  return event.mealCutoffDays !== undefined && event.mealCutoffDays > event.rsvpExpirationDays;
}

/** Dinners may still be ordered: the meal deadline has not passed in the lodge's zone. */
export function mealsOpen(event: MealWindowEvent, now: Date, timeZone: string): boolean {
  return isBefore(wallTimeIn(now, timeZone), mealDeadline(event));
}

/** 'Dinner orders close Nov 28, 2026 at 11:59PM', beside the RSVP's own closing line. */
export function mealsCloseText(event: MealWindowEvent): string {
  const deadline = mealDeadline(event);
  return `Dinner orders close ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`;
}

/** What the form says in place of the dinner checkbox once dinners have closed. */
export function mealsClosedText(event: MealWindowEvent): string {
  const deadline = mealDeadline(event);
  return `Dinner orders closed ${formatMediumDate(deadline)} at ${formatShortTime(deadline)} so the caterer has the final count; you can still reserve seats.`;
}

/**
 * Whether an RSVP may hold these dinners now. Before the meal deadline, any; after it, no more
 * than the RSVP it replaces held, of each choice (keeping or dropping dinners adds nothing for
 * the caterer to cook). The site's form and the server both ask this.
 */
export function mealsAllowed(
  event: MealWindowEvent,
  now: Date,
  timeZone: string,
  wanted: HeldMeals,
  held: HeldMeals | undefined,
): boolean {
  if (wanted.meals === 0 || mealsOpen(event, now, timeZone)) return true;
  if (!held || wanted.meals > held.meals) return false;
  return wanted.mealCounts.every(
    ({ choice, count }) =>
      count <= (held.mealCounts.find((kept) => kept.choice === choice)?.count ?? 0),
  );
}
