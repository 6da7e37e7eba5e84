import { methodsOf, StoreUnavailableError } from "./database.ts";
import { operations, type Store } from "./operations.ts";

/** How often a store that could not be opened is tried again, at most. */
export const REOPEN_INTERVAL_MS = 5000;

/**
 * A store opened on first use, and again after a failed attempt once `intervalMs` has passed:
 * until then every call rejects with StoreUnavailableError. `lodge serve` uses it when the
 * database cannot be opened at start (a full disk on which SQLite cannot even make its journal):
 * the site is served, submissions answer 503, the mail worker waits, and the database is used
 * as soon as it opens, instead of the server ending and its supervisor starting it again and
 * again. Any error `open` throws that is not StoreUnavailableError stops the trying.
 */
export function reopeningStore(
  open: () => Store,
  now: () => number = Date.now,
  intervalMs = REOPEN_INTERVAL_MS,
): Store & { readonly opened: boolean } {
  let store: Store | undefined;
  let lastTry = Number.NEGATIVE_INFINITY;
  let lastError: StoreUnavailableError | undefined;
  const current = (): Store => {
    if (store) return store;
    if (lastError && now() - lastTry < intervalMs) throw lastError;
    lastTry = now();
    try {
      store = open();
      lastError = undefined;
      return store;
    } catch (error) {
      if (!(error instanceof StoreUnavailableError)) throw error;
      lastError = error;
      throw error;
    }
  };
  const methods = methodsOf(operations, (_op, method) => async (...args) => {
    const open = current() as unknown as Record<typeof method, (...args: unknown[]) => unknown>;
    return open[method](...args);
  });
  return {
    ...methods,
    get opened() {
      return store !== undefined;
    },
    close: async () => store?.close(),
  };
}
