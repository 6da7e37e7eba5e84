import postgres, { type Sql, type TransactionSql } from "postgres";
import { decideRsvpSeats, decideSeatChange } from "../../core/rules/seats.ts";
import { identityOf, type LodgeIdentity } from "../places.ts";
import * as holds from "./postgres-holds.ts";
import { migratePostgres } from "./postgres-migrations.ts";
import * as timed from "./postgres-timed.ts";
import * as waitlist from "./postgres-waitlist.ts";
import {
  type Column,
  cancelledRsvp,
  contactColumns,
  contactMessage,
  dumpRows,
  eventRsvp,
  eventRsvpColumns,
  eventRsvpState,
  JSON_COLUMNS,
  lodgeIdentityOf,
  type MailSource,
  mailEntry,
  mailSubject,
  orderedSubjectTable,
  outboxText,
  queuedMail,
  type Row,
  recipientOf,
  type Source,
  socialRsvp,
  socialRsvpColumns,
} from "./rows.ts";
import {
  type CancelledBy,
  type CancelledRsvp,
  type ChangeOutcome,
  type ComposedMail,
  type ContactOutcome,
  type ContactRecord,
  type ContactSubmission,
  changedSince,
  type EventRsvpChange,
  type EventRsvpOutcome,
  type EventRsvpRecord,
  type EventRsvpSituation,
  type EventRsvpSubmission,
  FAILURE_SUMMARY_KIND,
  type MailEntry,
  type MailStatus,
  type ManagedEventRsvp,
  type ManagedSocialRsvp,
  type OutboxMail,
  type QueuedMail,
  type RsvpKind,
  type RsvpLimits,
  type SocialRsvpRecord,
  STORE_TABLES,
  StaleOffersError,
  type Store,
  type StoreDump,
  type Stored,
  type StoredResponse,
  StoreUnavailableError,
  type Submission,
  type SubmitOutcome,
  seatsHeldBy,
  situationAsRead,
  type WaitlistOffers,
  type WaitlistSubmission,
  withFound,
} from "./store.ts";

type Tx = TransactionSql;

/**
 * The advisory locks the store takes, each a (class, hashtext(name)) pair held until the
 * transaction ends. A hash collision only makes two unrelated writes wait for each other.
 * Every transaction takes them in this order, so two never wait for each other in a circle.
 */
export const LOCK = { key: 1, event: 2, client: 3, recipient: 4, summary: 5 } as const;

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
const UNAVAILABLE_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "25006",
  "40001",
  "40P01",
]);
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
  return new StoreUnavailableError(
    `the database cannot be used: ${String((error as Error).message)}`,
    { cause: error },
  );
}

/**
 * The store on a PostgreSQL server, for several `lodge serve` instances on one database. Each
 * write is one transaction, committed before its promise resolves. What SQLite gets from its
 * single writer, this store gets from transaction-level advisory locks: the seats of an event are
 * counted and taken under that event's lock, a submission's idempotency keys are looked up and
 * stored under theirs, so two instances never both accept the last seat nor both store a retry.
 * Mail is claimed with FOR UPDATE SKIP LOCKED and leased, so two instances never take the same
 * mail, and a crashed instance's mail is taken over when its lease ends.
 */
export class PostgresStore implements Store {
  /** The reads, each a statement of its own. */
  readonly #sql: Sql;
  /**
   * The transactions, on connections that run nothing else. postgres.js sends a query down a
   * busy connection behind the ones still running there, up to 100; a transaction's BEGIN sent
   * down one as the 100th is never made the transaction's own, and fails with
   * UNSAFE_TRANSACTION (porsager/postgres#823): under a burst, an RSVP answered 500 and was not
   * stored. Connections that only ever run transactions are never busy with anything a BEGIN
   * could be sent behind.
   */
  readonly #transactions: Sql;
  readonly #where: string;
  readonly #now: Date;
  #ready: Promise<void> | undefined;

  /**
   * Connects lazily; the schema is brought up to date before the first query. `max` connections
   * for the transactions (CONNECTIONS otherwise), and a few more for the reads, which share theirs.
   */
  constructor(url: string, now = new Date(), options: { max?: number } = {}) {
    this.#where = shownPostgresUrl(url);
    this.#now = now;
    const connect = (max: number) =>
      postgres(url, {
        max,
        connect_timeout: 10,
        idle_timeout: 60,
        onnotice: () => {},
        connection: SESSION,
      });
    this.#transactions = connect(options.max ?? CONNECTIONS.transactions);
    this.#sql = connect(CONNECTIONS.reads);
  }

