import { useMemo } from "react";
import { Link, useLoaderData } from "react-router";
import { eventPath } from "../../../core/api/page-paths.ts";
import { calendarSubscription } from "../../../core/rules/calendar.ts";
import { upcomingEvents } from "../../../core/rules/events.ts";
import { describeSchedule } from "../../../core/rules/schedule.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { pages } from "../../generated/pages.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { EventCard, useEventRsvps } from "../components/EventCard.tsx";
import { EventJsonLd } from "../components/EventJsonLd.tsx";
import { MapPanel } from "../components/MapPanel.tsx";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";

/** The optional page of notes shown beside the events (data/pages/upcoming-events.md). */
const NOTES_PAGE = "upcoming-events";

/**
 * Runs at build time: events that have not started (an event that has never comes back), and the
 * side panel's words, which the page's script then does without the rules that make them.
 */
export function loader() {
  return {
    events: upcomingEvents(events, buildMoment(), lodge.timeZone),
    schedule: describeSchedule(lodge.meetings),
    // Every event and outing to come, kept up to date in the visitor's own calendar.
    subscribe: calendarSubscription(lodge.siteUrl),
    notes: pages[NOTES_PAGE]?.blocks.map((block) => block.content) ?? [],
    notesHeading: pages[NOTES_PAGE]?.heading || "Good to Know",
  };
}

type SidePanelData = Omit<ReturnType<typeof loader>, "events">;

/** React in the browser: the RSVP modal and the attendee counts. */
export const handle = hydrates;

export const meta = () =>
  pageMeta("Upcoming Events", `Meetings, dinners and events coming up at ${lodge.name}.`);

function EventItem({ event, rsvps }: { event: Event; rsvps: ReturnType<typeof useEventRsvps> }) {
  const headingId = `event-${event.id}`;
  return (
    <li className={`upcoming-event${event.cancelled ? " is-cancelled" : ""}`}>
      <article aria-labelledby={headingId}>
        <EventJsonLd event={event} path={eventPath(event.id)} />
        <h2 id={headingId}>
          <Link to={eventPath(event.id)}>{event.name}</Link>
        </h2>
        <EventCard event={event} headingId={headingId} rsvps={rsvps} />
      </article>
    </li>
  );
}

/**
 * On a phone the side panel comes after every event, thousands of pixels down: a short way to
 * what it holds, under the page's title. Wider screens show the panel beside the events.
 */
function Shortcuts({ subscribe }: { subscribe: string | undefined }) {
  return (
    <nav className="events-shortcuts" aria-label="Calendar, schedule and map">
      {subscribe ? (
        <a className="button button-secondary" href={subscribe}>
          Subscribe to our calendar
        </a>
      ) : null}
      <a href="#side-panel-heading">Meeting schedule</a>
      <a href="#where-heading">Map and directions</a>
    </nav>
  );
}

function SidePanel({ schedule, subscribe, notes, notesHeading }: SidePanelData) {
  const { address } = lodge;
  return (
    <aside className="side-panel" aria-labelledby="side-panel-heading">
      <section className="panel">
        <h2 id="side-panel-heading">Meeting Schedule</h2>
        {schedule.map((line) => (
          <p key={line}>{line}</p>
        ))}
        {subscribe ? (
          <p>
            <a className="button button-secondary" href={subscribe}>
              Subscribe to our calendar
            </a>
          </p>
        ) : null}
      </section>
      {notes.length > 0 ? (
        <section className="panel" aria-labelledby="notes-heading">
          <h2 id="notes-heading">{notesHeading}</h2>
          {notes.map((html) => (
            <Html key={html} html={html} className="prose panel-prose" />
          ))}
        </section>
      ) : null}
      <MapPanel
        heading="Where We Meet"
        headingId="where-heading"
        place={address.venue}
        address={
          <>
            {address.venue}
            <br />
            {address.street}
            <br />
            {address.city}, {address.state} {address.zip}
          </>
        }
        embed={address.mapEmbed || undefined}
        link={address.mapLink}
      />
    </aside>
  );
}

/**
 * Upcoming events (SPEC 2, 4): every event still to come with its tyled label, RSVP deadline and
 * RSVP button, a side panel of notes and the map, structured data and a calendar file per event.
 */
export default function UpcomingEvents() {
  const { events, ...side } = useLoaderData<typeof loader>();
  const rsvps = useEventRsvps();
  const { now } = rsvps;
  const shown = useMemo(() => upcomingEvents(events, now, lodge.timeZone), [events, now]);

  return (
    <>
      <PageHeading title="Upcoming Events" subheading={lodge.name} />
      <div className="container section events-layout">
        <div className="events-main">
          <Shortcuts subscribe={side.subscribe} />
          {shown.length === 0 ? (
            <EmptyState>No events are scheduled right now. {side.schedule[0]}</EmptyState>
          ) : (
            <ul className="upcoming-list">
              {shown.map((event) => (
                <EventItem key={event.id} event={event} rsvps={rsvps} />
              ))}
            </ul>
          )}
        </div>
        <SidePanel {...side} />
      </div>
      {rsvps.rsvp.modal}
      <TopButton />
    </>
  );
}
