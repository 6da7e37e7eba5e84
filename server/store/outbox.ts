import { read, type Tx, write } from "../db/database.ts";
import { FOR_UPDATE, list, name, postgresOnly, type Sql, sql, values } from "../db/sql.ts";
import { MAIL_TEMPLATES } from "../mail/templates.ts";
import { ANNOUNCEMENT_KIND, markBounced } from "./bounces.ts";
import type { ContactRecord } from "./messages.ts";
import type { SocialRsvpRecord } from "./outings.ts";
import { mailEntry, mailSubject, queuedMail } from "./rows.ts";
import type { EventRsvpFound, EventRsvpRecord, LinkAgainFound } from "./rsvps.ts";
import type { Source, Stored } from "./submissions.ts";
import type { WaitlistEntry } from "./waitlist.ts";

/**
 * The outbox: mail queued in the transaction that stores what it is about, taken by the mail
 * worker (leased, so a crashed worker's mail is taken again), and kept as sent or failed.
 */

/** The kind of the secretary's daily summary of failed mail: never summarised itself. */
export const FAILURE_SUMMARY_KIND = "failed-mail-summary";

/** What every queued mail is known by: its kind, its SMTP envelope and its Message-ID. */
export interface MailHead {
  /** What it is, e.g. 'rsvp-notice'; names the .eml file and shows in logs without personal data. */
  kind: string;
  envelope: { from: string; to: string[] };
  messageId: string;
  /**
   * Queued only if no mail of the same kind went to the same recipient within this many
   * milliseconds before: anyone may type anyone's address into a form, and the lodge must not
   * become a way to pester a stranger.
   */
  oncePerRecipientWithinMs?: number;
}

/** A message ready to send: its head and the whole MIME text. */
export interface ComposedMail extends MailHead {
  raw: Buffer;
}

/**
 * A mail queued by what it is about, not by its text: the mail worker composes it from the
 * stored submission it belongs to (the same transaction stored both) and `order`, when it sends
 * it (server/mail/orders.ts). Composing two mails (templates, the calendar file, MIME) costs more
 * than storing the RSVP, and need not happen before the visitor's answer.
 */
export interface MailOrder extends MailHead {
  /** What the mail needs beyond its submission's record, as JSON: no names nor addresses. */
  order: Record<string, unknown>;
}

/** A mail as the store queues it: composed already, or to be composed when it is sent. */
export type OutboxMail = ComposedMail | MailOrder;

/** The submission table a mail belongs to, or 'lodge' for the lodge's own mail. */
export type MailSource = Source | "lodge";

/** The stored submission a mail is about, as the mail worker composes an ordered mail from it. */
export type MailSubject =
  | { table: "event_rsvps"; stored: Stored<EventRsvpRecord> }
  | { table: "social_rsvps"; stored: Stored<SocialRsvpRecord> }
  | { table: "contact_messages"; stored: Stored<ContactRecord> }
  /** A waiting-list entry's (an offer's mails, queued as the lodge's own: see WAITLIST_MAIL). */
  | { table: "waitlist"; stored: WaitlistEntry };

