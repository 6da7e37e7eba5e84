import postgres, { type Sql as Driver, type JSONValue, type TransactionSql } from "postgres";
import { type Database, LOCK, type Query, StoreUnavailableError, type Tx } from "./database.ts";
import { type Migration, stepsAfter } from "./migrate.ts";
import { isJson, name, render, type Sql, sql, values } from "./sql.ts";

/**
 * Connections of each instance to the database: for its transactions, and for its reads (which
 * postgres.js sends many at once down each). An RSVP holds its event's lock from its first
 * statement to its commit, so the RSVPs of one event are stored one at a time whatever the
 * pool: connections beyond the events taking RSVPs at once only park more transactions in
 * PostgreSQL, a backend process each, all woken to compete for 2 cores with the instances.
 * `npm run bench -- api` shape (50 clients, 4 events, durable commits), three rounds
 * interleaved in one window, stored RSVPs/s and p99 ms: 10+4 (the split's first sizing)
 * 510-624/s p99 147-214 on 1 instance, 424-474/s p99 345-370 on 3; 4+2 605-669/s p99 113-138,
 * 439-576/s p99 178-245. An RSVP no longer reads before its write, so reads are few (the
 * counts the site shows, a manage link's lookup, the mail worker's next due): 2 serve them.
 */
export const CONNECTIONS = { transactions: 4, reads: 2 } as const;

/**
 * Settings of every connection, sent in its start-up message: no statement, no round trip.
 * The writes read, once they hold their locks, what the transactions before them committed:
 * that is READ COMMITTED, PostgreSQL's default. A database set to a stricter level
 * (ALTER DATABASE ... SET default_transaction_isolation) would read from a snapshot taken before
 * the lock was had, and every RSVP waiting on an event's lock would fail to serialize once the
 * one before it committed: three tries, then 503.
 */
const SESSION = { default_transaction_isolation: "read committed" } as const;

/** Counts and sums (bigint in PostgreSQL) as numbers, as SQLite gives them: none nears 2^53. */
const BIGINT_AS_NUMBER = { to: 20, from: [20], serialize: String, parse: Number };

/** Whether `place` (the --db value or DATABASE_URL) names a PostgreSQL database. */
export function isPostgresUrl(place: string): boolean {
  return /^postgres(ql)?:\/\//i.test(place);
}

/** The URL as the start-up lines and messages show it: never its password. */
export function shownPostgresUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "***";
    return parsed.toString();
  } catch {
    return "postgres://(a URL that cannot be read)";
  }
}

/**
 * Driver error codes and SQLSTATE classes that mean 'the database cannot do this now': the
 * server cannot be reached or closed the connection, is starting or shutting down, is out of
 * disk or memory, is read-only (a standby), or chose this transaction as a deadlock's victim.
 */
const UNAVAILABLE_CODES = new Set(
  `CONNECTION_CLOSED CONNECTION_ENDED CONNECTION_DESTROYED CONNECT_TIMEOUT ECONNREFUSED ECONNRESET
   ETIMEDOUT EHOSTUNREACH ENETUNREACH ENOTFOUND EAI_AGAIN EPIPE 25006 40001 40P01`.split(/\s+/),
);
const UNAVAILABLE_CLASSES = ["08", "53", "57P", "58"];

/**
 * SQLSTATEs of a transaction PostgreSQL undid to settle a race with another one: a deadlock's
 * victim (40P01), or a serialization failure (40001, under a stricter isolation the database
 * may be set to). Nothing of it was stored, and run again it finds the other one's work done.
 */
const RACE_LOST_CODES = new Set(["40001", "40P01"]);
/** How often a write is run in all when it keeps losing such races, before it answers 503. */
const RACE_ATTEMPTS = 3;

const sqlState = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? "");

/** The driver's error as the contract's StoreUnavailableError when it is one; others unchanged. */
export function postgresStoreError(error: unknown): unknown {
  if (error instanceof StoreUnavailableError) return error;
  const code = sqlState(error);
  const unavailable =
    UNAVAILABLE_CODES.has(code) || UNAVAILABLE_CLASSES.some((prefix) => code.startsWith(prefix));
  if (!unavailable) return error;
  const message = `the database cannot be used: ${String((error as Error).message)}`;
  return new StoreUnavailableError(message, { cause: error });
}

