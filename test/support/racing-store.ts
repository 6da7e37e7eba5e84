import type { LodgeData } from "../../core/schemas/index.ts";
import type { Store } from "../../server/store/store.ts";
import { type Response, startServer, type TestServer } from "./api-harness.ts";

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

/**
 * Another server on the database of `s`, as another process or instance would be (its own store
 * on the same file or database, and its own lanes), sharing `s`'s clock and outbox folder. A
 * request it takes lands between a write of `s` and the read that write was made from, which
 * `s`'s lanes would otherwise hold back. Its mail worker and scheduler are stopped: `s`'s send
 * what it queues, woken after each of its answers, so the test reads every mail from `s`.
 */
export async function anotherServer(
  s: TestServer,
  store: Store,
  data: LodgeData,
): Promise<{ server: TestServer; post(path: string, body: unknown): Promise<Response> }> {
  const server = await startServer({ data, store, dir: s.dir, clock: s.clock });
  await server.worker.stop();
  await server.scheduler.stop();
  const client = await server.client();
  return {
    server,
    async post(path, body) {
      const answer = await client.post(path, body);
      s.worker.kick();
      return answer;
    },
  };
}
