import type { ReactNode } from "react";
import { eventRsvpPath } from "../../../core/api/plain-forms.ts";
import { TYLED_LABEL } from "../../../core/messages.ts";
import { degreeLabel } from "../../../core/rules/degrees.ts";
import { hasStarted } from "../../../core/rules/events.ts";
import { offersDinner, priceText } from "../../../core/rules/meals.ts";
import { closesText, upcomingRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { isAtGuestLimit } from "../../../core/rules/seats.ts";
import { formatDinnerTime } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { useAttendeeCounts } from "../lib/attendee-counts.ts";
import { eventWhen } from "../lib/dates.ts";
import { useNow } from "../lib/now.tsx";
import { calendarPath } from "../site-map.ts";
import { EventNotices } from "./EventNotices.tsx";
import { useEventRsvp } from "./EventRsvp.tsx";
import { RsvpButton } from "./RsvpButton.tsx";

/** 'Early bird dinner at 6:30PM, $15. Choices: Chicken, Fish' */
function dinnerText(event: Event): string {
  const { time, cost, choices } = event.earlyBirdOptions;
  const when = formatDinnerTime(time);
  return `Early bird dinner${when ? ` at ${when}` : ""}, ${priceText(cost)}.${
    choices.length > 0 ? ` Choices: ${choices.join(", ")}.` : ""
  }`;
}

type RsvpState = "closed" | "open" | "at-limit";

/**
 * The RSVP of a page's events: whether each is open (deadline, guest limit from the attendee
 * counts the page reads once) and the modal its button opens.
 */
export function useEventRsvps() {
  const now = useNow();
  const { counts, guestLimit, add } = useAttendeeCounts();
  const rsvp = useEventRsvp(add);
  const stateOf = (event: Event): RsvpState => {
    if (!upcomingRsvpOpen(event, now, lodge.timeZone)) return "closed";
    return isAtGuestLimit(counts[event.id] ?? 0, guestLimit) ? "at-limit" : "open";
  };
  return { now, guestLimit, stateOf, rsvp };
}

/**
 * One event as the Upcoming Events list and the event's own page show it: its notices, tyled
 * label and the degree a tyled meeting is opened on, date, place, description, dinner, RSVP deadline, and the RSVP and calendar buttons.
 * `headingId` names the heading the caller gives it.
 */
export function EventCard({
  event,
  headingId,
  rsvps,
  children,
}: {
  event: Event;
  headingId: string;
  rsvps: ReturnType<typeof useEventRsvps>;
  /** More about the event (the map on its page), shown before the buttons. */
  children?: ReactNode;
}) {
  const rsvp = rsvps.stateOf(event);
  // An event's page stays once it has taken place; its calendar file and deadline do not.
  const past = hasStarted(event.date, rsvps.now, lodge.timeZone);
  const applies = event.rsvpOptions && !event.cancelled && !event.full && !past;
  const preload = () => void rsvps.rsvp.preload();
  return (
    <>
      <EventNotices event={event} />
      <p className="event-meta">
        <span className={`tag tag-${event.tyled ? "tyled" : "open"}`}>
          {TYLED_LABEL[`${event.tyled}`]}
        </span>
        {event.tyled ? <span className="tag tag-degree">{degreeLabel(event)}</span> : null}
        <span className="event-when">{eventWhen(event.date)}</span>
      </p>
      {event.location || event.address ? (
        <p className="event-place">
          {event.location}
          {event.location && event.address ? ", " : null}
          {event.address}
          {event.addressLink ? (
            <>
              {" "}
              <a href={event.addressLink} target="_blank" rel="noopener noreferrer">
                Map<span className="visually-hidden"> of {event.location || event.address}</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {event.description ? <p>{event.description}</p> : null}
      {event.extraInfo ? <p className="extra-info">{event.extraInfo}</p> : null}
      {offersDinner(event) ? <p className="dinner-info">{dinnerText(event)}</p> : null}
      {applies ? (
        <p className="rsvp-closes">
          {rsvp === "closed" ? "Reservations are closed." : closesText(event)}
        </p>
      ) : null}
      {children}
      <div className="event-actions">
        {rsvp !== "closed" ? (
          <RsvpButton
            href={eventRsvpPath(event.id)}
            className={`button${rsvp === "at-limit" ? " is-disabled" : ""}`}
            aria-disabled={rsvp === "at-limit" || undefined}
            aria-describedby={rsvp === "at-limit" ? `${headingId}-limit` : undefined}
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => {
              if (rsvp === "open") rsvps.rsvp.openFor(event);
            }}
          >
            RSVP<span className="visually-hidden"> for {event.name}</span>
          </RsvpButton>
        ) : null}
        {rsvp === "at-limit" ? (
          <button
            type="button"
            className="button button-secondary"
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => rsvps.rsvp.openFor(event, true)}
          >
            Join the waiting list<span className="visually-hidden"> for {event.name}</span>
          </button>
        ) : null}
        {!event.cancelled && !past ? (
          <a className="button button-secondary" href={calendarPath(event.id)} download>
            Add to calendar
            <span className="visually-hidden">
              : {event.name}, {eventWhen(event.date)}
            </span>
          </a>
        ) : null}
      </div>
      {rsvp === "at-limit" ? (
        <p className="limit-note" id={`${headingId}-limit`}>
          This event has reached its limit of {rsvps.guestLimit} guests. Join the waiting list to be
          offered seats by e-mail when some free up.
        </p>
      ) : null}
    </>
  );
}
