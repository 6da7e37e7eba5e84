import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite";
// Node's own, not the global a test's fake clock may replace: a write never waits for a clock.
import { setImmediate as soon } from "node:timers";
import { decideRsvpSeats, decideSeatChange } from "../../core/rules/seats.ts";
import { identityOf, type LodgeIdentity } from "../places.ts";
import { migrate } from "./migrations.ts";
import {
  type Column,
  cancelledRsvp,
  contactColumns,
  contactMessage,
  dumpRows,
  eventRsvp,
  eventRsvpChangeColumns,
  eventRsvpColumns,
  eventRsvpState,
  JSON_COLUMNS,
  lodgeIdentityOf,
  type MailSource,
  mailEntry,
  mailSubject,
  orderedSubjectTable,
  queuedMail,
  type Source,
  socialRsvp,
  socialRsvpColumns,
} from "./rows.ts";
import * as holds from "./sqlite-holds.ts";
import { failedMail, queueMails } from "./sqlite-outbox.ts";
import * as timed from "./sqlite-timed.ts";
import * as waitlist from "./sqlite-waitlist.ts";
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

type Row = Record<string, SQLInputValue>;
type Found = Record<string, string | number | null>;

const BUSY_TIMEOUT_MS = 5000;

/** A value in SQLite's types: moments as ISO text, flags as 0 or 1, lists as JSON text. */
function sqliteValue(value: Column | Buffer): SQLInputValue {
  return value instanceof Date
    ? value.toISOString()
    : typeof value === "boolean"
      ? Number(value)
      : Array.isArray(value)
        ? JSON.stringify(value)
        : (value as SQLInputValue);
}

function sqliteRow(columns: Record<string, Column>): Row {
  return Object.fromEntries(
    Object.entries(columns).map(([name, value]) => [name, sqliteValue(value)]),
  );
}

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
  return new StoreUnavailableError(
    `the database cannot be used: ${String((error as Error).message)}`,
    {
      cause: error,
    },
  );
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
  work: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * The store in one SQLite file: WAL, so readers never wait for the writer; synchronous=FULL, so a
 * committed submission survives a power cut; every write transaction begins IMMEDIATE, taking the
 * write lock before it reads, so two writers (even in two processes) cannot both read the same
 * attendee count and both insert.
 */
export class SqliteStore implements Store {
  readonly #db: DatabaseSync;
  /**
   * Each statement the store runs, compiled once: compiling SQL costs more than running these
   * small statements, and an RSVP runs a handful of them.
   */
  readonly #statements = new Map<string, StatementSync>();