  /** Opens the store and brings its schema up to date now, so that a problem shows at start. */
  static async open(url: string, now = new Date()): Promise<PostgresStore> {
    const store = new PostgresStore(url, now);
    try {
      await store.#migrated();
    } catch (error) {
      await store.close();
      throw postgresStoreError(error);
    }
    return store;
  }

  get where(): string {
    return this.#where;
  }

  /** The migrations, run once; tried again on the next call if the server could not be reached. */
  #migrated(): Promise<void> {
    this.#ready ??= migratePostgres(this.#transactions, this.#where, this.#now).catch((error) => {
      this.#ready = undefined;
      throw error;
    });
    return this.#ready;
  }

  /**
   * Runs `work` in a transaction, committed before this resolves. A transaction PostgreSQL undid
   * to settle a race (RACE_LOST_CODES) is run again, whole: every write reads what it decides on
   * inside its transaction, so the second run decides on what the race left. A visitor whose
   * RSVP lost a deadlock gets its answer, not a 503.
   */
  async #write<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    try {
      await this.#migrated();
      for (let attempt = 1; ; attempt++) {
        try {
          return (await this.#transactions.begin(work)) as T;
        } catch (error) {
          if (attempt >= RACE_ATTEMPTS || !RACE_LOST_CODES.has(sqlState(error))) throw error;
        }
      }
    } catch (error) {
      throw postgresStoreError(error);
    }
  }

  /** A write that may offer seats or tell the waiting list; `stale` on StaleOffersError. */
  #offering<T>(work: (tx: Tx) => Promise<T>): Promise<T | { kind: "stale" }> {
    return this.#write(work).catch((error: unknown) => {
      if (error instanceof StaleOffersError) return { kind: "stale" as const };
      throw error;
    });
  }

  /** Queues mails about a row of `source` in the transaction (waitlist.Queue). */
  readonly #queueFor: waitlist.Queue = (tx, source, id, mails, at) =>
    this.#queue(tx, source, id, mails, at);

  async #read<T>(work: (sql: Sql) => Promise<T>): Promise<T> {
    try {
      await this.#migrated();
      return await work(this.#sql);
    } catch (error) {
      throw postgresStoreError(error);
    }
  }

  /**
   * Takes the locks, in sorted order. They are sent at once (one round trip) as soon as this is
   * called: the server runs them in order, and statements sent after them run once they are had.
   */
  async #lock(tx: Tx, kind: keyof typeof LOCK, names: readonly string[]): Promise<void> {
    await Promise.all(
      [...new Set(names)]
        .sort()
        .map((name) => tx`SELECT pg_advisory_xact_lock(${LOCK[kind]}::int, hashtext(${name}))`),
    );
  }

  /** The answer already given to this submission, if any of its keys is known and current. */
  async #previous(
    tx: Tx,
    submission: Submission<unknown>,
  ): Promise<Extract<SubmitOutcome, { kind: "replay" | "key-reused" }> | undefined> {
    const keys = submission.idempotency.keys.map(({ key }) => key);
    if (keys.length === 0) return undefined;
    // Sent together, answered in order: one round trip, the keys looked up once they are locked.
    const [, , rows] = await Promise.all([
      this.#lock(tx, "key", keys),
      tx`DELETE FROM idempotency_keys WHERE expires_at <= ${submission.receivedAt}`,
      tx<{ key: string; request_hash: string; status: number; body: unknown }[]>`
        SELECT key, request_hash, status, body FROM idempotency_keys WHERE key IN ${tx(keys)}`,
    ]);
    for (const key of keys) {
      const row = rows.find((found) => found.key === key);
      if (!row) continue;
      if (row.request_hash !== submission.idempotency.requestHash) return { kind: "key-reused" };
      return { kind: "replay", response: { status: row.status, body: row.body } };
    }
    return undefined;
  }

  /** Inserts the record, its mails and its keys, in the caller's transaction. */
  async #insert(
    tx: Tx,
    source: Source,
    columns: Record<string, Column>,
    submission: Submission<unknown>,
  ): Promise<Extract<SubmitOutcome, { kind: "stored" }>> {
    const id = await this.#insertRow(tx, source, columns);
    await this.#insertAbout(tx, source, id, submission);
    return { kind: "stored", id, response: submission.response };
  }

  /** Inserts the record; its id. */
  async #insertRow(tx: Tx, source: Source, columns: Record<string, Column>): Promise<number> {
    // Lists go to jsonb columns; everything else as the driver types it.
    const row = Object.fromEntries(
      Object.entries(columns).map(([name, value]) => [
        name,
        Array.isArray(value) ? tx.json(value as postgres.JSONValue) : value,
      ]),
    ) as Record<string, postgres.ParameterOrJSON<never>>;
    const [inserted] = await tx<{ id: number }[]>`
      INSERT INTO ${tx(source)} ${tx(row)} RETURNING id`;
    return Number(inserted?.id);
  }

  /** The mails and the keys of the record `id`: one round trip, every statement sent at once. */
  async #insertAbout(
    tx: Tx,
    source: Source,
    id: number | postgres.Fragment,
    submission: Submission<unknown>,
  ): Promise<void> {
    await Promise.all([
      this.#queue(tx, source, id, submission.mails, submission.receivedAt),
      this.#remember(tx, submission, submission.response),
    ]);
  }

  /** Keeps the answer given to a submission, under each of its keys, for its retries. */
  async #remember(
    tx: Tx,
    submission: Pick<Submission<unknown>, "idempotency">,
    response: StoredResponse,
  ): Promise<void> {
    const { requestHash } = submission.idempotency;
    const { status, body } = response;
    await Promise.all(
      submission.idempotency.keys.map(
        ({ key, expiresAt }) => tx`
          INSERT INTO idempotency_keys (key, request_hash, status, body, expires_at)
          VALUES (${key}, ${requestHash}, ${status}, ${tx.json(body as postgres.JSONValue)}, ${expiresAt})
          ON CONFLICT (key) DO UPDATE SET request_hash = EXCLUDED.request_hash,
            status = EXCLUDED.status, body = EXCLUDED.body, expires_at = EXCLUDED.expires_at`,
      ),
    );
  }

  /**
   * Queues mails in the caller's transaction, due at once. A mail that may go to its recipient
   * only once in a while is left out when one of its kind went there within that time; the
   * recipient's lock makes that hold across instances too.
   */
  async #queue(
    tx: Tx,
    source: Source | "lodge",
    sourceId: number | postgres.Fragment | null,
    mails: readonly OutboxMail[],
    at: Date,
  ): Promise<void> {
    const limited = mails.filter((mail) => mail.oncePerRecipientWithinMs !== undefined);
    await this.#lock(tx, "recipient", limited.map(recipientOf));
    const queued: OutboxMail[] = [];
    for (const mail of mails) {
      if (mail.oncePerRecipientWithinMs !== undefined) {
        const since = new Date(at.getTime() - mail.oncePerRecipientWithinMs);
        const [recent] = await tx`
          SELECT 1 FROM outbox WHERE recipient = ${recipientOf(mail)} AND kind = ${mail.kind}
          AND created_at > ${since} LIMIT 1`;
        if (recent) continue;
      }
      queued.push(mail);
    }
    await Promise.all(
      queued.map((mail) => {
        const { raw, order } = outboxText(mail);
        return tx`
          INSERT INTO outbox (created_at, source, source_id, kind, recipient, envelope,
            message_id, raw, mail_order, next_attempt_at)
          VALUES (${at}, ${source}, ${sourceId}, ${mail.kind}, ${recipientOf(mail)},
            ${tx.json(mail.envelope)}, ${mail.messageId}, ${raw},
            ${order && tx.json(order as postgres.JSONValue)}, ${at})`;
      }),
    );
  }

  async addEventRsvp(
    submission: EventRsvpSubmission,
    limits: RsvpLimits,
    offers?: WaitlistOffers,
  ): Promise<EventRsvpOutcome> {
    const { record, receivedAt: at, unconfirmed, linkAgain } = submission;
    const { eventId, email } = record;
    return this.#offering(async (tx): Promise<EventRsvpOutcome> => {
      // One round trip: the submission's keys looked up under their locks, then this event's
      // lock (every instance counts its seats under it, and commits before it lets go) and the
      // counts under it. Sent at once, run in this order, the order in which every transaction
      // takes its locks. Seats an offer to this address holds are its own RSVP's to take.
      const [previous, , current, taken, entry, client] = await Promise.all([
        this.#previous(tx, submission),
        this.#lock(tx, "event", [eventId]),
        holds.currentRsvp(tx, eventId, email),
        waitlist.eventSeats(tx, eventId),
        waitlist.waitingAddressOf(tx, eventId, email),
        holds.confirmedClientSeats(tx, eventId, submission.clientKey),
      ]);
      if (previous) return previous;
      // Nobody replaces an address's RSVP with a form: its holder is mailed the link to it.
      if (current) {
        const mailed =
          linkAgain && (await holds.mailLinkAgain(tx, this.#queueFor, current, linkAgain, at));
        return { kind: "exists", mailed, confirmBy: current.unconfirmed_until ?? undefined };
      }
      if (!situationAsRead(submission, entry)) return { kind: "stale" };
      const counts = { event: taken - seatsHeldBy(entry), client };
      const decision = decideRsvpSeats(record.attendees, counts, limits);
      if (decision.kind === "full") return decision;
      if (decision.kind === "confirm" && !unconfirmed) return decision;
      const held = decision.kind === "confirm" ? unconfirmed : undefined;
      // The RSVP, its mails, its keys and the waiting-list entry it takes the place of: one round
      // trip, for the event's lock is held across each. The writes sent behind the insert name
      // its id as the database knows it then (currval), not as it comes back, a round trip later.
      const id = tx`currval(pg_get_serial_sequence('event_rsvps', 'id'))`;
      const [inserted, , left] = await Promise.all([
        this.#insertRow(tx, "event_rsvps", eventRsvpColumns(submission, held?.until)),
        this.#insertAbout(
          tx,
          "event_rsvps",
          id,
          held
            ? { ...submission, mails: held.mails, response: held.response }
            : {
                ...submission,
                mails: withFound(submission.mails, { clientSeats: client + record.attendees }),
              },
        ),
        waitlist.replaceEntryByRsvp(tx, eventId, email, id, at),
      ]);
      // Fewer seats than the offer it takes the place of: the rest go down the line.
      if (left) await waitlist.settle(tx, this.#queueFor, eventId, at, offers);
      return { kind: "stored", id: inserted, response: held?.response ?? submission.response };
    });
  }

  async eventRsvpSituation(eventId: string, email: string): Promise<EventRsvpSituation> {
    return this.#read(async (sql) => ({
      waitlist: await waitlist.waitingAddressOf(sql, eventId, email),
    }));
  }

  async confirmEventRsvp(id: number, now: Date, mails: OutboxMail[]) {
    return this.#write((tx) =>
      holds.confirm(
        tx,
        this.#queueFor,
        (eventId) => this.#lock(tx, "event", [eventId]),
        id,
        now,
        mails,
      ),
    );
  }

  async lapsingSeats(eventId: string, now: Date) {
    return this.#read((sql) => holds.lapsingSeats(sql, eventId, now));
  }

  async addSocialRsvp(submission: Submission<SocialRsvpRecord>): Promise<SubmitOutcome> {
    return this.#write(
      async (tx) =>
        (await this.#previous(tx, submission)) ??
        this.#insert(tx, "social_rsvps", socialRsvpColumns(submission), submission),
    );
  }

  async addContactMessage(submission: ContactSubmission): Promise<ContactOutcome> {
    const { receivedAt, formToken, untokened, clientKey } = submission;
    return this.#write(async (tx): Promise<ContactOutcome> => {
      const previous = await this.#previous(tx, submission);
      if (previous) return previous;
      if (formToken) {
        await tx`DELETE FROM spent_form_tokens WHERE expires_at <= ${receivedAt}`;
        // The primary key spends a token once, whichever instance the second message reaches.
        const spent = await tx`
          INSERT INTO spent_form_tokens (token_hash, expires_at)
          VALUES (${formToken.hash}, ${formToken.expiresAt}) ON CONFLICT DO NOTHING`;
        if (spent.count === 0) return { kind: "token-spent" };
      } else {
        await this.#lock(tx, "client", [clientKey]);
        const since = new Date(receivedAt.getTime() - untokened.windowMs);
        const [row] = await tx<{ n: number }[]>`
          SELECT COUNT(*)::int AS n FROM contact_messages
          WHERE client_key = ${clientKey} AND NOT with_token AND received_at > ${since}`;
        if ((row?.n ?? 0) >= untokened.max) return { kind: "too-many", ...untokened };
      }
      return this.#insert(tx, "contact_messages", contactColumns(submission), submission);
    });
  }

  async recordSheetRow(table: "event" | "social", requestHash: string, now: Date) {
    const source = table === "event" ? "event_rsvps" : "social_rsvps";
    return this.#write(async (tx) => {
      const updated = await tx`
        UPDATE ${tx(source)} SET sheet_recorded_at = COALESCE(sheet_recorded_at, ${now})
        WHERE id = (SELECT id FROM ${tx(source)} WHERE request_hash = ${requestHash}
          ORDER BY id DESC LIMIT 1)`;
      return updated.count > 0;
    });
  }

  async attendeeCounts(): Promise<Map<string, number>> {
    return this.#read(async (sql) => {
      const rows = await sql<{ event_id: string; n: number }[]>`
        SELECT event_id, SUM(attendees)::int AS n FROM (
          SELECT event_id, seats AS attendees FROM event_seats WHERE seats > 0
          UNION ALL SELECT event_id, attendees FROM waitlist WHERE state = 'offered'
        ) seats GROUP BY event_id`;
      return new Map(rows.map((row) => [row.event_id, row.n]));
    });
  }

  async listEventRsvps(eventId?: string): Promise<Stored<EventRsvpRecord>[]> {
    return this.#read(async (sql) => {
      const rows =
        eventId === undefined
          ? await sql`SELECT * FROM event_rsvps WHERE state = 'current' ORDER BY id`
          : await sql`SELECT * FROM event_rsvps WHERE event_id = ${eventId} AND state = 'current'
              ORDER BY id`;
      return rows.map(eventRsvp);
    });
  }

  async listCancelledEventRsvps(eventId?: string): Promise<CancelledRsvp[]> {
    return this.#read(async (sql) => {
      const rows =
        eventId === undefined
          ? await sql`SELECT * FROM event_rsvps WHERE state = 'cancelled' ORDER BY id`
          : await sql`SELECT * FROM event_rsvps WHERE event_id = ${eventId} AND state = 'cancelled'
              ORDER BY id`;
      return rows.map(cancelledRsvp);
    });
  }

  async getEventRsvp(id: number): Promise<Stored<EventRsvpRecord> | undefined> {
    return this.#read(async (sql) => {
      const [row] = await sql`SELECT * FROM event_rsvps WHERE id = ${id} AND state = 'current'`;
      return row && eventRsvp(row);
    });
  }

  /**
   * Runs `change` on the current RSVP `id` under its event's lock and queues `mails` for it, in
   * one transaction.
   */
  #change(
    id: number,
    now: Date,
    mails: ComposedMail[],
    offers: WaitlistOffers | undefined,
    told: number | undefined,
    change: (tx: Tx, before: Stored<EventRsvpRecord>) => Promise<ChangeOutcome | undefined>,
  ): Promise<ChangeOutcome> {
    return this.#offering(async (tx): Promise<ChangeOutcome> => {
      const [found] = await tx<{ event_id: string }[]>`
        SELECT event_id FROM event_rsvps WHERE id = ${id}`;
      if (!found) return { kind: "not-found" };
      // Read once the lock is had: one round trip.
      const [, [row]] = await Promise.all([
        this.#lock(tx, "event", [found.event_id]),
        tx`SELECT * FROM event_rsvps WHERE id = ${id} AND state = 'current'`,
      ]);
      if (!row) return { kind: "not-found" };
      const before = eventRsvp(row);
      const changed = changedSince(told, before.record);
      if (changed) return changed;
      const refused = await change(tx, before);
      if (refused) return refused;
      await this.#queue(tx, "event_rsvps", id, mails, now);
      await waitlist.settle(tx, this.#queueFor, before.record.eventId, now, offers);
      return { kind: "done", before };
    });
  }

  async cancelEventRsvp(
    id: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    told?: number,
    by: CancelledBy = "secretary",
  ): Promise<ChangeOutcome> {
    return this.#change(id, now, mails, offers, told, async (tx) => {
      // Cancelled while it awaited confirmation, it is cancelled, not lapsed.
      await tx`UPDATE event_rsvps SET state = 'cancelled', ended_at = ${now}, ended_by = ${by},
        unconfirmed_until = NULL WHERE id = ${id}`;
      return undefined;
    });
  }

  async changeEventRsvpAttendees(
    id: number,
    attendees: number,
    guestLimit: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    told?: number,
  ): Promise<ChangeOutcome> {
    return this.#change(id, now, mails, offers, told, async (tx, before) => {
      const decision = decideSeatChange(
        before.record.attendees,
        attendees,
        await waitlist.eventSeats(tx, before.record.eventId),
        guestLimit,
      );
      if (decision.kind !== "fits") return decision;
      await tx`UPDATE event_rsvps SET attendees = ${attendees} WHERE id = ${id}`;
      return undefined;
    });
  }

  async findEventRsvpByToken(tokenHash: string): Promise<ManagedEventRsvp | undefined> {
    return this.#read(async (sql) => {
      // The link of its confirmation, or the one mailed again when its form was sent once more.
      const [row] = await sql`SELECT * FROM event_rsvps
        WHERE manage_token_hash = ${tokenHash} OR resent_token_hash = ${tokenHash}`;
      return row && { rsvp: eventRsvp(row), state: eventRsvpState(row) };
    });
  }

  async changeEventRsvp(
    id: number,
    change: EventRsvpChange,
    guestLimit: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    told?: number,
  ): Promise<ChangeOutcome> {
    return this.#change(id, now, mails, offers, told, async (tx, before) => {
      const decision = decideSeatChange(
        before.record.attendees,
        change.attendees,
        await waitlist.eventSeats(tx, before.record.eventId),
        guestLimit,
      );
      if (decision.kind !== "fits") return decision;
      await tx`UPDATE event_rsvps SET attendees = ${change.attendees}, dinner = ${change.dinner},
        meals = ${change.meals}, meal_counts = ${tx.json(change.mealCounts as unknown as postgres.JSONValue)}
        WHERE id = ${id}`;
      return undefined;
    });
  }

  async joinWaitlist(submission: WaitlistSubmission, limits: RsvpLimits) {
    return this.#write(async (tx) => {
      const previous = await this.#previous(tx, {
        ...submission,
        response: { status: 200, body: {} },
      });
      if (previous) return previous;
      await this.#lock(tx, "event", [submission.record.eventId]);
      return waitlist.join(tx, this.#queueFor, submission, limits, (response) =>
        this.#remember(tx, submission, response),
      );
    });
  }

  async findWaitlistEntryByToken(tokenHash: string) {
    return this.#read((sql) => waitlist.findByToken(sql, tokenHash));
  }

  async listWaitlist(eventId?: string) {
    return this.#read((sql) => waitlist.list(sql, eventId));
  }

  /** Runs `work` on a waiting-list entry under its event's lock. */
  #onEntry<T>(entryId: number, missing: T, work: (tx: Tx) => Promise<T>) {
    return this.#offering(async (tx) => {
      const eventId = await waitlist.eventOf(tx, entryId);
      if (eventId === undefined) return missing;
      await this.#lock(tx, "event", [eventId]);
      return work(tx);
    });
  }

  async claimOffer(...[entryId, claim]: Parameters<Store["claimOffer"]>) {
    return this.#offering(async (tx) => {
      const eventId = await waitlist.eventOf(tx, entryId);
      if (eventId !== undefined) await this.#lock(tx, "event", [eventId]);
      return waitlist.claim(tx, this.#queueFor, entryId, claim);
    });
  }

  async leaveWaitlist(...[entryId, now, mails, offers, from]: Parameters<Store["leaveWaitlist"]>) {
    return this.#onEntry(entryId, { kind: "not-found" as const }, (tx) =>
      waitlist.leave(tx, this.#queueFor, entryId, now, mails, offers, from),
    );
  }

  async waitlistDue(now: Date, guestLimit: number) {
    return this.#read((sql) => waitlist.due(sql, now, guestLimit));
  }

  async settleWaitlist(eventId: string, now: Date, offers?: WaitlistOffers) {
    return this.#offering(async (tx) => {
      await this.#lock(tx, "event", [eventId]);
      const done = await waitlist.settle(tx, this.#queueFor, eventId, now, offers);
      return { kind: "settled" as const, ...done };
    });
  }

  async findSocialRsvpByToken(tokenHash: string): Promise<ManagedSocialRsvp | undefined> {
    return this.#read(async (sql) => {
      const [row] = await sql`SELECT * FROM social_rsvps WHERE manage_token_hash = ${tokenHash}`;
      return (
        row && { rsvp: socialRsvp(row), state: row.state === "cancelled" ? "cancelled" : "current" }
      );
    });
  }

  async changeSocialRsvp(
    ...[id, attendees, now, mails, told]: Parameters<Store["changeSocialRsvp"]>
  ) {
    return this.#write(async (tx): ReturnType<Store["changeSocialRsvp"]> => {
      const [found] = await tx<{ attendees: number }[]>`
        SELECT attendees FROM social_rsvps WHERE id = ${id} AND state = 'current' FOR UPDATE`;
      if (!found) return { kind: "not-found" };
      const changed = changedSince(told, found);
      if (changed) return changed;
      await (attendees === 0
        ? tx`UPDATE social_rsvps SET state = 'cancelled', ended_at = ${now} WHERE id = ${id}`
        : tx`UPDATE social_rsvps SET attendees = ${attendees} WHERE id = ${id}`);
      await this.#queue(tx, "social_rsvps", id, mails, now);
      return { kind: "done" };
    });
  }

  async listSocialRsvps(outingId?: string): Promise<Stored<SocialRsvpRecord>[]> {
    return this.#read(async (sql) => {
      const rows =
        outingId === undefined
          ? await sql`SELECT * FROM social_rsvps WHERE state = 'current' ORDER BY id`
          : await sql`SELECT * FROM social_rsvps
              WHERE outing_id = ${outingId} AND state = 'current' ORDER BY id`;
      return rows.map(socialRsvp);
    });
  }

  async listContactMessages(): Promise<Stored<ContactRecord>[]> {
    return this.#read(async (sql) => {
      const rows = await sql`SELECT * FROM contact_messages ORDER BY id`;
      return rows.map(contactMessage);
    });
  }

  async claimDueMail(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
    return this.#write(async (tx) => {
      // SKIP LOCKED: a mail another instance is claiming right now is left to it, not waited for.
      const rows = await tx<Row[]>`
        WITH due AS (
          SELECT id, next_attempt_at FROM outbox
          WHERE status = 'pending' AND next_attempt_at <= ${now}
          ORDER BY next_attempt_at, id LIMIT ${limit}
          FOR UPDATE SKIP LOCKED
        )
        UPDATE outbox SET attempts = outbox.attempts + 1, next_attempt_at = ${leaseUntil}
        FROM due WHERE outbox.id = due.id
        RETURNING outbox.id, outbox.kind, outbox.envelope, outbox.message_id, outbox.raw,
          outbox.mail_order, outbox.source, outbox.source_id,
          outbox.attempts - 1 AS attempts, due.next_attempt_at AS due_at`;
      const sorted = [...rows].sort(
        (a, b) =>
          (a.due_at as Date).getTime() - (b.due_at as Date).getTime() ||
          Number(a.id) - Number(b.id),
      );
      return Promise.all(
        sorted.map(async (row) => {
          const table = orderedSubjectTable(row.source as MailSource, String(row.kind));
          if (row.mail_order === null || !table) return queuedMail(row);
          const [about] = await tx<
            Row[]
          >`SELECT * FROM ${tx(table)} WHERE id = ${Number(row.source_id)}`;
          return queuedMail(row, mailSubject(table, about));
        }),
      );
    });
  }

  async markMailSent(id: number, now: Date, writtenTo?: string): Promise<void> {
    await this.#write(async (tx) => {
      const [mail] = await tx<{ source: Source | "lodge"; source_id: number | null }[]>`
        UPDATE outbox SET status = 'sent', sent_at = ${now}, last_error = NULL, mail_order = NULL,
          written_to = ${writtenTo ?? null}
        WHERE id = ${id}
        RETURNING source, source_id`;
      if (!mail || mail.source === "lodge" || mail.source_id === null) return;
      // Two instances marking the last two mails of one RSVP: the second waits for the first,
      // then counts what it committed, so the RSVP is marked mailed.
      await tx`SELECT 1 FROM ${tx(mail.source)} WHERE id = ${mail.source_id} FOR UPDATE`;
      const [row] = await tx<{ unsent: number }[]>`
        SELECT COUNT(*)::int AS unsent FROM outbox
        WHERE source = ${mail.source} AND source_id = ${mail.source_id} AND status != 'sent'`;
      if (row?.unsent === 0) {
        await tx`UPDATE ${tx(mail.source)} SET status = 'mailed' WHERE id = ${mail.source_id}`;
      }
    });
  }

  async deferMail(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#write(
      (tx) => tx`UPDATE outbox SET last_error = ${error}, next_attempt_at = ${nextAttemptAt}
        WHERE id = ${id}`,
    );
  }

  async failMail(id: number, error: string, now: Date): Promise<void> {
    await this.#write(
      (tx) => tx`UPDATE outbox SET status = 'failed', last_error = ${error}, failed_at = ${now}
        WHERE id = ${id} AND status = 'pending'`,
    );
  }

  async retryMail(id: number, now: Date): Promise<boolean> {
    return this.#write(async (tx) => {
      const updated = await tx`
        UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ${now},
          failed_at = NULL, reported_at = NULL
        WHERE id = ${id} AND status != 'sent'`;
      return updated.count > 0;
    });
  }

  async nextMailDue(): Promise<Date | undefined> {
    return this.#read(async (sql) => {
      const [row] = await sql<{ due: Date | null }[]>`
        SELECT MIN(next_attempt_at) AS due FROM outbox WHERE status = 'pending'`;
      return row?.due ?? undefined;
    });
  }

  async mailCounts(): Promise<{ pending: number; sent: number; failed: number }> {
    return this.#read(async (sql) => {
      const rows = await sql<{ status: string; n: number }[]>`
        SELECT status, COUNT(*)::int AS n FROM outbox GROUP BY status`;
      const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { pending: count("pending"), sent: count("sent"), failed: count("failed") };
    });
  }

  async listMail(status?: MailStatus): Promise<MailEntry[]> {
    return this.#read(async (sql) => {
      const rows =
        status === undefined
          ? await sql`SELECT * FROM outbox ORDER BY id DESC`
          : await sql`SELECT * FROM outbox WHERE status = ${status} ORDER BY id DESC`;
      return rows.map(mailEntry);
    });
  }

  async unreportedFailures(): Promise<MailEntry[]> {
    return this.#read(async (sql) => {
      const rows = await sql`
        SELECT * FROM outbox WHERE status = 'failed' AND reported_at IS NULL
        AND kind != ${FAILURE_SUMMARY_KIND} ORDER BY id`;
      return rows.map(mailEntry);
    });
  }

  async queueFailureSummary(
    mail: ComposedMail,
    reported: number[],
    now: Date,
    intervalMs: number,
  ): Promise<boolean> {
    return this.#write(async (tx) => {
      await this.#lock(tx, "summary", [FAILURE_SUMMARY_KIND]);
      const last = await this.#lastSummary(tx);
      if (last && now.getTime() - last.getTime() < intervalMs) return false;
      const marked = await tx`
        UPDATE outbox SET reported_at = ${now}
        WHERE id IN ${tx(reported.length > 0 ? reported : [0])} AND status = 'failed'
        AND reported_at IS NULL`;
      // Another instance reported them first.
      if (marked.count === 0) return false;
      await this.#queue(tx, "lodge", null, [mail], now);
      return true;
    });
  }

  async #lastSummary(sql: Sql | Tx): Promise<Date | undefined> {
    const [row] = await sql<{ at: Date | null }[]>`
      SELECT MAX(created_at) AS at FROM outbox WHERE kind = ${FAILURE_SUMMARY_KIND}`;
    return row?.at ?? undefined;
  }

  async lastFailureSummary(): Promise<Date | undefined> {
    return this.#read((sql) => this.#lastSummary(sql));
  }

  async unremindedRsvps<K extends RsvpKind>(
    kind: K,
    subjectId: string,
    eventDate: string,
    receivedBefore: Date,
  ) {
    return this.#read((sql) =>
      timed.unremindedRsvps(sql, kind, subjectId, eventDate, receivedBefore),
    );
  }

  async queueReminder(...args: Parameters<Store["queueReminder"]>) {
    const queue = (tx: Tx, source: Source, id: number, mails: ComposedMail[], at: Date) =>
      this.#queue(tx, source, id, mails, at);
    return this.#write((tx) => timed.queueReminder(tx, queue, ...args));
  }

  async personalData() {
    return this.#read((sql) => timed.personalData(sql));
  }

  async eraseRsvps(kind: RsvpKind, subject: string, now: Date) {
    return this.#write(async (tx) => {
      if (kind === "event") await waitlist.erase(tx, subject, now);
      return timed.eraseRsvps(tx, kind, subject, now);
    });
  }

  async eraseMessages(receivedBefore: Date, now: Date) {
    return this.#write((tx) => timed.eraseMessages(tx, receivedBefore, now));
  }

  async listErasures() {
    return this.#read((sql) => timed.listErasures(sql));
  }

  async lodgeIdentity(): Promise<LodgeIdentity | undefined> {
    return this.#read(async (sql) => {
      const [row] = await sql`SELECT value FROM lodge_meta WHERE key = 'lodge'`;
      return row ? lodgeIdentityOf(row.value) : undefined;
    });
  }

  async claimLodge(identity: LodgeIdentity): Promise<void> {
    const { number, name } = identityOf(identity);
    await this.#write(async (tx) => {
      await tx`INSERT INTO lodge_meta (key, value) VALUES ('lodge', ${tx.json({ number, name })})
        ON CONFLICT (key) DO UPDATE SET value = excluded.value`;
    });
  }

  async dump(): Promise<StoreDump> {
    return this.#read(async (sql) => {
      const dump = {} as StoreDump;
      for (const table of STORE_TABLES) {
        dump[table] = dumpRows(table, await sql`SELECT * FROM ${sql(table)}`);
      }
      return dump;
    });
  }

  async restore(dump: StoreDump): Promise<void> {
    await this.#write(async (tx) => {
      for (const table of STORE_TABLES) {
        const [held] = await tx`SELECT 1 FROM ${tx(table)} LIMIT 1`;
        if (held)
          throw new Error(
            `${this.#where} already holds data (${table}); copy into an empty database`,
          );
      }
      for (const table of STORE_TABLES) {
        const rows = dump[table].map((row) =>
          Object.fromEntries(
            Object.entries(row).map(([name, value]) => [
              name,
              JSON_COLUMNS.has(name) && value !== null
                ? tx.json(value as postgres.JSONValue)
                : value,
            ]),
          ),
        ) as Record<string, postgres.ParameterOrJSON<never>>[];
        // Under PostgreSQL's limit of 65,535 parameters a statement.
        for (let i = 0; i < rows.length; i += 500) {
          await tx`INSERT INTO ${tx(table)} ${tx(rows.slice(i, i + 500))}`;
        }
        if (table !== "idempotency_keys" && table !== "spent_form_tokens") {
          await tx`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
            (SELECT COALESCE(MAX(id), 0) + 1 FROM ${tx(table)}), false)`;
        }
      }
    });
  }

  /** Waits for the queries under way (a few seconds at most), then closes the connections. */
  async close(): Promise<void> {
    await Promise.all([this.#sql.end({ timeout: 5 }), this.#transactions.end({ timeout: 5 })]);
  }
}
