import { Background } from "../background.ts";
import { scrub } from "../logging.ts";
import type { ComposedMail, MailEntry, QueuedMail, SendableMail, Store } from "../store/store.ts";
import type { OrderedMail } from "./orders.ts";
import { isPermanentRefusal, type MailTransport, SMTP_CONNECTIONS } from "./transport.ts";

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface Backoff {
  /** Delay before the second attempt; each later one waits twice as long as the one before. */
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 30_000, maxMs: 60 * 60_000 };
/** After a storage error (disk full, database read-only): soon at first, then every minute. */
export const STORAGE_BACKOFF: Backoff = { firstMs: 1000, maxMs: 60_000 };
/** The secretary hears of mail that could not be delivered at most once a day. */
export const SUMMARY_INTERVAL_MS = 24 * 60 * 60_000;

/** How long to wait after the `attempt`-th failed attempt (1 for the first). */
export function retryDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF): number {
  return Math.min(backoff.maxMs, backoff.firstMs * 2 ** Math.max(0, attempt - 1));
}

export interface WorkerOptions {
  store: Store;
  transport: MailTransport;
  now: () => Date;
  log: WorkerLog;
  backoff?: Backoff;
  storageBackoff?: Backoff;
  /** How long a claimed mail stays with this worker before another may take it. */
  leaseMs?: number;
  /** Mails handed to the transport at once: one that stalls holds up only its own slot. */
  concurrency?: number;
  /**
   * How often an idle worker looks for mail it was not told about: queued by the secretary's
   * commands (`lodge rsvps cancel`, `lodge mail --retry`) or by another server process.
   */
  pollMs?: number;
  /** Composes the secretary's summary of mail refused for good; without it, none is sent. */
  summary?: (failures: MailEntry[], now: Date) => Promise<ComposedMail>;
  /**
   * Composes a mail queued as an order (server/mail/orders.ts) from its stored submission: the
   * whole MIME text. A mail it cannot compose is given up like one refused for good.
   */
  compose?: (mail: OrderedMail) => Promise<Buffer>;
  /**
   * Resolves when the worker may take its next mail: the server's `RequestsInFlight.quiet`, so
   * visitors waiting for an answer go first. Without it, mail goes as soon as it is due.
   */
  quiet?: () => Promise<void>;
}

/**
 * Sends what the store has queued. A mail is taken with a lease, handed to the transport, then
 * marked sent. A temporary failure puts it back with a growing delay; a permanent refusal (an
 * SMTP 5xx: no such user, rejected) marks it failed, and the secretary gets one summary a day of
 * such mail. Up to `concurrency` mails are sent at once. Pending mail is picked up at start, so a
 * restart loses nothing. Given `quiet`, each mail waits for it first, so the requests being
 * answered do not share the server's thread and disk with the mail of the ones before.
 *
 * Nothing the store does can end the process: a storage error (disk full, database read-only)
 * is logged and the worker tries again with backoff, while the site and the API keep serving.
 * A mail delivered while its 'sent' mark could not be written is remembered and marked first
 * thing when the store is back, so it is not sent twice. Time comes from `now`, so tests move
 * the clock instead of waiting.
 */
export class MailWorker extends Background {
  readonly #options: Required<Omit<WorkerOptions, "summary" | "compose" | "quiet">> &
    Pick<WorkerOptions, "summary" | "compose" | "quiet">;
  /** Storage errors in a row, for the backoff. */
  #storageFailures = 0;
  /** Mails delivered whose 'sent' mark is still to be written, with when they went. */
  readonly #unrecorded = new Map<number, Date>();

