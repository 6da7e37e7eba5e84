import { describe, expect, it } from "vitest";
import { MAX_ADDRESSES, RateLimiter, TooManyRequests } from "./rate-limit.ts";

/** Whether a request from `key` at `now` is let through. */
const passes = (limiter: RateLimiter, key: string, now: number) => {
  try {
    limiter.take(key, now, 1);
    return true;
  } catch (error) {
    if (error instanceof TooManyRequests) return false;
    throw error;
  }
};

describe("the rate limiter", () => {
  it("lets an address send its limit at once, then refuses it until the window refills", () => {
    const limiter = new RateLimiter(3, 60_000);
    for (let i = 0; i < 3; i++) limiter.take("a", 0, 1);
    expect(() => limiter.take("a", 0, 1)).toThrow(TooManyRequests);
    // Another address is not held up; a third of the window gives back one request.
    limiter.take("b", 0, 1);
    limiter.take("a", 20_000, 1);
    expect(() => limiter.take("a", 20_000, 1)).toThrow(/wait 20 seconds/);
  });

  it("forgets an address a whole window after it last sent, when its bucket is full again", () => {
    const limiter = new RateLimiter(3, 1000);
    for (let i = 0; i < 3; i++) limiter.take("a", 0, 1);
    // Remembered, with what it has used.
    expect(() => limiter.take("a", 1, 1)).toThrow(TooManyRequests);
    limiter.take("b", 2, 1);
    expect(limiter.size).toBe(2);
    limiter.take("c", 1001, 1);
    // A whole window after a last sent, it is forgotten; b, which sent later, is not.
    expect(limiter.size).toBe(2);
    // Its new bucket is the one it would have had: full, no more.
    for (let i = 0; i < 3; i++) limiter.take("a", 1001, 1);
    expect(() => limiter.take("a", 1001, 1)).toThrow(TooManyRequests);
  });

  it("keeps at most its number of addresses under a flood from ever new ones, limits those it has no room for together, and never drops a bucket that has not refilled", () => {
    const limiter = new RateLimiter(3, 600_000, 100);
    for (let i = 0; i < 3; i++) limiter.take("hoarder", 0, 1);
    // One request a millisecond, each from an address never seen, for 10 seconds.
    const through: string[] = [];
    let refusal: unknown;
    for (let t = 1; t <= 10_000; t++) {
      const key = `10.0.${t >> 8}.${t & 255}`;
      try {
        limiter.take(key, t, 1);
        through.push(key);
      } catch (error) {
        refusal = error;
      }
      expect(limiter.size).toBeLessThanOrEqual(100);
    }
    // 99 addresses got a bucket of their own beside the hoarder's; the 9,901 after them shared
    // one, which let 3 through.
    expect(through.length).toBe(99 + 3);
    expect(refusal).toBeInstanceOf(TooManyRequests);
    expect((refusal as Error).message).toBe(
      "Too many submissions are arriving from different addresses at once. Please wait 4 minutes and try again.",
    );
    // The flood did not push the hoarder out: it is still refused, as itself.
    expect(() => limiter.take("hoarder", 10_000, 1)).toThrow(/from your address/);
    // A window after the first ones sent, their buckets are full and forgotten: room again.
    expect(passes(limiter, "198.51.100.7", 600_100)).toBe(true);
    expect(limiter.size).toBeLessThanOrEqual(100);
    for (let i = 0; i < 2; i++) limiter.take("198.51.100.7", 600_100, 1);
    expect(() => limiter.take("198.51.100.7", 600_100, 1)).toThrow(/from your address/);
  });

  it("holds the API bench's flood of an address per request to its most addresses, and forgets them a window later", () => {
    const limiter = new RateLimiter(80, 600_000);
    // An address a millisecond, 120,000 within one window: more than it keeps.
    for (let t = 0; t < 120_000; t++) {
      if (passes(limiter, `a${t}`, t)) limiter.settle(`a${t}`, t, 1, 1);
      if (limiter.size > MAX_ADDRESSES) throw new Error(`${limiter.size} addresses at ${t} ms`);
    }
    expect(limiter.size).toBe(MAX_ADDRESSES);
    expect(passes(limiter, "late", 1_300_000)).toBe(true);
    expect(limiter.size).toBe(1);
  });
});
