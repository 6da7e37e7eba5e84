import type { Sql } from "./sql.ts";

/**
 * What a store's operations run on, whichever database holds the data: statements written once
 * (sql.ts), run in a transaction or as a read. SQLite's (sqlite.ts) runs them on its one
 * connection, each write in the group commit; PostgreSQL's (postgres.ts) on pools of its own
 * for writes and reads.
 */

/** A row as a driver hands it over; rows.ts reads either database's alike. */
export type Row = Record<string, unknown>;

/** Statements that read. */
export interface Query {
  all<T = Row>(statement: Sql): Promise<T[]>;
  one<T = Row>(statement: Sql): Promise<T | undefined>;
}

/**
 * Locks a transaction takes by name, in this order (never a circle): submissions by their
 * idempotency keys, an event's seats, an address's untokened messages, a recipient's limited
 * mail, the failure summary. PostgreSQL holds them until the transaction ends; SQLite's writer
 * holds the whole file already.
 */
export const LOCK = { key: 1, event: 2, client: 3, recipient: 4, summary: 5 } as const;

/** A write transaction: its statements commit together, or none does. */
export interface Tx extends Query {
  /** Runs a statement; the rows it changed. */
  run(statement: Sql): Promise<number>;
  /** Inserts a row into `table`; the id it was given (which insertedId names in statements). */
  insert(table: string, columns: Record<string, unknown>): Promise<number>;
  /** Takes the locks on `names` (sent at once; statements sent after run once they are had). */
  lock(kind: keyof typeof LOCK, names: readonly string[]): Promise<void>;
}

export interface Database {
  /** Runs `work` in a transaction, committed before this resolves; undone if it throws. */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  read<T>(work: (query: Query) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The store cannot do its work now; nothing of the call was done. The routes answer 503. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/**
 * Thrown inside a write whose offers or notices the list no longer matches (see WaitlistOffers):
 * the write is undone, and the operation answers `stale`.
 */
export class StaleOffersError extends Error {
  override name = "StaleOffersError";
}

/**
 * Where an operation runs: a write in a transaction; a read, or a lookup (a row or a few by
 * index, which `lodge serve` answers on its own thread from a reader: sqlite-thread.ts).
 */
export type Runs = "write" | "read" | "lookup";

/** An operation of the store: its script and where it runs; `M` is the method it becomes. */
export interface Operation<M = (...args: never[]) => Promise<unknown>> {
  readonly runs: Runs;
  readonly script: (query: Tx, ...args: never[]) => Promise<unknown>;
  /** Never set: carries the method's type (generics included) to Methods. */
  readonly method?: M;
}

type Script<Q, A extends unknown[], R> = (query: Q, ...args: A) => Promise<R>;

const operation =
  (runs: Runs) =>
  <A extends unknown[], R>(script: Script<Tx, A, R>): Operation<(...args: A) => Promise<R>> => ({
    runs,
    script: script as unknown as Operation["script"],
  });

export const write = operation("write");
export const read: <A extends unknown[], R>(
  script: Script<Query, A, R>,
) => Operation<(...args: A) => Promise<R>> = operation("read");
export const lookup: typeof read = operation("lookup");

/** The methods a set of operations becomes. */
export type Methods<O> = {
  [K in keyof O]: O[K] extends Operation<infer M> ? M : never;
};

/** Runs an operation on `db`; a write that went stale answers `stale`. */
export function perform(db: Database, op: Operation, args: readonly unknown[]): Promise<unknown> {
  const script = op.script as (query: Query | Tx, ...args: unknown[]) => Promise<unknown>;
  if (op.runs !== "write") return db.read((query) => script(query, ...args));
  return db
    .write((tx) => script(tx, ...args))
    .catch((error: unknown) => {
      if (error instanceof StaleOffersError) return { kind: "stale" };
      throw error;
    });
}

/** The operations as methods, each made by `method` (the one place their types are asserted). */
export function methodsOf<O extends Record<string, Operation>>(
  operations: O,
  method: (op: Operation, key: keyof O & string) => (...args: never[]) => Promise<unknown>,
): Methods<O> {
  const entries = Object.entries(operations).map(([key, op]) => [key, method(op, key)]);
  return Object.fromEntries(entries) as Methods<O>;
}

/** The operations as methods on `db`. */
export function bind<O extends Record<string, Operation>>(db: Database, operations: O): Methods<O> {
  const method =
    (op: Operation) =>
    (...args: unknown[]) =>
      perform(db, op, args);
  return methodsOf(operations, method);
}
