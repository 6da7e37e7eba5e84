import { describe, expect, it } from "vitest";
import {
  addDays,
  atTime,
  canonicalDateText,
  clockText,
  compareWallTimes,
  dateTimeText,
  daysBetween,
  dayText,
  eventStart,
  formatDay,
  formatDayAndTime,
  formatDinnerTime,
  formatEventDateTime,
  formatFullDate,
  formatMediumDate,
  formatOutingTime,
  formatShortTime,
  isBefore,
  joinDateTime,
  parseDay,
  parseEventDate,
  readClock,
  readDateTime,
  readDay,
  wallMinutes,
  wallTimeIn,
  whyNot,
} from "./time.ts";

const NY = "America/New_York";
const wall = (year: number, month: number, day: number, hour = 0, minute = 0) => ({
  year,
  month,
  day,
  hour,
  minute,
});

describe("parseEventDate", () => {
  it("reads 'YYYY/MM/DD HH:mm' as a 24-hour wall time", () => {
    expect(parseEventDate("2024/09/04 19:30")).toEqual(wall(2024, 9, 4, 19, 30));
    expect(parseEventDate(" 2024/01/01 00:00 ")).toEqual(wall(2024, 1, 1, 0, 0));
  });

  it("replaces hyphens by slashes before parsing", () => {
    expect(parseEventDate("2024-09-04 19:30")).toEqual(wall(2024, 9, 4, 19, 30));
  });

  it("rejects days that do not exist, hours past 23 and other shapes", () => {
    expect(parseEventDate("2024/02/30 19:30")).toBeUndefined();
    expect(parseEventDate("2023/02/29 19:30")).toBeUndefined();
    expect(parseEventDate("2024/02/29 19:30")).toEqual(wall(2024, 2, 29, 19, 30));
    expect(parseEventDate("2024/09/04 24:00")).toBeUndefined();
    expect(parseEventDate("2024/09/04 19:60")).toBeUndefined();
    expect(parseEventDate("2024/9/4 19:30")).toEqual(wall(2024, 9, 4, 19, 30));
    expect(parseEventDate("04/09/2024 19:30")).toBeUndefined();
    expect(parseEventDate("2024/09/04")).toBeUndefined();
    expect(parseEventDate("")).toBeUndefined();
  });
});

describe("parseDay", () => {
  it("reads 'yyyy/mm/dd', with slashes or hyphens", () => {
    expect(parseDay("2024/09/04")).toEqual({ year: 2024, month: 9, day: 4 });
    expect(parseDay("2024-09-04")).toEqual({ year: 2024, month: 9, day: 4 });
  });

  it("gives nothing for an empty or invalid day", () => {
    expect(parseDay("")).toBeUndefined();
    expect(parseDay("2024/13/01")).toBeUndefined();
    expect(parseDay("2024/04/31")).toBeUndefined();
    expect(parseDay("last spring")).toBeUndefined();
  });
});

describe("readDay, readClock and readDateTime: dates as people write them", () => {
  it("take one-digit months, days and hours, hyphens or slashes, 12-hour times and a T", () => {
    expect(readDay("2024/12/4")).toEqual({ ok: true, value: { year: 2024, month: 12, day: 4 } });
    expect(readDay("2024-1-05")).toEqual({ ok: true, value: { year: 2024, month: 1, day: 5 } });
    expect(readClock("9:05")).toEqual({ ok: true, value: { hour: 9, minute: 5 } });
    for (const text of ["9:00 PM", "9 pm", "9:00pm", "9:00 p.m.", "21:00"]) {
      expect(readClock(text)).toEqual({ ok: true, value: { hour: 21, minute: 0 } });
    }
    expect(readClock("12:15 AM")).toEqual({ ok: true, value: { hour: 0, minute: 15 } });
    expect(readClock("12:15 PM")).toEqual({ ok: true, value: { hour: 12, minute: 15 } });
    for (const text of ["2024/12/4 19:00", "2024-12-04 7:00 PM", "2024-12-04T19:00"]) {
      expect(readDateTime(text)).toEqual({ ok: true, value: wall(2024, 12, 4, 19, 0) });
    }
  });

  it("say why a well-formed day or time cannot be, and nothing for other shapes", () => {
    expect(whyNot(readDay("2026-02-30"), "")).toBe("February 2026 has 28 days");
    expect(whyNot(readDay("2024-02-30"), "")).toBe("February 2024 has 29 days");
    expect(whyNot(readDay("2024-04-31"), "")).toBe("April 2024 has 30 days");
    expect(whyNot(readDay("2024-00-10"), "")).toBe("there is no month 0");
    expect(readDateTime("2026/2/30 19:00")).toEqual({
      ok: false,
      impossible: { year: 2026, month: 2, days: 28 },
    });
    expect(whyNot(readClock("25:00"), "")).toBe("there is no hour 25 on a 24-hour clock");
    expect(whyNot(readClock("7.30pm"), "expected a time")).toBe("expected a time");
    for (const text of ["", "19", "7.30pm", "noon", "2024/12/4", "12/4/2024 19:00"]) {
      expect(readDateTime(text)).toEqual({ ok: false });
    }
    expect(readClock("19")).toEqual({ ok: false });
  });

  it("write lodge's one form back: 'YYYY/MM/DD HH:mm'", () => {
    expect(dateTimeText(wall(2024, 12, 4, 9, 5))).toBe("2024/12/04 09:05");
    expect(dayText({ year: 1867, month: 10, day: 6 }, "-")).toBe("1867-10-06");
    expect(clockText({ hour: 21, minute: 0 })).toBe("21:00");
    expect(joinDateTime("2028-3-7", "7:00 PM")).toBe("2028/03/07 19:00");
    expect(joinDateTime("2028-02-30", "19:00")).toBe("2028-02-30 19:00");
    expect(canonicalDateText("2024-12-4 19:00")).toBe("2024/12/04 19:00");
    expect(canonicalDateText("someday")).toBe("someday");
  });
});

