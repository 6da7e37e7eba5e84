import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
// Node's own, not the global a test's fake clock may replace: a write never waits for a clock.
import { setImmediate as soon } from "node:timers";
import { migrate } from "./migrations.ts";
import type {
  ContactRecord,
  EventRsvpRecord,
  MealCount,
  QueuedMail,
  SocialRsvpRecord,
  Store,
  Stored,
  Submission,
  SubmissionStatus,
  SubmitOutcome,
} from "./store.ts";

type Source = "event_rsvps" | "social_rsvps" | "contact_messages";

const BUSY_TIMEOUT_MS = 5000;

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
type Row = Record<string, SQLInputValue>;

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
      this.#pending.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (this.#pending.length === 1) soon(() => this.#commit());
    });
  }

  /** Runs the pending writes in one transaction; each settles once it is committed. */
  #commit(): void {
    const batch = this.#pending;
    this.#pending = [];
    if (batch.length === 0) return;
    const results: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      this.#db.exec("BEGIN IMMEDIATE");
      for (const { work } of batch) {
        this.#db.exec("SAVEPOINT one");
        try {
          results.push({ ok: true, value: work() });
          this.#db.exec("RELEASE one");
        } catch (error) {
          this.#db.exec("ROLLBACK TO one");
          this.#db.exec("RELEASE one");
          results.push({ ok: false, error });
        }
      }
      this.#db.exec("COMMIT");
    } catch (error) {
      // Nothing of the batch was committed (the lock was not had, the disk failed...).
      if (this.#db.isOpen && this.#db.isTransaction) this.#db.exec("ROLLBACK");
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
    this.#db.prepare("DELETE FROM idempotency_keys WHERE expires_at <= ?").run(now);
    const find = this.#db.prepare(
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
  #insert(source: Source, row: Row, submission: Submission<unknown>): SubmitOutcome {
    const columns = Object.keys(row);
    const { lastInsertRowid } = this.#db
      .prepare(
        `INSERT INTO ${source} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
      )
      .run(...Object.values(row));
    const id = Number(lastInsertRowid);
    const queue = this.#db.prepare(
      `INSERT INTO outbox (created_at, source, source_id, kind, envelope, message_id, raw, next_attempt_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const mail of submission.mails) {
      queue.run(
        submission.receivedAt.toISOString(),
        source,
        id,
        mail.kind,
        JSON.stringify(mail.envelope),
        mail.messageId,
        mail.raw,
        submission.receivedAt.getTime(),
      );
    }
    const remember = this.#db.prepare(
      "INSERT OR REPLACE INTO idempotency_keys (key, request_hash, status, body, expires_at) VALUES (?, ?, ?, ?, ?)",
    );
    for (const { key, expiresAt } of submission.idempotency.keys) {
      remember.run(
        key,
        submission.idempotency.requestHash,
        submission.response.status,
        JSON.stringify(submission.response.body),
        expiresAt.getTime(),
      );
    }
    return { kind: "stored", id, response: submission.response };
  }

  async addEventRsvp(
    submission: Submission<EventRsvpRecord>,
    guestLimit: number,
  ): Promise<SubmitOutcome> {
    const { record } = submission;
    return this.#write(() => {
      const previous = this.#previous(submission);
      if (previous) return previous;
      const { taken } = this.#db
        .prepare("SELECT COALESCE(SUM(attendees), 0) AS taken FROM event_rsvps WHERE event_id = ?")
        .get(record.eventId) as { taken: number };
      if (taken + record.attendees > guestLimit) {
        return { kind: "full", taken, limit: guestLimit };
      }
      return this.#insert(
        "event_rsvps",
        {
          event_id: record.eventId,
          received_at: submission.receivedAt.toISOString(),
          first_name: record.firstName,
          last_name: record.lastName,
          masonic_title: record.masonicTitle,
          email: record.email,
          attendees: record.attendees,
          dinner: record.dinner ? 1 : 0,
          meals: record.meals,
          meal_counts: JSON.stringify(record.mealCounts),
          request_hash: submission.idempotency.requestHash,
        },
        submission,
      );
    });
  }

  async addSocialRsvp(submission: Submission<SocialRsvpRecord>): Promise<SubmitOutcome> {
    const { record } = submission;
    return this.#write(
      () =>
        this.#previous(submission) ??
        this.#insert(
          "social_rsvps",
          {
            outing_id: record.outingId,
            received_at: submission.receivedAt.toISOString(),
            first_name: record.firstName,
            last_name: record.lastName,
            email: record.email,
            attendees: record.attendees,
            request_hash: submission.idempotency.requestHash,
          },
          submission,
        ),
    );
  }

  async addContactMessage(submission: Submission<ContactRecord>): Promise<SubmitOutcome> {
    const { record } = submission;
    return this.#write(
      () =>
        this.#previous(submission) ??
        this.#insert(
          "contact_messages",
          {
            received_at: submission.receivedAt.toISOString(),
            first_name: record.firstName,
            last_name: record.lastName,
            email: record.email,
            phone_number: record.phoneNumber,
            message: record.message,
            request_hash: submission.idempotency.requestHash,
          },
          submission,
        ),
    );
  }

  async recordSheetRow(table: "event" | "social", requestHash: string, now: Date) {
    const source = table === "event" ? "event_rsvps" : "social_rsvps";
    return this.#write(() => {
      const row = this.#db
        .prepare(`SELECT id FROM ${source} WHERE request_hash = ? ORDER BY id DESC LIMIT 1`)
        .get(requestHash) as { id: number } | undefined;
      if (!row) return false;
      this.#db
        .prepare(
          `UPDATE ${source} SET sheet_recorded_at = COALESCE(sheet_recorded_at, ?) WHERE id = ?`,
        )
        .run(now.toISOString(), row.id);
      return true;
    });
  }

  async attendeeCounts(): Promise<Map<string, number>> {
    const rows = this.#db
      .prepare("SELECT event_id, SUM(attendees) AS n FROM event_rsvps GROUP BY event_id")
      .all() as { event_id: string; n: number }[];
    return new Map(rows.map((row) => [row.event_id, row.n]));
  }

  async listEventRsvps(eventId?: string): Promise<Stored<EventRsvpRecord>[]> {
    const rows = (
      eventId === undefined
        ? this.#db.prepare("SELECT * FROM event_rsvps ORDER BY id").all()
        : this.#db.prepare("SELECT * FROM event_rsvps WHERE event_id = ? ORDER BY id").all(eventId)
    ) as Record<string, string | number | null>[];
    return rows.map((row) => ({
      ...stored(row),
      record: {
        eventId: String(row.event_id),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        masonicTitle: String(row.masonic_title),
        email: String(row.email),
        attendees: Number(row.attendees),
        dinner: row.dinner === 1,
        meals: Number(row.meals),
        mealCounts: JSON.parse(String(row.meal_counts)) as MealCount[],
      },
    }));
  }

  async listSocialRsvps(outingId?: string): Promise<Stored<SocialRsvpRecord>[]> {
    const rows = (
      outingId === undefined
        ? this.#db.prepare("SELECT * FROM social_rsvps ORDER BY id").all()
        : this.#db
            .prepare("SELECT * FROM social_rsvps WHERE outing_id = ? ORDER BY id")
            .all(outingId)
    ) as Record<string, string | number | null>[];
    return rows.map((row) => ({
      ...stored(row),
      record: {
        outingId: String(row.outing_id),
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        email: String(row.email),
        attendees: Number(row.attendees),
      },
    }));
  }

  async listContactMessages(): Promise<Stored<ContactRecord>[]> {
    const rows = this.#db.prepare("SELECT * FROM contact_messages ORDER BY id").all() as Record<
      string,
      string | number | null
    >[];
    return rows.map((row) => ({
      ...stored(row),
      record: {
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        email: String(row.email),
        phoneNumber: String(row.phone_number),
        message: String(row.message),
      },
    }));
  }

  async claimDueMail(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]> {
    return this.#write(() => {
      const rows = this.#db
        .prepare(
          `SELECT id, kind, envelope, message_id, raw, attempts FROM outbox
           WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, id LIMIT ?`,
        )
        .all(now.getTime(), limit) as {
        id: number;
        kind: string;
        envelope: string;
        message_id: string;
        raw: Uint8Array;
        attempts: number;
      }[];
      const lease = this.#db.prepare(
        "UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ? WHERE id = ?",
      );
      for (const row of rows) lease.run(leaseUntil.getTime(), row.id);
      return rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        envelope: JSON.parse(row.envelope) as QueuedMail["envelope"],
        messageId: row.message_id,
        raw: Buffer.from(row.raw),
        attempts: row.attempts,
      }));
    });
  }

  async markMailSent(id: number, now: Date): Promise<void> {
    await this.#write(() => {
      this.#db
        .prepare("UPDATE outbox SET status = 'sent', sent_at = ?, last_error = NULL WHERE id = ?")
        .run(now.toISOString(), id);
      const mail = this.#db.prepare("SELECT source, source_id FROM outbox WHERE id = ?").get(id) as
        | { source: Source; source_id: number }
        | undefined;
      if (!mail) return;
      const { unsent } = this.#db
        .prepare(
          "SELECT COUNT(*) AS unsent FROM outbox WHERE source = ? AND source_id = ? AND status != 'sent'",
        )
        .get(mail.source, mail.source_id) as { unsent: number };
      if (unsent === 0) {
        this.#db
          .prepare(`UPDATE ${mail.source} SET status = 'mailed' WHERE id = ?`)
          .run(mail.source_id);
      }
    });
  }

  async markMailFailed(id: number, error: string, nextAttemptAt: Date): Promise<void> {
    await this.#write(() => {
      this.#db
        .prepare("UPDATE outbox SET last_error = ?, next_attempt_at = ? WHERE id = ?")
        .run(error, nextAttemptAt.getTime(), id);
    });
  }

  async nextMailDue(): Promise<Date | undefined> {
    const row = this.#db
      .prepare("SELECT MIN(next_attempt_at) AS due FROM outbox WHERE status = 'pending'")
      .get() as { due: number | null };
    return row.due === null ? undefined : new Date(row.due);
  }

  async mailCounts(): Promise<{ pending: number; sent: number }> {
    const rows = this.#db
      .prepare("SELECT status, COUNT(*) AS n FROM outbox GROUP BY status")
      .all() as { status: string; n: number }[];
    const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    return { pending: count("pending"), sent: count("sent") };
  }

  async close(): Promise<void> {
    if (!this.#db.isOpen) return;
    // Writes already asked for are committed, not lost.
    this.#commit();
    this.#db.close();
  }
}

function stored(row: Record<string, string | number | null>) {
  return {
    id: Number(row.id),
    receivedAt: new Date(String(row.received_at)),
    status: String(row.status) as SubmissionStatus,
    sheetRecordedAt:
      row.sheet_recorded_at === null || row.sheet_recorded_at === undefined
        ? undefined
        : new Date(String(row.sheet_recorded_at)),
  };
}
