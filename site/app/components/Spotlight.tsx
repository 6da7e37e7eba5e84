import { Link } from "react-router";
import { eventPath } from "../../../core/api/page-paths.ts";
import { eventRsvpPath } from "../../../core/api/plain-forms.ts";
import { HOME_CAROUSEL } from "../../../core/constants.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { homeRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { eventStart, formatFullDate, formatShortTime } from "../../../core/rules/time.ts";
import type { Event } from "../../../core/schemas/event.ts";
import { lodge } from "../../generated/lodge.ts";
import { SlideCarousel } from "./Carousel.tsx";
import { EventNotices } from "./EventNotices.tsx";
import { Picture } from "./Picture.tsx";
import { RsvpButton } from "./RsvpButton.tsx";

export type SpotlightProps = {
  events: readonly Event[];
  /** Each event's picture, by event id, with its `sizes` (spotlightSizes, worked out at build time). */
  pictures: Readonly<Record<string, { picture: PictureData; sizes: string }>>;
  now: Date;
  onRsvp(event: Event): void;
  onPreload(): void;
};

/**
 * One spotlight event (SPEC 2): its picture as the slide's background, and over it the name, the
 * date, the description and the RSVP button.
 */
function SpotlightSlide({
  event,
  now,
  onRsvp,
  onPreload,
  pictures,
}: Omit<SpotlightProps, "events"> & { event: Event }) {
  const start = eventStart(event.date);
  const headingId = `spotlight-${event.id}`;
  const shown = pictures[event.id];
  return (
    <article className="spotlight" aria-labelledby={headingId}>
      {shown ? (
        <Picture
          className="spotlight-image"
          picture={shown.picture}
          alt={event.altText}
          sizes={shown.sizes}
        />
      ) : (
        <div className="spotlight-image" />
      )}
      <div className="spotlight-text">
        <h3 id={headingId}>
          <Link to={eventPath(event.id)}>{event.name}</Link>
        </h3>
        <EventNotices event={event} />
        <p className="spotlight-date">
          {formatFullDate(start)}
          <span aria-hidden="true"> · </span>
          <span className="visually-hidden"> at </span>
          {formatShortTime(start)}
        </p>
        {event.description ? <p className="spotlight-description">{event.description}</p> : null}
        {homeRsvpOpen(event, now, lodge.timeZone) ? (
          <RsvpButton
            href={eventRsvpPath(event.id)}
            className="button button-light"
            onClick={() => onRsvp(event)}
            onPointerEnter={onPreload}
            onFocus={onPreload}
          >
            Make your reservation today!
            <span className="visually-hidden"> RSVP for {event.name}</span>
          </RsvpButton>
        ) : null}
      </div>
    </article>
  );
}

/** The home page's carousel of spotlight events: at most 3, moving on every 10 seconds. */
export function Spotlight({ events, ...props }: SpotlightProps) {
  const shown = events.slice(0, HOME_CAROUSEL.maxSlides);
  if (shown.length === 0) return null;
  return (
    <SlideCarousel
      className="spotlight-carousel"
      label="Spotlight events"
      itemName="event"
      intervalMs={HOME_CAROUSEL.intervalMs}
      slides={shown.map((event) => ({
        key: event.id,
        content: <SpotlightSlide {...props} event={event} />,
      }))}
    />
  );
}
