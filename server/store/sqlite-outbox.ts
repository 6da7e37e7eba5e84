import type { DatabaseSync, StatementSync } from "node:sqlite";
import { type MailSource, outboxText, recipientOf } from "./rows.ts";
import type { OutboxMail } from "./store.ts";

/**
 * Each database's statements of the outbox and of the waiting list's checks on every RSVP,
 * compiled once: compiling costs more than running.
 */
const compiled = new WeakMap<DatabaseSync, Map<string, StatementSync>>();

export function statement(db: DatabaseSync, sql: string): StatementSync {
  let statements = compiled.get(db);
  if (!statements) {
    statements = new Map();
    compiled.set(db, statements);
  }
  let found = statements.get(sql);
  if (!found) {
    found = db.prepare(sql);
    statements.set(sql, found);
  }
  return found;
}

/**
 * Queues mails in the caller's write transaction, due at once. A mail that may go to its
 * recipient only once in a while is left out when one of its kind went there within that time.
 */
export function queueMails(
  db: DatabaseSync,
  source: MailSource,
  sourceId: number | null,
  mails: readonly OutboxMail[],
  at: Date,
): void {
  for (const mail of mails) {
    const recipient = recipientOf(mail);
    if (mail.oncePerRecipientWithinMs !== undefined) {
      const since = new Date(at.getTime() - mail.oncePerRecipientWithinMs).toISOString();
      const recent = statement(
        db,
        "SELECT 1 AS found FROM outbox WHERE recipient = ? AND kind = ? AND created_at > ? LIMIT 1",
      ).get(recipient, mail.kind, since);
      if (recent) continue;
    }
    const { raw, order } = outboxText(mail);
    statement(
      db,
      `INSERT INTO outbox (created_at, source, source_id, kind, recipient, envelope, message_id, raw,
         mail_order, next_attempt_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      at.toISOString(),
      source,
      sourceId,
      mail.kind,
      recipient,
      JSON.stringify(mail.envelope),
      mail.messageId,
      raw,
      order && JSON.stringify(order),
      at.getTime(),
    );
  }
}

/** Marks a mail failed for good, in the caller's write transaction. */
export function failedMail(db: DatabaseSync, id: number, error: string, now: Date): void {
  statement(
    db,
    "UPDATE outbox SET status = 'failed', last_error = ?, failed_at = ? WHERE id = ? AND status = 'pending'",
  ).run(error, now.toISOString(), id);
}
