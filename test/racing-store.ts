import type { Store } from "../server/store/store.ts";

/** A request to land, once, just before the store's write `before`. */
export interface Race {
  before?: keyof Store;
  next?: (() => Promise<unknown>) | undefined;
}

/**
 * The store, running `race.next` just before the write `race.before` names, once: a request
 * landing between a server's read, when it composes its mails, and its write.
 */
export function racing(store: Store): { store: Store; race: Race } {
  const race: Race = {};
  const proxy = new Proxy(store, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      if (key !== race.before) return value.bind(target);
      return async (...args: unknown[]) => {
        const { next } = race;
        race.next = undefined;
        await next?.();
        return value.apply(target, args);
      };
    },
  });
  return { store: proxy, race };
}
