import { describe, expect, it } from "vitest";
import { type PastMaster, pastMasterSchema } from "../schemas/past-master.ts";
import {
  findDuplicatePastMasters,
  isPastMasterVisible,
  orderPastMasters,
  pastMasterKey,
  termStyle,
  termYears,
  writeTerm,
} from "./past-masters.ts";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const master = (number: number, name: string, term: string): PastMaster =>
  pastMasterSchema.parse({ number, name, term });
const labels = (list: readonly PastMaster[]) => list.map((m) => `${m.number} ${m.term}`);
const INSTALLATION = { month: 12, day: 7 };

describe("termYears", () => {
  it("reads ranges written with spaces, without, lopsided or with an en dash", () => {
    expect(termYears("1867 - 1868")).toEqual({ start: 1867, end: 1868 });
    expect(termYears("1952-1953")).toEqual({ start: 1952, end: 1953 });
    expect(termYears("1952 -1953")).toEqual({ start: 1952, end: 1953 });
    expect(termYears("1867–1868")).toEqual({ start: 1867, end: 1868 });
  });

  it("reads the short and dashed ranges spreadsheets keep as the same years", () => {
    for (const term of [
      "1999-00",
      "1999 - 00",
      "1999-2000",
      "1999 \u2013 2000",
      "1999\u20142000",
    ]) {
      expect(termYears(term)).toEqual({ start: 1999, end: 2000 });
    }
    expect(termYears("1952-53")).toEqual({ start: 1952, end: 1953 });
  });

  it("reads a single year and an Under Dispensation term as one year", () => {
    expect(termYears("2019")).toEqual({ start: 2019, end: 2019 });
    expect(termYears("U.D. 1867")).toEqual({ start: 1867, end: 1867 });
    expect(termYears("Under Dispensation 1867")).toEqual({ start: 1867, end: 1867 });
  });

  it("has no years for By Affiliation or a term without a year", () => {
    expect(termYears("By Affiliation")).toBeUndefined();
    expect(termYears("")).toBeUndefined();
    expect(termYears("12345")).toBeUndefined();
  });
});

describe("isPastMasterVisible", () => {
  const current = master(157, "Ivan Jones", "2024 - 2025");

  it("shows a term ending this year from the installation's month and day, in the lodge's zone", () => {
    // Dec 6 23:59 and Dec 7 00:00 EST; Auckland is already at Dec 7 midday.
    expect(isPastMasterVisible(current, at("2025-12-07T04:59:00Z"), NY, INSTALLATION)).toBe(false);
    expect(isPastMasterVisible(current, at("2025-12-07T05:00:00Z"), NY, INSTALLATION)).toBe(true);
    const auckland = "Pacific/Auckland";
    expect(isPastMasterVisible(current, at("2025-12-07T04:59:00Z"), auckland, INSTALLATION)).toBe(
      true,
    );
  });

  it("compares the month before the day", () => {
    const installation = { month: 6, day: 20 };
    expect(isPastMasterVisible(current, at("2025-05-25T12:00:00Z"), NY, installation)).toBe(false);
    expect(isPastMasterVisible(current, at("2025-07-01T12:00:00Z"), NY, installation)).toBe(true);
  });

  it("shows terms ended in earlier years and hides terms ending later", () => {
    const now = at("2025-01-15T12:00:00Z");
    expect(isPastMasterVisible(master(156, "Gus", "2023 - 2024"), now, NY, INSTALLATION)).toBe(
      true,
    );
    expect(isPastMasterVisible(master(158, "Ken", "2025 - 2026"), now, NY, INSTALLATION)).toBe(
      false,
    );
  });

  it("hides a term ending this year until next year when no installation is known", () => {
    expect(isPastMasterVisible(current, at("2025-12-31T12:00:00Z"), NY)).toBe(false);
    // Dec 31 23:59 and Jan 1 00:00 EST.
    expect(isPastMasterVisible(current, at("2026-01-01T04:59:00Z"), NY)).toBe(false);
    expect(isPastMasterVisible(current, at("2026-01-01T05:00:00Z"), NY)).toBe(true);
  });

  it("always shows By Affiliation entries", () => {
    const affiliated = master(-1, "Yale Young", "By Affiliation");
    expect(isPastMasterVisible(affiliated, at("1900-01-01T12:00:00Z"), NY)).toBe(true);
  });
});