describe("eventStart", () => {
  it("throws on a date the schema should have rejected", () => {
    expect(eventStart("2024/09/04 19:30")).toEqual(wall(2024, 9, 4, 19, 30));
    expect(() => eventStart("2024/02/30 19:30")).toThrow(
      "not an event date 'YYYY/MM/DD HH:mm': 2024/02/30 19:30",
    );
  });
});

describe("wallTimeIn", () => {
  it("shows the lodge's clock, not the machine's (Pacific/Auckland during tests)", () => {
    const now = new Date("2024-09-02T01:30:00Z");
    expect(wallTimeIn(now, NY)).toEqual(wall(2024, 9, 1, 21, 30));
    expect(wallTimeIn(now, "Pacific/Auckland")).toEqual(wall(2024, 9, 2, 13, 30));
  });

  it("writes midnight as hour 0", () => {
    expect(wallTimeIn(new Date("2024-09-05T04:00:00Z"), NY)).toEqual(wall(2024, 9, 5, 0, 0));
  });

  it("drops seconds", () => {
    expect(wallTimeIn(new Date("2024-09-02T00:59:59Z"), NY)).toEqual(wall(2024, 9, 1, 20, 59));
  });

  it("follows New York's spring-forward and fall-back changes", () => {
    expect(wallTimeIn(new Date("2024-03-10T06:59:00Z"), NY)).toEqual(wall(2024, 3, 10, 1, 59));
    expect(wallTimeIn(new Date("2024-03-10T07:00:00Z"), NY)).toEqual(wall(2024, 3, 10, 3, 0));
    expect(wallTimeIn(new Date("2024-11-03T05:30:00Z"), NY)).toEqual(wall(2024, 11, 3, 1, 30));
    expect(wallTimeIn(new Date("2024-11-03T06:30:00Z"), NY)).toEqual(wall(2024, 11, 3, 1, 30));
    expect(wallTimeIn(new Date("2024-11-03T07:30:00Z"), NY)).toEqual(wall(2024, 11, 3, 2, 30));
  });
});

describe("comparing wall times", () => {
  it("orders by date, then hour, then minute", () => {
    expect(compareWallTimes(wall(2024, 9, 1, 20, 59), wall(2024, 9, 1, 21, 0))).toBe(-1);
    expect(compareWallTimes(wall(2024, 9, 1, 21, 0), wall(2024, 9, 1, 21, 0))).toBe(0);
    expect(compareWallTimes(wall(2024, 9, 2, 0, 0), wall(2024, 9, 1, 23, 59))).toBe(1);
    expect(compareWallTimes(wall(2025, 1, 1), wall(2024, 12, 31, 23, 59))).toBe(1);
  });

  it("treats 'before' as strictly earlier", () => {
    expect(isBefore(wall(2024, 9, 1, 20, 59), wall(2024, 9, 1, 21, 0))).toBe(true);
    expect(isBefore(wall(2024, 9, 1, 21, 0), wall(2024, 9, 1, 21, 0))).toBe(false);
  });

  it("counts wall minutes without any zone, so a DST night has 24 wall hours", () => {
    expect(wallMinutes(wall(2024, 3, 11)) - wallMinutes(wall(2024, 3, 10))).toBe(24 * 60);
    expect(wallMinutes(wall(1970, 1, 1, 1, 1))).toBe(61);
  });
});

