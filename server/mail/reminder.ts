import { formatDinnerTime, mealCountsText } from "../../core/rules/index.ts";
import type { Event, SocialEvent } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord, RsvpRecords, Stored } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { eventPlaceView, type MailContext, outingPlaceView } from "./messages.ts";

/** '2 Roast Beef, 1 Salmon', or '3 meals' for a dinner without choices. */
export function mealsText(record: Pick<EventRsvpRecord, "meals" | "mealCounts">): string {
  return (
    mealCountsText(record.mealCounts) || `${record.meals} ${record.meals === 1 ? "meal" : "meals"}`
  );
}

/** What a reminder is about: an event with the RSVP's dinners, or a social outing. */
export type Reminded =
  | { kind: "event"; item: Event; rsvp: Stored<EventRsvpRecord> }
  | { kind: "social"; item: SocialEvent; rsvp: Stored<RsvpRecords["social"]> };

/** The event's dinner as the RSVP reserved it, or that none was; nothing for an outing. */
function dinnerView(reminded: Reminded) {
  if (reminded.kind !== "event") return { dinner: false, noDinner: false };
  const { item: event, rsvp } = reminded;
  const { record } = rsvp;
  if (record.meals === 0) return { dinner: false, noDinner: true };
  return {
    dinner: {
      time: formatDinnerTime(event.earlyBirdOptions.time),
      meals: `${record.meals} ${record.meals === 1 ? "meal" : "meals"}`,
      selection: record.mealCounts.some(({ count }) => count > 0) ? mealsText(record) : "",
    },
    noDinner: false,
  };
}

/**
 * The reminder an attendee gets the day before: when and where (with the map), their attendees
 * and, for an event, their dinners as stored, and the link to change or cancel when there is one.
 */
export async function reminderMail(
  ctx: MailContext,
  reminded: Reminded,
  manageLink: string | undefined,
): Promise<ComposedMail> {
  const { record } = reminded.rsvp;
  const place =
    reminded.kind === "event"
      ? eventPlaceView(reminded.item, ctx.lodge.address.mapLink)
      : outingPlaceView(reminded.item);
  const rendered = ctx.templates("reminder", {
    lodgeName: ctx.lodge.name,
    firstName: record.firstName,
    lastName: record.lastName,
    ...place,
    attendees: record.attendees,
    ...dinnerView(reminded),
    manageLink,
  });
  return composeMail({
    kind: "reminder",
    from: ctx.from,
    to: record.email,
    replyTo: ctx.secretary,
    ...rendered,
  });
}
