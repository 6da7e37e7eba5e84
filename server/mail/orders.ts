import type { LodgeData } from "../../core/schemas/index.ts";
import type { EventRsvpFound, MailOrder, QueuedMail } from "../store/store.ts";
import { addressOf, newMessageId } from "./compose.ts";
import {
  EVENT_RSVP_MAIL_KINDS,
  type EventRsvpMailKind,
  eventRsvpMail,
  type MailContext,
  type RsvpCircumstances,
} from "./messages.ts";
import {
  RSVP_LINK_MAIL_KINDS,
  type RsvpLinkMailKind,
  type RsvpLinkOrder,
  rsvpLinkMail,
} from "./rsvp-links.ts";

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
  const { subject } = mail;
  const linkMail = RSVP_LINK_MAIL_KINDS.includes(mail.kind as RsvpLinkMailKind);
  if (!linkMail && !EVENT_RSVP_MAIL_KINDS.includes(mail.kind as EventRsvpMailKind)) {
    throw new UncomposableMailError(`no mail of kind ${mail.kind} is composed when sent`);
  }
  if (subject?.table !== "event_rsvps") {
    throw new UncomposableMailError("its RSVP is no longer stored (erased before it could go)");
  }
  const { eventId } = subject.stored.record;
  const event = data.events.find((e) => e.id === eventId);
  if (!event) {
    throw new UncomposableMailError(`its event ${eventId} is no longer in the lodge's data`);
  }
  if (linkMail) {
    const order = mail.order as unknown as RsvpLinkOrder;
    const { record } = subject.stored;
    const kind = mail.kind as RsvpLinkMailKind;
    return (await rsvpLinkMail(ctx, kind, event, record, order, mail.messageId)).raw;
  }
  const composed = await eventRsvpMail(
    ctx,
    mail.kind as EventRsvpMailKind,
    event,
    subject.stored,
    mail.order as unknown as RsvpCircumstances,
    mail.messageId,
  );
  return composed.raw;
}
