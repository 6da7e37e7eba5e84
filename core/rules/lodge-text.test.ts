import { describe, expect, it } from "vitest";
import { readAddress, readSchedule, scheduleText, USUAL_SCHEDULES } from "./lodge-text.ts";

describe("a schedule said in words", () => {
  it("reads the usual ways of saying when a lodge meets", () => {
    expect(readSchedule("1st and 3rd Wednesday, 7:30PM, dark in July and August")).toEqual({
      ok: true,
      value: { weekday: "Wednesday", weeks: [1, 3], skipMonths: [7, 8], time: "19:30" },
    });
    expect(readSchedule("second & fourth Tuesdays at 7 p.m., except Jul, Aug")).toEqual({
      ok: true,
      value: { weekday: "Tuesday", weeks: [2, 4], skipMonths: [7, 8], time: "19:00" },
    });
    expect(readSchedule("1st Monday of the month at 19:00")).toEqual({
      ok: true,
      value: { weekday: "Monday", weeks: [1], skipMonths: [], time: "19:00" },
    });
  });

  it("says what it cannot read", () => {
    const example = 'write it as "1st and 3rd Wednesday, 7:30PM, dark in July and August"';
    expect(readSchedule("1st and 3rd Wednesday")).toEqual({
      ok: false,
      problem: `no time found; ${example}`,
    });
    expect(readSchedule("Wednesday, 7:30PM")).toEqual({
      ok: false,
      problem: `say which weeks of the month, e.g. 1st and 3rd; ${example}`,
    });
    expect(readSchedule("1st Wednesday, 7:30PM, dark in Julember")).toEqual({
      ok: false,
      problem: `"Julember" is not a month; ${example}`,
    });
    expect(readSchedule("1st Wednesday or Thursday, 7:30PM")).toEqual({
      ok: false,
      problem: `"or" is not understood; ${example}`,
    });
  });

  it("writes a schedule the way it reads it, and reads each usual one back", () => {
    for (const text of USUAL_SCHEDULES) {
      const read = readSchedule(text);
      if (!read.ok) throw new Error(read.problem);
      expect(scheduleText(read.value)).toBe(text);
    }
  });
});

describe("an address said on one line", () => {
  it("reads the venue, street, city, state and ZIP code, with the map that finds it", () => {
    expect(readAddress("Riverside Masonic Hall, 12 Water St., Dayton, OH 45402")).toEqual({
      ok: true,
      value: {
        venue: "Riverside Masonic Hall",
        street: "12 Water St.",
        city: "Dayton",
        state: "OH",
        zip: "45402",
        mapLink: "https://maps.google.com/?q=12+Water+St.%2C+Dayton%2C+OH+45402",
        mapEmbed: "https://maps.google.com/maps?q=12+Water+St.%2C+Dayton%2C+OH+45402&output=embed",
      },
    });
    // A venue with a comma of its own keeps it.
    const hall = readAddress("Temple, Room 2, 1 Elm St, Troy, NY 12180");
    expect(hall.ok && hall.value.venue).toBe("Temple, Room 2");
  });

  it("says what is missing", () => {
    expect(readAddress("12 Water St., Dayton, OH 45402")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^the meeting place's name, street and city are needed too;/),
    });
    expect(readAddress("Riverside Masonic Hall, 12 Water St., Dayton")).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/^no state and ZIP code at the end;/),
    });
  });
});
