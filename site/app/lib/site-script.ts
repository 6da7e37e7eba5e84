import {
  MOBILE_MAX_WIDTH_PX,
  MOBILE_TOP_BUTTON_DELAY_MS,
  STICKY_HEADER_PX,
  TOP_BUTTON_PX,
} from "../../../core/constants.ts";

export interface SiteScriptOptions {
  stickyPx: number;
  topPx: number;
  narrowPx: number;
  topDelayMs: number;
  /** React takes the page over: the texts that change with time are its business then. */
  hydrates: boolean;
  /** An image-gallery page, the one kind whose leaving keeps local storage (SPEC 2). */
  keepStorage: boolean;
}

/**
 * What every page does in the browser, with or without React (SPEC 2 and 9), as one small
 * script the layout puts inline at the end of the body: it runs before the first paint and needs
 * no download. Listeners sit on the document, so they also serve what React renders later.
 * - The header sticks from 99px of scroll (`is-stuck`, `data-stuck`).
 * - The menu button opens the menus on narrow screens; a click outside the menus, a followed
 *   link or Escape closes them (the menus themselves are <details>, which need no script).
 * - The Top button shows past 400px, on screens 1023px or narrower only 2 s after the scrolling
 *   stops, and scrolls to the top.
 * On a page React does not take over, it also sets the texts that change with time (the year in
 * the footer, the lodge's age) from the moments the build wrote beside them (`data-by-time`, see
 * textChanges), and clears local storage unless the page is in the image gallery: a page without
 * React is only left by loading another page, and nothing here reads storage, so clearing it on
 * arrival is what clearing it on leaving would be.
 */
export function siteScript(o: SiteScriptOptions): void {
  const html = document.documentElement;
  const narrow = window.matchMedia(`(max-width: ${o.narrowPx}px)`);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onScroll = () => {
    const header = document.querySelector<HTMLElement>(".site-header");
    const stuck = window.scrollY >= o.stickyPx;
    header?.classList.toggle("is-stuck", stuck);
    header?.setAttribute("data-stuck", String(stuck));
    const top = document.querySelector<HTMLElement>(".top-button");
    clearTimeout(timer);
    if (!top) return;
    const past = window.scrollY > o.topPx;
    top.hidden = !past || narrow.matches;
    if (past && narrow.matches) timer = setTimeout(() => (top.hidden = false), o.topDelayMs);
  };
  const closeMenus = (except?: Element | null) => {
    for (const details of document.querySelectorAll(".site-header details[open]")) {
      if (details !== except) details.removeAttribute("open");
    }
  };
  const showMenu = (open: boolean) => {
    document.querySelector(".site-header .menu")?.classList.toggle("is-open", open);
    document.querySelector(".menu-button")?.setAttribute("aria-expanded", String(open));
  };
  document.addEventListener("click", (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const nav = document.querySelector(".site-header nav");
    const button = target?.closest(".menu-button");
    if (button) {
      closeMenus();
      showMenu(button.getAttribute("aria-expanded") !== "true");
    } else if (!nav?.contains(target) || target?.closest("a")) {
      closeMenus();
      showMenu(false);
    } else closeMenus(target?.closest("details"));
    if (target?.closest(".top-button")) {
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      window.scrollTo({ top: 0, left: 0, behavior: reduce ? "auto" : "smooth" });
      document.getElementById("main")?.focus({ preventScroll: true });
    }
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const open = document.activeElement?.closest(".site-header details[open]");
    closeMenus();
    open?.querySelector("summary")?.focus();
  });
  window.addEventListener("scroll", onScroll, { passive: true });
  // In the frame's first callback, still before its paint: read here, the scroll position would
  // make the browser lay out the whole page in the middle of reading it, and that layout would
  // count as one long task of the page itself (TBT, issue 18) rather than as its first frame's.
  requestAnimationFrame(onScroll);
  if (o.hydrates) return;
  const byTime = () => {
    for (const element of document.querySelectorAll<HTMLElement>("[data-by-time]")) {
      const changes = JSON.parse(element.dataset.byTime ?? "[]") as [number, string][];
      const now = Date.now();
      const current = changes.filter(([at]) => at <= now).pop();
      if (current) element.textContent = current[1];
    }
  };
  byTime();
  setInterval(byTime, 60_000);
  if (!o.keepStorage) {
    try {
      localStorage.clear();
    } catch {
      // Storage may be disabled; nothing to clear then.
    }
  }
  html.dataset.ready = "true";
}

/** The script for one page: siteScript's source, called with the site's constants. */
export function siteScriptSource(page: { hydrates: boolean; keepStorage: boolean }): string {
  const options: SiteScriptOptions = {
    stickyPx: STICKY_HEADER_PX,
    topPx: TOP_BUTTON_PX,
    narrowPx: MOBILE_MAX_WIDTH_PX,
    topDelayMs: MOBILE_TOP_BUTTON_DELAY_MS,
    ...page,
  };
  return `(${siteScript.toString()})(${JSON.stringify(options)})`;
}
