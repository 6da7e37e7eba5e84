import { formatDinnerTime } from "../../core/rules/index.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail, EventRsvpRecord, Stored } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { eventPlaceView, type MailContext } from "./messages.ts";

/** '2 Roast Beef, 1 Salmon', or '3 meals' for a dinner without choices. */
export function mealsText(record: Pick<EventRsvpRecord, "meals" | "mealCounts">): string {
  const chosen = record.mealCounts.filter(({ count }) => count > 0);
  if (chosen.length > 0) return chosen.map(({ count, choice }) => `${count} ${choice}`).join(", ");
  return `${record.meals} ${record.meals === 1 ? "meal" : "meals"}`;
}

/**
 * The reminder an attendee gets the day before: when and where (with the map), their attendees
 * and dinners as stored, and the link to change or cancel when there is one.
 */
export async function reminderMail(
  ctx: MailContext,
  event: Event,
  rsvp: Stored<EventRsvpRecord>,
  manageLink: string | undefined,
): Promise<ComposedMail> {
  const { record } = rsvp;
  const rendered = ctx.templates("reminder", {
    lodgeName: ctx.lodge.name,
    firstName: record.firstName,
    lastName: record.lastName,
    ...eventPlaceView(event, ctx.lodge.address.mapLink),
    attendees: record.attendees,
    dinner: record.meals > 0 && {
      time: formatDinnerTime(event.earlyBirdOptions.time),
      meals: `${record.meals} ${record.meals === 1 ? "meal" : "meals"}`,
      selection: record.mealCounts.some(({ count }) => count > 0) ? mealsText(record) : "",
    },
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
