import { afterEach, describe, expect, it, vi } from "vitest";
import { RequestsInFlight } from "./in-flight.ts";

/** Whether `promise` has settled by now, without waiting for it. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  for (let turn = 0; turn < 5; turn++) await Promise.resolve();
  return done;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the requests in flight", () => {
  it("are quiet at once when none is being answered", async () => {
    const inFlight = new RequestsInFlight(1000);
    expect(await settled(inFlight.quiet())).toBe(true);
  });

  it("are quiet once the last request is answered, not the first", async () => {
    const inFlight = new RequestsInFlight(1000);
    const first = inFlight.started();
    const second = inFlight.started();
    const quiet = inFlight.quiet();
    first();
    // A request counted out twice (its answer finished, then its connection closed) counts once.
    first();
    expect(inFlight.count).toBe(1);
    expect(await settled(quiet)).toBe(false);
    second();
    expect(await settled(quiet)).toBe(true);
    expect(inFlight.count).toBe(0);
  });

  it("let a waiter go after maxWaitMs when requests never stop coming", async () => {
    vi.useFakeTimers();
    const inFlight = new RequestsInFlight(1000);
    inFlight.started();
    const quiet = inFlight.quiet();
    vi.advanceTimersByTime(999);
    expect(await settled(quiet)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(quiet)).toBe(true);
    // The next waiter waits its own full time.
    const next = inFlight.quiet();
    vi.advanceTimersByTime(999);
    expect(await settled(next)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(next)).toBe(true);
  });
});
