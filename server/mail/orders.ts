import type { Event, LodgeData } from "../../core/schemas/index.ts";
import type {
  EventRsvpFound,
  EventRsvpRecord,
  MailOrder,
  MailSubject,
  QueuedMail,
} from "../store/store.ts";
import { addressOf, newMessageId } from "./compose.ts";
import {
  EVENT_RSVP_MAIL_KINDS,
  type EventRsvpMailKind,
  eventRsvpMail,
  type MailContext,
} from "./messages.ts";
import {
  RSVP_LINK_MAIL_KINDS,
  type RsvpLinkMailKind,
  type RsvpLinkOrder,
  rsvpLinkMail,
} from "./rsvp-links.ts";
import type { RsvpCircumstances } from "./rsvp-notes.ts";
import {
  WAITLIST_OFFER_MAIL_KINDS,
  type WaitlistOfferMailKind,
  type WaitlistOfferOrder,
  waitlistOfferMail,
} from "./waitlist.ts";

/**
 * Mails queued by what they are about and composed when they are sent. An RSVP's answer waits
 * for its transaction only: the transaction stores the RSVP and, in the outbox, an order per
 * mail (its kind, envelope, Message-ID and what the mail says beyond the RSVP). The mail worker
 * composes the message from the stored RSVP, the order and the lodge's data as they are then,
 * so a restart loses nothing, and erasure of the RSVP leaves nothing to compose.
 */

/** An ordered mail as the mail worker takes it from the outbox. */
export type OrderedMail = Extract<QueuedMail, { order: unknown }>;

/** A mail that cannot be composed (its RSVP or event is gone): it is given up, not retried. */
export class UncomposableMailError extends Error {
  override name = "UncomposableMailError";
}

/**
 * The secretary's notice and the visitor's confirmation of an event RSVP, as orders; what the
 * RSVP's write counts is written into them there (withFound).
 */
export function eventRsvpOrders(
  ctx: MailContext,
  email: string,
  circumstances: Omit<RsvpCircumstances, keyof EventRsvpFound>,
): MailOrder[] {
  const from = addressOf(ctx.from);
  const order = { ...circumstances };
  return EVENT_RSVP_MAIL_KINDS.map((kind) => ({
    kind,
    envelope: { from, to: [kind === "rsvp-notice" ? ctx.secretary : email] },
    messageId: newMessageId(ctx.from),
    order,
  }));
}

/** The whole MIME text of an ordered mail, composed from its stored submission now. */
export async function composeOrdered(
  ctx: MailContext,
  data: LodgeData,
  mail: OrderedMail,
): Promise<Buffer> {
  const { subject, kind, messageId } = mail;
  const about = (
    table: NonNullable<OrderedMail["subject"]>["table"],
    what: string,
  ): { record: EventRsvpRecord; event: Event } => {
    if (subject?.table !== table) {
      throw new UncomposableMailError(
        `its ${what} is no longer stored (erased before it could go)`,
      );
    }
    const { record } = subject.stored as { record: EventRsvpRecord };
    const event = data.events.find((e) => e.id === record.eventId);
    if (!event) {
      throw new UncomposableMailError(
        `its event ${record.eventId} is no longer in the lodge's data`,
      );
    }
    return { record, event };
  };
  if (WAITLIST_OFFER_MAIL_KINDS.includes(kind as WaitlistOfferMailKind)) {
    const { record, event } = about("waitlist", "place on the waiting list");
    const order = mail.order as unknown as WaitlistOfferOrder;
    return (
      await waitlistOfferMail(ctx, kind as WaitlistOfferMailKind, event, record, order, messageId)
    ).raw;
  }
  if (RSVP_LINK_MAIL_KINDS.includes(kind as RsvpLinkMailKind)) {
    const { record, event } = about("event_rsvps", "RSVP");
    const order = mail.order as unknown as RsvpLinkOrder;
    return (await rsvpLinkMail(ctx, kind as RsvpLinkMailKind, event, record, order, messageId)).raw;
  }
  if (!EVENT_RSVP_MAIL_KINDS.includes(kind as EventRsvpMailKind)) {
    throw new UncomposableMailError(`no mail of kind ${kind} is composed when sent`);
  }
  const { event } = about("event_rsvps", "RSVP");
  const stored = (subject as Extract<MailSubject, { table: "event_rsvps" }>).stored;
  const order = mail.order as unknown as RsvpCircumstances;
  return (await eventRsvpMail(ctx, kind as EventRsvpMailKind, event, stored, order, messageId)).raw;
}
