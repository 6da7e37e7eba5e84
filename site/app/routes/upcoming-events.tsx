import { useMemo } from "react";
import { useLoaderData } from "react-router";
import { TYLED_LABEL } from "../../../core/messages.ts";
import { upcomingEvents } from "../../../core/rules/events.ts";
import { closesText } from "../../../core/rules/rsvp-window.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { eventWhen } from "../lib/dates.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";

/** Runs at build time: events that have not started (an event that has never comes back). */
export function loader() {
  return { events: upcomingEvents(events, buildMoment(), lodge.timeZone) };
}

export const meta = () =>
  pageMeta("Upcoming Events", `Meetings, dinners and events coming up at ${lodge.name}.`);

/** Upcoming events (SPEC 2): every event still to come, earliest first. */
export default function UpcomingEvents() {
  const { events } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => upcomingEvents(events, now, lodge.timeZone), [events, now]);
  return (
    <>
      <PageHeading title="Upcoming Events" subheading={lodge.name} />
      <div className="narrow section">
        <ul className="event-list">
          {shown.map((event) => (
            <li key={event.id}>
              <h2>{event.name}</h2>
              <p>
                <span className="tag">{TYLED_LABEL[`${event.tyled}`]}</span>
              </p>
              <p>{eventWhen(event.date)}</p>
              {event.location && (
                <p>
                  {event.location}
                  {event.address && `, ${event.address}`}
                </p>
              )}
              {event.description && <p>{event.description}</p>}
              {event.extraInfo && <p>{event.extraInfo}</p>}
              {event.rsvpOptions && <p>{closesText(event)}</p>}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
