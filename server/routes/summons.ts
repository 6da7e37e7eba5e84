import type { FastifyRequest } from "fastify";
import { answerAllowed, answerWindow, type GivenAnswer } from "../../core/rules/answers.ts";
import { manageLinkExpiry } from "../../core/rules/calendar.ts";
import { eventStart, formatMediumDate } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import { apiRoute } from "../http/api-route.ts";
import { HttpError } from "../http/errors.ts";
import { answerMail } from "../mail/summons.ts";
import { readAnswerToken } from "../members/answer-link.ts";
import { answerView } from "../members/answer-view.ts";
import { withOffers } from "../rsvp/waitlist.ts";
import type { HeldAnswer, RollMember } from "../store/store.ts";
import { type RouteContext, waitlistOf } from "./context.ts";
import { siteBase } from "./manage-rsvp.ts";

/** The refusal of a link that is not one of ours (cut short, or forged). */
const UNKNOWN_LINK = new HttpError(
  404,
  "This link does not open a summons: it may have been cut short. Open it again from your summons mail, whole, or write to the secretary through the contact form.",
);

/** The answer routes' paths begin so: the rate limit takes nothing from a member's answer. */
export const SUMMONS_ROUTES_PREFIX = "/mj/api/summons/";

/**
 * POST /mj/api/summons/view and /answer: a member's answer to the summons of an event, by the
 * token of his summons' links (in the body, never in an address). Viewing changes nothing; the
 * answer is stored as his RSVP under the event's lock, seats freed go down the waiting list in
 * the same transaction, and his confirmation is queued with it.
 */
export function summonsRoutes(ctx: RouteContext): void {
  const { app } = ctx;
  const waitlist = waitlistOf(ctx);

  /** The member and event a token names, or the refusal a person can act on. */
  const open = async (token: string): Promise<{ member: RollMember; event: Event }> => {
    const named = readAnswerToken(ctx.config.xsrfSecret, token);
    if (!named) throw UNKNOWN_LINK;
    const member = await ctx.store.memberByKey(named.memberKey);
    if (!member) {
      throw new HttpError(
        410,
        "This link no longer opens a summons: its member is not on the lodge's roll any more. Write to the secretary through the contact form.",
      );
    }
    const { events, lodge } = ctx.data();
    const event = events.find((candidate) => candidate.id === named.eventId);
    if (!event || ctx.now().getTime() >= manageLinkExpiry(event, lodge.timeZone).getTime()) {
      const name = event ? `${event.name} on ${formatMediumDate(eventStart(event.date))}` : "";
      throw new HttpError(
        410,
        event
          ? `This link has expired: it worked until a day after ${name}. Write to the secretary through the contact form.`
          : "The meeting this link was for is no longer in the lodge's calendar. Write to the secretary through the contact form.",
      );
    }
    return { member, event };
  };

  const view = (event: Event, member: RollMember, held: HeldAnswer | undefined) => {
    const { lodge } = ctx.data();
    return answerView(event, member, held, ctx.now(), lodge.timeZone, ctx.mail().secretary);
  };

  apiRoute(app, "memberAnswer", {
    handle: async ({ token }) => {
      const { member, event } = await open(token);
      const held = await ctx.store.memberAnswer({ memberId: member.id, eventId: event.id });
      return view(event, member, held);
    },
  });

  apiRoute(app, "answerSummons", {
    handle: async (body, request: FastifyRequest) => {
      const { member, event } = await open(body.token);
      const now = ctx.now();
      const { lodge } = ctx.data();
      const given: GivenAnswer = {
        answer: body.answer,
        ...(body.answer === "dining" && body.meal ? { meal: body.meal } : {}),
      };
      const held = await ctx.store.memberAnswer({ memberId: member.id, eventId: event.id });
      const window = answerWindow(event, now, lodge.timeZone);
      const allowed = answerAllowed(event, window, given, held);
      if (!allowed.ok) {
        if (window === "closed") throw new HttpError(409, view(event, member, held).message);
        throw new HttpError(422, `Your answer cannot be taken: ${allowed.why}.`, "meal");
      }
      const base = siteBase(lodge.siteUrl, request);
      const link = { token: body.token, siteBase: base };
      const mail = (waiting: boolean) =>
        answerMail(ctx.mail(), event, member, { ...given, waiting }, link, now);
      const mails = { seated: [await mail(false)], waiting: [await mail(true)] };
      // The seat his apologies free, as the offers are made for; a stale write makes them anew.
      const freed = given.answer === "apologies" && held && !held.waiting ? 1 : 0;
      const outcome = await withOffers(waitlist, event, base, now, freed, (offers) =>
        ctx.store.answerSummons({
          member,
          eventId: event.id,
          given,
          guestLimit: lodge.guestLimit,
          now,
          mails,
          offers,
        }),
      );
      if (outcome.kind === "answered") ctx.worker.kick();
      return view(event, member, { ...given, waiting: outcome.waiting });
    },
  });
}
