import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { eventPath } from "../../../core/api/page-paths.ts";
import { admittedText, degreeLabel } from "../../../core/rules/degrees.ts";
import { hasStarted } from "../../../core/rules/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { EventCard, useEventRsvps } from "../components/EventCard.tsx";
import { EVENT_TITLE_ID, EventPage, eventPageDescription } from "../components/EventPage.tsx";
import { Picture } from "../components/Picture.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { eventWhen } from "../lib/dates.ts";
import { eventOfPage, eventPageData } from "../lib/event-page.server.ts";
import { hydratesWhen } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { picture } from "../lib/pictures.server.ts";
import { PAGES } from "../site-map.ts";

/**
 * The event's picture across its card, in the page's main column (two thirds of the container
 * beside the side panel from 1024px, the container's width below) less the card's padding and
 * border (2.8rem and 5px).
 */
const PICTURE_SIZES =
  "(min-width: 1232px) 729px, (min-width: 1024px) calc((100vw - 4rem) * 2 / 3 - 50px), calc(100vw - 2rem - 50px)";

/** Runs at build time, for every event of the data (past ones too: shared links stay alive). */
export function loader({ params }: LoaderFunctionArgs) {
  const event = eventOfPage(params.id);
  return {
    event,
    /** Its picture (the spotlight's), shown above its card when it has one. */
    picture: event.spotlightImage
      ? picture("eventImages", event.spotlightImage, { width: 1200, height: 800 })
      : undefined,
    /** Taken place when built: nothing on its page changes or opens any more. */
    past: hasStarted(event.date, buildMoment(), lodge.timeZone),
    ...eventPageData(event.date, event.address),
  };
}

/** React in the browser while the event is to come: its RSVP, and the page saying when it has passed. */
export const handle = hydratesWhen((data: ReturnType<typeof loader>) => !data.past);

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  data
    ? pageMeta(
        data.event.name,
        eventPageDescription(
          eventWhen(data.event.date),
          data.event.location,
          data.event.description || lodge.name,
        ),
      )
    : [];

/** Who may sit in a tyled meeting: the degree it is opened on, and the brethren it admits. */
function DegreeNote({ event }: { event: ReturnType<typeof loader>["event"] }) {
  const who = admittedText(event);
  return who ? (
    <p className="degree-note">
      The lodge is opened on the {degreeLabel(event)}: {who} may attend.
    </p>
  ) : null;
}

/**
 * An event's own page: everything its card on Upcoming Events shows, with the RSVP button, the
 * map and its structured data; kept once the event has taken place.
 */
export default function EventRoute() {
  const { event, picture: shown, album, map } = useLoaderData<typeof loader>();
  const rsvps = useEventRsvps();
  return (
    <EventPage
      item={event}
      path={eventPath(event.id)}
      subheading={lodge.name}
      past={hasStarted(event.date, rsvps.now, lodge.timeZone)}
      when={eventWhen(event.date)}
      more={{
        href: `/${PAGES.upcomingEvents.path}`,
        all: "All upcoming events",
        upcoming: "See the upcoming events",
      }}
      album={album}
      place={{ venue: event.location, address: event.address, embed: map, link: event.addressLink }}
      className={`event-page upcoming-event${event.cancelled ? " is-cancelled" : ""}`}
    >
      {shown ? (
        // The page's largest picture, in its first screen: loaded at once.
        <Picture
          className="event-page-image"
          picture={shown}
          alt={event.altText}
          sizes={PICTURE_SIZES}
          loading="eager"
          fetchPriority="high"
        />
      ) : null}
      <EventCard event={event} headingId={EVENT_TITLE_ID} rsvps={rsvps}>
        <DegreeNote event={event} />
      </EventCard>
      {rsvps.rsvp.modal}
    </EventPage>
  );
}
