/** Scrolls the window to the top: smoothly, unless the visitor asked for less motion. */
export function scrollToTop(): void {
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  window.scrollTo({ top: 0, left: 0, behavior: reduce ? "auto" : "smooth" });
}

/** Scrolls to the top at once, e.g. when a page opens or a pager changes page. */
export function jumpToTop(): void {
  window.scrollTo({ top: 0, left: 0, behavior: "instant" });
}
