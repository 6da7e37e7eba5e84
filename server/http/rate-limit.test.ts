import { describe, expect, it } from "vitest";
import { RateLimiter, TooManyRequests } from "./rate-limit.ts";

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

  it("forgets addresses whose window has passed once it remembers many, and sweeps again only when it has doubled", () => {
    const limiter = new RateLimiter(5, 1000);
    // More addresses than the first sweep's size, all within one window: nothing to forget.
    for (let i = 0; i <= 10_000; i++) limiter.take(`early-${i}`, 0, 1);
    limiter.take("trigger", 0, 1);
    expect(limiter.size).toBe(10_002);
    // A window later, the early ones have nothing left to remember; they are swept out once
    // the map has doubled since the last sweep, not before.
    for (let i = 0; i < 10_000; i++) limiter.take(`late-${i}`, 1000, 1);
    expect(limiter.size).toBe(20_002);
    for (let i = 10_000; i <= 10_003; i++) limiter.take(`late-${i}`, 1000, 1);
    expect(limiter.size).toBeLessThanOrEqual(10_005);
    expect(limiter.size).toBeGreaterThanOrEqual(10_003);
    // A swept address starts again with a full bucket.
    for (let i = 0; i < 5; i++) limiter.take("early-1", 1000, 1);
    expect(() => limiter.take("early-1", 1000, 1)).toThrow(TooManyRequests);
  });
});