/** Statements on `driver` (a pool, or a transaction's connection), sent as soon as asked for. */
function statements(driver: Driver | TransactionSql): Tx {
  const send = (query: Sql) => {
    const { parts, params } = render(query, "postgres");
    const strings = parts as unknown as TemplateStringsArray;
    const values = params.map((value) =>
      isJson(value) ? driver.json(value as JSONValue) : value,
    ) as postgres.ParameterOrFragment<never>[];
    // Asked for its result now, so that statements sent together go in the order written.
    return (driver as Driver)(strings, ...values).then((rows) => rows);
  };
  return {
    all: async <T>(query: Sql) => (await send(query)) as unknown as T[],
    one: async <T>(query: Sql) => (await send(query))[0] as T | undefined,
    run: async (query: Sql) => (await send(query)).count,
    insert: async (table, columns) => {
      const [row] = await send(sql`INSERT INTO ${name(table)} ${values(columns)} RETURNING id`);
      return Number(row?.id);
    },
    // Sorted, so that two transactions never wait for each other's in a circle.
    lock: async (kind, names) => {
      const locks = [...new Set(names)]
        .sort()
        .map((name) =>
          send(sql`SELECT pg_advisory_xact_lock(${LOCK[kind]}::int, hashtext(${name}))`),
        );
      await Promise.all(locks);
    },
  };
}

/** The advisory lock that lets one instance at a time migrate; the others wait, then see it done. */
const MIGRATION_LOCK = 7_117_001;

/**
 * A store's PostgreSQL database, which several `lodge serve` instances share. What SQLite gets
 * from its single writer, this gets from transaction-level advisory locks (Tx.lock) and row
 * locks (FOR_UPDATE). It connects lazily; the schema is brought up to date, under a lock, before
 * the first statement.
 */
export class PostgresDatabase implements Database {
  /** The reads, each a statement of its own. */
  readonly #reads: Driver;
  /**
   * The transactions, on connections that run nothing else. postgres.js sends a query down a
   * busy connection behind the ones still running there, up to 100; a transaction's BEGIN sent
   * down one as the 100th is never made the transaction's own, and fails with
   * UNSAFE_TRANSACTION (porsager/postgres#823): under a burst, an RSVP answered 500 and was not
   * stored. Connections that only ever run transactions are never busy with anything a BEGIN
   * could be sent behind.
   */
  readonly #transactions: Driver;
  readonly where: string;
  readonly #now: Date;
  #ready: Promise<void> | undefined;

  readonly #migrations: readonly Migration[];

  /**
   * The database at `url`, brought to the schema `migrations` make on first use; `max`
   * connections for the transactions (CONNECTIONS otherwise).
   */
  constructor(
    url: string,
    migrations: readonly Migration[],
    now = new Date(),
    options: { max?: number } = {},
  ) {
    this.#migrations = migrations;
    this.where = shownPostgresUrl(url);
    this.#now = now;
    const connect = (max: number) =>
      postgres(url, {
        max,
        connect_timeout: 10,
        idle_timeout: 60,
        onnotice: () => {},
        connection: SESSION,
        types: { bigint: BIGINT_AS_NUMBER },
      });
    this.#transactions = connect(options.max ?? CONNECTIONS.transactions);
    this.#reads = connect(CONNECTIONS.reads);
  }

  /** The schema brought up to date, once; tried again on the next call if it could not be. */
  migrated(): Promise<void> {
    this.#ready ??= this.#migrate().catch((error) => {
      this.#ready = undefined;
      throw postgresStoreError(error);
    });
    return this.#ready;
  }

  async #migrate(): Promise<void> {
    await this.#transactions.begin(async (driver) => {
      await driver`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`;
      await driver`CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL)`;
      const [row] = await driver<{ version: number | null }[]>`
        SELECT MAX(version) AS version FROM schema_migrations`;
      for (const step of stepsAfter(this.#migrations, row?.version ?? 0, this.where)) {
        await driver.unsafe(step.sql);
        await driver`INSERT INTO schema_migrations VALUES (${step.version}, ${step.name}, ${this.#now})`;
      }
    });
  }

  /**
   * Runs `work` in a transaction, committed before this resolves. A transaction PostgreSQL undid
   * to settle a race (RACE_LOST_CODES) is run again, whole: every write reads what it decides on
   * inside its transaction, so the second run decides on what the race left. A visitor whose
   * RSVP lost a deadlock gets its answer, not a 503.
   */
  async write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      await this.migrated();
      for (let attempt = 1; ; attempt++) {
        try {
          return (await this.#transactions.begin((driver) => work(statements(driver)))) as T;
        } catch (error) {
          if (attempt >= RACE_ATTEMPTS || !RACE_LOST_CODES.has(sqlState(error))) throw error;
        }
      }
    } catch (error) {
      throw postgresStoreError(error);
    }
  }

  async read<T>(work: (query: Query) => Promise<T>): Promise<T> {
    try {
      await this.migrated();
      return await work(statements(this.#reads));
    } catch (error) {
      throw postgresStoreError(error);
    }
  }

  /** Waits for the queries under way (a few seconds at most), then closes the connections. */
  async close(): Promise<void> {
    await Promise.all([this.#reads.end({ timeout: 5 }), this.#transactions.end({ timeout: 5 })]);
  }
}
