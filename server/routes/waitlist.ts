import type { FastifyRequest } from "fastify";
import {
  formatMediumDate,
  formatShortTime,
  mealDeadline,
  mealsOpen,
} from "../../core/rules/index.ts";
import { apiRoute } from "../http/api-route.ts";
import { idempotencyFor, idempotencyKeyOf, requestHash } from "../http/idempotency.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import { offerExpiresText, waitlistJoinedMails, waitlistLeftMails } from "../mail/waitlist.ts";
import { checkMeals, eventRecord } from "../rsvp/event-rsvp.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import {
  claimUrl,
  entryMessage,
  entryView,
  listCounts,
  newClaimToken,
  type OpenedEntry,
  offersFor,
  openEntry,
  untilFresh,
} from "../rsvp/waitlist.ts";
import { POSITION } from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { type RouteContext, waitlistOf } from "./context.ts";
import { eventRsvpHandlers } from "./event-rsvp.ts";
import { siteBase } from "./manage-rsvp.ts";

/**
 * POST /mj/api/rsvp/waitlist (join), /waitlist/view, /waitlist/leave and /claim: a full event's
 * waiting list. Joining takes the RSVP form; the others the token of the entry's link (or of its
 * offer's), in the body, never in an address.
 */
export function waitlistRoutes(ctx: RouteContext): void {
  const { app } = ctx;
  const waitlist = waitlistOf(ctx);
  const base = (request: FastifyRequest) => siteBase(ctx.data().lodge.siteUrl, request);

  apiRoute(
    app,
    "joinWaitlist",
    eventRsvpHandlers(ctx, async ({ now, data, event, form }, request, reply) => {
      const { timeZone, guestLimit, seatsPerAddress } = data.lodge;
      const record = eventRecord(event, form);
      if (record.attendees > guestLimit) {
        throw new Refusal(
          "conflict",
          `${event.name} has ${guestLimit} seats in all, fewer than ${record.attendees}: a party of ${record.attendees} cannot be seated.`,
          "numberOfAttendees",
        );
      }
      // A party that joins after the meal deadline may wait for seats, not for dinners.
      if (record.meals > 0) checkMeals(event, record, undefined, now, timeZone);
      const hash = requestHash("waitlist", { eventId: event.id, form });
      const link = newClaimToken(ctx.config.xsrfSecret);
      const mails = await waitlistJoinedMails(
        ctx.mail(),
        event,
        record,
        claimUrl(base(request), link.token),
        now,
      );
      // Beside other joins, never inside a write of the event made from a read of its list.
      const join = () =>
        ctx.store.joinWaitlist(
          {
            record,
            receivedAt: now,
            idempotency: idempotencyFor("waitlist", hash, idempotencyKeyOf(request), now),
            clientKey: ctx.clientKey(request),
            tokenHash: link.hash,
            mails,
            response: {
              status: 200,
              body: {
                message: `You're on the waiting list for ${event.name}: number ${POSITION} in line. We'll e-mail you if seats free up.`,
              },
            },
          },
          { guestLimit, seatsPerClient: seatsPerAddress },
        );
      const outcome = await (waitlist.lanes ? waitlist.lanes.shared(event.id, join) : join());
      switch (outcome.kind) {
        case "joined":
          ctx.worker.kick();
          return outcome.response.body as { message: string };
        case "replay":
          reply.code(outcome.response.status);
          return outcome.response.body as { message: string };
        case "key-reused":
          throw new Refusal(
            "key-reused",
            "This Idempotency-Key was already used for a different submission; send each new submission with a new key.",
          );
        case "fits":
          throw new Refusal(
            "conflict",
            `${outcome.free === 1 ? "1 seat is" : `${outcome.free} seats are`} free for ${event.name} now, enough for you: send your reservation instead.`,
            undefined,
            "eventRsvp",
          );
        case "has-rsvp":
          throw new Refusal(
            "conflict",
            `You already have a reservation for ${event.name} with this e-mail address. To change it, open the link in its confirmation mail.`,
          );
        case "offered":
          throw new Refusal(
            "conflict",
            `Seats for ${event.name} are already offered to you: claim them by ${offerExpiresText(ctx.mail(), outcome.expiresAt)} with the link in the mail that offered them.`,
          );
      }
    }),
  );

  const open = (token: string) => openEntry(waitlist, token, ctx.now());
  /** The event's list in figures once the entry `id` has left it, for the secretary's notice. */
  const countsWithout = async (id: number, eventId: string) =>
    listCounts((await ctx.store.listWaitlist(eventId)).filter((other) => other.id !== id));
  const refuse = (opened: OpenedEntry) => new Refusal("conflict", entryMessage(opened, ctx.mail()));
  const inLane = (eventId: string) => ({ lanes: waitlist.lanes, eventId });

  apiRoute(app, "waitlistEntry", {
    handle: async ({ token }) => entryView(await open(token), ctx.mail()),
  });

  apiRoute(app, "leaveWaitlist", {
    handle: async ({ token }, request) => {
      const opened = await open(token);
      const { entry, event } = opened;
      const gone = { message: `You are no longer on the waiting list for ${event.name}.` };
      if (entry.state === "left" && entry.rsvpId === undefined && !entry.replaced) return gone;
      if (opened.state === "closed" || (entry.state !== "waiting" && entry.state !== "offered")) {
        throw refuse(opened);
      }
      const now = ctx.now();
      // The mails say whether an offer was given up, and the store takes them only for the entry
      // as they tell it: one offered seats meanwhile makes the leave stale, so it is read again.
      const outcome = await untilFresh(async (attempt) => {
        const { entry } = attempt === 0 ? opened : await open(token);
        if (entry.state !== "waiting" && entry.state !== "offered") {
          return { kind: "not-found" as const };
        }
        const freed = entry.state === "offered" ? entry.record.attendees : 0;
        const mails = await waitlistLeftMails(ctx.mail(), event, entry, now);
        const offers = await offersFor(waitlist, event, base(request), now, freed, attempt > 0, {
          leaving: (other) => other.id === entry.id,
        });
        return ctx.store.leaveWaitlist({
          entryId: entry.id,
          now,
          mails,
          offers,
          from: entry.state,
        });
      }, inLane(event.id));
      // Left a moment ago by another request (a second click): the same answer.
      if (outcome.kind === "not-found") {
        const again = await open(token);
        if (again.entry.state !== "left") throw refuse(again);
      }
      ctx.worker.kick();
      return gone;
    },
  });

  apiRoute(app, "claimOffer", {
    handle: async ({ token }, request) => {
      const opened = await open(token);
      const { entry, event } = opened;
      const confirmed = (withoutDinner = false) => ({
        message: `The seats are yours: your reservation for ${event.name} is confirmed for ${entry.record.attendees}${withoutDinner ? `, without dinner (dinner orders closed ${formatMediumDate(mealDeadline(event))} at ${formatShortTime(mealDeadline(event))})` : ""}. A confirmation with the link to change or cancel it is on its way to ${entry.record.email}.`,
      });
      if (entry.state === "claimed") return confirmed();
      if (opened.state === "expired") throw new Refusal("gone", entryMessage(opened, ctx.mail()));
      if (opened.state !== "offered") throw refuse(opened);
      const now = ctx.now();
      const manage = newRsvpToken(ctx.config.xsrfSecret, "manage", "event");
      const { guestLimit, timeZone } = ctx.data().lodge;
      // Past the meal deadline since the party joined: the seats, not the dinners (issue 16.4).
      const withoutDinner = entry.record.dinner && !mealsOpen(event, now, timeZone);
      const record = withoutDinner
        ? { ...entry.record, dinner: false, meals: 0, mealCounts: [] }
        : entry.record;
      // The notice tells the list as the claim leaves it; the store checks that in the claim.
      const outcome = await untilFresh(async () => {
        const listAfter = await countsWithout(entry.id, event.id);
        return ctx.store.claimOffer(entry.id, {
          now,
          manageTokenHash: rsvpTokenHash(manage),
          withoutDinner,
          // Composed by the mail worker from the RSVP the claim stores, after the answer.
          mails: eventRsvpOrders(ctx.mail(), record.email, {
            guestLimit,
            manageUrl: manageUrl(base(request), manage),
            waitlist: { via: "claim", after: listAfter },
          }),
          listAfter,
        });
      }, inLane(event.id));
      switch (outcome.kind) {
        case "claimed":
          ctx.worker.kick();
          return confirmed(withoutDinner);
        case "claimed-before":
          return confirmed();
        case "expired":
          throw new Refusal("gone", entryMessage({ ...opened, state: "expired" }, ctx.mail()));
        case "not-offered":
          throw refuse(await open(token));
      }
    },
  });
}
