import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
// Node's own, not the global a test's fake clock may replace: a write never waits for a clock.
import { setImmediate as soon } from "node:timers";
import { type Database, StoreUnavailableError, type Tx } from "./database.ts";
import { type Migration, stepsAfter } from "./migrate.ts";
import { type Compiled, InsertedId, isJson, name, render, type Sql, sql, values } from "./sql.ts";

const BUSY_TIMEOUT_MS = 5000;

/**
 * SQLite's result codes that mean 'the database cannot do this now' rather than a mistake in
 * the statement: busy or locked, out of memory, read-only, I/O error, corrupt, disk full, cannot
 * open, locking protocol, not a database.
 */
const UNAVAILABLE_CODES = new Set([5, 6, 7, 8, 10, 11, 13, 14, 15, 26]);

/** The driver's error as the contract's StoreUnavailableError when it is one; others unchanged. */
export function storeError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const { errcode, code } = (error ?? {}) as { errcode?: number; code?: string };
  const unavailable =
    (typeof errcode === "number" && UNAVAILABLE_CODES.has(errcode & 0xff)) ||
    code === "ERR_INVALID_STATE";
  if (!unavailable) return error;
  const message = `the database cannot be used: ${String((error as Error).message)}`;
  return new StoreUnavailableError(message, { cause: error });
}

/** A value in SQLite's types: moments as ISO text, flags as 0 or 1, lists and objects as JSON. */
function encode(value: unknown): SQLInputValue {
  if (typeof value === "string" || typeof value === "number") return value;
  if (value instanceof Date) return isoText(value);
  if (typeof value === "boolean") return Number(value);
  if (isJson(value)) return JSON.stringify(value);
  return value as SQLInputValue;
}

/**
 * The ISO text of the last two moments encoded, by their time: a write names the same few
 * moments several times (when it came, when its mails are due), and a map of every Date ever
 * encoded cost more than the text it saved.
 */
let last = { time: Number.NaN, text: "" };
let before = last;
function isoText(moment: Date): string {
  const time = moment.getTime();
  if (last.time === time) return last.text;
  if (before.time === time) return before.text;
  // An invalid moment (NaN) matches neither and throws here, as it always did.
  const text = moment.toISOString();
  before = last;
  last = { time, text };
  return text;
}

/**
 * Runs `step` until no other connection holds the lock it needs. Switching a new file to WAL
 * needs the file to itself and SQLite does not wait for that, so two processes starting on one
 * new file would otherwise see 'database is locked'.
 */
