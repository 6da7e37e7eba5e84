import { eventRsvpsCommand } from "../../core/messages.ts";
import {
  formatMediumDate,
  formatShortTime,
  reservationsClosedText,
  upcomingRsvpDeadline,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type { WaitlistCounts } from "../../core/rules/seats.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord, MailOrder, WaitlistEntry } from "../store/store.ts";
import { addressOf, composeMail, newMessageId } from "./compose.ts";
import { type MailContext, receivedText, rsvpMailCommon } from "./messages.ts";
import { mealsText } from "./reminder.ts";
import { waitlistCountsText } from "./rsvp-notes.ts";
import type { MailTemplateName } from "./templates.ts";

/**
 * The mails of a waiting list: joining it, the offer of seats that freed up, an offer that ran out
 * unclaimed, and leaving it; each to the party and a notice to the secretary.
 */

const people = (n: number) => `${n} ${n === 1 ? "attendee" : "attendees"}`;

/** 'Nov 26, 2026 at 2:05PM', in lodge time: when an offer runs out. */
export function offerExpiresText(ctx: Pick<MailContext, "lodge">, at: Date): string {
  const wall = wallTimeIn(at, ctx.lodge.timeZone);
  return `${formatMediumDate(wall)} at ${formatShortTime(wall)}`;
}

/** 'Nov 30, 2026 at 11:59PM': when the event's reservations close. */
function deadlineText(event: Event): string {
  const deadline = upcomingRsvpDeadline(event);
  return `${formatMediumDate(deadline)} at ${formatShortTime(deadline)}`;
}

function common(ctx: MailContext, event: Event, record: EventRsvpRecord, claimUrl: string) {
  return {
    ...rsvpMailCommon(ctx, event, record),
    location: event.location,
    attendees: people(record.attendees),
    headCount: record.attendees,
    dinnerLine: record.dinner ? `Early bird dinner: ${mealsText(record)}` : "",
    claimUrl,
    // The secretary's notices end with the command that lists the event's RSVPs and its list.
    listCommand: eventRsvpsCommand(event.id),
  };
}

/** The visitor's confirmation that they are on the list, and the secretary's notice. */
export async function waitlistJoinedMails(
  ctx: MailContext,
  event: Event,
  record: EventRsvpRecord,
  claimUrl: string,
  at: Date,
): Promise<ComposedMail[]> {
  const view = {
    ...common(ctx, event, record, claimUrl),
    closes: deadlineText(event),
    receivedAt: receivedText(ctx.lodge, at),
  };
  return pair(ctx, record.email, ["waitlist-joined", "waitlist-notice"], view);
}

/** The offer of seats to a waiting party, and the secretary's notice of it. */
export type WaitlistOfferMailKind = "waitlist-offer" | "waitlist-offer-notice";
export const WAITLIST_OFFER_MAIL_KINDS: readonly WaitlistOfferMailKind[] = [
  "waitlist-offer",
  "waitlist-offer-notice",
];

/**
 * What an offer's mails say beyond their entry: the link to claim it, when it runs out, and the
 * list once the write offering it is done (the offers made with it included).
 */
export interface WaitlistOfferOrder {
  claimUrl: string;
  /** ISO. */
  expiresAt: string;
  after: WaitlistCounts;
}

/**
 * The offer of seats to the waiting party at `email`, to claim by the order's end with its link,
 * and the secretary's notice of it, as orders: composed by the mail worker from the entry when
 * sent, so that a write offering seats, which runs in its event's lane, waits for no composing.
 */
export function waitlistOfferOrders(
  ctx: MailContext,
  email: string,
  order: WaitlistOfferOrder,
): MailOrder[] {
  const from = addressOf(ctx.from);
  return WAITLIST_OFFER_MAIL_KINDS.map((kind) => ({
    kind,
    envelope: { from, to: [kind === "waitlist-offer" ? email : ctx.secretary] },
    messageId: newMessageId(ctx.from),
    order: { ...order },
  }));
}

/** One of an offer's two mails, composed from its entry's record and its order. */
export function waitlistOfferMail(
  ctx: MailContext,
  kind: WaitlistOfferMailKind,
  event: Event,
  record: EventRsvpRecord,
  order: WaitlistOfferOrder,
  messageId: string,
): Promise<ComposedMail> {
  const view = {
    ...common(ctx, event, record, order.claimUrl),
    expires: offerExpiresText(ctx, new Date(order.expiresAt)),
    listNow: `With this offer, ${waitlistCountsText(order.after)}`,
  };
  const toParty = kind === "waitlist-offer";
  return composeMail({
    kind,
    from: ctx.from,
    to: toParty ? record.email : ctx.secretary,
    replyTo: toParty ? ctx.secretary : record.email,
    messageId,
    ...ctx.templates(kind, view),
  });
}

/** The visitor's confirmation that they left the list, and the secretary's notice. */
export async function waitlistLeftMails(
  ctx: MailContext,
  event: Event,
  entry: Pick<WaitlistEntry, "record" | "state" | "offerExpiresAt">,
  at: Date,
): Promise<ComposedMail[]> {
  const offered = entry.state === "offered" && entry.offerExpiresAt !== undefined;
  const view = {
    ...common(ctx, event, entry.record, ""),
    offered,
    expires: offered ? offerExpiresText(ctx, entry.offerExpiresAt ?? at) : "",
    receivedAt: receivedText(ctx.lodge, at),
  };
  return pair(ctx, entry.record.email, ["waitlist-left", "waitlist-left-notice"], view);
}

/**
 * The mails that tell of an offer that ran out unclaimed: its party is off the list (an offer
 * is made once: core's offerExpiry, and the claim page's "expired"), and may join again at the
 * end of the line while the event takes RSVPs (`eventUrl`, its page; empty once it does not).
 * The secretary's notice says whether anyone is left in line (`nextInLine`) to offer them to.
 */
export async function waitlistRanOutMails(
  ctx: MailContext,
  event: Event,
  entry: Pick<WaitlistEntry, "record" | "offerExpiresAt">,
  { eventUrl, nextInLine }: { eventUrl: string; nextInLine: boolean },
): Promise<ComposedMail[]> {
  const view = {
    ...common(ctx, event, entry.record, ""),
    expires: offerExpiresText(ctx, entry.offerExpiresAt ?? new Date(0)),
    open: eventUrl !== "",
    eventUrl,
    nextInLine,
    closedLine: noMoreOffersText(event),
  };
  return pair(ctx, entry.record.email, ["waitlist-expired", "waitlist-expired-notice"], view);
}

/**
 * Why a list offers no more seats, once its event takes no RSVPs: cancelled, or its reservations
 * closed. The mails of an offer that ran out and the claim page say it alike.
 */
export function noMoreOffersText(event: Event): string {
  return event.cancelled
    ? `${event.name} has been cancelled, so no more seats will be offered.`
    : `${reservationsClosedText(upcomingRsvpDeadline(event), event.name)}, so no more seats will be offered.`;
}

/** A party's mail and the secretary's notice of the same thing, each replying to the other. */
function pair(
  ctx: MailContext,
  email: string,
  [visitor, notice]: [MailTemplateName, MailTemplateName],
  view: object,
): Promise<ComposedMail[]> {
  return Promise.all([
    composeMail({
      kind: visitor,
      from: ctx.from,
      to: email,
      replyTo: ctx.secretary,
      ...ctx.templates(visitor, view),
    }),
    composeMail({
      kind: notice,
      from: ctx.from,
      to: ctx.secretary,
      replyTo: email,
      ...ctx.templates(notice, view),
    }),
  ]);
}
