import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  knownZoneOffsets,
  knowZoneOffsets,
  tabulateZoneOffsets,
  wallTimeIn,
  zoneOffsets,
} from "./wall-time.ts";

const HOUR = 3_600_000;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** What Intl says the zone's clock shows: [month, day, year, hour, minute]. */
function byIntl(at: Date, timeZone: string) {
  const formatter =
    formatters.get(timeZone) ??
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
  formatters.set(timeZone, formatter);
  return formatter
    .formatToParts(at)
    .filter((part) => part.type !== "literal")
    .map((part) => Number(part.value) % (part.type === "hour" ? 24 : Number.POSITIVE_INFINITY));
}

const asList = (w: ReturnType<typeof wallTimeIn>) => [w.month, w.day, w.year, w.hour, w.minute];

describe("zoneOffsets: the lodge's clock without Intl in the browser", () => {
  it.each([
    "America/New_York", // DST at 2:00 local
    "Europe/London", // DST at 1:00 UTC
    "Australia/Lord_Howe", // a half-hour DST shift
    "Asia/Kathmandu", // +5:45, no DST
    "America/Santiago", // DST changes at midnight, southern hemisphere
  ])("gives what Intl gives, every hour of two years and around each change (%s)", (zone) => {
    const from = new Date(Date.UTC(2025, 0, 1));
    const until = new Date(Date.UTC(2027, 0, 1));
    const table = zoneOffsets(zone, from, until);
    knowZoneOffsets(table);
    const moments: Date[] = [];
    // Seconds are dropped either way.
    for (let t = from.getTime(); t < until.getTime(); t += HOUR) moments.push(new Date(t + 17_000));
    for (const [minute] of table.offsets) {
      for (const ms of [-60_001, -1, 0, 60_000]) moments.push(new Date(minute * 60_000 + ms));
    }
    const wrong = moments.filter(
      (at) => asList(wallTimeIn(at, zone)).join() !== byIntl(at, zone).join(),
    );
    expect(wrong).toEqual([]);
    expect(table.offsets.length).toBeGreaterThan(zone === "Asia/Kathmandu" ? 0 : 4);
  });

  it("finds New York's two changes a year, to the minute", () => {
    const table = zoneOffsets(
      "America/New_York",
      new Date(Date.UTC(2026, 0, 1)),
      new Date(Date.UTC(2027, 0, 1)),
    );
    expect(table.offsets).toEqual([
      [Date.UTC(2026, 0, 1) / 60_000, -300],
      [Date.UTC(2026, 2, 8, 7) / 60_000, -240], // 2:00 EST, second Sunday of March
      [Date.UTC(2026, 10, 1, 6) / 60_000, -300], // 2:00 EDT, first Sunday of November
    ]);
  });

  it("reads the table, not Intl, within its span", () => {
    // A zone Intl does not know: only the table can answer.
    const start = Date.UTC(2026, 0, 1) / 60_000;
    knowZoneOffsets({
      timeZone: "Lodge/Test",
      from: start,
      until: start + 2 * 24 * 60,
      offsets: [
        [start, 90],
        [start + 24 * 60, -30],
      ],
    });
    expect(wallTimeIn(new Date("2026-01-01T00:00:59Z"), "Lodge/Test")).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 1,
      minute: 30,
    });
    expect(wallTimeIn(new Date("2026-01-02T00:10:00Z"), "Lodge/Test")).toEqual({
      year: 2026,
      month: 1,
      day: 1,
      hour: 23,
      minute: 40,
    });
    expect(() => wallTimeIn(new Date("2026-01-03T00:00:00Z"), "Lodge/Test")).toThrow(RangeError);
  });

  it("leaves moments outside the table to Intl", () => {
    const zone = "Pacific/Auckland";
    knowZoneOffsets(
      zoneOffsets(zone, new Date(Date.UTC(2026, 0, 1)), new Date(Date.UTC(2026, 1, 1))),
    );
    for (const at of [new Date("2025-07-01T12:00:00Z"), new Date("2030-07-01T12:00:00Z")]) {
      expect(asList(wallTimeIn(at, zone))).toEqual(byIntl(at, zone));
    }
  });
});

