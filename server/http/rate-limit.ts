import { DOOR_PREFIX, SHEET_ROW_PREFIX, SUMMONS_PREFIX } from "../../core/api/routes.ts";
import { Refusal } from "../use-cases/refusal.ts";

/**
 * What a request costs an address once its answer is known. A stored submission costs a whole
 * request; the site's spreadsheet write that follows a stored RSVP costs nothing (it only notes
 * the row), nor does a member's answer through his own signed link (a hall answers together);
 * anything refused (a bad field, an out-of-date page, a closed event) or not stored
 * costs a quarter, so a few mistakes never lock out the people behind a shared address, while a
 * flood of junk is still stopped.
 */
export const COSTS = { stored: 1, sheetRow: 0, memberAnswer: 0, other: 0.25 } as const;

/**
 * What a POST to `url` reserves of its address's bucket before it runs, and costs once stored:
 * the sheet's write and a member's answer reserve only what a refusal costs, so 200 members
 * answering from one hall's connection are never held back.
 */
export function costsOf(url: string): { reserve: number; stored: number } {
  if (url.startsWith(SHEET_ROW_PREFIX)) return { reserve: COSTS.other, stored: COSTS.sheetRow };
  if (url.startsWith(SUMMONS_PREFIX)) return { reserve: COSTS.other, stored: COSTS.memberAnswer };
  // The door's marks come from one phone on the lodge's network, one per brother.
  if (url.startsWith(DOOR_PREFIX)) return { reserve: COSTS.other, stored: COSTS.memberAnswer };
  return { reserve: 1, stored: COSTS.stored };
}

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Addresses (networks: an IPv6 /64 is one) remembered at most, about 20 MB of buckets. Past it,
 * during a flood from more networks than that within one window, the addresses it has no room
 * for share one bucket: the limit holds (fails safe), and no address's bucket is dropped before
 * it has refilled, so none can reset its own limit by sending from many others.
 */
export const MAX_ADDRESSES = 100_000;

/**
 * A token bucket per address: `max` requests at once, refilled at `max` per window. Each POST
 * reserves a whole token before it runs (so a burst of concurrent requests cannot pass the limit
 * together) and gets back what it did not cost once its answer is known. The site's sheet write
 * reserves only the quarter it costs if it matches no RSVP, and needs only a bucket not yet
 * overdrawn, so the member whose RSVP took the last token still gets the row noted.
 *
 * An address is forgotten once a whole window has passed since it last sent, when its bucket is
 * full again, as a new one would be: forgetting it gives it nothing. The map is kept in the order
 * addresses last sent, so those are found at its front, each once.
 */
export class RateLimiter {
  readonly #max: number;
  readonly #windowMs: number;
  readonly #maxAddresses: number;
  readonly #buckets = new Map<string, Bucket>();
  /** The bucket of the addresses that came while the map was full. */
  readonly #crowd: Bucket;

  constructor(max: number, windowMs: number, maxAddresses = MAX_ADDRESSES) {
    this.#max = max;
    this.#windowMs = windowMs;
    this.#maxAddresses = maxAddresses;
    this.#crowd = { tokens: max, at: 0 };
  }

  /** Forgets the addresses that have not sent for a whole window: their buckets are full. */
  #forget(now: number): void {
    for (const [key, bucket] of this.#buckets) {
      if (now - bucket.at < this.#windowMs) return;
      this.#buckets.delete(key);
    }
  }

  /** The address's bucket refilled to `now` and moved to the map's end, or the crowd's. */
  #bucket(key: string, now: number): { bucket: Bucket; crowded: boolean } {
    this.#forget(now);
    let bucket = this.#buckets.get(key);
    if (bucket) this.#buckets.delete(key);
    else if (this.#buckets.size >= this.#maxAddresses) {
      return { bucket: this.#refilled(this.#crowd, now), crowded: true };
    } else bucket = { tokens: this.#max, at: now };
    this.#buckets.set(key, bucket);
    return { bucket: this.#refilled(bucket, now), crowded: false };
  }

  #refilled(bucket: Bucket, now: number): Bucket {
    const refill = ((now - bucket.at) * this.#max) / this.#windowMs;
    bucket.tokens = Math.min(this.#max, bucket.tokens + Math.max(0, refill));
    bucket.at = Math.max(bucket.at, now);
    return bucket;
  }

  /**
   * Reserves `reserve` tokens (1, or a sheet write's quarter) for a request from `key`, or throws
   * the 429 that says how long to wait.
   */
  take(key: string, now: number, reserve: number): void {
    const { bucket, crowded } = this.#bucket(key, now);
    // A whole request needs a whole token; a sheet write only a bucket not yet overdrawn.
    const need = reserve >= 1 ? reserve : 0;
    if (bucket.tokens < need) {
      const waitMs = Math.max(1, Math.ceil(((need - bucket.tokens) * this.#windowMs) / this.#max));
      throw new TooManyRequests(waitMs, crowded);
    }
    bucket.tokens -= reserve;
  }

  /** Settles a request that reserved `reserved` tokens and turned out to cost `cost`. */
  settle(key: string, now: number, reserved: number, cost: number): void {
    const { bucket } = this.#bucket(key, now);
    bucket.tokens = Math.min(this.#max, bucket.tokens + reserved - cost);
  }

  /** The addresses it remembers. */
  get size(): number {
    return this.#buckets.size;
  }
}

function waitText(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}

export class TooManyRequests extends Refusal {
  readonly retryAfterSeconds: number;
  /** `crowded`: the address shares the bucket of a flood from more addresses than are kept. */
  constructor(waitMs: number, crowded = false) {
    super(
      "too-many",
      crowded
        ? `Too many submissions are arriving from different addresses at once. Please wait ${waitText(waitMs)} and try again.`
        : `Too many submissions from your address. Please wait ${waitText(waitMs)} and try again.`,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  }
}
