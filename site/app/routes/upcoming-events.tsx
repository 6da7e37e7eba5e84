import { useMemo } from "react";
import { useLoaderData } from "react-router";
import { TYLED_LABEL } from "../../../core/messages.ts";
import { upcomingEvents } from "../../../core/rules/events.ts";
import { offersDinner } from "../../../core/rules/form-checks.ts";
import { formatCostPerMeal } from "../../../core/rules/rsvp-payload.ts";
import { closesText, upcomingRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { describeSchedule } from "../../../core/rules/schedule.ts";
import { isAtGuestLimit } from "../../../core/rules/seats.ts";
import { formatDinnerTime } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { pages } from "../../generated/pages.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { EventNotices } from "../components/EventNotices.tsx";
import { useEventRsvp } from "../components/EventRsvp.tsx";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { useAttendeeCounts } from "../lib/attendee-counts.ts";
import { buildMoment } from "../lib/build-moment.ts";
import { eventWhen } from "../lib/dates.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { eventJsonLd, scriptJson } from "../lib/structured-data.ts";
import { calendarPath } from "../site-map.ts";

/** The optional page of notes shown beside the events (data/pages/upcoming-events.md). */
const NOTES_PAGE = "upcoming-events";

/** Runs at build time: events that have not started (an event that has never comes back). */
export function loader() {
  return {
    events: upcomingEvents(events, buildMoment(), lodge.timeZone),
    notes: pages[NOTES_PAGE]?.blocks.map((block) => block.content) ?? [],
    notesHeading: pages[NOTES_PAGE]?.heading || "Good to Know",
  };
}

export const meta = () =>
  pageMeta("Upcoming Events", `Meetings, dinners and events coming up at ${lodge.name}.`);

/** 'Early bird dinner at 6:30PM, $15. Choices: Chicken, Fish' */
function dinnerText(event: Event): string {
  const { time, cost, choices } = event.earlyBirdOptions;
  const when = formatDinnerTime(time);
  const price = cost.kind === "free" ? "no charge" : formatCostPerMeal(cost);
  return `Early bird dinner${when ? ` at ${when}` : ""}, ${price}.${
    choices.length > 0 ? ` Choices: ${choices.join(", ")}.` : ""
  }`;
}

type RsvpState = "closed" | "open" | "at-limit";

function EventItem({
  event,
  rsvp,
  onRsvp,
  onPreload,
  guestLimit,
}: {
  event: Event;
  rsvp: RsvpState;
  onRsvp(): void;
  onPreload(): void;
  guestLimit: number;
}) {
  const headingId = `event-${event.id}`;
  const applies = event.rsvpOptions && !event.cancelled && !event.full;
  return (
    <li className={`upcoming-event${event.cancelled ? " is-cancelled" : ""}`}>
      <article aria-labelledby={headingId}>
        <script
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD of the lodge's own data, '<' escaped
          dangerouslySetInnerHTML={{ __html: scriptJson(eventJsonLd(event, lodge)) }}
        />
        <h2 id={headingId}>{event.name}</h2>
        <EventNotices event={event} />
        <p className="event-meta">
          <span className={`tag tag-${event.tyled ? "tyled" : "open"}`}>
            {TYLED_LABEL[`${event.tyled}`]}
          </span>
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
        <div className="event-actions">
          {rsvp !== "closed" ? (
            <button
              type="button"
              className={`button${rsvp === "at-limit" ? " is-disabled" : ""}`}
              aria-disabled={rsvp === "at-limit" || undefined}
              aria-describedby={rsvp === "at-limit" ? `${headingId}-limit` : undefined}
              onPointerEnter={onPreload}
              onFocus={onPreload}
              onClick={() => {
                if (rsvp === "open") onRsvp();
              }}
            >
              RSVP<span className="visually-hidden"> for {event.name}</span>
            </button>
          ) : null}
          {!event.cancelled ? (
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
            This event has reached its limit of {guestLimit} guests.
          </p>
        ) : null}
      </article>
    </li>
  );
}

function SidePanel({ notes, notesHeading }: { notes: string[]; notesHeading: string }) {
  const { address } = lodge;
  return (
    <aside className="side-panel" aria-labelledby="side-panel-heading">
      <section className="panel">
        <h2 id="side-panel-heading">Meeting Schedule</h2>
        {describeSchedule(lodge.meetings).map((line) => (
          <p key={line}>{line}</p>
        ))}
      </section>
      {notes.length > 0 ? (
        <section className="panel" aria-labelledby="notes-heading">
          <h2 id="notes-heading">{notesHeading}</h2>
          {notes.map((html) => (
            <Html key={html} html={html} className="prose panel-prose" />
          ))}
        </section>
      ) : null}
      <section className="panel" aria-labelledby="where-heading">
        <h2 id="where-heading">Where We Meet</h2>
        <address>
          {address.venue}
          <br />
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip}
        </address>
        {address.mapEmbed ? (
          <iframe
            className="map-embed"
            src={address.mapEmbed}
            title={`Map of ${address.venue}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
          />
        ) : null}
        <p>
          <a href={address.mapLink} target="_blank" rel="noopener noreferrer">
            Open the map and directions
            <span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </p>
      </section>
    </aside>
  );
}

/**
 * Upcoming events (SPEC 2, 4): every event still to come with its tyled label, RSVP deadline and
 * RSVP button, a side panel of notes and the map, structured data and a calendar file per event.
 */
export default function UpcomingEvents() {
  const { events, notes, notesHeading } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => upcomingEvents(events, now, lodge.timeZone), [events, now]);
  const { counts, guestLimit, add } = useAttendeeCounts();
  const rsvp = useEventRsvp(add);

  const rsvpState = (event: Event): RsvpState => {
    if (!upcomingRsvpOpen(event, now, lodge.timeZone)) return "closed";
    return isAtGuestLimit(counts[event.id] ?? 0, guestLimit) ? "at-limit" : "open";
  };

  return (
    <>
      <PageHeading title="Upcoming Events" subheading={lodge.name} />
      <div className="container section events-layout">
        <div className="events-main">
          {shown.length === 0 ? (
            <EmptyState>
              No events are scheduled right now. {describeSchedule(lodge.meetings)[0]}
            </EmptyState>
          ) : (
            <ul className="upcoming-list">
              {shown.map((event) => (
                <EventItem
                  key={event.id}
                  event={event}
                  rsvp={rsvpState(event)}
                  guestLimit={guestLimit}
                  onRsvp={() => rsvp.openFor(event)}
                  onPreload={() => void rsvp.preload()}
                />
              ))}
            </ul>
          )}
        </div>
        <SidePanel notes={notes} notesHeading={notesHeading} />
      </div>
      {rsvp.modal}
      <TopButton />
    </>
  );
}
