import { HOME_CAROUSEL } from "../../../core/constants.ts";
import { SlideCarousel } from "./Carousel.tsx";
import { type SpotlightProps, SpotlightSlide } from "./Spotlight.tsx";

/** The spotlight events in an embla carousel (loaded apart from the page, see Spotlight). */
export default function SpotlightCarousel({ events, ...props }: SpotlightProps) {
  return (
    <SlideCarousel
      className="spotlight-carousel"
      label="Spotlight events"
      itemName="event"
      intervalMs={HOME_CAROUSEL.intervalMs}
      slides={events.map((event, index) => ({
        key: event.id,
        content: <SpotlightSlide {...props} event={event} index={index} />,
      }))}
    />
  );
}