describe("tabulateZoneOffsets: the server's clock without Intl", () => {
  beforeAll(() => tabulateZoneOffsets());
  afterAll(() => tabulateZoneOffsets(false));
  const MINUTE = 60_000;

  /** Every minute from `from` for `minutes`, as a clock moved by hand would show them. */
  const minutes = (from: string, count: number) =>
    Array.from({ length: count }, (_, i) => new Date(Date.parse(from) + i * MINUTE + 31_000));

  it("works out a zone's table when first asked, and gives what Intl gives across a DST change", () => {
    const zone = "America/Chicago";
    expect(knownZoneOffsets(zone)).toBeUndefined();
    // Chicago springs forward at 2:00 CST on 8 March 2026 (08:00 UTC).
    const moments = minutes("2026-03-08T07:30:00Z", 60);
    const wrong = moments.filter(
      (at) => asList(wallTimeIn(at, zone)).join() !== byIntl(at, zone).join(),
    );
    expect(wrong).toEqual([]);
    expect(asList(wallTimeIn(new Date("2026-03-08T07:59:00Z"), zone))).toEqual([3, 8, 2026, 1, 59]);
    expect(asList(wallTimeIn(new Date("2026-03-08T08:00:00Z"), zone))).toEqual([3, 8, 2026, 3, 0]);
    const table = knownZoneOffsets(zone);
    expect(table && [table.from, table.until]).toEqual([
      Date.UTC(2025, 0) / MINUTE,
      Date.UTC(2028, 0) / MINUTE,
    ]);
  });

  it("grows the table when the time asked passes its span, and keeps agreeing with Intl", () => {
    const zone = "Europe/Berlin";
    wallTimeIn(new Date("2026-06-01T12:00:00Z"), zone);
    const first = knownZoneOffsets(zone);
    expect(first?.until).toBe(Date.UTC(2028, 0) / MINUTE);
    // The clock moves past the table's end: Berlin's change of 26 March 2028 (01:00 UTC).
    const later = minutes("2028-03-26T00:30:00Z", 60);
    const wrong = later.filter(
      (at) => asList(wallTimeIn(at, zone)).join() !== byIntl(at, zone).join(),
    );
    expect(wrong).toEqual([]);
    const grown = knownZoneOffsets(zone);
    expect(grown && [grown.from, grown.until]).toEqual([
      Date.UTC(2025, 0) / MINUTE,
      Date.UTC(2030, 0) / MINUTE,
    ]);
    // Its entries are each a change: the seam at the old end added no entry of its own.
    const values = grown?.offsets.map(([, offset]) => offset) ?? [];
    expect(values.every((offset, i) => i === 0 || offset !== values[i - 1])).toBe(true);
    expect(grown?.offsets).toEqual(
      zoneOffsets(zone, new Date(Date.UTC(2025, 0)), new Date(Date.UTC(2030, 0))).offsets,
    );
  });

  it("grows back for a moment before the table, and leaves one far from it to Intl", () => {
    const zone = "America/Denver";
    wallTimeIn(new Date("2026-06-01T12:00:00Z"), zone);
    const at = new Date("2023-11-05T08:30:00Z"); // 1:30 MST, just after Denver fell back
    expect(asList(wallTimeIn(at, zone))).toEqual(byIntl(at, zone));
    expect(knownZoneOffsets(zone)?.from).toBe(Date.UTC(2022, 0) / MINUTE);
    const long = new Date("1955-07-01T12:00:00Z");
    expect(asList(wallTimeIn(long, zone))).toEqual(byIntl(long, zone));
    expect(knownZoneOffsets(zone)?.from).toBe(Date.UTC(2022, 0) / MINUTE);
  });
});
