import { createHash } from "node:crypto";
import {
  type AnnouncementBody,
  type AnnouncementSource,
  announcementMail,
} from "../mail/announcement.ts";
import type { MailContext } from "../mail/messages.ts";
import { isPermanentRefusal, type MailTransport, SMTP_CONNECTIONS } from "../mail/transport.ts";
import { retryDelay } from "../mail/worker.ts";
import type { Audience } from "../store/announcements.ts";
import type { Store } from "../store/store.ts";

/**
 * An announcement queued and sent: every recipient's mail queued in one transaction under the
 * announcement's key, then handed to the mail server as fast as it takes them (a few at once, as
 * the mail worker does), each marked sent as it goes. A run stopped midway (a crash, Ctrl-C)
 * leaves the rest queued: the same announcement run again, or lodge serve, sends what is left;
 * a mail the stopped run had taken goes once its lease ends, never twice.
 */

/** How long a mail taken by `lodge announce` stays its own before another run may take it. */
export const ANNOUNCE_LEASE_MS = 2 * 60_000;

/** What an announcement is known by: its text and list, so the same run twice is one. */
export function announcementKey(source: AnnouncementSource, audience: Audience): string {
  const hash = createHash("sha256")
    .update(JSON.stringify([source, audience]))
    .digest("hex");
  return `file:${hash.slice(0, 32)}:${audience}`;
}

export interface QueueContext {
  store: Store;
  mail: MailContext;
  secret: string;
  siteBase: string;
}

/**
 * Queues the announcement `key` to `audience`, unless it was queued before: its id, and how many
 * mails this call queued (0 when it found it queued).
 */
export async function queueAnnouncement(
  ctx: QueueContext,
  key: string,
  body: AnnouncementBody,
  audience: Audience,
  now: Date,
): Promise<{ id: number; queued: number }> {
  const found = await ctx.store.announcementByKey(key);
  if (found) return { id: found.id, queued: 0 };
  const recipients = await ctx.store.announcementRecipients(audience);
  const link = { secret: ctx.secret, siteBase: ctx.siteBase };
  const mails = [];
  for (const recipient of recipients) {
    mails.push(await announcementMail(ctx.mail, body, recipient, link));
  }
  const queued = await ctx.store.queueAnnouncement({
    key,
    subject: body.subject,
    audience,
    mails,
    now,
  });
  if (queued) return queued;
  // Another run queued it between the look and the write.
  const other = await ctx.store.announcementByKey(key);
  return { id: other?.id ?? 0, queued: 0 };
}

export interface SendProgress {
  sent: number;
  refused: number;
  deferred: number;
}

/**
 * Sends announcement `id`'s due mail until none is left to take: a refusal for good marks the
 * address bounced (the store's failMail), a temporary one puts the mail back for later. Calls
 * `progress` after each mail.
 */
export async function sendAnnouncement(
  options: {
    store: Store;
    transport: MailTransport;
    now: () => Date;
    progress?: (done: SendProgress) => void;
    /** Mails handed to the server at once. */
    concurrency?: number;
  },
  id: number,
): Promise<SendProgress & { lastError?: string }> {
  const { store, transport, now } = options;
  const done: SendProgress & { lastError?: string } = { sent: 0, refused: 0, deferred: 0 };
  const slot = async () => {
    for (;;) {
      const start = now();
      const lease = new Date(start.getTime() + ANNOUNCE_LEASE_MS);
      const [mail] = await store.claimDueMail({
        now: start,
        leaseUntil: lease,
        limit: 1,
        announcement: id,
      });
      if (!mail || "order" in mail) return;
      try {
        await transport.deliver(mail);
        await store.markMailSent({ id: mail.id, now: now(), writtenTo: transport.writesTo });
        done.sent += 1;
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        done.lastError = reason;
        if (isPermanentRefusal(error)) {
          await store.failMail({ id: mail.id, error: reason, now: now(), refused: true });
          done.refused += 1;
        } else {
          const next = new Date(now().getTime() + retryDelay(mail.attempts + 1));
          await store.deferMail({ id: mail.id, error: reason, nextAttemptAt: next });
          done.deferred += 1;
        }
      }
      options.progress?.(done);
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? SMTP_CONNECTIONS }, slot));
  return done;
}
