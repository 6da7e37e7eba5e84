import {
  type AnswerWindow,
  answerText,
  answerWindow,
  type GivenAnswer,
  offeredAnswers,
} from "../../core/rules/answers.ts";
import { DEGREE_NAMES, meetingDegree } from "../../core/rules/degrees.ts";
import { hasEarlyMealDeadline, mealDeadline } from "../../core/rules/meal-window.ts";
import { formatCostPerMeal } from "../../core/rules/meals.ts";
import { upcomingRsvpDeadline } from "../../core/rules/rsvp-window.ts";
import {
  formatDinnerTime,
  formatMediumDate,
  formatShortTime,
  type WallTime,
} from "../../core/rules/time.ts";
import type { Event, Lodge } from "../../core/schemas/index.ts";
import type { Member } from "../../core/schemas/member.ts";
import { answerUrl } from "../members/answer-link.ts";
import type { ComposedMail } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { eventPlaceView, type MailContext, rsvpMailCommon } from "./messages.ts";

/**
 * The mails of a summons: the summons itself, the chaser to those who have not answered, and
 * the confirmation of an answer. Each is the lodge's, in its colours, with a text part that
 * says the same; the answers are links with the member's token (members/answer-link.ts).
 */

/** Whom a summons is for: the roll's name and address. */
export type SummonedMember = Pick<Member, "firstName" | "lastName" | "email">;

/** 'Sat, Nov 27, 2027 at 11:59PM' */
function momentText(wall: WallTime): string {
  return `${formatMediumDate(wall)} at ${formatShortTime(wall)}`;
}

/** Where the lodge meets, for the mails' foot. */
export function lodgePlaceText(lodge: Lodge): string {
  const { venue, street, city, state, zip } = lodge.address;
  return `${venue}, ${street}, ${city}, ${state} ${zip}`;
}

/** What every mail in the lodge's look says at its head and foot. */
export function lookView(lodge: Lodge, heading: string) {
  return { lodgeName: lodge.name, lodgePlace: lodgePlaceText(lodge), heading };
}

/** The event as the summons tells it: when, where, the business and the dinner. */
function summonsEventView(ctx: MailContext, event: Event) {
  const { time, cost, choices } = event.earlyBirdOptions;
  const place = eventPlaceView(event, ctx.lodge.address.mapLink);
  const dinner = cost.kind !== "none" && {
    time: formatDinnerTime(time),
    cost: cost.kind === "free" ? "no charge" : `${formatCostPerMeal(cost)} a meal`,
    choices: choices.length > 1 ? choices.join(" or ") : "",
    // Said only when orders close before answers do: the summons says when those close.
    closes: hasEarlyMealDeadline(event)
      ? `Dinner orders close ${momentText(mealDeadline(event))}`
      : "",
  };
  return {
    ...place,
    location: place.location || ctx.lodge.address.venue,
    business: event.description,
    dinner,
  };
}

/**
 * The answer links a summons (or its chaser) offers at `window`: attending, dining (one link per
 * meal when there is a choice) while dinner orders are open, and apologies.
 */
export function answerLinks(
  event: Event,
  window: AnswerWindow,
  token: string,
  siteBase: string,
): { label: string; url: string; apologies: boolean }[] {
  const chosen: GivenAnswer[] = offeredAnswers(event, window).flatMap((answer) =>
    answer === "dining" && event.earlyBirdOptions.choices.length > 0
      ? event.earlyBirdOptions.choices.map((meal) => ({ answer, meal }))
      : [{ answer }],
  );
  return chosen.map((given) => ({
    label: answerText(given),
    url: answerUrl(siteBase, token, given),
    apologies: given.answer === "apologies",
  }));
}

export type SummonsKind = "summons" | "summons-chaser";

/**
 * A member's summons to an event, or its chaser: the meeting, its business and dinner, and the
 * links that answer with one click. `siteBase` is the site's address; the token is the member's.
 */
export async function summonsMail(
  ctx: MailContext,
  kind: SummonsKind,
  event: Event,
  member: SummonedMember,
  link: { token: string; siteBase: string },
  now: Date,
  messageId?: string,
): Promise<ComposedMail> {
  const window = answerWindow(event, now, ctx.lodge.timeZone);
  const degree = meetingDegree(event);
  const view = {
    ...rsvpMailCommon(ctx, event, member),
    ...summonsEventView(ctx, event),
    ...lookView(ctx.lodge, kind === "summons" ? "Summons" : "Your answer to the summons"),
    degree: degree ? DEGREE_NAMES[degree] : "",
    answerBy: momentText(upcomingRsvpDeadline(event)),
    answers: answerLinks(event, window, link.token, link.siteBase),
  };
  return composeMail({
    kind,
    from: ctx.from,
    to: member.email,
    replyTo: ctx.secretary,
    messageId,
    ...ctx.templates(kind, view),
  });
}

/**
 * The confirmation of a member's answer: what the secretary now has, whether he waits for a
 * seat, and until when he may change it (the answer page's link, without an answer chosen).
 */
export async function answerMail(
  ctx: MailContext,
  event: Event,
  member: SummonedMember,
  given: GivenAnswer & { waiting?: boolean | undefined },
  link: { token: string; siteBase: string },
  now: Date,
  messageId?: string,
): Promise<ComposedMail> {
  const open = answerWindow(event, now, ctx.lodge.timeZone) !== "closed";
  const view = {
    ...rsvpMailCommon(ctx, event, member),
    ...lookView(ctx.lodge, "Your answer to the summons"),
    answer: answerText(given),
    waiting: Boolean(given.waiting),
    changeUntil: open ? momentText(upcomingRsvpDeadline(event)) : "",
    answerUrl: answerUrl(link.siteBase, link.token),
  };
  return composeMail({
    kind: "summons-answer",
    from: ctx.from,
    to: member.email,
    replyTo: ctx.secretary,
    messageId,
    ...ctx.templates("summons-answer", view),
  });
}
