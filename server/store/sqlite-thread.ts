import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { SqliteStore, storeError } from "./sqlite-store.ts";
import { type Store, StoreUnavailableError } from "./store.ts";

/**
 * The SQLite store of `lodge serve`, on a thread of its own. node:sqlite only works
 * synchronously: on the server's thread every COMMIT's fsync (synchronous=FULL) and every query
 * held up all requests meanwhile. Here a worker thread owns the connection and runs the very
 * same SqliteStore (its group commit included); the server's thread sends it each call and gets
 * the answer once done, so 'acknowledged' still means 'committed to disk', and the server parses,
 * checks and answers other requests while the disk flushes.
 *
 * The few small reads a request makes before it writes (an address's current RSVP, a manage
 * link's) are answered on the server's thread from a connection of its own: WAL lets it read
 * what was last committed while the store's thread writes, in tens of microseconds, where a trip
 * to the store's thread waits for the commit under way. A write answers only once committed, so
 * such a read after it sees it.
 */

/** Reads of a row or a few, by index, that the server's thread answers itself. */
const READS_HERE = new Set<string>([
  "eventRsvpSituation",
  "getEventRsvp",
  "findEventRsvpByToken",
  "findSocialRsvpByToken",
  "findWaitlistEntryByToken",
  "attendeeCounts",
  // An event's line, which a write that frees seats reads in its event's lane: waiting there for
  // the commit under way held up every write of the event behind it.
  "listWaitlist",
  "lapsingSeats",
]);

interface Call {
  id: number;
  method: string;
  args: unknown[];
}

type Reply =
  | { id: number; value: unknown }
  | { id: number; error: { message: string; unavailable: boolean } };

interface ThreadData {
  lodgeSqliteThread: { file: string; now: number };
}

/** What came over the thread boundary as a Uint8Array was a Buffer (a mail's text). */
function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.length);
  }
  if (Array.isArray(value)) return value.map(revive);
  if (
    value !== null &&
    typeof value === "object" &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    for (const [key, inner] of Object.entries(value)) {
      (value as Record<string, unknown>)[key] = revive(inner);
    }
  }
  return value;
}

/**
 * The store in the SQLite file `file`, served by a thread of its own. The file is opened (and
 * migrated) here first, so a database that cannot be used throws as `new SqliteStore` does.
 */
export function threadedSqliteStore(file: string, now = new Date()): Store {
  const reader = new SqliteStore(file, now) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { lodgeSqliteThread: { file, now: now.getTime() } } satisfies ThreadData,
  });
  const waiting = new Map<
    number,
    { resolve: (v: unknown) => void; reject: (e: unknown) => void }
  >();
  let next = 0;
  let ended: StoreUnavailableError | undefined;
  const end = (reason: string) => {
    ended = new StoreUnavailableError(`the database's thread ended: ${reason}`);
    for (const { reject } of waiting.values()) reject(ended);
    waiting.clear();
  };
  worker.on("message", (replies: Reply[]) => {
    for (const reply of replies) {
      const call = waiting.get(reply.id);
      if (!call) continue;
      waiting.delete(reply.id);
      if ("value" in reply) call.resolve(revive(reply.value));
      else {
        const { message, unavailable } = reply.error;
        call.reject(unavailable ? new StoreUnavailableError(message) : new Error(message));
      }
    }
    if (waiting.size === 0) worker.unref();
  });
  worker.on("error", (error) => end(error.message));
  worker.on("exit", (code) => end(`exit code ${code}`));
  // Nothing waiting: the thread does not keep the process alive.
  worker.unref();
  const call = (method: string, args: unknown[]) =>
    new Promise((resolve, reject) => {
      if (ended) return reject(ended);
      const id = next++;
      waiting.set(id, { resolve, reject });
      if (waiting.size === 1) worker.ref();
      worker.postMessage({ id, method, args } satisfies Call);
    });
  return new Proxy({} as Store, {
    get(_target, name) {
      if (name === "then" || typeof name === "symbol") return undefined;
      if (name === "close") {
        return async () => {
          await reader.close?.();
          if (ended) return;
          await call("close", []);
          await worker.terminate();
        };
      }
      const read = READS_HERE.has(name) ? reader[name] : undefined;
      if (read) return (...args: unknown[]) => read.apply(reader, args);
      return (...args: unknown[]) => call(name, args);
    },
  });
}

/**
 * The thread's side: one SqliteStore, each call run on it and answered. The answers settled
 * together (a group commit's writes) go back in one message: each message is a wake-up and an
 * event on the server's thread, the busy one.
 */
function serve(data: ThreadData["lodgeSqliteThread"]): void {
  const port = parentPort;
  if (!port) return;
  let replies: Reply[] = [];
  const send = () => {
    const batch = replies;
    replies = [];
    port.postMessage(batch);
  };
  const answer = (reply: Reply) => {
    replies.push(reply);
    if (replies.length === 1) queueMicrotask(send);
  };
  const store = new SqliteStore(data.file, new Date(data.now)) as unknown as Record<
    string,
    (...args: unknown[]) => Promise<unknown>
  >;
  port.on("message", ({ id, method, args }: Call) => {
    const run = store[method];
    if (typeof run !== "function") {
      answer({ id, error: { message: `the store has no ${method}`, unavailable: false } });
      return;
    }
    run.apply(store, revive(args) as unknown[]).then(
      (value) => answer({ id, value }),
      (error: unknown) => {
        const known = storeError(error);
        answer({
          id,
          error: {
            message: known instanceof Error ? known.message : String(known),
            unavailable: known instanceof StoreUnavailableError,
          },
        });
      },
    );
  });
}

const thread = (workerData as Partial<ThreadData> | null)?.lodgeSqliteThread;
if (!isMainThread && thread) serve(thread);
