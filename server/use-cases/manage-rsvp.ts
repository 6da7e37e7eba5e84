import type { ApiResponse } from "../../core/api/routes.ts";
import type { Event } from "../../core/schemas/index.ts";
import { visitorChangeMails } from "../mail/changes.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import { checkMeals, fullError } from "../rsvp/event-rsvp.ts";
import { manageUrl } from "../rsvp/manage-link.ts";
import {
  checkChangeable,
  checkConfirmable,
  managedView,
  type OpenedRsvp,
  openManagedRsvp,
  readChange,
} from "../rsvp/manage-rsvp.ts";
import { withOffers } from "../rsvp/waitlist.ts";
import type { CancelledBy } from "../store/rsvps.ts";
import type {
  ChangeOutcome,
  ComposedMail,
  EventRsvpChange,
  WaitlistOffers,
} from "../store/store.ts";
import { siteBaseOf, type UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/** A store's answer to a change, once it was not stale. */
export type Changed = Exclude<ChangeOutcome, { kind: "stale" }>;

/** A change (or, without `change`, the cancellation) of an event RSVP as the store takes it. */
export interface EventRsvpEdit {
  event: Event;
  id: number;
  /** The attendees its mails tell the RSVP had: one that has others now answers `changed`. */
  told: number;
  /** The new attendees, and dinner (kept as it is when not given). */
  change?: (Partial<EventRsvpChange> & Pick<EventRsvpChange, "attendees">) | undefined;
  mails: ComposedMail[];
  by?: CancelledBy | undefined;
  /** The base of the claim links of the offers of the seats it frees; none offered without. */
  offersBase?: string | undefined;
}

/**
 * Stores a change or the cancellation of an event RSVP, by its visitor or the secretary: the
 * seats it frees go to the event's waiting list in the same transaction, with offers made again
 * while the store answers stale (the list changed meanwhile). Without `offersBase`, the write
 * offers nothing and may answer stale itself: the server's next round offers the seats.
 */
export async function storeEventRsvpEdit(
  ctx: Pick<UseCaseContext, "store" | "data" | "mail" | "secret" | "lanes" | "now">,
  edit: EventRsvpEdit,
): Promise<ChangeOutcome> {
  const { event, id, told, change, mails, by, offersBase } = edit;
  const now = ctx.now();
  const { guestLimit } = ctx.data().lodge;
  const write = (offers?: WaitlistOffers) => {
    const base = { id, now, mails, offers, told };
    return change
      ? ctx.store.changeEventRsvp({ ...base, change, guestLimit })
      : ctx.store.cancelEventRsvp({ ...base, ...(by ? { by } : {}) });
  };
  if (offersBase === undefined) return write();
  const freed = told - (change?.attendees ?? 0);
  return withOffers(ctx, event, offersBase, now, freed, write);
}

/** What a store's answer to a visitor's change means for them. */
function refuseChanged(outcome: Changed, attendees: number): void {
  if (outcome.kind === "full") throw fullError(attendees, outcome.taken, outcome.limit);
  if (outcome.kind === "not-found") {
    throw new Refusal(
      "conflict",
      "This reservation was changed elsewhere a moment ago (cancelled, or replaced by a newer one). Reload the page to see it as it is now.",
    );
  }
  if (outcome.kind === "changed") {
    throw new Refusal(
      "conflict",
      `This reservation was changed elsewhere a moment ago: it is for ${outcome.attendees} ${outcome.attendees === 1 ? "attendee" : "attendees"} now. Reload the page to see it as it is now.`,
    );
  }
}

/** The RSVP a manage link's token names, as it stands now. */
function open(ctx: UseCaseContext, token: string): Promise<OpenedRsvp> {
  return openManagedRsvp(ctx.store, ctx.data(), ctx.secret, token, ctx.now());
}

/** What a manage link asks of its RSVP: the token, and the address the request came to. */
export interface ManageRequest {
  token: string;
  origin: string;
}

/**
 * Stores the visitor's change (none: the cancellation) of their RSVP of either kind, with the
 * mails that tell them, the RSVP as it was opened: one changed meanwhile is refused.
 */
async function storeVisitorEdit(
  ctx: UseCaseContext,
  opened: OpenedRsvp,
  { token, origin }: ManageRequest,
  change?: EventRsvpChange,
): Promise<void> {
  const base = siteBaseOf(ctx, origin);
  const now = ctx.now();
  const after = change && { ...opened.record, ...change };
  const mails = await visitorChangeMails(
    ctx.mail(),
    opened.item,
    {
      before: opened.record,
      after,
      manageUrl: manageUrl(base, token),
      offersDinner: opened.kind === "event" && opened.item.earlyBirdOptions.cost.kind !== "none",
      kind: opened.kind,
      receivedAt: opened.receivedAt,
    },
    now,
  );
  // The mails tell the RSVP as it was opened: one changed meanwhile answers `changed`.
  const told = opened.record.attendees;
  const outcome =
    opened.kind === "social"
      ? ((await ctx.store.changeSocialRsvp({
          id: opened.id,
          now,
          mails,
          told,
          attendees: change?.attendees ?? 0,
        })) as Changed)
      : ((await storeEventRsvpEdit(ctx, {
          event: opened.item,
          id: opened.id,
          told,
          change,
          mails,
          by: "visitor",
          offersBase: base,
        })) as Changed);
  refuseChanged(outcome, change?.attendees ?? 0);
  ctx.queued();
}

/** The RSVP a manage link opens, as the manage page shows it. */
export async function viewManagedRsvp(ctx: UseCaseContext, token: string) {
  return managedView(await open(ctx, token), ctx.mail());
}

/** The visitor's change of their RSVP, by its link: the rules a new RSVP's are. */
export async function changeManagedRsvp(
  ctx: UseCaseContext,
  body: Record<string, unknown> & { token: string },
  origin: string,
): Promise<ApiResponse<"changeRsvp">> {
  const opened = await open(ctx, body.token);
  checkChangeable(opened, ctx.mail());
  const change = readChange(opened, body);
  // After the meal deadline a change may move seats and keep its dinners, never add one.
  if (opened.kind === "event") {
    const after = { ...opened.record, ...change };
    checkMeals(opened.item, after, opened.record, ctx.now(), ctx.data().lodge.timeZone);
  }
  await storeVisitorEdit(ctx, opened, { token: body.token, origin }, change);
  return {
    message: `Your reservation is changed. A confirmation is on its way to ${opened.record.email}.`,
  };
}

/** The visitor's cancellation of their RSVP, by its link: its seats go to the waiting list. */
export async function cancelManagedRsvp(
  ctx: UseCaseContext,
  request: ManageRequest,
): Promise<ApiResponse<"cancelRsvp">> {
  const opened = await open(ctx, request.token);
  checkChangeable(opened, ctx.mail(), "cancel");
  await storeVisitorEdit(ctx, opened, request);
  return {
    message: `Your reservation is cancelled and its seats are free for others. A confirmation is on its way to ${opened.record.email}.`,
  };
}

/**
 * An RSVP past the seats its network address may hold, confirmed from its mail: an RSVP like
 * any other from now, with the usual confirmation (the same link) and secretary's notice.
 */
export async function confirmManagedRsvp(
  ctx: UseCaseContext,
  { token, origin }: ManageRequest,
): Promise<ApiResponse<"confirmRsvp">> {
  const opened = await open(ctx, token);
  const { record } = opened;
  const confirmed = {
    message: `Your seats are confirmed: your reservation for ${opened.item.name} is for ${record.attendees} ${record.attendees === 1 ? "attendee" : "attendees"}. A confirmation with the link to change or cancel it is on its way to ${record.email}.`,
  };
  if (!checkConfirmable(opened, ctx.mail())) return confirmed;
  const { guestLimit, seatsPerAddress } = ctx.data().lodge;
  const outcome = await ctx.store.confirmEventRsvp({
    id: opened.id,
    now: ctx.now(),
    mails: eventRsvpOrders(ctx.mail(), record.email, {
      guestLimit,
      manageUrl: manageUrl(siteBaseOf(ctx, origin), token),
      confirmedPast: seatsPerAddress,
    }),
  });
  switch (outcome.kind) {
    case "confirmed":
      ctx.queued();
      return confirmed;
    case "confirmed-before":
      return confirmed;
    case "lapsed":
    case "not-found":
      // Lapsed or cancelled a moment ago: the page says which, as it is now.
      checkConfirmable(await open(ctx, token), ctx.mail());
      return confirmed;
  }
}
