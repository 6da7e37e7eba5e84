import { lazy, Suspense } from "react";
import { HOME_CAROUSEL } from "../../../core/constants.ts";
import { homeRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { eventStart, formatFullDate, formatShortTime } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { media } from "../lib/media.ts";
import { EventNotices } from "./EventNotices.tsx";

export type SpotlightProps = {
  events: readonly Event[];
  now: Date;
  onRsvp(event: Event): void;
  onPreload(): void;
};

/** One spotlight event (SPEC 2): its picture, name, description, date and the RSVP button. */
export function SpotlightSlide({
  event,
  now,
  onRsvp,
  onPreload,
  index,
}: Omit<SpotlightProps, "events"> & { event: Event; index: number }) {
  const start = eventStart(event.date);
  const headingId = `spotlight-${event.id}`;
  return (
    <article className="spotlight" aria-labelledby={headingId}>
      {event.spotlightImage ? (
        <img
          className="spotlight-image"
          src={media("eventImages", event.spotlightImage)}
          alt={event.altText}
          width={1200}
          height={800}
          loading={index === 0 ? "eager" : "lazy"}
          decoding="async"
        />
      ) : (
        <div className="spotlight-image" />
      )}
      <div className="spotlight-text">
        <h3 id={headingId}>{event.name}</h3>
        <EventNotices event={event} />
        <p className="spotlight-date">
          {formatFullDate(start)}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden"> at </span>
          {formatShortTime(start)}
        </p>
        {event.description ? <p className="spotlight-description">{event.description}</p> : null}
        {homeRsvpOpen(event, now, lodge.timeZone) ? (
          <button
            type="button"
            className="button button-light"
            onClick={() => onRsvp(event)}
            onPointerEnter={onPreload}
            onFocus={onPreload}
          >
            Make your reservation today!
            <span className="visually-hidden"> RSVP for {event.name}</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}

/** The carousel and its embla code load right after the page; the HTML shows the first slide. */
const SpotlightCarousel = lazy(() => import("./SpotlightCarousel.tsx"));

/** The home page's carousel of spotlight events: at most 3, moving on every 10 seconds. */
export function Spotlight(props: SpotlightProps) {
  const events = props.events.slice(0, HOME_CAROUSEL.maxSlides);
  if (events.length === 0) return null;
  const first = events[0] as Event;
  return (
    <Suspense
      fallback={
        <section className="carousel spotlight-carousel" aria-label="Spotlight events">
          <SpotlightSlide {...props} event={first} index={0} />
        </section>
      }
    >
      <SpotlightCarousel {...props} events={events} />
    </Suspense>
  );
}
