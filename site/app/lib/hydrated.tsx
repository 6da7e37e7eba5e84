import { createContext, type ReactNode, startTransition, use, useEffect, useState } from "react";

const HydratedContext = createContext(false);

/**
 * Whether the page's script runs, for the parts below: false in the built HTML and while
 * hydrating, true from the render after. The switch is one transition for the whole page, which
 * React renders in slices between which the browser answers the visitor (TBT, issue 18): a
 * useSyncExternalStore per part (as before) made React render every one of them again at once,
 * in one task, straight after hydrating (some 30 RSVP buttons on Upcoming Events). The page is
 * marked hydrated and ready (for tests, and for CSS that needs JavaScript) once it shows the
 * switched parts.
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (!hydrated) {
      startTransition(() => setHydrated(true));
      return;
    }
    document.documentElement.dataset.hydrated = "true";
    document.documentElement.dataset.ready = "true";
  }, [hydrated]);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False in the built HTML and while hydrating, true once the page's script runs: what a browser
 * without JavaScript gets must work without it (a link, an enabled Submit).
 */
export function useHydrated(): boolean {
  return use(HydratedContext);
}
