import { describe, expect, it } from "vitest";
import { requestHash } from "./idempotency.ts";

describe("requestHash", () => {
  const form = {
    firstName: "Bench",
    lastName: "  Mark\tAB ",
    email: "B@Example.org",
    numberOfAttendees: 2,
    earlyBirdDinner: false,
    mealChoice: undefined,
    list: [1, undefined, " X  y "],
    nested: { z: null, a: true },
  };

  it("gives the hash the stores already keep for a submission (a resend across an upgrade counts once)", () => {
    expect(requestHash("rsvp", { eventId: "2026-05-01-stated", form })).toBe(
      "k6A8LtMHg0_fgfqHugCbHJgsjabfwpL5AZIQNH8124M",
    );
    expect(requestHash("contact", "Hello   World")).toBe(
      "bm-PDpzIMFXu3AReywMgVEOAh8rSUraSHmtrxfQRzAk",
    );
    expect(requestHash("social", undefined)).toBe("WFow-osDNH95ljX4DKzJS5wsHxz-DOPYQoORATsQtcQ");
  });

  it("ignores case, spacing and key order, and nothing else", () => {
    const same = {
      nested: { a: true, z: null },
      list: [1, null, "x y"],
      earlyBirdDinner: false,
      numberOfAttendees: 2,
      email: "b@example.org",
      lastName: "mark ab",
      firstName: "BENCH",
    };
    const hash = requestHash("rsvp", form);
    expect(requestHash("rsvp", same)).toBe(hash);
    expect(requestHash("social", same)).not.toBe(hash);
    expect(requestHash("rsvp", { ...same, numberOfAttendees: 3 })).not.toBe(hash);
    expect(requestHash("rsvp", { ...same, lastName: "markab" })).not.toBe(hash);
  });
});
