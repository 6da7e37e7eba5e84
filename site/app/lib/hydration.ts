/**
 * Which pages load React in the browser. A page is plain prerendered HTML and CSS, with the
 * layout's small inline script (site-script.ts) for what every page does, unless one of its
 * routes asks to hydrate, as React Router's guide to pages without JavaScript does it: the route
 * module exports `handle = hydrates` (forms, carousels, pagers, modals, the lightbox), or
 * `handle = hydratesWhen((data) => ...)` when its loader's data decides (a past event has nothing
 * left to click). The root renders <Scripts /> (the modules, their preloads and the router's
 * data) only for such a page, and entry.server.tsx leaves the router's data out of the others.
 */
export type HydrateHandle = { hydrate: boolean | ((loaderData: never) => boolean) };

/** The handle of a route whose page needs React in the browser. */
export const hydrates: HydrateHandle = { hydrate: true };

/** The handle of a route whose page needs React only when its loader's data says so. */
export function hydratesWhen<Data>(decide: (loaderData: Data) => boolean): HydrateHandle {
  return { hydrate: decide as (loaderData: never) => boolean };
}

/** The parts of a matched route the decision reads (a UIMatch, or a match in entry.server). */
export type MatchedRoute = { handle?: unknown; loaderData?: unknown };

/**
 * True when a matched route of the page asks for React in the browser, and for the router's SPA
 * fallback (rendered down to the root only; the build insists that it loads the router, and then
 * drops it: 404.html is the redirect page).
 */
export function pageHydrates(matches: readonly MatchedRoute[], spaFallback = false): boolean {
  return (
    spaFallback ||
    matches.some(({ handle, loaderData }) => {
      const hydrate = (handle as Partial<HydrateHandle> | undefined)?.hydrate;
      return typeof hydrate === "function"
        ? loaderData !== undefined && (hydrate as (data: unknown) => boolean)(loaderData)
        : hydrate === true;
    })
  );
}
