import { describe, expect, it } from "vitest";
import { lodgeAge } from "./lodge-age.ts";

const CHARTER = "1867-10-16";
const NY = "America/New_York";

// From 1867-10-16 to 2026-10-16 are 159 * 365 + 39 leap days = 58074 days; 159 years of 365.25
// days are 58074.75, so the rule reaches 159 on 2026-10-17, a day after the anniversary.
describe("lodgeAge", () => {
  it("counts whole 365.25-day years from the charter, which turns 159 the day after the anniversary", () => {
    expect(lodgeAge(CHARTER, new Date("2026-10-15T16:00:00Z"), NY)).toBe(158);
    expect(lodgeAge(CHARTER, new Date("2026-10-16T16:00:00Z"), NY)).toBe(158);
    expect(lodgeAge(CHARTER, new Date("2026-10-17T16:00:00Z"), NY)).toBe(159);
  });

  // 1867-10-16 to 2024-10-16: 157 * 365 + 39 = 57344 days, below 157 * 365.25 = 57344.25.
  it("turned 157 on 2024-10-17 and stays 157 through the next anniversary", () => {
    expect(lodgeAge(CHARTER, new Date("2024-10-16T16:00:00Z"), NY)).toBe(156);
    expect(lodgeAge(CHARTER, new Date("2024-10-17T16:00:00Z"), NY)).toBe(157);
    expect(lodgeAge(CHARTER, new Date("2025-10-16T16:00:00Z"), NY)).toBe(157);
  });

  it("uses today's date in the lodge's zone, not the machine's", () => {
    // 2026-10-17 03:59 UTC is still Oct 16, 23:59 in New York, already Oct 17 in Auckland.
    const lateOnTheSixteenth = new Date("2026-10-17T03:59:00Z");
    expect(lodgeAge(CHARTER, lateOnTheSixteenth, NY)).toBe(158);
    expect(lodgeAge(CHARTER, lateOnTheSixteenth, "Pacific/Auckland")).toBe(159);
    expect(lodgeAge(CHARTER, new Date("2026-10-17T04:00:00Z"), NY)).toBe(159);
  });

  it("accepts the charter date with slashes and rejects an invalid one", () => {
    expect(lodgeAge("1867/10/16", new Date("2026-10-17T16:00:00Z"), NY)).toBe(159);
    expect(() => lodgeAge("1867-02-30", new Date(), NY)).toThrow(
      "not a charter date 'YYYY-MM-DD': 1867-02-30",
    );
  });
});
