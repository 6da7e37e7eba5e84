import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord, LinkAgainFound, MailOrder } from "../store/store.ts";
import { addressOf, composeMail, newMessageId } from "./compose.ts";
import { type MailContext, receivedText, reservationView } from "./messages.ts";
import { offerExpiresText } from "./waitlist.ts";

/**
 * The mails that carry an RSVP's personal link on their own: the request to confirm an RSVP
 * past the seats its network address may hold, and the link mailed again to the holder of an
 * RSVP when the form is sent once more with their address. Queued as orders (server/mail/
 * orders.ts) and composed from the stored RSVP when sent.
 */

export type RsvpLinkMailKind = "rsvp-confirm-seats" | "rsvp-link";
export const RSVP_LINK_MAIL_KINDS: readonly RsvpLinkMailKind[] = [
  "rsvp-confirm-seats",
  "rsvp-link",
];

/** What a link mail says beyond its RSVP: no names nor addresses. */
export interface RsvpLinkOrder extends LinkAgainFound {
  manageUrl: string;
  /** The seats one network address may hold (a request to confirm tells it). */
  perAddress?: number;
  /** When the form was sent again (ISO; the link mailed again tells it). */
  sentAt?: string;
}

/** The one mail of `kind`, to the RSVP's visitor at `email`, as an order. */
export function rsvpLinkOrder(
  ctx: MailContext,
  kind: RsvpLinkMailKind,
  email: string,
  order: RsvpLinkOrder,
): MailOrder {
  return {
    kind,
    envelope: { from: addressOf(ctx.from), to: [email] },
    messageId: newMessageId(ctx.from),
    order: { ...order },
  };
}

/** A link mail composed from its stored RSVP and its order; `messageId` as it was queued. */
export function rsvpLinkMail(
  ctx: MailContext,
  kind: RsvpLinkMailKind,
  event: Event,
  record: EventRsvpRecord,
  order: RsvpLinkOrder,
  messageId: string,
): Promise<ComposedMail> {
  const view = {
    ...reservationView(ctx, event, record),
    manageUrl: order.manageUrl,
    confirmBy: order.confirmBy ? offerExpiresText(ctx, new Date(order.confirmBy)) : "",
    perAddress: order.perAddress ?? ctx.lodge.seatsPerAddress,
    sentAt: order.sentAt ? receivedText(ctx.lodge, new Date(order.sentAt)) : "",
  };
  return composeMail({
    kind,
    from: ctx.from,
    to: record.email,
    replyTo: ctx.secretary,
    messageId,
    ...ctx.templates(kind, view),
  });
}
