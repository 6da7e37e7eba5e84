import { TYLED_LABEL } from "../../../core/messages.ts";
import { degreeLabel } from "../../../core/rules/degrees.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { eventWhen } from "../lib/dates.ts";

/** The event an RSVP form is for, above its fields: when, for whom, where, and its limit. */
export function RsvpEvent({ event }: { event: Event }) {
  return (
    <div className="rsvp-event">
      <p className="rsvp-when">{eventWhen(event.date)}</p>
      <p>
        <span className="tag">{TYLED_LABEL[`${event.tyled}`]}</span>
        {event.tyled ? (
          <>
            {" "}
            <span className="tag">{degreeLabel(event)}</span>
          </>
        ) : null}
        {event.location ? ` ${event.location}` : null}
      </p>
      {event.rsvpLimit ? (
        <p className="rsvp-limit">One attendee and one meal per reservation for this event.</p>
      ) : null}
    </div>
  );
}

/**
 * What joining an event's waiting list means, above its form (the modal's and the page's without
 * JavaScript); `why` is the server's sentence when a reservation was just refused for want of
 * seats. Only the modal knows the event is full (`full`, from the counts): the page without
 * JavaScript is built before anyone reserves, so it says when the list applies instead.
 */
export function WaitlistNote({ why, full = false }: { why?: string | undefined; full?: boolean }) {
  const when = full
    ? "All seats for this event are taken."
    : "The waiting list is for an event whose seats are all taken: if seats are free when you send this, you are offered the reservation instead.";
  return (
    <div className="waitlist-note" role="status">
      <p>{why ?? when}</p>
      <p>
        If seats free up, the first in line whose party fits is offered them by e-mail, with a link
        to claim them.
      </p>
    </div>
  );
}
