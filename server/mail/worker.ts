import { scrub } from "../logging.ts";
import type { Store } from "../store/store.ts";
import type { MailTransport } from "./transport.ts";

export interface WorkerLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface Backoff {
  /** Delay before the second attempt; each later one waits twice as long as the one before. */
  firstMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 30_000, maxMs: 60 * 60_000 };

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
  /** How long a claimed mail stays with this worker before another may take it. */
  leaseMs?: number;
  batch?: number;
}

/**
 * Sends what the store has queued. A mail is taken with a lease, handed to the transport, then
 * marked sent; a failure puts it back with a growing delay. It never gives up: a mail stays
 * pending, with its last error, until it is delivered. Pending mail is picked up at start, so a
 * restart loses nothing. Time comes from `now`, so tests move the clock instead of waiting.
 */
export class MailWorker {
  readonly #options: Required<WorkerOptions>;
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  #stopped = false;

  constructor(options: WorkerOptions) {
    this.#options = { backoff: DEFAULT_BACKOFF, leaseMs: 5 * 60_000, batch: 20, ...options };
  }

  start(): void {
    this.#stopped = false;
    this.kick();
  }

  /** Asks for a run soon (after a submission was stored); runs already under way absorb it. */
  kick(): void {
    void this.run();
  }

  /** Sends everything due now; resolves when the queue holds nothing more that is due. */
  run(): Promise<void> {
    if (this.#stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.#loop().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Resolves once no run is under way. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      await this.#drain();
    } while (this.#again && !this.#stopped);
    await this.#schedule();
  }

  async #drain(): Promise<void> {
    const { store, transport, now, log, leaseMs, batch, backoff } = this.#options;
    for (;;) {
      const start = now();
      const mails = await store.claimDueMail(start, new Date(start.getTime() + leaseMs), batch);
      if (mails.length === 0) return;
      for (const mail of mails) {
        if (this.#stopped) return;
        try {
          await transport.deliver(mail);
          await store.markMailSent(mail.id, now());
          log.info({ mail: mail.id, kind: mail.kind }, "mail sent");
        } catch (error) {
          const attempt = mail.attempts + 1;
          const next = new Date(now().getTime() + retryDelay(attempt, backoff));
          const reason = scrub(error instanceof Error ? error.message : String(error));
          await store.markMailFailed(mail.id, reason, next);
          log.warn(
            { mail: mail.id, kind: mail.kind, attempt, retryAt: next.toISOString(), reason },
            "mail not sent; it will be retried",
          );
        }
      }
    }
  }

  /** Wakes up when the next pending mail falls due (a retry, or a lease that ran out). */
  async #schedule(): Promise<void> {
    clearTimeout(this.#timer);
    if (this.#stopped) return;
    const due = await this.#options.store.nextMailDue();
    if (!due) return;
    const delay = Math.max(0, due.getTime() - this.#options.now().getTime());
    this.#timer = setTimeout(() => this.kick(), Math.min(delay, 2 ** 31 - 1));
    this.#timer.unref();
  }
}
