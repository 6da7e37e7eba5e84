import type { DatabaseSync } from "node:sqlite";
import { type MailSource, recipientOf } from "./rows.ts";
import type { ComposedMail } from "./store.ts";

/**
 * Queues mails in the caller's write transaction, due at once. A mail that may go to its
 * recipient only once in a while is left out when one of its kind went there within that time.
 */
export function queueMails(
  db: DatabaseSync,
  source: MailSource,
  sourceId: number | null,
  mails: readonly ComposedMail[],
  at: Date,
): void {
  const queue = db.prepare(
    `INSERT INTO outbox (created_at, source, source_id, kind, recipient, envelope, message_id, raw, next_attempt_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const recent = db.prepare(
    "SELECT 1 AS found FROM outbox WHERE recipient = ? AND kind = ? AND created_at > ? LIMIT 1",
  );
  for (const mail of mails) {
    const recipient = recipientOf(mail);
    if (mail.oncePerRecipientWithinMs !== undefined) {
      const since = new Date(at.getTime() - mail.oncePerRecipientWithinMs).toISOString();
      if (recent.get(recipient, mail.kind, since)) continue;
    }
    queue.run(
      at.toISOString(),
      source,
      sourceId,
      mail.kind,
      recipient,
      JSON.stringify(mail.envelope),
      mail.messageId,
      mail.raw,
      at.getTime(),
    );
  }
}

/** Marks a mail failed for good, in the caller's write transaction. */
export function failedMail(db: DatabaseSync, id: number, error: string, now: Date): void {
  db.prepare(
    "UPDATE outbox SET status = 'failed', last_error = ?, failed_at = ? WHERE id = ? AND status = 'pending'",
  ).run(error, now.toISOString(), id);
}