function whenUnlocked(step: () => void): void {
  const deadline = Date.now() + BUSY_TIMEOUT_MS;
  for (;;) {
    try {
      step();
      return;
    } catch (error) {
      const busy = /database is locked|SQLITE_BUSY/i.test(String(error));
      if (!busy || Date.now() > deadline) throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

interface PendingWrite {
  work: (tx: Tx) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A lock taken: SQLite's writer holds the whole file (one promise for every lock). */
const SETTLED: Promise<void> = Promise.resolve();

/** How many compiled statements a connection keeps (lists of ids make statements of their own). */
const COMPILED = 256;

/**
 * A store's SQLite file: WAL, so readers never wait for the writer; synchronous=FULL, so a
 * committed submission survives a power cut; every write transaction begins IMMEDIATE, taking the
 * write lock before it reads, so two writers (even in two processes) cannot both read the same
 * attendee count and both insert. Opening it brings its schema up to date (or throws).
 */
export class SqliteDatabase implements Database {
  readonly #db: DatabaseSync;
  /** Compiling SQL costs more than running these small statements: each is compiled once. */
  readonly #compiled = new Map<string, StatementSync>();
  /** Writes waiting for the next commit, in the order they came. */
  #pending: PendingWrite[] = [];
  #committing: Promise<void> | undefined;

  readonly #migrations: readonly Migration[];

  /** The database in `file`, brought to the schema `migrations` make. */
  constructor(file: string, migrations: readonly Migration[], now = new Date()) {
    this.#migrations = migrations;
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    whenUnlocked(() => this.#db.exec("PRAGMA journal_mode = WAL"));
    this.#db.exec("PRAGMA synchronous = FULL");
    this.#db.exec("PRAGMA foreign_keys = ON");
    this.#migrate(file, now);
  }

  #migrate(file: string, now: Date): void {
    this.#db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
    this.#db.exec("BEGIN IMMEDIATE");
    try {
      const { version } = this.#statement(
        "SELECT MAX(version) AS version FROM schema_migrations",
      ).get() as { version: number | null };
      for (const step of stepsAfter(this.#migrations, version ?? 0, file)) {
        this.#db.exec(step.sql);
        this.#statement("INSERT INTO schema_migrations VALUES (?, ?, ?)").run(
          step.version,
          step.name,
          now.toISOString(),
        );
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      this.#db.exec("ROLLBACK");
      throw error;
    }
  }

  #statement(text: string): StatementSync {
    let statement = this.#compiled.get(text);
    if (!statement) {
      if (this.#compiled.size >= COMPILED) this.#compiled.clear();
      statement = this.#db.prepare(text);
      this.#compiled.set(text, statement);
    }
    return statement;
  }

  /** The id each table's last insert gave its row (insertedId). */
  readonly #inserted = new Map<string, number>();
  /** The statements prepared, by their compiled text's object (render gives one per shape). */
  readonly #prepared = new Map<Compiled, StatementSync>();

  /**
   * The statement prepared with its parameters in SQLite's types, or undefined for one only
   * PostgreSQL has (postgresOnly).
   */
  #bound(query: Sql): { statement: StatementSync; params: SQLInputValue[] } | undefined {
    const { compiled, params } = render(query, "sqlite");
    if (compiled.empty) return undefined;
    for (let i = 0; i < params.length; i++) {
      const value = params[i];
      params[i] =
        value instanceof InsertedId ? (this.#inserted.get(value.table) ?? null) : encode(value);
    }
    let statement = this.#prepared.get(compiled);
    if (!statement) {
      if (this.#prepared.size >= COMPILED) this.#prepared.clear();
      statement = this.#statement(compiled.text);
      this.#prepared.set(compiled, statement);
    }
    return { statement, params: params as SQLInputValue[] };
  }

  #all<T>(query: Sql): T[] {
    const bound = this.#bound(query);
    return bound ? (bound.statement.all(...bound.params) as T[]) : [];
  }

  #one<T>(query: Sql): T | undefined {
    const bound = this.#bound(query);
    return bound && (bound.statement.get(...bound.params) as T | undefined);
  }

  #run(query: Sql): number {
    const bound = this.#bound(query);
    return bound ? Number(bound.statement.run(...bound.params).changes) : 0;
  }

  #insert(table: string, columns: Record<string, unknown>): number {
    const insert = this.#bound(sql`INSERT INTO ${name(table)} ${values(columns)}`);
    const id = insert ? Number(insert.statement.run(...insert.params).lastInsertRowid) : 0;
    this.#inserted.set(table, id);
    return id;
  }

  /** Statements on the one connection: each runs at once, its promise already settled. */
  readonly #tx: Tx = {
    all: async <T>(query: Sql) => this.#all<T>(query),
    one: async <T>(query: Sql) => this.#one<T>(query),
    run: async (query: Sql) => this.#run(query),
    insert: async (table: string, columns: Record<string, unknown>) => this.#insert(table, columns),
    // The writer's lock is the whole file's, taken by BEGIN IMMEDIATE.
    lock: () => SETTLED,
  };

  /**
   * Runs `work` in a write transaction that holds the lock from its first statement, and
   * resolves once that transaction is committed (so on disk). Group commit: every write asked
   * for while the server handles the requests that have arrived runs in one transaction, each
   * in a savepoint of its own (a failing one undoes only itself), then one COMMIT, one fsync,
   * for all. Under load that turns one disk flush per RSVP into one per burst; alone, a write
   * waits for nothing but the turn of the event loop it was asked in. The statements run at
   * once, so a write's script runs to its end before the next one's begins.
   */
  write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject: (error) => reject(storeError(error)),
      });
      if (this.#pending.length === 1 && !this.#committing) soon(() => this.#next());
    });
  }

  async read<T>(work: (query: Tx) => Promise<T>): Promise<T> {
    try {
      return await work(this.#tx);
    } catch (error) {
      throw storeError(error);
    }
  }

  /**
   * Commits the writes pending, unless a commit is under way; the writes asked for meanwhile wait
   * for the next turn of the event loop, so that those the answers set going join them.
   */
  #next(): void {
    if (this.#committing || this.#pending.length === 0) return;
    this.#committing = this.#commit().finally(() => {
      this.#committing = undefined;
      if (this.#pending.length > 0) soon(() => this.#next());
    });
  }

  /** Runs the pending writes in one transaction; each settles once it is committed. */
  async #commit(): Promise<void> {
    const batch = this.#pending;
    this.#pending = [];
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    const exec = (text: string) => this.#statement(text).run();
    try {
      exec("BEGIN IMMEDIATE");
      for (const { work } of batch) {
        exec("SAVEPOINT one");
        try {
          results.push({ ok: true, value: await work(this.#tx) });
          exec("RELEASE one");
        } catch (error) {
          // An I/O error (a full disk) makes SQLite roll the whole transaction back: the batch
          // failed as a whole, for that reason.
          if (!this.#db.isTransaction) throw error;
          exec("ROLLBACK TO one");
          exec("RELEASE one");
          results.push({ ok: false, error });
        }
      }
      exec("COMMIT");
    } catch (error) {
      // Nothing of the batch was committed (the lock was not had, the disk failed...).
      try {
        if (this.#db.isOpen && this.#db.isTransaction) this.#db.exec("ROLLBACK");
      } catch {
        // SQLite has already rolled back what a failed write left.
      }
      for (const { reject } of batch) reject(error);
      return;
    }
    for (const [i, { resolve, reject }] of batch.entries()) {
      const result = results[i];
      if (result?.ok) resolve(result.value);
      else reject(result?.error);
    }
  }

  async close(): Promise<void> {
    if (!this.#db.isOpen) return;
    // Writes already asked for are committed, not lost.
    while (this.#committing || this.#pending.length > 0) {
      this.#next();
      await this.#committing;
    }
    this.#db.close();
  }
}