  constructor(file: string, now = new Date()) {
    if (file !== ":memory:") mkdirSync(dirname(file), { recursive: true });
    this.#db = new DatabaseSync(file, { timeout: BUSY_TIMEOUT_MS });
    whenUnlocked(() => this.#db.exec("PRAGMA journal_mode = WAL"));
    this.#db.exec("PRAGMA synchronous = FULL");
    this.#db.exec("PRAGMA foreign_keys = ON");
    migrate(this.#db, file, now);
  }

  /** Writes waiting for the next commit, in the order they came. */
  #pending: PendingWrite[] = [];

  /**
   * Runs `work` in a write transaction that holds the lock from its first statement, and
   * resolves once that transaction is committed (so on disk). Group commit: every write asked
   * for while the server handles the requests that have arrived runs in one transaction, each
   * in a savepoint of its own (a failing one undoes only itself), then one COMMIT, one fsync,
   * for all. Under load that turns one disk flush per RSVP into one per burst; alone, a write
   * waits for nothing but the turn of the event loop it was asked in.
   */
  #write<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#pending.push({
        work,
        resolve: resolve as (value: unknown) => void,
        reject: (error) => reject(storeError(error)),
      });
      if (this.#pending.length === 1) soon(() => this.#commit());
    });
  }

  /** A read, with the driver's errors told apart as the contract says. */
  #read<T>(work: () => T): Promise<T> {
    try {
      return Promise.resolve(work());
    } catch (error) {
      return Promise.reject(storeError(error));
    }
  }

  /** The compiled statement of `sql`, made on first use. */
  #statement(sql: string): StatementSync {
    let statement = this.#statements.get(sql);
    if (!statement) {
      statement = this.#db.prepare(sql);
      this.#statements.set(sql, statement);
    }
    return statement;
  }

  /** Runs the pending writes in one transaction; each settles once it is committed. */
  #commit(): void {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.#statement("BEGIN IMMEDIATE").run();
      for (const { work } of batch) {
        this.#statement("SAVEPOINT one").run();
        try {
          results.push({ ok: true, value: work() });
          this.#statement("RELEASE one").run();
        } catch (error) {
          // An I/O error (a full disk) makes SQLite roll the whole transaction back: the batch
          // failed as a whole, for that reason.
          if (!this.#db.isTransaction) throw error;
          this.#statement("ROLLBACK TO one").run();
          this.#statement("RELEASE one").run();
          results.push({ ok: false, error });
        }
      }
      this.#statement("COMMIT").run();
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

  /** The answer already given to this submission, if any of its keys is known and current. */
  #previous(
    submission: Submission<unknown>,
  ): Extract<SubmitOutcome, { kind: "replay" | "key-reused" }> | undefined {
    const now = submission.receivedAt.getTime();
    this.#statement("DELETE FROM idempotency_keys WHERE expires_at <= ?").run(now);
    const find = this.#statement(
      "SELECT request_hash, status, body FROM idempotency_keys WHERE key = ?",
    );
    for (const { key } of submission.idempotency.keys) {
      const row = find.get(key) as
        | { request_hash: string; status: number; body: string }
        | undefined;
      if (!row) continue;
      if (row.request_hash !== submission.idempotency.requestHash) return { kind: "key-reused" };
      return { kind: "replay", response: { status: row.status, body: JSON.parse(row.body) } };
    }
    return undefined;
  }

  /** Inserts the record, its mails and its keys; the caller holds the write transaction. */
  #insert(
    source: Source,
    row: Row,
    submission: Submission<unknown>,
  ): Extract<SubmitOutcome, { kind: "stored" }> {
    const columns = Object.keys(row);
    const { lastInsertRowid } = this.#statement(
      `INSERT INTO ${source} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
    ).run(...Object.values(row));
    const id = Number(lastInsertRowid);
    queueMails(this.#db, source, id, submission.mails, submission.receivedAt);
    this.#remember(submission, submission.response);
    return { kind: "stored", id, response: submission.response };
  }

  /** Keeps the answer given to a submission, under each of its keys, for its retries. */
  #remember(submission: Pick<Submission<unknown>, "idempotency">, response: StoredResponse): void {
    const remember = this.#statement(
      "INSERT OR REPLACE INTO idempotency_keys (key, request_hash, status, body, expires_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const { key, expiresAt } of submission.idempotency.keys) {
      remember.run(
        key,
        submission.idempotency.requestHash,
        response.status,
        JSON.stringify(response.body),
        expiresAt.getTime(),
      );
    }
  }

  async addEventRsvp(
    submission: EventRsvpSubmission,
    limits: RsvpLimits,
    offers?: WaitlistOffers,
  ): Promise<EventRsvpOutcome> {
    const { record, receivedAt, unconfirmed, linkAgain } = submission;
    const { eventId, email } = record;
    return this.#offering((): EventRsvpOutcome => {
      const previous = this.#previous(submission);
      if (previous) return previous;
      // Nobody replaces an address's RSVP with a form: its holder is mailed the link to it.
      const current = holds.currentRsvp(this.#db, eventId, email);
      if (current) {
        const mailed = linkAgain && holds.mailLinkAgain(this.#db, current, linkAgain, receivedAt);
        const confirmBy = current.unconfirmed_until ?? undefined;
        return { kind: "exists", mailed, confirmBy: confirmBy ? new Date(confirmBy) : undefined };
      }
      // Seats an offer to this address holds are its own RSVP's to take.
      const entry = waitlist.waitingAddressOf(this.#db, eventId, email);
      if (!situationAsRead(submission, entry)) return { kind: "stale" };
      const counts = {
        event: waitlist.eventSeats(this.#db, eventId) - seatsHeldBy(entry),
        client: holds.confirmedClientSeats(this.#db, eventId, submission.clientKey),
      };
      const decision = decideRsvpSeats(record.attendees, counts, limits);
      if (decision.kind === "full") return decision;
      let stored: Extract<EventRsvpOutcome, { kind: "stored" }>;
      if (decision.kind === "confirm") {
        if (!unconfirmed) return decision;
        stored = this.#insert(
          "event_rsvps",
          sqliteRow(eventRsvpColumns(submission, unconfirmed.until)),
          { ...submission, mails: unconfirmed.mails, response: unconfirmed.response },
        );
      } else {
        const clientSeats = counts.client + record.attendees;
        stored = this.#insert("event_rsvps", sqliteRow(eventRsvpColumns(submission)), {
          ...submission,
          mails: withFound(submission.mails, { clientSeats }),
        });
      }
      // Fewer seats than the offer it takes the place of: the rest go down the line.
      if (waitlist.replaceEntryByRsvp(this.#db, eventId, email, stored.id, receivedAt)) {
        waitlist.settle(this.#db, eventId, receivedAt, offers);
      }
      return stored;
    });
  }

  async confirmEventRsvp(id: number, now: Date, mails: OutboxMail[]) {
    return this.#write(() => holds.confirm(this.#db, id, now, mails));
  }

  async lapsingSeats(eventId: string, now: Date) {
    return this.#read(() => holds.lapsingSeats(this.#db, eventId, now));
  }

  /** A write that may offer seats or tell the waiting list; `stale` on StaleOffersError. */
  #offering<T>(work: () => T): Promise<T | { kind: "stale" }> {
    return this.#write(work).catch((error: unknown) => {
      if (error instanceof StaleOffersError) return { kind: "stale" as const };
      throw error;
    });
  }

  async eventRsvpSituation(eventId: string, email: string): Promise<EventRsvpSituation> {
    return this.#read(() => ({ waitlist: waitlist.waitingAddressOf(this.#db, eventId, email) }));
  }

  async addSocialRsvp(submission: Submission<SocialRsvpRecord>): Promise<SubmitOutcome> {
    return this.#write(
      () =>
        this.#previous(submission) ??
        this.#insert("social_rsvps", sqliteRow(socialRsvpColumns(submission)), submission),
    );
  }

  async addContactMessage(submission: ContactSubmission): Promise<ContactOutcome> {
    const { receivedAt, formToken, untokened, clientKey } = submission;
    return this.#write((): ContactOutcome => {
      const previous = this.#previous(submission);
      if (previous) return previous;
      if (formToken) {
        this.#statement("DELETE FROM spent_form_tokens WHERE expires_at <= ?").run(
          receivedAt.getTime(),
        );
        const spent = this.#statement(
          "INSERT OR IGNORE INTO spent_form_tokens (token_hash, expires_at) VALUES (?, ?)",
        ).run(formToken.hash, formToken.expiresAt.getTime());
        if (spent.changes === 0) return { kind: "token-spent" };
      } else {
        const since = new Date(receivedAt.getTime() - untokened.windowMs).toISOString();
        const { n } = this.#statement(
          "SELECT COUNT(*) AS n FROM contact_messages WHERE client_key = ? AND with_token = 0 AND received_at > ?",
        ).get(clientKey, since) as { n: number };
        if (n >= untokened.max) return { kind: "too-many", ...untokened };
      }
      return this.#insert("contact_messages", sqliteRow(contactColumns(submission)), submission);
    });
  }

  async recordSheetRow(table: "event" | "social", requestHash: string, now: Date) {
    const source = table === "event" ? "event_rsvps" : "social_rsvps";
    return this.#write(() => {
      const row = this.#statement(
        `SELECT id FROM ${source} WHERE request_hash = ? ORDER BY id DESC LIMIT 1`,
      ).get(requestHash) as { id: number } | undefined;
      if (!row) return false;
      this.#statement(
        `UPDATE ${source} SET sheet_recorded_at = COALESCE(sheet_recorded_at, ?) WHERE id = ?`,
      ).run(now.toISOString(), row.id);
      return true;
    });
  }

  async attendeeCounts(): Promise<Map<string, number>> {
    return this.#read(() => {
      const rows = this.#statement(
        `SELECT event_id, SUM(attendees) AS n FROM (
           SELECT event_id, seats AS attendees FROM event_seats WHERE seats > 0
           UNION ALL SELECT event_id, attendees FROM waitlist WHERE state = 'offered'
         ) GROUP BY event_id`,
      ).all() as { event_id: string; n: number }[];
      return new Map(rows.map((row) => [row.event_id, row.n]));
    });
  }

  async listEventRsvps(eventId?: string): Promise<Stored<EventRsvpRecord>[]> {
    return this.#read(() => {
      const rows = (
        eventId === undefined
          ? this.#statement("SELECT * FROM event_rsvps WHERE state = 'current' ORDER BY id").all()
          : this.#statement(
              "SELECT * FROM event_rsvps WHERE event_id = ? AND state = 'current' ORDER BY id",
            ).all(eventId)
      ) as Found[];
      return rows.map(eventRsvp);
    });
  }

  async listCancelledEventRsvps(eventId?: string): Promise<CancelledRsvp[]> {
    return this.#read(() => {
      const rows = (
        eventId === undefined
          ? this.#statement("SELECT * FROM event_rsvps WHERE state = 'cancelled' ORDER BY id").all()
          : this.#statement(
              "SELECT * FROM event_rsvps WHERE event_id = ? AND state = 'cancelled' ORDER BY id",
            ).all(eventId)
      ) as Found[];
      return rows.map(cancelledRsvp);
    });
  }

  async getEventRsvp(id: number): Promise<Stored<EventRsvpRecord> | undefined> {
    return this.#read(() => {
      const row = this.#statement(
        "SELECT * FROM event_rsvps WHERE id = ? AND state = 'current'",
      ).get(id) as Found | undefined;
      return row && eventRsvp(row);
    });
  }

  /** Runs `change` on the current RSVP `id` and queues `mails` for it, in one transaction. */
  #change(
    id: number,
    now: Date,
    mails: ComposedMail[],
    offers: WaitlistOffers | undefined,
    told: number | undefined,
    change: (before: Stored<EventRsvpRecord>) => ChangeOutcome | undefined,
  ): Promise<ChangeOutcome> {
    return this.#offering((): ChangeOutcome => {
      const row = this.#statement(
        "SELECT * FROM event_rsvps WHERE id = ? AND state = 'current'",
      ).get(id) as Found | undefined;
      if (!row) return { kind: "not-found" };
      const before = eventRsvp(row);
      const changed = changedSince(told, before.record);
      if (changed) return changed;
      const refused = change(before);
      if (refused) return refused;
      queueMails(this.#db, "event_rsvps", id, mails, now);
      waitlist.settle(this.#db, before.record.eventId, now, offers);
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
    return this.#change(id, now, mails, offers, told, () => {
      // Cancelled while it awaited confirmation, it is cancelled, not lapsed.
      this.#statement(
        "UPDATE event_rsvps SET state = 'cancelled', ended_at = ?, ended_by = ?, unconfirmed_until = NULL WHERE id = ?",
      ).run(now.toISOString(), by, id);
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
    return this.#change(id, now, mails, offers, told, (before) => {
      const decision = decideSeatChange(
        before.record.attendees,
        attendees,
        waitlist.eventSeats(this.#db, before.record.eventId),
        guestLimit,
      );
      if (decision.kind !== "fits") return decision;
      this.#statement("UPDATE event_rsvps SET attendees = ? WHERE id = ?").run(attendees, id);
      return undefined;
    });
  }

  async findEventRsvpByToken(tokenHash: string): Promise<ManagedEventRsvp | undefined> {
    return this.#read(() => {
      // The link of its confirmation, or the one mailed again when its form was sent once more.
      const row = this.#statement(
        "SELECT * FROM event_rsvps WHERE manage_token_hash = ? OR resent_token_hash = ?",
      ).get(tokenHash, tokenHash) as Found | undefined;
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
    return this.#change(id, now, mails, offers, told, (before) => {
      const decision = decideSeatChange(
        before.record.attendees,
        change.attendees,
        waitlist.eventSeats(this.#db, before.record.eventId),
        guestLimit,
      );
      if (decision.kind !== "fits") return decision;
      const columns = sqliteRow(eventRsvpChangeColumns(change));
      this.#statement(
        `UPDATE event_rsvps SET ${Object.keys(columns)
          .map((name) => `${name} = ?`)
          .join(", ")} WHERE id = ?`,
      ).run(...(Object.values(columns) as SQLInputValue[]), id);
      return undefined;
    });
  }

  async joinWaitlist(submission: WaitlistSubmission, limits: RsvpLimits) {
    return this.#write(() => {
      const previous = this.#previous({ ...submission, response: { status: 200, body: {} } });
      if (previous) return previous;
      return waitlist.join(this.#db, submission, limits, (response) =>
        this.#remember(submission, response),
      );
    });
  }

  async findWaitlistEntryByToken(tokenHash: string) {
    return this.#read(() => waitlist.findByToken(this.#db, tokenHash));
  }

  async listWaitlist(eventId?: string) {
    return this.#read(() => waitlist.list(this.#db, eventId));
  }

  async claimOffer(...args: Parameters<Store["claimOffer"]>) {
    return this.#offering(() => waitlist.claim(this.#db, ...args));
  }

  async leaveWaitlist(...args: Parameters<Store["leaveWaitlist"]>) {
    return this.#offering(() => waitlist.leave(this.#db, ...args));
  }

  async waitlistDue(now: Date, guestLimit: number) {
    return this.#read(() => waitlist.due(this.#db, now, guestLimit));
  }

  async settleWaitlist(eventId: string, now: Date, offers?: WaitlistOffers) {
    return this.#offering(() => ({
      kind: "settled" as const,
      ...waitlist.settle(this.#db, eventId, now, offers),
    }));
  }

  async findSocialRsvpByToken(tokenHash: string): Promise<ManagedSocialRsvp | undefined> {
    return this.#read(() => {
      const row = this.#statement("SELECT * FROM social_rsvps WHERE manage_token_hash = ?").get(
        tokenHash,
      ) as Found | undefined;
      return (
        row && { rsvp: socialRsvp(row), state: row.state === "cancelled" ? "cancelled" : "current" }
      );
    });
  }

  async changeSocialRsvp(
    ...[id, attendees, now, mails, told]: Parameters<Store["changeSocialRsvp"]>
  ) {
    return this.#write((): Awaited<ReturnType<Store["changeSocialRsvp"]>> => {
      const found = this.#statement(
        "SELECT attendees FROM social_rsvps WHERE id = ? AND state = 'current'",
      ).get(id) as { attendees: number } | undefined;
      if (!found) return { kind: "not-found" };
      const changed = changedSince(told, found);
      if (changed) return changed;
      if (attendees === 0) {
        this.#statement(
          "UPDATE social_rsvps SET state = 'cancelled', ended_at = ? WHERE id = ?",
        ).run(now.toISOString(), id);
      } else {
        this.#statement("UPDATE social_rsvps SET attendees = ? WHERE id = ?").run(attendees, id);
      }
      queueMails(this.#db, "social_rsvps", id, mails, now);
      return { kind: "done" };
    });
  }

  async listSocialRsvps(outingId?: string): Promise<Stored<SocialRsvpRecord>[]> {
    return this.#read(() => {
      const rows = (
        outingId === undefined
          ? this.#statement("SELECT * FROM social_rsvps WHERE state = 'current' ORDER BY id").all()
          : this.#statement(
              "SELECT * FROM social_rsvps WHERE outing_id = ? AND state = 'current' ORDER BY id",
            ).all(outingId)
      ) as Found[];
      return rows.map(socialRsvp);
    });
  }

  async listContactMessages(): Promise<Stored<ContactRecord>[]> {
    return this.#read(() => {
      const rows = this.#statement("SELECT * FROM contact_messages ORDER BY id").all() as Found[];
      return rows.map(contactMessage);
    });
  }

  async claimDueMail(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
    return this.#write(() => {
      const rows = this.#statement(
        `SELECT id, kind, envelope, message_id, raw, mail_order, attempts, source, source_id
           FROM outbox WHERE status = 'pending' AND next_attempt_at <= ?
           ORDER BY next_attempt_at, id LIMIT ?`,
      ).all(now.getTime(), limit) as Row[];
      const lease = this.#statement(
        "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
      );
      for (const row of rows) lease.run(leaseUntil.getTime(), row.id as number);
      return rows.map((row) => {
        const table = orderedSubjectTable(row.source as MailSource, String(row.kind));
        if (row.mail_order === null || !table) return queuedMail(row);
        const about = this.#statement(`SELECT * FROM ${table} WHERE id = ?`).get(
          row.source_id as number,
        ) as Found | undefined;
        return queuedMail(row, mailSubject(table, about));
      });
    });
  }

  async markMailSent(id: number, now: Date, writtenTo?: string): Promise<void> {
    await this.#write(() => {
      // An ordered mail's order (a manage link's token with it) is of no more use once it went.
      this.#statement(
        "UPDATE outbox SET status = 'sent', sent_at = ?, last_error = NULL, mail_order = NULL, written_to = ? WHERE id = ?",
      ).run(now.toISOString(), writtenTo ?? null, id);
      const mail = this.#statement("SELECT source, source_id FROM outbox WHERE id = ?").get(id) as
        | { source: Source | "lodge"; source_id: number | null }
        | undefined;
      if (!mail || mail.source === "lodge") return;
      const { unsent } = this.#statement(
        "SELECT COUNT(*) AS unsent FROM outbox WHERE source = ? AND source_id = ? AND status != 'sent'",
      ).get(mail.source, mail.source_id) as { unsent: number };
      if (unsent === 0) {
        this.#statement(`UPDATE ${mail.source} SET status = 'mailed' WHERE id = ?`).run(
          mail.source_id,
        );
      }
    });
  }

  async deferMail(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#write(() => {
      this.#statement("UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?").run(
        error,
        nextAttemptAt.getTime(),
        id,
      );
    });
  }

  async failMail(id: number, error: string, now: Date): Promise<void> {
    await this.#write(() => failedMail(this.#db, id, error, now));
  }

  async retryMail(id: number, now: Date): Promise<boolean> {
    return this.#write(() => {
      const { changes } = this.#statement(
        `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = ?, failed_at = NULL,
           reported_at = NULL WHERE id = ? AND status != 'sent'`,
      ).run(now.getTime(), id);
      return changes > 0;
    });
  }

  async nextMailDue(): Promise<Date | undefined> {
    return this.#read(() => {
      const row = this.#statement(
        "SELECT MIN(next_attempt_at) AS due FROM outbox WHERE status = 'pending'",
      ).get() as { due: number | null };
      return row.due === null ? undefined : new Date(row.due);
    });
  }

  async mailCounts(): Promise<{ pending: number; sent: number; failed: number }> {
    return this.#read(() => {
      const rows = this.#statement(
        "SELECT status, COUNT(*) AS n FROM outbox GROUP BY status",
      ).all() as { status: string; n: number }[];
      const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
      return { pending: count("pending"), sent: count("sent"), failed: count("failed") };
    });
  }

  async listMail(status?: MailStatus): Promise<MailEntry[]> {
    return this.#read(() => {
      const rows = (
        status === undefined
          ? this.#statement("SELECT * FROM outbox ORDER BY id DESC").all()
          : this.#statement("SELECT * FROM outbox WHERE status = ? ORDER BY id DESC").all(status)
      ) as Found[];
      return rows.map(mailEntry);
    });
  }

  async unreportedFailures(): Promise<MailEntry[]> {
    return this.#read(() => {
      const rows = this.#statement(
        "SELECT * FROM outbox WHERE status = 'failed' AND reported_at IS NULL AND kind != ? ORDER BY id",
      ).all(FAILURE_SUMMARY_KIND) as Found[];
      return rows.map(mailEntry);
    });
  }

  async queueFailureSummary(
    mail: ComposedMail,
    reported: number[],
    now: Date,
    intervalMs: number,
  ): Promise<boolean> {
    return this.#write(() => {
      const last = this.#lastSummary();
      if (last && now.getTime() - last.getTime() < intervalMs) return false;
      const mark = this.#statement(
        "UPDATE outbox SET reported_at = ? WHERE id = ? AND status = 'failed' AND reported_at IS NULL",
      );
      let marked = 0;
      for (const id of reported) marked += Number(mark.run(now.toISOString(), id).changes);
      // Another process reported them first.
      if (marked === 0) return false;
      queueMails(this.#db, "lodge", null, [mail], now);
      return true;
    });
  }

  #lastSummary(): Date | undefined {
    const row = this.#statement("SELECT MAX(created_at) AS at FROM outbox WHERE kind = ?").get(
      FAILURE_SUMMARY_KIND,
    ) as { at: string | null };
    return row.at === null ? undefined : new Date(row.at);
  }

  async lastFailureSummary(): Promise<Date | undefined> {
    return this.#read(() => this.#lastSummary());
  }

  async unremindedRsvps<K extends RsvpKind>(
    kind: K,
    subjectId: string,
    eventDate: string,
    receivedBefore: Date,
  ) {
    return this.#read(() =>
      timed.unremindedRsvps(this.#db, kind, subjectId, eventDate, receivedBefore),
    );
  }

  async queueReminder(...args: Parameters<Store["queueReminder"]>) {
    return this.#write(() => timed.queueReminder(this.#db, ...args));
  }

  async personalData() {
    return this.#read(() => timed.personalData(this.#db));
  }

  async eraseRsvps(kind: RsvpKind, subject: string, now: Date) {
    return this.#write(() => {
      if (kind === "event") waitlist.erase(this.#db, subject, now);
      return timed.eraseRsvps(this.#db, kind, subject, now);
    });
  }

  async eraseMessages(receivedBefore: Date, now: Date) {
    return this.#write(() => timed.eraseMessages(this.#db, receivedBefore, now));
  }

  async listErasures() {
    return this.#read(() => timed.listErasures(this.#db));
  }

  async lodgeIdentity(): Promise<LodgeIdentity | undefined> {
    return this.#read(() => {
      const row = this.#statement("SELECT value FROM lodge_meta WHERE key = 'lodge'").get();
      return row ? lodgeIdentityOf(row.value) : undefined;
    });
  }

  async claimLodge(identity: LodgeIdentity): Promise<void> {
    await this.#write(() => {
      this.#statement(
        "INSERT INTO lodge_meta (key, value) VALUES ('lodge', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      ).run(JSON.stringify(identityOf(identity)));
    });
  }

  async dump(): Promise<StoreDump> {
    return this.#read(() => {
      const dump = {} as StoreDump;
      for (const table of STORE_TABLES) {
        dump[table] = dumpRows(table, this.#statement(`SELECT * FROM ${table}`).all() as Row[]);
      }
      return dump;
    });
  }

  async restore(dump: StoreDump): Promise<void> {
    await this.#write(() => {
      for (const table of STORE_TABLES) {
        if (this.#statement(`SELECT 1 FROM ${table} LIMIT 1`).get()) {
          throw new Error(`the database already holds data (${table}); copy into an empty one`);
        }
      }
      for (const table of STORE_TABLES) {
        for (const row of dump[table]) {
          const columns = Object.keys(row);
          const values = Object.entries(row).map(([name, value]) =>
            // These two are milliseconds since the epoch here; the other moments ISO text.
            (name === "next_attempt_at" || name === "expires_at") && value instanceof Date
              ? value.getTime()
              : JSON_COLUMNS.has(name) && value !== null
                ? JSON.stringify(value)
                : sqliteValue(value as Column | Buffer),
          );
          this.#statement(
            `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
          ).run(...values);
        }
      }
    });
  }

  async close(): Promise<void> {
    if (!this.#db.isOpen) return;
    // Writes already asked for are committed, not lost.
    this.#commit();
    this.#db.close();
  }
}
