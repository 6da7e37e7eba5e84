import { HttpError } from "./errors.ts";

/**
 * What a request costs an address once its answer is known. A stored submission costs a whole
 * request; the site's spreadsheet write that follows a stored RSVP costs nothing (it only notes
 * the row); anything refused (a bad field, an out-of-date page, a closed event) or not stored
 * costs a quarter, so a few mistakes never lock out the people behind a shared address, while a
 * flood of junk is still stopped.
 */
export const COSTS = { stored: 1, sheetRow: 0, other: 0.25 } as const;

interface Bucket {
  tokens: number;
  at: number;
}

/** Entries kept before the full buckets (nothing to remember) are first swept out. */
const SWEEP_AT = 10_000;

/**
 * A token bucket per address: `max` requests at once, refilled at `max` per window. Each POST
 * reserves a whole token before it runs (so a burst of concurrent requests cannot pass the limit
 * together) and gets back what it did not cost once its answer is known. The site's sheet write
 * reserves only the quarter it costs if it matches no RSVP, and needs only a bucket not yet
 * overdrawn, so the member whose RSVP took the last token still gets the row noted.
 */
export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #buckets = new Map<string, Bucket>();
  /**
   * The next sweep's size: twice what the last one left, so that a sweep that frees little (many
   * addresses within one window) is not run again on every request: each costs the whole map.
   */
  #sweepAt = SWEEP_AT;

  constructor(max: number, windowMs: number) {
    this.#max = max;
    this.#windowMs = windowMs;
  }

  #bucket(key: string, now: number): Bucket {
    const bucket = this.#buckets.get(key) ?? { tokens: this.#max, at: now };
    const refill = ((now - bucket.at) * this.#max) / this.#windowMs;
    bucket.tokens = Math.min(this.#max, bucket.tokens + Math.max(0, refill));
    bucket.at = now;
    return bucket;
  }

  /**
   * Reserves `reserve` tokens (1, or a sheet write's quarter) for a request from `key`, or throws
   * the 429 that says how long to wait.
   */
  take(key: string, now: number, reserve: number): void {
    if (this.#buckets.size > this.#sweepAt) this.#sweep(now);
    const bucket = this.#bucket(key, now);
    // A whole request needs a whole token; a sheet write only a bucket not yet overdrawn.
    const need = reserve >= 1 ? reserve : 0;
    if (bucket.tokens < need) {
      const waitMs = Math.max(1, Math.ceil(((need - bucket.tokens) * this.#windowMs) / this.#max));
      throw new TooManyRequests(waitMs);
    }
    bucket.tokens -= reserve;
    this.#buckets.set(key, bucket);
  }

  /** Settles a request that reserved `reserved` tokens and turned out to cost `cost`. */
  settle(key: string, now: number, reserved: number, cost: number): void {
    const bucket = this.#bucket(key, now);
    bucket.tokens = Math.min(this.#max, bucket.tokens + reserved - cost);
    this.#buckets.set(key, bucket);
  }

  /** The addresses it remembers. */
  get size(): number {
    return this.#buckets.size;
  }

  #sweep(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at >= this.#windowMs) this.#buckets.delete(key);
    }
    this.#sweepAt = Math.max(SWEEP_AT, 2 * this.#buckets.size);
  }
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export class TooManyRequests extends HttpError {
  readonly retryAfterSeconds: number;
  constructor(waitMs: number) {
    super(
      429,
      `Too many submissions from your address. Please wait ${waitText(waitMs)} and try again.`,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}
