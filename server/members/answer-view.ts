import { type AnswerWindow, answerWindow, offeredAnswers } from "../../core/rules/answers.ts";
import { DEGREE_NAMES, meetingDegree } from "../../core/rules/degrees.ts";
import { hasEarlyMealDeadline, mealsCloseText } from "../../core/rules/meal-window.ts";
import { offersDinner } from "../../core/rules/meals.ts";
import { upcomingRsvpDeadline } from "../../core/rules/rsvp-window.ts";
import { formatMediumDate, formatShortTime } from "../../core/rules/time.ts";
import type { MemberAnswerView } from "../../core/schemas/api.ts";
import type { Event, Member } from "../../core/schemas/index.ts";
import { pageEventOf } from "../rsvp/manage-rsvp.ts";
import type { HeldAnswer } from "../store/store.ts";

/**
 * What the answer page shows of a member's answer to an event's summons: the meeting, his answer
 * if he has given one, the answers he may give now and the sentence on until when; after the
 * deadline, whom to write to.
 */

/** The sentence under the answer. */
function windowMessage(
  event: Event,
  window: AnswerWindow,
  answered: boolean,
  secretary: string,
): string {
  const deadline = upcomingRsvpDeadline(event);
  const by = `${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`;
  if (event.cancelled) return `${event.name} has been cancelled.`;
  switch (window) {
    case "open":
      return answered ? `You can change your answer until ${by}.` : `Please answer by ${by}.`;
    case "meals-closed":
      return `Dinner orders have closed, so the caterer has the number; you can still say whether you attend until ${by}.`;
    case "closed":
      return `Answers closed on ${by}. To change yours, write to the secretary at ${secretary}.`;
  }
}

export function answerView(
  event: Event,
  member: Pick<Member, "firstName" | "lastName">,
  answer: HeldAnswer | undefined,
  now: Date,
  timeZone: string,
  secretary: string,
): MemberAnswerView {
  const window = answerWindow(event, now, timeZone);
  const degree = meetingDegree(event);
  // After dinner orders close, a member who dines keeps his dinner: it stays among his answers.
  const offered = offeredAnswers(event, window);
  const keeps = window === "meals-closed" && answer?.answer === "dining";
  return {
    window,
    message: windowMessage(event, window, answer !== undefined, secretary),
    event: pageEventOf(event),
    degree: degree ? DEGREE_NAMES[degree] : "",
    mealsClose:
      offersDinner(event) && window === "open" && hasEarlyMealDeadline(event)
        ? mealsCloseText(event)
        : "",
    firstName: member.firstName,
    lastName: member.lastName,
    answer,
    offered: keeps ? ["attending", "dining", "apologies"] : offered,
    secretary,
  };
}
