import { describe, expect, it } from "vitest";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { wallTimeIn } from "../../../core/rules/time.ts";
import { textChanges } from "./by-time.server.ts";

const ZONE = "America/New_York";
const FROM = new Date("2026-11-21T17:00:00Z");
const year = (at: Date) => String(wallTimeIn(at, ZONE).year);

describe("textChanges", () => {
  it("gives the moments a year begins in the lodge's time zone, to the millisecond", () => {
    expect(textChanges(year, FROM, 3)).toEqual([
      [Date.parse("2027-01-01T05:00:00Z"), "2027"],
      [Date.parse("2028-01-01T05:00:00Z"), "2028"],
      [Date.parse("2029-01-01T05:00:00Z"), "2029"],
    ]);
  });

  it("gives the moments the lodge's age moves on by the 365.25-day rule, not the anniversary", () => {
    const age = (at: Date) => String(lodgeAge("1867-10-16", at, ZONE));
    const changes = textChanges(age, FROM, 2);
    expect(changes.map(([, text]) => text)).toEqual(["160", "161"]);
    for (const [at, text] of changes) {
      expect(age(new Date(at))).toBe(text);
      expect(age(new Date(at - 1))).toBe(String(Number(text) - 1));
    }
    // Midnight in New York, a day after the calendar anniversary.
    expect(new Date(changes[0]?.[0] ?? 0).toISOString()).toBe("2027-10-17T04:00:00.000Z");
  });

  it("gives nothing for a text that does not change", () => {
    expect(textChanges(() => "always", FROM, 5)).toEqual([]);
  });
});
