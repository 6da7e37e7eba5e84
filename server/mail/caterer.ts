import { createHash } from "node:crypto";
import { reminderMoment } from "../../core/rules/reminders.ts";
import {
  formatDinnerTime,
  formatFullDate,
  formatMediumDate,
  formatShortTime,
  wallTimeIn,
} from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import type { MailContext } from "./messages.ts";
import { rsvpMailCommon } from "./messages.ts";
import { lodgePlaceText } from "./summons.ts";

/**
 * The caterer's mails: the numbers when dinner orders close, and revised numbers the day before
 * if they changed. The numbers are the head count of the event, members' answers and public
 * RSVPs alike: dinners per meal, everyone at the meeting, and the dietary needs the roll notes
 * for the members who dine.
 */

export interface DinnerNumbers {
  /** Everyone at the meeting, dining or not. */
  attendees: number;
  dinners: number;
  /** Dinners per meal, in the event's order of choices (none for a dinner without choices). */
  meals: { choice: string; count: number }[];
  /** Each dining member with a dietary need: 'J. Smith', his meal, and the need. */
  dietary: { name: string; meal: string; needs: string }[];
}

/**
 * The numbers as a short fingerprint, kept with the sheet's send: the revised numbers go only
 * when the numbers differ from it, and the store keeps no copy of the dietary needs it mailed.
 */
export function numbersFingerprint(numbers: DinnerNumbers): string {
  return createHash("sha256").update(JSON.stringify(numbers)).digest("base64url").slice(0, 22);
}

/** The name a caterer reads on a dietary note: 'J. Smith'. */
export function catererName(member: { firstName: string; lastName: string }): string {
  const initial = member.firstName.trim().charAt(0);
  return initial ? `${initial}. ${member.lastName}` : member.lastName;
}

function dietaryView(numbers: DinnerNumbers) {
  return { hasDietary: numbers.dietary.length > 0, dietary: numbers.dietary };
}

function eventView(ctx: MailContext, event: Event, heading: string) {
  const common = rsvpMailCommon(ctx, event, { firstName: "", lastName: "" });
  return {
    ...common,
    lodgePlace: lodgePlaceText(ctx.lodge),
    heading,
    dinnerTime: formatDinnerTime(event.earlyBirdOptions.time),
    location: event.location || ctx.lodge.address.venue,
  };
}

/** The caterer's sheet, when dinner orders have closed. */
export async function catererSheetMail(
  ctx: MailContext,
  caterer: string,
  event: Event,
  numbers: DinnerNumbers,
  messageId?: string,
): Promise<ComposedMail> {
  const revisedOn = reminderMoment(event, ctx.lodge.reminderTime);
  const view = {
    ...eventView(ctx, event, "Dinner numbers"),
    revised: false,
    meals: numbers.meals,
    dinners: numbers.dinners,
    attendees: numbers.attendees,
    ...dietaryView(numbers),
    revisedOn: `${formatFullDate(revisedOn)} at ${formatShortTime(revisedOn)}`,
  };
  return composeMail({
    kind: "caterer-sheet",
    from: ctx.from,
    to: caterer,
    replyTo: ctx.secretary,
    messageId,
    ...ctx.templates("caterer-sheet", view),
  });
}

/** The revised numbers, beside the numbers first sent (`was`, sent at `sentAt`). */
export async function catererRevisedMail(
  ctx: MailContext,
  caterer: string,
  event: Event,
  numbers: DinnerNumbers,
  was: Pick<DinnerNumbers, "dinners" | "meals">,
  sentAt: Date,
  messageId?: string,
): Promise<ComposedMail> {
  const before = new Map(was.meals.map((m) => [m.choice, m.count]));
  const sent = wallTimeIn(sentAt, ctx.lodge.timeZone);
  const view = {
    ...eventView(ctx, event, "Revised dinner numbers"),
    revised: true,
    meals: numbers.meals.map((m) => {
      const old = before.get(m.choice) ?? 0;
      return { ...m, changed: old !== m.count, was: old };
    }),
    dinners: numbers.dinners,
    dinnersChanged: numbers.dinners !== was.dinners,
    wasDinners: was.dinners,
    attendees: numbers.attendees,
    ...dietaryView(numbers),
    sentOn: `${formatMediumDate(sent)} at ${formatShortTime(sent)}`,
  };
  return composeMail({
    kind: "caterer-revised",
    from: ctx.from,
    to: caterer,
    replyTo: ctx.secretary,
    messageId,
    ...ctx.templates("caterer-revised", view),
  });
}