describe("orderPastMasters for the main lodge", () => {
  const list = [
    master(0, "Hiram Abbott", "U.D. 1867"),
    master(1, "Asa Bell", "1867 - 1868"),
    master(2, "Carl Dean", "1868 - 1869"),
    master(155, "Ed Frost", "2021 - 2022"),
    master(156, "Gus Hale", "2022 - 2023"),
    master(156, "Gus Hale", "2023 - 2024"),
    master(157, "Ivan Jones", "2024 - 2025"),
    master(158, "Ken Lowe", "2025 - 2026"),
  ];

  it("lists newest first, the repeated 156 in term order and U.D. 1867 last", () => {
    expect(labels(orderPastMasters(list, at("2025-12-07T05:00:00Z"), NY, INSTALLATION))).toEqual([
      "157 2024 - 2025",
      "156 2023 - 2024",
      "156 2022 - 2023",
      "155 2021 - 2022",
      "2 1868 - 1869",
      "1 1867 - 1868",
      "0 U.D. 1867",
    ]);
  });

  it("leaves out the master whose term ends this year before the installation", () => {
    const shown = orderPastMasters(list, at("2025-12-07T04:59:00Z"), NY, INSTALLATION);
    expect(labels(shown).slice(0, 2)).toEqual(["156 2023 - 2024", "156 2022 - 2023"]);
    expect(shown).toHaveLength(6);
  });
});

describe("orderPastMasters for the third lodge", () => {
  const list = [
    master(1, "Al Ames", "1952-1953"),
    master(2, "Bo Burr", "1953 -1954"),
    master(-1, "Xavier Cole", "By Affiliation"),
    master(72, "Cy Dunn", "2018-2019"),
    master(73, "Dan Eads", "2019"),
    master(73, "Dan Eads", "2019"),
    master(74, "Eli Ford", "2020"),
    master(-1, "Yale Young", "By Affiliation"),
    master(2, "Bo Burr", "1953 -1954"),
  ];

  it("lists sequential masters newest first, each duplicate once, then By Affiliation in reverse data order", () => {
    expect(labels(orderPastMasters(list, at("2024-06-01T12:00:00Z"), NY, INSTALLATION))).toEqual([
      "74 2020",
      "73 2019",
      "72 2018-2019",
      "2 1953 -1954",
      "1 1952-1953",
      "-1 By Affiliation",
      "-1 By Affiliation",
    ]);
    const affiliated = orderPastMasters(list, at("2024-06-01T12:00:00Z"), NY).slice(-2);
    expect(affiliated.map((m) => m.name)).toEqual(["Yale Young", "Xavier Cole"]);
  });

  it("shows the single-year 2020 term only from the installation day of 2020", () => {
    const before = orderPastMasters(list, at("2020-12-06T17:00:00Z"), NY, INSTALLATION);
    const after = orderPastMasters(list, at("2020-12-07T17:00:00Z"), NY, INSTALLATION);
    expect(labels(before)[0]).toBe("73 2019");
    expect(labels(after)[0]).toBe("74 2020");
  });
});

describe("terms written one way, and which master a row is", () => {
  it("writes a range the way most of the list does, with the full end year and a hyphen", () => {
    const spaced = [{ term: "1867 - 1868" }, { term: "1868 - 1869" }, { term: "1869-1870" }];
    const tight = [{ term: "1952-1953" }, { term: "2019" }, { term: "By Affiliation" }];
    expect(termStyle(spaced)).toBe(" - ");
    expect(termStyle(tight)).toBe("-");
    expect(termStyle([{ term: "2019" }])).toBeUndefined();
    expect(writeTerm("1999\u201300", " - ")).toBe("1999 - 2000");
    expect(writeTerm("1999 - 2000", "-")).toBe("1999-2000");
    expect(writeTerm(" U.D. 1867 ", "-")).toBe("U.D. 1867");
    expect(writeTerm("2019", " - ")).toBe("2019");
  });

  it("knows a master by number and term however written, a By Affiliation one by his name", () => {
    const key = (number: number, name: string, term: string) =>
      pastMasterKey({ number, name, term });
    expect(key(12, "A", "1999-00")).toBe(key(12, "B", "1999 \u2013 2000"));
    expect(key(12, "A", "1999-00")).not.toBe(key(12, "A", "2000-01"));
    expect(key(-1, "Larry Collins, Jr.", "By Affiliation")).toBe(
      key(-1, "larry collins jr", "By Affiliation"),
    );
    expect(key(-1, "Abel Affiliate", "By Affiliation")).not.toBe(
      key(-1, "Bart Affiliate", "By Affiliation"),
    );
  });
});

describe("findDuplicatePastMasters", () => {
  it("pairs each repeat with the first entry of the same number, name and term", () => {
    const list = [
      master(2, "Bo Burr", "1953 -1954"),
      master(73, "Dan Eads", "2019"),
      master(73, "Dan Eads", "2019"),
      master(156, "Gus Hale", "2022 - 2023"),
      master(156, "Gus Hale", "2023 - 2024"),
      master(2, "Bo Burr", "1953 -1954"),
      master(2, "Bo Burr", "1953 -1954"),
    ];
    expect(findDuplicatePastMasters(list)).toEqual([
      [1, 2],
      [0, 5],
      [0, 6],
    ]);
    expect(findDuplicatePastMasters(list.slice(0, 2))).toEqual([]);
  });
});
