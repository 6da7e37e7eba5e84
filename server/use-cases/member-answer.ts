import { answerAllowed, answerWindow, type GivenAnswer } from "../../core/rules/answers.ts";
import { manageLinkExpiry } from "../../core/rules/calendar.ts";
import { admits, admittedText, DEGREE_NAMES, meetingDegree } from "../../core/rules/degrees.ts";
import { eventStart, formatMediumDate, instantOf } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import { inGoodStanding, STATUS_NAMES } from "../../core/schemas/member.ts";
import { answerMail } from "../mail/summons.ts";
import { answerToken, readAnswerToken } from "../members/answer-link.ts";
import { answerView } from "../members/answer-view.ts";
import { withOffers } from "../rsvp/waitlist.ts";
import type { HeldAnswer, RollMember } from "../store/store.ts";
import type { UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/**
 * A member's answer to the summons, given through his link (the answer page) or recorded by the
 * secretary (an apology by telephone, a brother at the door): the one place its rules are
 * checked and it is stored, which the answer route and `lodge members answer` both call. Its
 * refusals say why: a link that names nothing of ours (not-found), one that opens nothing any
 * more (gone), the deadline or the roll against it (conflict), an answer the meeting does not
 * take (invalid).
 */

/** What an answer reads and writes: the use cases' context (a command's: `queued` does nothing). */
export type AnswerContext = UseCaseContext;

/** The member and the meeting a link names, or the refusal he can act on. */
export async function openAnswerLink(
  ctx: AnswerContext,
  token: string,
): Promise<{ member: RollMember; event: Event }> {
  const named = readAnswerToken(ctx.secret, token);
  if (!named) {
    throw new Refusal(
      "not-found",
      "This link does not open a summons: it may have been cut short. Open it again from your summons mail, whole, or write to the secretary through the contact form.",
    );
  }
  const member = await ctx.store.memberByKey(named.memberKey);
  if (!member) {
    throw new Refusal(
      "gone",
      "This link no longer opens a summons: its member is not on the lodge's roll any more. Write to the secretary through the contact form.",
    );
  }
  const { events, lodge } = ctx.data();
  const event = events.find((candidate) => candidate.id === named.eventId);
  if (!event) {
    throw new Refusal(
      "gone",
      "The meeting this link was for is no longer in the lodge's calendar. Write to the secretary through the contact form.",
    );
  }
  if (ctx.now().getTime() >= manageLinkExpiry(event, lodge.timeZone).getTime()) {
    const name = `${event.name} on ${formatMediumDate(eventStart(event.date))}`;
    throw new Refusal(
      "gone",
      `This link has expired: it worked until a day after ${name}. Write to the secretary through the contact form.`,
    );
  }
  return { member, event };
}

/** What the answer page shows a member of his answer to a meeting. */
export async function memberAnswerView(ctx: AnswerContext, member: RollMember, event: Event) {
  const held = await ctx.store.memberAnswer({ memberId: member.id, eventId: event.id });
  return viewOf(ctx, event, member, held);
}

function viewOf(ctx: AnswerContext, event: Event, member: RollMember, held?: HeldAnswer) {
  const timeZone = ctx.data().lodge.timeZone;
  return answerView(event, member, held, ctx.now(), timeZone, ctx.mail().secretary);
}

export interface GivenMemberAnswer {
  member: RollMember;
  event: Event;
  given: GivenAnswer;
  /** The address the confirmation's link opens: the site's, or where the request came. */
  siteBase: string;
  /**
   * The member himself, through his link: held to the deadlines. The secretary records an answer
   * given him otherwise until the meeting starts, past them (he has told the caterer), as his
   * edits of an RSVP are.
   */
  by: "member" | "secretary";
}

/**
 * Refuses a seat to a member the meeting does not admit (his degree below the one it is opened
 * on) or who is not in good standing: the roll may have changed since his summons, and the
 * secretary may name anyone on it. Apologies are always taken.
 */
function checkAdmitted(request: GivenMemberAnswer): void {
  const { event, member, given, by } = request;
  if (given.answer === "apologies") return;
  const who =
    by === "member" ? "the lodge's roll has you as" : `${member.firstName} ${member.lastName} is`;
  const write = by === "member" ? " If the roll is wrong, write to the secretary." : "";
  const needed = meetingDegree(event);
  if (needed && !admits(event, member.degree)) {
    throw new Refusal(
      "conflict",
      `${event.name} is opened on the ${DEGREE_NAMES[needed]} degree, which ${admittedText(event)} may attend, and ${who} ${anOf(DEGREE_NAMES[member.degree])}.${write}`,
    );
  }
  if (!inGoodStanding(member.status)) {
    throw new Refusal(
      "conflict",
      `Only members in good standing take a seat by the summons, and ${who} ${STATUS_NAMES[member.status]}.${write}`,
    );
  }
}

const anOf = (name: string) => `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name}`;

/** Refuses what the rules do not take: the window, the meeting's dinner and its choices. */
function checkAnswer(
  ctx: AnswerContext,
  request: GivenMemberAnswer,
  held: HeldAnswer | undefined,
): void {
  const { event, given, by, member } = request;
  const now = ctx.now();
  const { timeZone } = ctx.data().lodge;
  const window = answerWindow(event, now, timeZone);
  if (by === "secretary") {
    if (event.cancelled) {
      throw new Refusal("conflict", `${event.name} (${event.id}) is cancelled.`);
    }
    if (now.getTime() >= instantOf(eventStart(event.date), timeZone).getTime()) {
      throw new Refusal(
        "conflict",
        `${event.name} (${event.id}) has started: its answers are as they stand.`,
      );
    }
  }
  checkAdmitted(request);
  // The secretary answers as if answers were open: the deadlines are the members' own.
  const allowed = answerAllowed(event, by === "secretary" ? "open" : window, given, held);
  if (allowed.ok) return;
  if (window === "closed" && by === "member") {
    throw new Refusal("conflict", viewOf(ctx, event, member, held).message);
  }
  const whose = by === "member" ? "Your answer" : "The answer";
  throw new Refusal("invalid", `${whose} cannot be taken: ${allowed.why}.`, "meal");
}

/**
 * Stores a member's answer to a meeting: checked by the rules, his seat taken or freed under the
 * event's lock in one transaction (seats freed offered down the waiting list), and his
 * confirmation queued with it. The answer he holds now, and whether it changed.
 */
export async function giveMemberAnswer(
  ctx: AnswerContext,
  request: GivenMemberAnswer,
): Promise<{ answer: HeldAnswer; changed: boolean }> {
  const { member, event, given, siteBase, by } = request;
  const now = ctx.now();
  const held = await ctx.store.memberAnswer({ memberId: member.id, eventId: event.id });
  checkAnswer(ctx, request, held);
  const link = { token: answerToken(ctx.secret, member.key, event.id), siteBase };
  const mail = (waiting: boolean) =>
    answerMail(ctx.mail(), event, member, { ...given, waiting }, link, now);
  const mails = { seated: [await mail(false)], waiting: [await mail(true)] };
  // The seat his apologies free, as the offers are made for; a stale write makes them anew.
  const freed = given.answer === "apologies" && held && !held.waiting ? 1 : 0;
  const { guestLimit } = ctx.data().lodge;
  const outcome = await withOffers(ctx, event, siteBase, now, freed, (offers) =>
    ctx.store.answerSummons({ member, eventId: event.id, given, guestLimit, now, mails, offers }),
  );
  if (outcome.kind === "party") {
    const party = `a reservation for ${outcome.attendees} attendees made on the site with ${by === "member" ? "your" : "his"} address`;
    throw new Refusal(
      "conflict",
      by === "member"
        ? `You hold ${party}, so this answer would drop your guests' seats: change or cancel it with the link in its confirmation mail, or write to the secretary. Your answer was not recorded.`
        : `${member.firstName} ${member.lastName} holds ${party} (RSVP ${outcome.rsvpId}): this answer would drop his guests' seats. Change that RSVP with lodge rsvps edit ${outcome.rsvpId} --attendees N, or cancel it with lodge rsvps cancel ${outcome.rsvpId}, first.`,
    );
  }
  if (outcome.kind === "answered") ctx.queued();
  return { answer: { ...given, waiting: outcome.waiting }, changed: outcome.kind === "answered" };
}

/** The view the answer page shows after an answer through his link. */
export function answeredView(ctx: AnswerContext, request: GivenMemberAnswer, answer: HeldAnswer) {
  return viewOf(ctx, request.event, request.member, answer);
}
