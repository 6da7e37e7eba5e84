import { useMemo } from "react";
import { useLoaderData } from "react-router";
import { GALLERY_PAGE } from "../../../core/api/page-paths.ts";
import { RECENT_EVENTS_CAROUSEL_MS } from "../../../core/constants.ts";
import { recentEvents as inWindow, notYetGone } from "../../../core/rules/recent-events.ts";
import type { RecentEvent } from "../../../core/schemas/recent-event.ts";
import { albums } from "../../generated/albums.ts";
import { lodge } from "../../generated/lodge.ts";
import { recentEvents } from "../../generated/recent-events.ts";
import { Carousel, type Slide } from "../components/Carousel.tsx";
import { EmptyState } from "../components/EmptyState.tsx";
import { Html, PageHeading } from "../components/PageHeading.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";

/** An event's pictures (its album's files) with their captions. */
function slidesOf(event: RecentEvent): Slide[] {
  return event.imageUrls.flatMap((file, index) => {
    const found = picture("albums", `${event.albumName}/${file}`, { width: 600, height: 400 });
    if (!found) return [];
    return [
      {
        picture: found,
        alt:
          event.slideLabels[index] ||
          `${event.eventName}, picture ${index + 1} of ${event.imageUrls.length}`,
        caption: event.slideLabels[index] ?? "",
      },
    ];
  });
}

/**
 * Runs at build time. An event already out of the 365-day window can never come back into it,
 * so only the rest is sent to the browser, which applies the window for its own day.
 */
export function loader() {
  return {
    events: notYetGone(recentEvents, buildMoment(), lodge.timeZone).map((event) => ({
      ...event,
      slides: slidesOf(event),
    })),
    hasAlbums: albums.length > 0,
  };
}

const HEADING = `Recent Events From The Last Year At ${lodge.name}`;

/** React in the browser: the carousels. */
export const handle = hydrates;

export const meta = () =>
  pageMeta(
    "Recent Events",
    `Pictures and stories from the events of the last year at ${lodge.name}.`,
  );

/** Recent events (SPEC 2): a card per event of the last year, with a carousel of its pictures. */
export default function RecentEvents() {
  const { events, hasAlbums } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => inWindow(events, now, lodge.timeZone), [events, now]);
  return (
    <>
      <PageHeading title={HEADING} />
      <div className="container section">
        {shown.length === 0 ? (
          <EmptyState>
            No events in the last year yet.{" "}
            {hasAlbums ? (
              <>
                See the <a href={`/${GALLERY_PAGE}`}>image gallery</a> for earlier pictures.
              </>
            ) : (
              "Pictures and stories of our next events will be posted here."
            )}
          </EmptyState>
        ) : (
          <ul className="event-cards">
            {shown.map((event, index) => (
              <li key={`${event.eventDate} ${event.eventName}`} className="event-card">
                {event.slides.length > 0 && (
                  <Carousel
                    slides={event.slides}
                    intervalMs={RECENT_EVENTS_CAROUSEL_MS}
                    label={`Pictures of ${event.eventName}`}
                    eager={index === 0}
                  />
                )}
                <div className="card-body">
                  <h2>{event.eventName}</h2>
                  {event.displayDate && <p className="display-date">{event.displayDate}</p>}
                  <Html html={event.description} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      <TopButton />
    </>
  );
}
