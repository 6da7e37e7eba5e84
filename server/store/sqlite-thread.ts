import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import { methodsOf, perform, StoreUnavailableError } from "../db/database.ts";
import { SqliteDatabase, storeError } from "../db/sqlite.ts";
import { MIGRATIONS } from "./migrations.ts";
import { type OperationName, operations, type Store } from "./operations.ts";

/**
 * The SQLite store of `lodge serve`, on a thread of its own. node:sqlite only works
 * synchronously: on the server's thread every COMMIT's fsync (synchronous=FULL) and every query
 * held up all requests meanwhile. Here a worker thread owns the connection and runs the very
 * same operations (the group commit included); the server's thread sends it each call and gets
 * the answer once done, so 'acknowledged' still means 'committed to disk', and the server parses,
 * checks and answers other requests while the disk flushes.
 *
 * The lookups (a few rows by index: an address's current RSVP, a manage link's) are answered on
 * the server's thread from a connection of its own: WAL lets it read what was last committed
 * while the store's thread writes, in tens of microseconds, where a trip to the store's thread
 * waits for the commit under way. A write answers only once committed, so a lookup after it
 * sees it.
 */

interface Call {
  id: number;
  method: OperationName | "close";
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
 * migrated) here first, so a database that cannot be used throws as `sqliteStore` does.
 */
export function threadedSqliteStore(file: string, now = new Date()): Store {
  const reader = new SqliteDatabase(file, MIGRATIONS.sqlite, now);
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
  const send = (method: Call["method"], args: unknown[]) =>
    new Promise((resolve, reject) => {
      if (ended) return reject(ended);
      const id = next++;
      waiting.set(id, { resolve, reject });
      if (waiting.size === 1) worker.ref();
      worker.postMessage({ id, method, args } satisfies Call);
    });
  const methods = methodsOf(operations, (op, method) =>
    op.runs === "lookup" ? (...args) => perform(reader, op, args) : (...args) => send(method, args),
  );
  const close = async () => {
    await reader.close();
    if (ended) return;
    await send("close", []);
    await worker.terminate();
  };
  return { ...methods, close };
}

/**
 * The thread's side: one database, each call run on it and answered. The answers settled
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
  const database = new SqliteDatabase(data.file, MIGRATIONS.sqlite, new Date(data.now));
  port.on("message", ({ id, method, args }: Call) => {
    const done =
      method === "close"
        ? database.close()
        : perform(database, operations[method], revive(args) as unknown[]);
    done.then(
      (value) => answer({ id, value }),
      (error: unknown) => {
        const known = storeError(error);
        const message = known instanceof Error ? known.message : String(known);
        answer({ id, error: { message, unavailable: known instanceof StoreUnavailableError } });
      },
    );
  });
}

const thread = (workerData as Partial<ThreadData> | null)?.lodgeSqliteThread;
if (!isMainThread && thread) serve(thread);
