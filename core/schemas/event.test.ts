import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { costText, deriveEventId, type EventInput, eventSchema, slugify } from "./event.ts";

const base = { date: "2024/09/04 19:30", name: "Stated Meeting" };
const parse = (fields: Partial<EventInput>) => eventSchema.parse({ ...base, ...fields });

function problems(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

const COST_EXPECTED =
  "expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing";

describe("event cost", () => {
  it("normalises a number written as text, as a number or with a dollar sign", () => {
    expect(costText.parse("12")).toEqual({ kind: "fixed", amount: 12 });
    expect(costText.parse(12)).toEqual({ kind: "fixed", amount: 12 });
    expect(costText.parse("$12")).toEqual({ kind: "fixed", amount: 12 });
    expect(costText.parse(" 12.50 ")).toEqual({ kind: "fixed", amount: 12.5 });
  });

  it("normalises a range with or without spaces", () => {
    expect(costText.parse("15 - 20")).toEqual({ kind: "range", min: 15, max: 20 });
    expect(costText.parse("15-20")).toEqual({ kind: "range", min: 15, max: 20 });
    expect(costText.parse("$15 - $20")).toEqual({ kind: "range", min: 15, max: 20 });
  });

  it("reads 'No Charge' and 0 as a free dinner, nothing as no dinner", () => {
    expect(costText.parse("No Charge")).toEqual({ kind: "free" });
    expect(costText.parse("no charge")).toEqual({ kind: "free" });
    expect(costText.parse(0)).toEqual({ kind: "free" });
    expect(costText.parse("0")).toEqual({ kind: "free" });
    expect(costText.parse("")).toEqual({ kind: "none" });
    expect(costText.parse(null)).toEqual({ kind: "none" });
    expect(costText.parse(undefined)).toEqual({ kind: "none" });
  });

  it("rejects words and backwards ranges, saying what it expected", () => {
    expect(problems(costText.safeParse("twelve"))).toEqual([`: ${COST_EXPECTED}, found "twelve"`]);
    expect(problems(costText.safeParse("20 - 15"))).toEqual([
      `: ${COST_EXPECTED}, found "20 - 15"`,
    ]);
    expect(problems(costText.safeParse(true))).toEqual([`: ${COST_EXPECTED}, found true`]);
  });

  it("names the field of a bad cost inside an event", () => {
    const result = eventSchema.safeParse({ ...base, earlyBirdOptions: { cost: "twelve" } });
    expect(problems(result)).toEqual([`earlyBirdOptions.cost: ${COST_EXPECTED}, found "twelve"`]);
  });
});

describe("event rsvpExpirationDays", () => {
  it("accepts a number kept as text", () => {
    expect(parse({ rsvpExpirationDays: "3" }).rsvpExpirationDays).toBe(3);
    expect(parse({ rsvpExpirationDays: 5 }).rsvpExpirationDays).toBe(5);
    expect(parse({}).rsvpExpirationDays).toBe(1);
  });

  it("rejects words and fractions", () => {
    expect(problems(eventSchema.safeParse({ ...base, rsvpExpirationDays: "two" }))).toEqual([
      'rsvpExpirationDays: expected a whole number of days from 0 to 60, found "two"',
    ]);
    expect(problems(eventSchema.safeParse({ ...base, rsvpExpirationDays: 1.5 }))).toEqual([
      "rsvpExpirationDays: expected a whole number of days from 0 to 60, found 1.5",
    ]);
  });
});

describe("event date", () => {
  it("replaces hyphens by slashes", () => {
    expect(parse({ date: "2024-09-04 19:30" }).date).toBe("2024/09/04 19:30");
  });

  it("takes dates as people write them and keeps them as 'YYYY/MM/DD HH:mm'", () => {
    expect(parse({ date: "2024/12/4 19:00" }).date).toBe("2024/12/04 19:00");
    expect(parse({ date: "2024-1-5 7:30 PM" }).date).toBe("2024/01/05 19:30");
    expect(parse({ date: " 2024/12/04 9:05 " }).date).toBe("2024/12/04 09:05");
    expect(parse({ date: "2024/12/4 19:00" }).id).toBe("2024-12-04-stated-meeting");
  });

  it("says why a day or time that cannot be is wrong, rather than that it has the wrong shape", () => {
    const cases: [string, string][] = [
      ["2024/02/30 19:30", "February 2024 has 29 days"],
      ["2023-02-29 19:30", "February 2023 has 28 days"],
      ["2024/13/01 19:30", "there is no month 13"],
      ["2024/09/04 24:00", "there is no hour 24 on a 24-hour clock"],
      ["2024/09/04 19:60", "there is no minute 60 in an hour"],
      ["2024/09/04 13:00 PM", "a 12-hour time runs from 1 to 12, not 13"],
    ];
    for (const [date, why] of cases) {
      expect(problems(eventSchema.safeParse({ ...base, date }))).toEqual([
        `date: ${why}, found "${date}"`,
      ]);
    }
    for (const date of ["2024/09/04", "04/09/2024 19:30", "2024/09/04 7"]) {
      expect(problems(eventSchema.safeParse({ ...base, date }))).toEqual([
        `date: expected a date and time 'YYYY/MM/DD HH:mm' (24-hour), found "${date}"`,
      ]);
    }
    expect(parse({ date: "2024/02/29 19:30" }).date).toBe("2024/02/29 19:30");
  });
});

describe("rsvpExpirationTime", () => {
  it("keeps an event's own closing time of day as 'HH:mm', written 24-hour or 12-hour", () => {
    expect(parse({ rsvpExpirationTime: "21:00" }).rsvpExpirationTime).toBe("21:00");
    expect(parse({ rsvpExpirationTime: "9:00 PM" }).rsvpExpirationTime).toBe("21:00");
    expect(parse({ rsvpExpirationTime: "9am" }).rsvpExpirationTime).toBe("09:00");
    expect(parse({}).rsvpExpirationTime).toBeUndefined();
    expect(problems(eventSchema.safeParse({ ...base, rsvpExpirationTime: "late" }))).toEqual([
      'rsvpExpirationTime: expected a time of day such as 19:30 or 7:30 PM, found "late"',
    ]);
  });
});

describe("event id", () => {
  it("is derived from the day and the name when the file gives none", () => {
    expect(parse({}).id).toBe("2024-09-04-stated-meeting");
    expect(parse({ name: "Installation of Officers & Dinner" }).id).toBe(
      "2024-09-04-installation-of-officers-and-dinner",
    );
    expect(deriveEventId("2025/01/08 19:30", "Awards Night!")).toBe("2025-01-08-awards-night");
    expect(slugify("  Café  Brotherhood Night ")).toBe("cafe-brotherhood-night");
  });

  it("keeps a stable id given in the file", () => {
    expect(parse({ id: "fall-table-lodge" }).id).toBe("fall-table-lodge");
    expect(problems(eventSchema.safeParse({ ...base, id: "Fall Table Lodge" }))).toEqual([
      'id: expected lowercase letters, digits and hyphens, found "Fall Table Lodge"',
    ]);
  });
});

describe("event defaults and checks", () => {
  it("fills what the file leaves out", () => {
    expect(parse({})).toEqual({
      id: "2024-09-04-stated-meeting",
      ...base,
      description: "",
      extraInfo: "",
      location: "",
      address: "",
      addressLink: "",
      rsvpOptions: false,
      rsvpExpirationDays: 1,
      spotlight: false,
      spotlightImage: "",
      altText: "",
      tyled: false,
      rsvpLimit: false,
      cancelled: false,
      full: false,
      earlyBirdOptions: { time: "", cost: { kind: "none" }, choices: [] },
    });
  });

  it("rejects a missing name, a flag written as text and more than four meal choices", () => {
    const result = eventSchema.safeParse({
      date: base.date,
      tyled: "yes",
      earlyBirdOptions: { choices: ["A", "B", "C", "D", "E"] },
    });
    expect(problems(result)).toEqual([
      "name: expected the event's name, found nothing",
      'tyled: expected true or false, found "yes"',
      "earlyBirdOptions.choices: expected at most 4 meal choices",
    ]);
  });
});

describe("event degree", () => {
  it("reads the degree a tyled meeting is opened on, however it is written", () => {
    expect(parse({ tyled: true, degree: "fellowcraft" }).degree).toBe("fellowcraft");
    expect(parse({ tyled: true, degree: "Entered Apprentice" }).degree).toBe("entered-apprentice");
    expect(parse({ tyled: true, degree: "MM" }).degree).toBe("master-mason");
    expect(parse({ tyled: true }).degree).toBeUndefined();
  });

  it("refuses a degree it does not know, and a degree on an event open to all", () => {
    expect(problems(eventSchema.safeParse({ ...base, tyled: true, degree: "royal-arch" }))).toEqual(
      [
        'degree: expected the degree the lodge is opened on: entered-apprentice, fellowcraft, master-mason, found "royal-arch"',
      ],
    );
    expect(problems(eventSchema.safeParse({ ...base, degree: "fellowcraft" }))).toEqual([
      "degree: only a tyled meeting is opened on a degree: add tyled: true, or remove degree from an event open to all",
    ]);
  });
});
