import { type ReactNode, useEffect, useRef, useState } from "react";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { Picture } from "./Picture.tsx";

export type Slide = { picture: PictureData; alt: string; caption: string };

/** A card's picture: the container's width on phones, half of it beside the text on wide screens. */
const SLIDE_SIZES = "(max-width: 860px) calc(100vw - 2rem), 600px";

/** How far a finger must move sideways to turn a slide, in CSS pixels. */
const SWIPE_PX = 40;

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
 * A looping carousel: one slide in view, the others beside it, moved by a CSS transform. It moves
 * on by itself every `intervalMs`, pausing while the pointer or keyboard focus is on it and for
 * visitors who prefer less motion. Previous and Next (and a swipe) appear only when there is more
 * than one slide. The first slide is in the page's HTML, so it shows before any script runs.
 */
export function SlideCarousel({
  slides,
  intervalMs,
  label,
  itemName,
  className,
}: SlideCarouselProps) {
  const count = slides.length;
  const several = count > 1;
  const [selected, setSelected] = useState(0);
  const [paused, setPaused] = useState(false);
  const swipeFrom = useRef<number | null>(null);
  const move = (step: number) => setSelected((index) => (index + step + count) % count);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new slide restarts the interval
  useEffect(() => {
    if (!several || paused) return;
    if (window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setSelected((index) => (index + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [several, paused, intervalMs, count, selected]);

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
      <div
        className="carousel-viewport"
        onPointerDown={(event) => {
          swipeFrom.current = several ? event.clientX : null;
        }}
        onPointerCancel={() => {
          swipeFrom.current = null;
        }}
        onPointerUp={(event) => {
          const from = swipeFrom.current;
          swipeFrom.current = null;
          if (from === null || Math.abs(event.clientX - from) < SWIPE_PX) return;
          move(event.clientX < from ? 1 : -1);
        }}
      >
        <div className="carousel-track" style={{ transform: `translateX(${-100 * selected}%)` }}>
          {slides.map((slide, index) => (
            // A div, not a figure: axe refuses the group role on a figure. A slide is a group by the
            // carousel pattern (WAI-ARIA APG), not a form fieldset.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={slide.key}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${count}`}
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
            onClick={() => move(-1)}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label={`Next ${itemName}`}
            onClick={() => move(1)}
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
        key: slide.picture.src,
        content: (
          <>
            <Picture
              picture={slide.picture}
              alt={slide.alt}
              sizes={SLIDE_SIZES}
              loading={eager && index === 0 ? "eager" : "lazy"}
            />
            {slide.caption && <p className="carousel-caption">{slide.caption}</p>}
          </>
        ),
      }))}
    />
  );
}