interface Queued {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * A mail taken from the outbox to be sent: an ordered one comes with its submission (undefined
 * when that is gone, or its personal data already erased).
 */
export type QueuedMail =
  | (ComposedMail & Queued)
  | (MailOrder & Queued & { subject: MailSubject | undefined });

/** A mail as a transport hands it over. */
export type SendableMail = ComposedMail & Queued;

export type MailStatus = "pending" | "sent" | "failed";

/** One mail of the outbox as the secretary sees it. */
export interface MailEntry {
  id: number;
  kind: string;
  messageId: string;
  /** The first recipient. */
  to: string;
  status: MailStatus;
  attempts: number;
  createdAt: Date;
  /** When it is next tried (pending mail). */
  nextAttemptAt: Date;
  sentAt?: Date | undefined;
  /** Sent means written to this folder as a file: no mail server has seen it. */
  writtenTo?: string | undefined;
  failedAt?: Date | undefined;
  /** The last refusal or error, with no address in it. */
  lastError?: string | undefined;
}

/**
 * The mail about a waiting-list entry is queued as the lodge's own ('lodge'), with the entry's id:
 * the outbox's sources stay as they were (a new one would rebuild the table in SQLite), and the
 * kinds tell these mails apart, for their erasure and the entry an ordered one is composed from:
 * a mail's kind is its template's name, and the waiting list's templates are named 'waitlist-...'.
 */
export const WAITLIST_MAIL = {
  source: "lodge",
  kinds: MAIL_TEMPLATES.filter((name) => name.startsWith("waitlist-")),
} as const;

/** The table an ordered mail is composed from: its submission's, or an entry's; none for others. */
function subjectTable(source: MailSource, kind: string): MailSubject["table"] | undefined {
  if (source !== WAITLIST_MAIL.source) return source;
  return (WAITLIST_MAIL.kinds as readonly string[]).includes(kind) ? "waitlist" : undefined;
}

/** What erasing leaves of a mail sent about an erased submission. */
export const ERASED_MAIL = { recipient: "", envelope: { from: "", to: [] as string[] } };

/** The address a mail is counted against: its first recipient, in lowercase. */
export function recipientOf(mail: Pick<OutboxMail, "envelope">): string {
  return (mail.envelope.to[0] ?? "").toLowerCase();
}

/**
 * Queues mails in the caller's transaction, due at once. A mail that may go to its recipient
 * only once in a while is left out when one of its kind went there within that time; the
 * recipient's lock makes that hold across instances too.
 */
export async function queueMails(
  tx: Tx,
  source: MailSource,
  sourceId: number | Sql | null,
  mails: readonly OutboxMail[],
  at: Date,
): Promise<void> {
  const limited = mails.filter((mail) => mail.oncePerRecipientWithinMs !== undefined);
  if (limited.length > 0) await tx.lock("recipient", limited.map(recipientOf));
  const queued: OutboxMail[] = [];
  for (const mail of mails) {
    if (mail.oncePerRecipientWithinMs !== undefined) {
      const since = new Date(at.getTime() - mail.oncePerRecipientWithinMs);
      const recent = await tx.one(sql`SELECT 1 AS found FROM outbox
        WHERE recipient = ${recipientOf(mail)} AND kind = ${mail.kind} AND created_at > ${since}
        LIMIT 1`);
      if (recent) continue;
    }
    queued.push(mail);
  }
  await Promise.all(
    queued.map((mail) => {
      const ordered = "order" in mail;
      return tx.run(
        sql`INSERT INTO outbox ${values({
          created_at: at,
          source,
          source_id: sourceId,
          kind: mail.kind,
          recipient: recipientOf(mail),
          envelope: mail.envelope,
          message_id: mail.messageId,
          // An ordered mail's text is made when it is sent.
          raw: ordered ? EMPTY : mail.raw,
          mail_order: ordered ? mail.order : null,
          next_attempt_at: at,
        })}`,
      );
    }),
  );
}
const EMPTY = Buffer.alloc(0);

/** The last failure summary queued, if any. */
async function lastSummary(tx: Pick<Tx, "one">): Promise<Date | undefined> {
  const row = await tx.one<{ at: unknown }>(
    sql`SELECT MAX(created_at) AS at FROM outbox WHERE kind = ${FAILURE_SUMMARY_KIND}`,
  );
  return row?.at === null || row?.at === undefined ? undefined : new Date(row.at as string);
}

export const outboxOperations = {
  /**
   * Takes up to `limit` mails due at `now` (the longest due first; given in the order queued)
   * and leases them until `leaseUntil`, so a crash while
   * sending leaves them to be taken again when the lease ends.
   */
  claimDueMail: write(
    async (
      tx,
      claim: { now: Date; leaseUntil: Date; limit: number; announcement?: number | undefined },
    ) => {
      const { now, leaseUntil, limit, announcement } = claim;
      // `lodge announce` sends its announcement's mail alone; lodge serve's worker, any.
      const only =
        announcement === undefined
          ? sql``
          : sql`AND kind = ${ANNOUNCEMENT_KIND} AND source_id = ${announcement}`;
      // SKIP LOCKED: a mail another instance is claiming right now is left to it, not waited for.
      const rows = await tx.all(sql`WITH due AS (
          SELECT id FROM outbox WHERE status = 'pending' AND next_attempt_at <= ${now} ${only}
          ORDER BY next_attempt_at, id LIMIT ${limit} ${postgresOnly(sql`FOR UPDATE SKIP LOCKED`)})
        UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ${leaseUntil}
        WHERE id IN (SELECT id FROM due)
        RETURNING id, kind, envelope, message_id, raw, mail_order, attempts - 1 AS attempts,
          source, source_id`);
      rows.sort((a, b) => Number(a.id) - Number(b.id));
      return Promise.all(
        rows.map(async (row) => {
          const table = subjectTable(row.source as MailSource, String(row.kind));
          if (row.mail_order === null || !table) return queuedMail(row);
          const about = await tx.one(sql`SELECT * FROM ${name(table)} WHERE id = ${row.source_id}`);
          return queuedMail(row, mailSubject(table, about));
        }),
      );
    },
  ),
  /** `writtenTo`: the folder the mail was written to instead of being handed to a mail server. */
  markMailSent: write(
    async (tx, { id, now, writtenTo }: { id: number; now: Date; writtenTo?: string }) => {
      // An ordered mail's order (a manage link's token with it) is of no more use once it went.
      const mail = await tx.one<{ source: MailSource; source_id: number | null }>(sql`
        UPDATE outbox SET status = 'sent', sent_at = ${now}, last_error = NULL, mail_order = NULL,
          written_to = ${writtenTo ?? null}
        WHERE id = ${id} RETURNING source, source_id`);
      if (!mail || mail.source === "lodge" || mail.source_id === null) return;
      const about = name(mail.source);
      // Two instances marking the last two mails of one RSVP: the second waits for the first,
      // then counts what it committed, so the RSVP is marked mailed.
      await tx.one(sql`SELECT 1 AS found FROM ${about} WHERE id = ${mail.source_id} ${FOR_UPDATE}`);
      const row = await tx.one<{ unsent: number }>(sql`SELECT COUNT(*) AS unsent FROM outbox
        WHERE source = ${mail.source} AND source_id = ${mail.source_id} AND status != 'sent'`);
      if (row?.unsent === 0) {
        await tx.run(sql`UPDATE ${about} SET status = 'mailed' WHERE id = ${mail.source_id}`);
      }
    },
  ),
  /** Puts a mail back for another attempt at `nextAttemptAt`, keeping the error for the record. */
  deferMail: write(
    async (
      tx,
      { id, error, nextAttemptAt }: { id: number; error: string; nextAttemptAt: Date },
    ) => {
      await tx.run(sql`UPDATE outbox SET last_error = ${error}, next_attempt_at = ${nextAttemptAt}
        WHERE id = ${id}`);
    },
  ),
  /**
   * Gives a mail up for good: status failed. `refused`: the mail server refused it for good
   * (5xx), which marks an announcement's address bounced, so the next skips it.
   */
  failMail: write(
    async (
      tx,
      { id, error, now, refused }: { id: number; error: string; now: Date; refused?: boolean },
    ) => {
      const row = await tx.one<{ kind: string; recipient: string }>(sql`UPDATE outbox
        SET status = 'failed', last_error = ${error}, failed_at = ${now}
        WHERE id = ${id} AND status = 'pending' RETURNING kind, recipient`);
      if (refused && row?.kind === ANNOUNCEMENT_KIND) {
        await markBounced(tx, row.recipient, error, now);
      }
    },
  ),
  /** Puts a failed or pending mail back in the queue, due at `now`, its attempts counted afresh. */
  retryMail: write(async (tx, { id, now }: { id: number; now: Date }) => {
    const changed = await tx.run(sql`UPDATE outbox SET status = 'pending', attempts = 0,
        next_attempt_at = ${now}, failed_at = NULL, reported_at = NULL
      WHERE id = ${id} AND status != 'sent'`);
    return changed > 0;
  }),
  /** When the next pending mail is due (its lease or its retry time); undefined when none is. */
  nextMailDue: read(async (query) => {
    const row = await query.one<{ due: unknown }>(
      sql`SELECT MIN(next_attempt_at) AS due FROM outbox WHERE status = 'pending'`,
    );
    return row?.due === null || row?.due === undefined ? undefined : new Date(row.due as string);
  }),
  mailCounts: read(async (query) => {
    const rows = await query.all<{ status: string; n: number }>(
      sql`SELECT status, COUNT(*) AS n FROM outbox GROUP BY status`,
    );
    const count = (status: string) => rows.find((row) => row.status === status)?.n ?? 0;
    return { pending: count("pending"), sent: count("sent"), failed: count("failed") };
  }),
  /** The outbox, newest first, optionally of one status. */
  listMail: read(async (query, status?: MailStatus) => {
    const only = status === undefined ? sql`` : sql`WHERE status = ${status}`;
    return (await query.all(sql`SELECT * FROM outbox ${only} ORDER BY id DESC`)).map(mailEntry);
  }),
  /** Failed mails the secretary has not been told about yet (summaries themselves left out). */
  unreportedFailures: read(async (query) => {
    const rows = await query.all(sql`SELECT * FROM outbox
      WHERE status = 'failed' AND reported_at IS NULL AND kind != ${FAILURE_SUMMARY_KIND}
      ORDER BY id`);
    return rows.map(mailEntry);
  }),
  /**
   * Queues the secretary's summary of the failed mails `reported`, and marks them reported,
   * unless a summary was queued less than `intervalMs` before `now`. False when not queued.
   */
  queueFailureSummary: write(
    async (
      tx,
      input: { mail: ComposedMail; reported: number[]; now: Date; intervalMs: number },
    ) => {
      const { mail, reported, now, intervalMs } = input;
      await tx.lock("summary", [FAILURE_SUMMARY_KIND]);
      const last = await lastSummary(tx);
      if (last && now.getTime() - last.getTime() < intervalMs) return false;
      const marked = await tx.run(sql`UPDATE outbox SET reported_at = ${now}
        WHERE id IN (${list(reported)}) AND status = 'failed' AND reported_at IS NULL`);
      // Another instance reported them first.
      if (marked === 0) return false;
      await queueMails(tx, "lodge", null, [mail], now);
      return true;
    },
  ),
  /** When the last failure summary was queued, if ever. */
  lastFailureSummary: read(lastSummary),
};

/** An RSVP's mails with what its write found in their orders (composed mails as they are). */
export function withFound(
  mails: readonly OutboxMail[],
  found: EventRsvpFound | LinkAgainFound,
): OutboxMail[] {
  return mails.map((mail) =>
    "order" in mail ? { ...mail, order: { ...mail.order, ...found } } : mail,
  );
}
