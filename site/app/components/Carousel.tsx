import useEmblaCarousel from "embla-carousel-react";
import { useEffect, useState } from "react";

export type Slide = { src: string; alt: string; caption: string };

type CarouselProps = {
  slides: readonly Slide[];
  /** Milliseconds between slides while nobody is looking at one on purpose. */
  intervalMs: number;
  /** What the pictures are of, for screen readers. */
  label: string;
  /** The first slide is in view on load; lazy-load it too when the carousel is below the fold. */
  eager?: boolean;
};

/**
 * A looping picture carousel (embla). It moves on by itself every `intervalMs`, pausing while the
 * pointer or keyboard focus is on it and for visitors who prefer less motion. Previous and Next
 * appear only when there is more than one picture.
 */
export function Carousel({ slides, intervalMs, label, eager = false }: CarouselProps) {
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
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      data-selected={selected}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="carousel-viewport" ref={viewport}>
        <div className="carousel-track">
          {slides.map((slide, index) => (
            // A div, not a figure: axe refuses the group role on a figure. A slide is a group by the
            // carousel pattern (WAI-ARIA APG), not a form fieldset.
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={slide.src}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              <img
                src={slide.src}
                alt={slide.alt}
                width={600}
                height={400}
                loading={eager && index === 0 ? "eager" : "lazy"}
                decoding="async"
              />
              {slide.caption && <p className="carousel-caption">{slide.caption}</p>}
            </div>
          ))}
        </div>
      </div>
      {several && (
        <div className="carousel-controls">
          <button
            type="button"
            className="carousel-prev"
            aria-label="Previous picture"
            onClick={() => embla?.scrollPrev()}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel-next"
            aria-label="Next picture"
            onClick={() => embla?.scrollNext()}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      )}
    </section>
  );
}
