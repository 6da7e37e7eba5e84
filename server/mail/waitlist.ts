import {
  eventStart,
  formatDayAndTime,
  formatFullDate,
  formatMediumDate,
  formatShortTime,
  upcomingRsvpDeadline,
  wallTimeIn,
} from "../../core/rules/index.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type MailContext, receivedText } from "./messages.ts";
import { mealsText } from "./reminder.ts";

/** The mails of a waiting list: joining it, and the offer of seats that freed up. */

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
  const start = eventStart(event.date);
  return {
    lodgeName: ctx.lodge.name,
    firstName: record.firstName,
    lastName: record.lastName,
    eventName: event.name,
    date: formatDayAndTime(start),
    longDate: formatFullDate(start),
    time: formatShortTime(start),
    location: event.location,
    attendees: people(record.attendees),
    dinnerLine: record.dinner ? `Early bird dinner: ${mealsText(record)}` : "",
    claimUrl,
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
    listCommand: `lodge rsvps --event ${event.id}`,
    receivedAt: receivedText(ctx.lodge, at),
  };
  return Promise.all([
    composeMail({
      kind: "waitlist-joined",
      from: ctx.from,
      to: record.email,
      replyTo: ctx.secretary,
      ...ctx.templates("waitlist-joined", view),
    }),
    composeMail({
      kind: "waitlist-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: record.email,
      ...ctx.templates("waitlist-notice", view),
    }),
  ]);
}

/** The offer of seats to a waiting party, to claim by `expiresAt` with the link. */
export async function waitlistOfferMail(
  ctx: MailContext,
  event: Event,
  record: EventRsvpRecord,
  claimUrl: string,
  expiresAt: Date,
): Promise<ComposedMail> {
  return composeMail({
    kind: "waitlist-offer",
    from: ctx.from,
    to: record.email,
    replyTo: ctx.secretary,
    ...ctx.templates("waitlist-offer", {
      ...common(ctx, event, record, claimUrl),
      expires: offerExpiresText(ctx, expiresAt),
    }),
  });
}
