import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False in the built HTML and while hydrating, true once the page's script runs: what a browser
 * without JavaScript gets must work without it (a link, an enabled Submit).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
