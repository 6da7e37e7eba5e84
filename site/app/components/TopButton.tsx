import { useEffect, useState } from "react";
import {
  MOBILE_MAX_WIDTH_PX,
  MOBILE_TOP_BUTTON_DELAY_MS,
  TOP_BUTTON_PX,
} from "../../../core/constants.ts";
import { scrollToTop } from "../lib/scroll.ts";

/**
 * The 'Top' button (SPEC 2): shown once the page is scrolled more than 400px. On screens 1023px
 * wide or less it keeps out of the way while the visitor scrolls, and shows 2 seconds after the
 * scrolling stops.
 */
export function TopButton() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const narrow = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const update = () => {
      clearTimeout(timer);
      const past = window.scrollY > TOP_BUTTON_PX;
      if (past && narrow.matches) {
        setVisible(false);
        timer = setTimeout(() => setVisible(true), MOBILE_TOP_BUTTON_DELAY_MS);
      } else {
        setVisible(past);
      }
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      clearTimeout(timer);
      window.removeEventListener("scroll", update);
    };
  }, []);
  return (
    <button
      type="button"
      className="top-button"
      hidden={!visible}
      onClick={() => {
        scrollToTop();
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
    >
      <span aria-hidden="true">↑ </span>Top
    </button>
  );
}
