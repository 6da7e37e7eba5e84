/**
 * The mails of a change to an RSVP: the secretary's cancellation or change from the command
 * line, and a visitor's own from the manage link, each with the visitor's calendar entry of the
 * event updated or cancelled.
 */

import { eventRsvpsCommand } from "../../core/messages.ts";
import { reservationCalendarFile, reservationSequence } from "../../core/rules/calendar.ts";
import { mealCountsText } from "../../core/rules/index.ts";
import type { Event, SocialEvent } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord, Stored } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type MailContext, receivedText, rsvpMailCommon } from "./messages.ts";
import { people } from "./rsvp-notes.ts";

/**
 * The calendar file a change or cancellation mail carries: the visitor's calendar entry of the
 * event (the confirmation's UID) updated with the reservation as it is now, or cancelled.
 */
function reservationAttachment(
  ctx: MailContext,
  item: Event | SocialEvent,
  received: { receivedAt: Date; at: Date },
  after: ChangedRecord | undefined,
  offersDinner: boolean,
) {
  const reservation = after
    ? `Your reservation: ${people(after.attendees)}${offersDinner ? `; early bird dinner: ${dinnerText(after) || "not reserved"}` : ""}.`
    : "";
  const method = after ? "PUBLISH" : "CANCEL";
  return {
    filename: "event.ics",
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    content: reservationCalendarFile(ctx.lodge, item, {
      stamp: received.at,
      sequence: reservationSequence(item, received.receivedAt, received.at),
      reservation,
      cancelled: after === undefined,
      organizer: ctx.secretary,
    }),
  };
}

/**
 * The visitor's notice that the secretary cancelled their RSVP, or changed its attendees, with
 * their calendar's entry of the event updated or cancelled.
 */
export async function rsvpChangeMail(
  ctx: MailContext,
  event: Event,
  rsvp: Pick<Stored<EventRsvpRecord>, "record" | "receivedAt">,
  change: { kind: "cancelled" } | { kind: "changed"; attendees: number },
  at: Date,
): Promise<ComposedMail> {
  const { record } = rsvp;
  const common = rsvpMailCommon(ctx, event, record);
  const rendered =
    change.kind === "cancelled"
      ? ctx.templates("rsvp-cancelled", { ...common, attendees: people(record.attendees) })
      : ctx.templates("rsvp-changed", {
          ...common,
          attendees: people(change.attendees),
          before: people(record.attendees),
        });
  const after =
    change.kind === "cancelled" ? undefined : { ...record, attendees: change.attendees };
  const offersDinner = event.earlyBirdOptions.cost.kind !== "none";
  return composeMail({
    kind: change.kind === "cancelled" ? "rsvp-cancelled" : "rsvp-changed",
    from: ctx.from,
    to: record.email,
    replyTo: ctx.secretary,
    ...rendered,
    attachments: [
      reservationAttachment(ctx, event, { receivedAt: rsvp.receivedAt, at }, after, offersDinner),
    ],
  });
}

/**
 * What a visitor's change changed, a line each, with what it was: the attendees, the dinner, or
 * both; never a line that says a count is what it was.
 */
export function changeLines(
  before: ChangedRecord,
  after: ChangedRecord,
  offersDinner: boolean,
): { line: string }[] {
  const lines: { line: string }[] = [];
  if (after.attendees !== before.attendees) {
    lines.push({
      line: `Attendees: ${people(after.attendees)} (it was ${people(before.attendees)})`,
    });
  }
  const dinner = (r: ChangedRecord) => dinnerText(r) || "not reserved";
  if (offersDinner && dinner(after) !== dinner(before)) {
    lines.push({ line: `Early bird dinner: ${dinner(after)} (it was ${dinner(before)})` });
  }
  if (lines.length === 0) {
    lines.push({
      line: `Nothing changed: it is for ${people(after.attendees)}${offersDinner ? `, early bird dinner: ${dinner(after)}` : ""}, as before.`,
    });
  }
  return lines;
}

/** '3 meals (2 Prime Rib, 1 Salmon)', or '' without dinner. */
function dinnerText(rsvp: Pick<ChangedRecord, "dinner" | "meals" | "mealCounts">): string {
  if (!rsvp.dinner) return "";
  const chosen = mealCountsText(rsvp.mealCounts);
  const meals = `${rsvp.meals} ${rsvp.meals === 1 ? "meal" : "meals"}`;
  return chosen ? `${meals} (${chosen})` : meals;
}

/** An RSVP as a visitor's change mails tell it: an outing's has no dinner. */
type ChangedRecord = Pick<
  EventRsvpRecord,
  "firstName" | "lastName" | "email" | "attendees" | "dinner" | "meals" | "mealCounts"
>;

/** A visitor's own change or cancellation, made with their manage link. */
export interface VisitorChange {
  before: ChangedRecord;
  /** The RSVP as changed; undefined when it was cancelled. */
  after?: ChangedRecord | undefined;
  manageUrl: string;
  /** Whether the event offers a dinner (an outing does not): the mails then say what was ordered. */
  offersDinner: boolean;
  kind: "event" | "social";
  /** When the RSVP came in: its calendar entry's SEQUENCE rises from there. */
  receivedAt: Date;
}

/** The visitor's confirmation of their change or cancellation, and the secretary's notice of it. */
export async function visitorChangeMails(
  ctx: MailContext,
  event: Event | SocialEvent,
  change: VisitorChange,
  at: Date,
): Promise<ComposedMail[]> {
  const { before, after } = change;
  const view = {
    ...rsvpMailCommon(ctx, event, before),
    // No command lists an outing's RSVPs: its notice names none.
    listCommand: change.kind === "event" ? eventRsvpsCommand(event.id) : "",
    cancelled: after === undefined,
    before: people(before.attendees),
    changes: after ? changeLines(before, after, change.offersDinner) : [],
    hasMealCounts: (after?.mealCounts.length ?? 0) > 0,
    mealCounts: after?.mealCounts ?? [],
    manageUrl: change.manageUrl,
    receivedAt: receivedText(ctx.lodge, at),
  };
  return Promise.all([
    composeMail({
      kind: "rsvp-visitor-change",
      from: ctx.from,
      to: before.email,
      replyTo: ctx.secretary,
      ...ctx.templates("rsvp-visitor-change", view),
      attachments: [
        reservationAttachment(
          ctx,
          event,
          { receivedAt: change.receivedAt, at },
          after,
          change.offersDinner,
        ),
      ],
    }),
    composeMail({
      kind: "rsvp-visitor-change-notice",
      from: ctx.from,
      to: ctx.secretary,
      replyTo: before.email,
      ...ctx.templates("rsvp-visitor-change-notice", view),
    }),
  ]);
}