  constructor(options: WorkerOptions) {
    super({ stopped: false });
    this.#options = {
      backoff: DEFAULT_BACKOFF,
      storageBackoff: STORAGE_BACKOFF,
      leaseMs: 5 * 60_000,
      concurrency: SMTP_CONNECTIONS,
      pollMs: 15_000,
      ...options,
    };
  }

  /** True while the store could not be used on the last attempt. */
  get storageFailing(): boolean {
    return this.#storageFailures > 0;
  }

  /** Sends everything due now; resolves when the queue holds nothing more that is due. Never rejects. */
  protected async pass(): Promise<void> {
    try {
      let summarised: boolean;
      do {
        await this.#drain();
        summarised = await this.#summarise();
      } while ((this.askedAgain() || summarised) && !this.stopped);
      if (this.#storageFailures > 0) {
        this.#options.log.info({}, "the mail queue can be used again");
      }
      this.#storageFailures = 0;
      await this.#schedule();
    } catch (error) {
      this.#storageFailures += 1;
      const delay = retryDelay(this.#storageFailures, this.#options.storageBackoff);
      this.#options.log.error(
        { reason: reasonOf(error), retryInSeconds: delay / 1000 },
        "the mail queue cannot be read or written; mail waits until it can",
      );
      this.wakeIn(delay);
    }
  }

  /** Marks sent what was delivered while the store could not record it. */
  async #recordDelivered(): Promise<void> {
    for (const [id, at] of this.#unrecorded) {
      await this.#options.store.markMailSent({
        id,
        now: at,
        writtenTo: this.#options.transport.writesTo,
      });
      this.#unrecorded.delete(id);
    }
  }

  async #drain(): Promise<void> {
    await this.#recordDelivered();
    const slot = async () => {
      while (!this.stopped) {
        await this.#options.quiet?.();
        if (this.stopped) return;
        const start = this.#options.now();
        const lease = new Date(start.getTime() + this.#options.leaseMs);
        const [mail] = await this.#options.store.claimDueMail({
          now: start,
          leaseUntil: lease,
          limit: 1,
        });
        if (!mail) return;
        await this.#send(mail);
      }
    };
    const slots = Array.from({ length: this.#options.concurrency }, slot);
    // Every slot ends before the storage error of one is reported, so no send is left behind.
    const outcomes = await Promise.allSettled(slots);
    const failed = outcomes.find((o): o is PromiseRejectedResult => o.status === "rejected");
    if (failed) throw failed.reason;
  }

  /** The mail with its text: an ordered one composed now; undefined when it cannot be. */
  async #sendable(mail: QueuedMail): Promise<SendableMail | undefined> {
    if (!("order" in mail)) return mail;
    const { store, now, log, compose } = this.#options;
    try {
      if (!compose) throw new Error("this worker composes no ordered mail");
      const { order: _order, subject: _subject, ...head } = mail;
      return { ...head, raw: await compose(mail) };
    } catch (error) {
      const reason = `not composed: ${reasonOf(error)}`;
      await store.failMail({ id: mail.id, error: reason, now: now() });
      log.error(
        { mail: mail.id, kind: mail.kind, reason },
        "mail could not be composed; it is not retried and the secretary will be told",
      );
      return undefined;
    }
  }

  async #send(queued: QueuedMail): Promise<void> {
    const { store, transport, now, log, backoff } = this.#options;
    const mail = await this.#sendable(queued);
    if (!mail) return;
    try {
      await transport.deliver(mail);
    } catch (error) {
      const reason = reasonOf(error);
      const attempt = mail.attempts + 1;
      if (isPermanentRefusal(error)) {
        await store.failMail({ id: mail.id, error: reason, now: now(), refused: true });
        log.warn(
          { mail: mail.id, kind: mail.kind, attempt, reason },
          "mail refused for good; it is not retried and the secretary will be told",
        );
        return;
      }
      const next = new Date(now().getTime() + retryDelay(attempt, backoff));
      await store.deferMail({ id: mail.id, error: reason, nextAttemptAt: next });
      log.warn(
        { mail: mail.id, kind: mail.kind, attempt, retryAt: next.toISOString(), reason },
        "mail not sent; it will be retried",
      );
      return;
    }
    const sentAt = now();
    try {
      await store.markMailSent({ id: mail.id, now: sentAt, writtenTo: transport.writesTo });
    } catch (error) {
      this.#unrecorded.set(mail.id, sentAt);
      throw error;
    }
    log.info({ mail: mail.id, kind: mail.kind }, "mail sent");
  }

  /** Queues the secretary's summary of failed mail when there is any and one is due. */
  async #summarise(): Promise<boolean> {
    const { summary, store, now, log } = this.#options;
    if (!summary) return false;
    const failures = await store.unreportedFailures();
    if (failures.length === 0) return false;
    const last = await store.lastFailureSummary();
    const at = now();
    if (last && at.getTime() - last.getTime() < SUMMARY_INTERVAL_MS) return false;
    const mail = await summary(failures, at);
    const ids = failures.map((failure) => failure.id);
    const queued = await store.queueFailureSummary({
      mail,
      reported: ids,
      now: at,
      intervalMs: SUMMARY_INTERVAL_MS,
    });
    if (queued)
      log.info({ failures: ids.length }, "summary of failed mail queued for the secretary");
    return queued;
  }

  /**
   * Wakes up when the next pending mail falls due (a retry, or a lease that ran out), when the
   * next summary may go, and at the latest after the poll interval.
   */
  async #schedule(): Promise<void> {
    if (this.stopped) return;
    const { store, now, pollMs, summary } = this.#options;
    const at = now().getTime();
    const due: number[] = [at + pollMs];
    const next = await store.nextMailDue();
    if (next) due.push(next.getTime());
    if (summary && (await store.unreportedFailures()).length > 0) {
      const last = await store.lastFailureSummary();
      if (last) due.push(last.getTime() + SUMMARY_INTERVAL_MS);
    }
    this.wakeIn(Math.max(0, Math.min(...due) - at));
  }
}

/** What went wrong, for the log and the outbox: no e-mail address in it. */
function reasonOf(error: unknown): string {
  return scrub(error instanceof Error ? error.message : String(error));
}
