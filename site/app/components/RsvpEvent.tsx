import { TYLED_LABEL } from "../../../core/messages.ts";
import { formatCostPerMeal } from "../../../core/rules/rsvp-payload.ts";
import { formatDinnerTime } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { eventWhen } from "../lib/dates.ts";

/** 'Early bird dinner at 6:30PM ($15 per meal)': what an RSVP form's dinner checkbox offers. */
export function dinnerLabel(event: Event): string {
  const { time, cost } = event.earlyBirdOptions;
  const when = formatDinnerTime(time);
  const price = cost.kind === "free" ? "no charge" : `${formatCostPerMeal(cost)} per meal`;
  return `Early bird dinner${when ? ` at ${when}` : ""} (${price})`;
}

/** The event an RSVP form is for, above its fields: when, for whom, where, and its limit. */
export function RsvpEvent({ event }: { event: Event }) {
  return (
    <div className="rsvp-event">
      <p className="rsvp-when">{eventWhen(event.date)}</p>
      <p>
        <span className="tag">{TYLED_LABEL[`${event.tyled}`]}</span>
        {event.location ? ` ${event.location}` : null}
      </p>
      {event.rsvpLimit ? (
        <p className="rsvp-limit">One attendee and one meal per reservation for this event.</p>
      ) : null}
    </div>
  );
}
