import type { Tx } from "../db/database.ts";
import { insertedId, list, sql, values } from "../db/sql.ts";
import { type OutboxMail, queueMails } from "./outbox.ts";
import { json } from "./rows.ts";

/**
 * What every submission (an RSVP, an outing's RSVP, a message) shares as the store keeps it:
 * its answer, kept for its retries under its idempotency keys, and its mails, queued in the
 * transaction that stores it.
 */

/** The answer a submission got, kept so that a retried submission gets the same answer. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * How a submission is recognised when it is sent again: by the client's Idempotency-Key, and by
 * a hash of its normalised content within a short window. Either one found counts as the same.
 */
export interface Idempotency {
  /** Hash of the normalised submission; a reused key with another hash is refused. */
  requestHash: string;
  keys: { key: string; expiresAt: Date }[];
}

export interface Submission<R> {
  record: R;
  receivedAt: Date;
  idempotency: Idempotency;
  /** Queued in the same transaction as the record. */
  mails: OutboxMail[];
  response: StoredResponse;
  /** An RSVP's: the hash of the manage link's token its confirmation carries (rsvp/manage-link.ts). */
  manageTokenHash?: string | undefined;
}

export type SubmitOutcome =
  | { kind: "stored"; id: number; response: StoredResponse }
  | { kind: "replay"; response: StoredResponse }
  /** An Idempotency-Key already used for a different submission. */
  | { kind: "key-reused" };

/** Submission status: received, then mailed once every mail queued with it has been sent. */
export type SubmissionStatus = "received" | "mailed";

export interface Stored<R> {
  id: number;
  receivedAt: Date;
  status: SubmissionStatus;
  record: R;
  /** When the site's spreadsheet write for it arrived, if it did. */
  sheetRecordedAt?: Date | undefined;
  /**
   * An event RSVP awaiting its visitor's confirmation: until when it holds its seats (see
   * EventRsvpSubmission.unconfirmed); a lapsed one keeps when its hold ended. Unset once
   * confirmed, and for every other RSVP.
   */
  confirmBy?: Date | undefined;
}

/** The submission tables, each a source of mail. */
export type Source = "event_rsvps" | "social_rsvps" | "contact_messages";

/**
 * The answer already given to this submission, if any of its keys is known and current. The
 * keys are looked up under their locks, so a retry sent to another instance at the same moment
 * waits for this one's answer instead of storing the submission twice.
 */
export async function previousAnswer(
  tx: Tx,
  submission: Pick<Submission<unknown>, "idempotency" | "receivedAt">,
): Promise<Extract<SubmitOutcome, { kind: "replay" | "key-reused" }> | undefined> {
  const keys = submission.idempotency.keys.map(({ key }) => key);
  if (keys.length === 0) return undefined;
  // Sent together, answered in order: one round trip, the keys looked up once they are locked.
  const [, , rows] = await Promise.all([
    tx.lock("key", keys),
    tx.run(sql`DELETE FROM idempotency_keys WHERE expires_at <= ${submission.receivedAt}`),
    tx.all<{ key: string; request_hash: string; status: number; body: unknown }>(
      sql`SELECT key, request_hash, status, body FROM idempotency_keys WHERE key IN (${list(keys)})`,
    ),
  ]);
  for (const key of keys) {
    const row = rows.find((found) => found.key === key);
    if (!row) continue;
    if (row.request_hash !== submission.idempotency.requestHash) return { kind: "key-reused" };
    return { kind: "replay", response: { status: row.status, body: json(row.body) } };
  }
  return undefined;
}

/** Keeps the answer given to a submission, under each of its keys, for its retries. */
export async function remember(
  tx: Tx,
  { idempotency }: Pick<Submission<unknown>, "idempotency">,
  response: StoredResponse,
): Promise<void> {
  await Promise.all(
    idempotency.keys.map(({ key, expiresAt }) =>
      tx.run(sql`INSERT INTO idempotency_keys ${values({
        key,
        request_hash: idempotency.requestHash,
        status: response.status,
        body: JSON.stringify(response.body),
        expires_at: expiresAt,
      })} ON CONFLICT (key) DO UPDATE SET request_hash = excluded.request_hash,
        status = excluded.status, body = excluded.body, expires_at = excluded.expires_at`),
    ),
  );
}

/**
 * Inserts the record, its mails and its keys: one round trip, the mails naming the record by the
 * id the database gave it (insertedId).
 */
export async function insertSubmission(
  tx: Tx,
  table: Source,
  columns: Record<string, unknown>,
  submission: Submission<unknown>,
): Promise<Extract<SubmitOutcome, { kind: "stored" }>> {
  const [id] = await Promise.all([
    tx.insert(table, columns),
    queueMails(tx, table, insertedId(table), submission.mails, submission.receivedAt),
    remember(tx, submission, submission.response),
  ]);
  return { kind: "stored", id, response: submission.response };
}
