import useEmblaCarousel from "embla-carousel-react";
import { type ReactNode, useEffect, useState } from "react";

export type Slide = { src: string; alt: string; caption: string };

type SlideCarouselProps = {
  slides: readonly { key: string; content: ReactNode }[];
  /** Milliseconds between slides while nobody is looking at one on purpose. */
  intervalMs: number;
  /** What the slides are of, for screen readers. */
  label: string;
  /** What one slide is, for the controls: 'Previous picture', 'Next event'. */
  itemName: string;
  className?: string;
};

/**
 * A looping carousel (embla). It moves on by itself every `intervalMs`, pausing while the
 * pointer or keyboard focus is on it and for visitors who prefer less motion. Previous and Next
 * appear only when there is more than one slide.
 */
export function SlideCarousel({
  slides,
  intervalMs,
  label,
  itemName,
  className,
}: SlideCarouselProps) {
  const several = slides.length > 1;
  const [viewport, embla] = useEmblaCarousel({ loop: true, active: several });
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    embla.on("select", onSelect);
    return () => {
      embla.off("select", onSelect);
    };
  }, [embla]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide restarts the interval
  useEffect(() => {
    if (!embla || !several || paused) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => embla.scrollNext(), intervalMs);
    return () => clearInterval(timer);
  }, [embla, several, paused, intervalMs, selected]);

  return (
    <section
      className={`carousel${className ? ` ${className}` : ""}`}
      aria-roledescription="carousel"
      aria-label={label}
      data-selected={selected}
      data-paused={paused}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={(event) => {
        // Focus moving between the carousel's own controls keeps it paused.
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setPaused(false);
      }}
    >
      <div className="carousel-viewport" ref={viewport}>
        <div className="carousel-track">
          {slides.map((slide, index) => (
            // A div, not a figure: axe refuses the group role on a figure. A slide is a group by the
            // carousel pattern (WAI-ARIA APG), not a form fieldset.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={slide.key}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              aria-hidden={several && index !== selected ? true : undefined}
              inert={several && index !== selected ? true : undefined}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-prev"
            aria-label={`Previous ${itemName}`}
            onClick={() => embla?.scrollPrev()}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label={`Next ${itemName}`}
            onClick={() => embla?.scrollNext()}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}

type CarouselProps = {
  slides: readonly Slide[];
  intervalMs: number;
  label: string;
  /** The first slide is in view on load; lazy-load it too when the carousel is below the fold. */
  eager?: boolean;
};

/** A carousel of pictures with optional captions (recent events). */
export function Carousel({ slides, intervalMs, label, eager = false }: CarouselProps) {
  return (
    <SlideCarousel
      label={label}
      intervalMs={intervalMs}
      itemName="picture"
      slides={slides.map((slide, index) => ({
        key: slide.src,
        content: (
          <>
            <img
              src={slide.src}
              alt={slide.alt}
              width={600}
              height={400}
              loading={eager && index === 0 ? "eager" : "lazy"}
              decoding="async"
            />
            {slide.caption && <p className="carousel-caption">{slide.caption}</p>}
          </>
        ),
      }))}
    />
  );
}
