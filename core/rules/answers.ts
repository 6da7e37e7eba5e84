import type { Event } from "../schemas/event.ts";
import { type GivenAnswer, MEMBER_ANSWERS, type MemberAnswer } from "./answer-links.ts";
import { mealsOpen } from "./meal-window.ts";
import { offersDinner } from "./meals.ts";
import { upcomingRsvpOpen } from "./rsvp-window.ts";

export * from "./answer-links.ts";

/**
 * When a member may answer his summons, and what: the rules the server checks an answer by and
 * the summons' links are offered by.
 */

/** What the rules read of an event. */
export type AnsweredEvent = Pick<
  Event,
  | "date"
  | "rsvpOptions"
  | "rsvpExpirationDays"
  | "rsvpExpirationTime"
  | "mealCutoffDays"
  | "cancelled"
  | "full"
  | "earlyBirdOptions"
>;

/**
 * Where answering stands at `now`: `open` (any answer), `meals-closed` (dinner orders have
 * closed: he may attend, send apologies, or keep the dinner he ordered, but order none), or
 * `closed` (RSVPs have closed, or the event is cancelled: the secretary takes any change).
 */
export type AnswerWindow = "open" | "meals-closed" | "closed";

export function answerWindow(event: AnsweredEvent, now: Date, timeZone: string): AnswerWindow {
  // A full event takes no new RSVP, but its summoned members may still answer: an attending
  // answer then waits for a seat.
  if (!upcomingRsvpOpen({ ...event, full: false }, now, timeZone)) return "closed";
  if (offersDinner(event) && !mealsOpen(event, now, timeZone)) return "meals-closed";
  return "open";
}

/**
 * Whether a member may give `wanted` now, having given `held` (if anything): the window's rules,
 * and a meal among the event's choices when it has some. After dinner orders close, a dinner is
 * kept only as it was ordered (the caterer has the number).
 */
export function answerAllowed(
  event: AnsweredEvent,
  window: AnswerWindow,
  wanted: GivenAnswer,
  held: GivenAnswer | undefined,
): { ok: true } | { ok: false; why: string } {
  if (window === "closed") {
    return { ok: false, why: "answers for this meeting have closed" };
  }
  if (wanted.answer !== "dining") return { ok: true };
  if (!offersDinner(event)) return { ok: false, why: "this meeting has no dinner" };
  const { choices } = event.earlyBirdOptions;
  if (choices.length > 0 && !choices.includes(wanted.meal ?? "")) {
    return { ok: false, why: `choose the meal: ${choices.join(", ")}` };
  }
  if (choices.length === 0 && wanted.meal) {
    return { ok: false, why: "this dinner has no choice of meal" };
  }
  if (window === "meals-closed") {
    const same = held?.answer === "dining" && (held.meal ?? "") === (wanted.meal ?? "");
    if (!same)
      return { ok: false, why: "dinner orders have closed, so the caterer has the number" };
  }
  return { ok: true };
}

/** The answers the summons offers (dining only while dinner orders are open). */
export function offeredAnswers(event: AnsweredEvent, window: AnswerWindow): MemberAnswer[] {
  if (window === "closed") return [];
  const dines = window === "open" && offersDinner(event);
  return MEMBER_ANSWERS.filter((answer) => answer !== "dining" || dines);
}
