import type { ApiResponse } from "../../core/api/routes.ts";
import {
  formatMediumDate,
  formatShortTime,
  mealDeadline,
  mealsOpen,
} from "../../core/rules/index.ts";
import type { EventRsvpPayload } from "../../core/schemas/index.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
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
import {
  type Answer,
  type Caller,
  KEY_REUSED,
  siteBaseOf,
  type UseCaseContext,
} from "./context.ts";
import { readRsvpRequest } from "./place-rsvp.ts";
import { Refusal } from "./refusal.ts";

/** The refusal that says where the entry stands, when that is not what the step needs. */
const refuse = (ctx: UseCaseContext, opened: OpenedEntry) =>
  new Refusal("conflict", entryMessage(opened, ctx.mail()));
const inLane = (ctx: UseCaseContext, eventId: string) => ({ lanes: ctx.lanes, eventId });

/**
 * Puts a party on a full event's waiting list (SPEC 7's POST /mj/api/rsvp/waitlist): it takes
 * the RSVP form, and is refused when the seats it asks for are free, or the address has an RSVP
 * or an offer already.
 */
export async function joinWaitlist(
  ctx: UseCaseContext,
  payload: EventRsvpPayload,
  caller: Caller,
): Promise<Answer<ApiResponse<"joinWaitlist">>> {
  const { now, data, event, form } = readRsvpRequest(ctx, payload);
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
  const link = newClaimToken(ctx.secret);
  const mails = await waitlistJoinedMails(
    ctx.mail(),
    event,
    record,
    claimUrl(siteBaseOf(ctx, caller.origin), link.token),
    now,
  );
  // Beside other joins, never inside a write of the event made from a read of its list.
  const join = () =>
    ctx.store.joinWaitlist(
      {
        record,
        receivedAt: now,
        idempotency: idempotencyFor("waitlist", hash, caller.idempotencyKey, now),
        clientKey: caller.clientKey,
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
  const outcome = await (ctx.lanes ? ctx.lanes.shared(event.id, join) : join());
  switch (outcome.kind) {
    case "joined":
      ctx.queued();
      return { status: 200, body: outcome.response.body as { message: string } };
    case "replay":
      return outcome.response as Answer<{ message: string }>;
    case "key-reused":
      throw KEY_REUSED();
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
}

/** The entry a claim link opens, as the claim page shows it. */
export async function viewWaitlistEntry(ctx: UseCaseContext, token: string) {
  return entryView(await openEntry(ctx, token, ctx.now()), ctx.mail());
}

/** What a claim link asks of its entry: the token, and the address the request came to. */
export interface EntryRequest {
  token: string;
  origin: string;
}

/**
 * Takes a party off the waiting list by its link; an offer it held goes to the next in line.
 * Sent again once it has left, it answers the same.
 */
export async function leaveWaitlist(
  ctx: UseCaseContext,
  { token, origin }: EntryRequest,
): Promise<ApiResponse<"leaveWaitlist">> {
  const opened = await openEntry(ctx, token, ctx.now());
  const { entry, event } = opened;
  const gone = { message: `You are no longer on the waiting list for ${event.name}.` };
  if (entry.state === "left" && entry.rsvpId === undefined && !entry.replaced) return gone;
  if (opened.state === "closed" || (entry.state !== "waiting" && entry.state !== "offered")) {
    throw refuse(ctx, opened);
  }
  const now = ctx.now();
  // The mails say whether an offer was given up, and the store takes them only for the entry
  // as they tell it: one offered seats meanwhile makes the leave stale, so it is read again.
  const outcome = await untilFresh(
    async (attempt) => {
      const { entry } = attempt === 0 ? opened : await openEntry(ctx, token, ctx.now());
      if (entry.state !== "waiting" && entry.state !== "offered") {
        return { kind: "not-found" as const };
      }
      const freed = entry.state === "offered" ? entry.record.attendees : 0;
      const mails = await waitlistLeftMails(ctx.mail(), event, entry, now);
      const base = siteBaseOf(ctx, origin);
      const offers = await offersFor(ctx, event, base, now, freed, attempt > 0, {
        leaving: (other) => other.id === entry.id,
      });
      return ctx.store.leaveWaitlist({ entryId: entry.id, now, mails, offers, from: entry.state });
    },
    inLane(ctx, event.id),
  );
  // Left a moment ago by another request (a second click): the same answer.
  if (outcome.kind === "not-found") {
    const again = await openEntry(ctx, token, ctx.now());
    if (again.entry.state !== "left") throw refuse(ctx, again);
  }
  ctx.queued();
  return gone;
}

/**
 * Claims the seats an offer holds: an RSVP stored in their place, with its confirmation; past
 * the meal deadline since the party joined, the seats without the dinners (issue 16.4).
 */
export async function claimOffer(
  ctx: UseCaseContext,
  { token, origin }: EntryRequest,
): Promise<ApiResponse<"claimOffer">> {
  const opened = await openEntry(ctx, token, ctx.now());
  const { entry, event } = opened;
  const confirmed = (withoutDinner = false) => ({
    message: `The seats are yours: your reservation for ${event.name} is confirmed for ${entry.record.attendees}${withoutDinner ? `, without dinner (dinner orders closed ${formatMediumDate(mealDeadline(event))} at ${formatShortTime(mealDeadline(event))})` : ""}. A confirmation with the link to change or cancel it is on its way to ${entry.record.email}.`,
  });
  if (entry.state === "claimed") return confirmed();
  if (opened.state === "expired") throw new Refusal("gone", entryMessage(opened, ctx.mail()));
  if (opened.state !== "offered") throw refuse(ctx, opened);
  const now = ctx.now();
  const manage = newRsvpToken(ctx.secret, "manage", "event");
  const { guestLimit, timeZone } = ctx.data().lodge;
  const withoutDinner = entry.record.dinner && !mealsOpen(event, now, timeZone);
  const record = withoutDinner
    ? { ...entry.record, dinner: false, meals: 0, mealCounts: [] }
    : entry.record;
  // The notice tells the list as the claim leaves it; the store checks that in the claim.
  const outcome = await untilFresh(
    async () => {
      const listAfter = listCounts(
        (await ctx.store.listWaitlist(event.id)).filter((other) => other.id !== entry.id),
      );
      return ctx.store.claimOffer(entry.id, {
        now,
        manageTokenHash: rsvpTokenHash(manage),
        withoutDinner,
        // Composed by the mail worker from the RSVP the claim stores, after the answer.
        mails: eventRsvpOrders(ctx.mail(), record.email, {
          guestLimit,
          manageUrl: manageUrl(siteBaseOf(ctx, origin), manage),
          waitlist: { via: "claim", after: listAfter },
        }),
        listAfter,
      });
    },
    inLane(ctx, event.id),
  );
  switch (outcome.kind) {
    case "claimed":
      ctx.queued();
      return confirmed(withoutDinner);
    case "claimed-before":
      return confirmed();
    case "expired":
      throw new Refusal("gone", entryMessage({ ...opened, state: "expired" }, ctx.mail()));
    case "not-offered":
      throw refuse(ctx, await openEntry(ctx, token, ctx.now()));
  }
}