describe("calendar arithmetic", () => {
  it("adds days across months, years and leap days", () => {
    expect(addDays({ year: 2024, month: 9, day: 4 }, -3)).toEqual({ year: 2024, month: 9, day: 1 });
    expect(addDays({ year: 2024, month: 3, day: 1 }, -1)).toEqual({
      year: 2024,
      month: 2,
      day: 29,
    });
    expect(addDays({ year: 2023, month: 3, day: 1 }, -1)).toEqual({
      year: 2023,
      month: 2,
      day: 28,
    });
    expect(addDays({ year: 2024, month: 12, day: 31 }, 1)).toEqual({
      year: 2025,
      month: 1,
      day: 1,
    });
    expect(addDays({ year: 2024, month: 3, day: 11 }, -1)).toEqual({
      year: 2024,
      month: 3,
      day: 10,
    });
  });

  it("counts the days between two dates, negative going back", () => {
    expect(daysBetween({ year: 2024, month: 2, day: 28 }, { year: 2024, month: 3, day: 1 })).toBe(
      2,
    );
    expect(daysBetween({ year: 2023, month: 2, day: 28 }, { year: 2023, month: 3, day: 1 })).toBe(
      1,
    );
    expect(daysBetween({ year: 2024, month: 3, day: 1 }, { year: 2024, month: 2, day: 28 })).toBe(
      -2,
    );
    expect(daysBetween({ year: 2024, month: 1, day: 1 }, { year: 2025, month: 1, day: 1 })).toBe(
      366,
    );
  });

  it("puts a clock time on a date", () => {
    expect(atTime({ year: 2024, month: 9, day: 1 }, { hour: 21, minute: 0 })).toEqual(
      wall(2024, 9, 1, 21, 0),
    );
  });
});

describe("formatting", () => {
  it("writes the RSVP date with a 12-hour clock and lowercase am/pm", () => {
    expect(formatEventDateTime(wall(2024, 9, 4, 19, 30))).toBe("Wed, Sep 4, 2024 7:30pm");
    expect(formatEventDateTime(wall(2024, 9, 4, 12, 0))).toBe("Wed, Sep 4, 2024 12:00pm");
    expect(formatEventDateTime(wall(2024, 9, 4, 0, 15))).toBe("Wed, Sep 4, 2024 12:15am");
    expect(formatEventDateTime(wall(2024, 12, 15, 9, 5))).toBe("Sun, Dec 15, 2024 9:05am");
    expect(formatEventDateTime(wall(2025, 5, 17, 23, 59))).toBe("Sat, May 17, 2025 11:59pm");
  });

  it("writes the day alone for the spreadsheet", () => {
    expect(formatDay(wall(2024, 9, 4))).toBe("Wed, Sep 4, 2024");
    expect(formatDay({ year: 2024, month: 2, day: 29 })).toBe("Thu, Feb 29, 2024");
  });

  it("writes the full date of the home carousel, and every time of day one way: '7:30PM'", () => {
    expect(formatFullDate(wall(2024, 9, 4))).toBe("Wednesday, September 4, 2024");
    expect(formatFullDate(wall(2026, 1, 1))).toBe("Thursday, January 1, 2026");
    expect(formatShortTime({ hour: 19, minute: 30 })).toBe("7:30PM");
    expect(formatShortTime({ hour: 0, minute: 0 })).toBe("12:00AM");
    expect(formatShortTime({ hour: 12, minute: 5 })).toBe("12:05PM");
    expect(formatShortTime({ hour: 23, minute: 59 })).toBe("11:59PM");
  });

  it("writes a day and its time for a sentence", () => {
    expect(formatDayAndTime(wall(2026, 11, 4, 19, 30))).toBe("Wed, Nov 4, 2026 at 7:30PM");
  });

  it("writes the medium date of the RSVP deadline", () => {
    expect(formatMediumDate(wall(2024, 9, 1))).toBe("Sep 1, 2024");
    expect(formatMediumDate(wall(2023, 11, 30))).toBe("Nov 30, 2023");
  });

  it("writes a dinner time of the data as every other time, however the data wrote it", () => {
    for (const written of ["18:30", "(6:30pm)", "6:30 PM", "(6:30 p.m.)", " 6:30PM "]) {
      expect(formatDinnerTime(written), written).toBe("6:30PM");
    }
    expect(formatDinnerTime("(12:30pm)")).toBe("12:30PM");
    expect(formatDinnerTime("12:15am")).toBe("12:15AM");
    expect(formatDinnerTime("6pm")).toBe("6:00PM");
    expect(formatDinnerTime("00:05")).toBe("12:05AM");
    expect(formatDinnerTime("")).toBe("");
    // Not a time a clock shows: as written.
    expect(formatDinnerTime("(after the meeting)")).toBe("after the meeting");
    expect(formatDinnerTime("13:30pm")).toBe("13:30pm");
    expect(formatDinnerTime("6")).toBe("6");
    expect(formatDinnerTime("24:00")).toBe("24:00");
  });

  it("writes an outing's weekday, short month, day and time", () => {
    expect(formatOutingTime({ year: 2027, month: 9, day: 23, hour: 19, minute: 0 })).toBe(
      "Thursday, Sep 23, 7:00PM",
    );
  });
});
