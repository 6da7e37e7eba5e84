import { useEffect } from "react";
import Lightbox from "yet-another-react-lightbox";
import Counter from "yet-another-react-lightbox/plugins/counter";
import Thumbnails from "yet-another-react-lightbox/plugins/thumbnails";
import "yet-another-react-lightbox/styles.css";
import "yet-another-react-lightbox/plugins/counter.css";
import "yet-another-react-lightbox/plugins/thumbnails.css";

export type LightboxPicture = {
  src: string;
  /** The small picture of the lightbox's strip. */
  thumb: string;
  alt: string;
  width: number;
  height: number;
};

export type AlbumLightboxProps = {
  title: string;
  pictures: readonly LightboxPicture[];
  index: number;
  open: boolean;
  onClose(): void;
  onView(index: number): void;
};

/**
 * True for a click on the dark around the picture: outside the lightbox (the page beneath is
 * inert while it is open, so such a click reaches the body), or inside it on nothing a visitor
 * uses (the strip of thumbnails between them, the counter, the bar of the close icon). The slide
 * around the picture is the lightbox's own backdrop (closeOnBackdropClick), which tells a click
 * from a swipe, so it is left to it.
 */
function onBackdrop(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target === document.body || target === document.documentElement) return true;
  return (
    target.closest(".yarl__portal") !== null &&
    target.closest("button, a, img, video, iframe, .yarl__slide, .yarl__thumbnails_thumbnail") ===
      null
  );
}

/**
 * The album's full-screen lightbox (yet-another-react-lightbox, loaded on the first click of a
 * thumbnail): 98vw by 98vh, opening at the picture clicked; it closes on its close icon, a click
 * on the dark around the picture or Escape; the arrow keys move; it wraps around at both ends; thumbnails and a
 * counter below and above.
 */
export default function AlbumLightbox({
  title,
  pictures,
  index,
  open,
  onClose,
  onView,
}: AlbumLightboxProps) {
  useEffect(() => {
    if (!open) return;
    // Pressed and released on the same dark spot: a click, not the end of a swipe or a drag.
    let pressed: EventTarget | null = null;
    const press = (event: PointerEvent) => {
      pressed = event.target;
    };
    const closeOnBackdrop = (event: MouseEvent) => {
      if (event.target === pressed && onBackdrop(event.target)) onClose();
    };
    document.addEventListener("pointerdown", press);
    document.addEventListener("click", closeOnBackdrop);
    return () => {
      document.removeEventListener("pointerdown", press);
      document.removeEventListener("click", closeOnBackdrop);
    };
  }, [open, onClose]);
  return (
    <Lightbox
      className="album-lightbox"
      open={open}
      index={index}
      close={onClose}
      slides={pictures.map((picture) => ({
        src: picture.src,
        thumbnail: picture.thumb,
        alt: picture.alt,
        width: picture.width,
        height: picture.height,
      }))}
      plugins={[Thumbnails, Counter]}
      carousel={{ finite: false }}
      controller={{ closeOnBackdropClick: true }}
      thumbnails={{ width: 120, height: 90, border: 1, padding: 0, gap: 8 }}
      on={{ view: ({ index: viewed }) => onView(viewed) }}
      labels={{ Lightbox: `Photos: ${title}`, "Photo gallery": title }}
      render={{
        iconError: () => (
          <span className="lightbox-error">
            <span aria-hidden="true">⚠</span> Unable to load the image!
          </span>
        ),
      }}
    />
  );
}
