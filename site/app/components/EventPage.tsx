import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Event } from "../../../core/schemas/event.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";
import { albumPath } from "../site-map.ts";
import { EventJsonLd } from "./EventJsonLd.tsx";
import { MapPanel } from "./MapPanel.tsx";
import { PageHeading } from "./PageHeading.tsx";
import "./EventPage.css";

/** The id of an event page's title, which names the card's part of the page. */
export const EVENT_TITLE_ID = "event-title";

/** An event page's meta description: when and where, then what. */
export function eventPageDescription(when: string, place: string, what: string): string {
  return `${when}${place ? ` at ${place}` : ""}. ${what}`;
}

/**
 * The own page of an event or a social outing, the address members share: its title, the card
 * the caller gives, the place with its map, and the structured data. Once the event has taken
 * place the page says so first and points to the events to come and to the photos of that day.
 */
export function EventPage({
  item,
  path,
  subheading,
  past,
  when,
  more,
  album,
  place,
  className,
  children,
}: {
  item: Event | SocialEvent;
  /** The page's own address ('/events/...'). */
  path: string;
  subheading: string;
  past: boolean;
  /** When it takes (or took) place, as the page says it. */
  when: string;
  /** Where the events to come are: the address and the words of its two links. */
  more: { href: string; all: string; upcoming: string };
  album: { name: string; title: string } | undefined;
  /** Where: the venue, its address, the map to embed and the map link. */
  place: { venue: string; address: string; embed: string | undefined; link: string };
  className?: string;
  children: ReactNode;
}) {
  return (
    <>
      <EventJsonLd event={item} path={path} />
      <PageHeading title={item.name} subheading={subheading} id={EVENT_TITLE_ID} />
      <div className="container section events-layout">
        <div className={className}>
          {past ? (
            <div className="past-notice">
              <p>
                <strong>This event has taken place</strong> ({when}).
              </p>
              <p className="past-notice-links">
                <Link to={more.href}>{more.upcoming}</Link>
                {album ? (
                  <Link to={albumPath(album.name)}>
                    See the photos<span className="visually-hidden">: {album.title}</span>
                  </Link>
                ) : null}
              </p>
            </div>
          ) : null}
          {children}
          {past ? null : (
            <p>
              <Link to={more.href}>{more.all}</Link>
            </p>
          )}
        </div>
        {place.venue || place.address ? (
          <aside className="side-panel" aria-labelledby="event-where">
            <MapPanel
              heading="Where"
              headingId="event-where"
              place={place.venue || place.address}
              address={[place.venue, place.address].filter(Boolean).join(", ")}
              embed={place.embed}
              link={place.link || undefined}
            />
          </aside>
        ) : null}
      </div>
    </>
  );
}
