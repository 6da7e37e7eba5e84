import { describe, expect, it } from "vitest";
import { statusOf } from "../http/errors.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { EventLanes } from "./event-lanes.ts";
import { FRESH_WITHIN_MS, untilFresh } from "./waitlist.ts";

/** A clock the tries move on by `stepMs` each time they wait, and no real waiting. */
function steppedTime(stepMs: number) {
  let at = 0;
  return {
    now: () => at,
    pause: async () => {
      at += stepMs;
    },
  };
}

describe("a write made from a read of the waiting list (untilFresh)", () => {
  it("is tried again with fresh mails as long as it goes stale, well past three tries, until it is written", async () => {
    let tries = 0;
    const outcome = await untilFresh(
      async (attempt) => {
        tries += 1;
        expect(attempt).toBe(tries - 1);
        return tries < 12 ? { kind: "stale" as const } : { kind: "done" as const };
      },
      { lanes: new EventLanes(), eventId: "e1" },
      steppedTime(100),
    );
    expect(outcome).toEqual({ kind: "done" });
    expect(tries).toBe(12);
  });

  it("gives up with a 503 only once the list has kept changing for FRESH_WITHIN_MS", async () => {
    let tries = 0;
    const time = steppedTime(1000);
    const given = await untilFresh(
      async () => {
        tries += 1;
        return { kind: "stale" as const };
      },
      { lanes: undefined, eventId: "e1" },
      time,
    ).catch((error: unknown) => error);
    expect(given).toBeInstanceOf(Refusal);
    expect(statusOf(given as Refusal)).toBe(503);
    expect(time.now()).toBeGreaterThan(FRESH_WITHIN_MS);
    // Tried at once, then once a second, until the 10 seconds had passed.
    expect(tries).toBe(FRESH_WITHIN_MS / 1000 + 3);
  });
});
