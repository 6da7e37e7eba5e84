import { DatabaseSync } from "node:sqlite";
import { storeError } from "../../server/db/sqlite.ts";
import type { Store } from "../../server/store/store.ts";

/**
 * A store whose methods named in `broken` fail as a database that cannot be written fails:
 * with SQLite's own error ('attempt to write a readonly database'), taken from a read-only
 * connection, as the store's contract reports it. The others run on the real store.
 */
export function breakable<S extends Store>(store: S): { store: S; broken: Set<string> } {
  const broken = new Set<string>();
  const readOnly = new DatabaseSync(":memory:", { readOnly: true });
  const failure = (): unknown => {
    try {
      readOnly.exec("CREATE TABLE t (x)");
    } catch (error) {
      return storeError(error);
    }
    return new Error("a read-only connection wrote");
  };
  const proxy = new Proxy(store, {
    get(target, name, receiver) {
      const value = Reflect.get(target, name, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) =>
        broken.has(String(name)) ? Promise.reject(failure()) : value.apply(target, args);
    },
  });
  return { store: proxy, broken };
}

/** Resolves once `condition` holds, looking every 20 ms; rejects after `timeoutMs`. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
