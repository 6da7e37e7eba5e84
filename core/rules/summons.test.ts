import { describe, expect, it } from "vitest";
import { eventSchema } from "../schemas/event.ts";
import {
  catererSheetDue,
  chaserDue,
  chaserMoment,
  isSummoned,
  revisedNumbersDue,
  summonsDue,
  summonsMoment,
} from "./summons.ts";

const ZONE = "America/New_York";
const SETTINGS = { daysBefore: 10, time: "10:00", chaseDaysBefore: 3 };
/** A stated meeting on Wednesday 1 December 2027 at 19:30, RSVPs closing 2 days before at 11:59PM, dinners 5 days before. */
const MEETING = eventSchema.parse({
  date: "2027/12/01 19:30",
  name: "Stated Meeting",
  tyled: true,
  rsvpOptions: true,
  rsvpExpirationDays: 2,
  mealCutoffDays: 5,
  earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Beef", "Fish"] },
});
/** A moment in the lodge's zone (EST in December: UTC-5). */
const at = (wall: string) => new Date(`${wall}-05:00`);

describe("the summons", () => {
  it("falls due daysBefore the meeting at the summons time, in the lodge's zone", () => {
    expect(summonsMoment(MEETING, SETTINGS)).toEqual({
      year: 2027,
      month: 11,
      day: 21,
      hour: 10,
      minute: 0,
    });
    expect(summonsDue(MEETING, at("2027-11-21T09:59"), ZONE, SETTINGS)).toBe(false);
    expect(summonsDue(MEETING, at("2027-11-21T10:00"), ZONE, SETTINGS)).toBe(true);
    expect(
      summonsDue(MEETING, at("2027-11-18T19:00"), ZONE, {
        ...SETTINGS,
        daysBefore: 14,
        time: "7:00 PM",
      }),
    ).toBe(true);
  });

  it("goes at once for a meeting added after its moment, and never once RSVPs have closed, nor for a cancelled or full meeting", () => {
    expect(summonsDue(MEETING, at("2027-11-28T15:00"), ZONE, SETTINGS)).toBe(true);
    expect(summonsDue(MEETING, at("2027-11-29T23:59"), ZONE, SETTINGS)).toBe(false);
    const during = at("2027-11-25T12:00");
    expect(summonsDue({ ...MEETING, cancelled: true }, during, ZONE, SETTINGS)).toBe(false);
    expect(summonsDue({ ...MEETING, full: true }, during, ZONE, SETTINGS)).toBe(false);
    expect(summonsDue({ ...MEETING, rsvpOptions: false }, during, ZONE, SETTINGS)).toBe(false);
  });

  it("keeps to the lodge's wall clock across the change from summer time", () => {
    const autumn = { ...MEETING, date: "2027/11/10 19:30" };
    // Summoned 31 October at 10:00 EDT (14:00 UTC); the clocks go back on 7 November.
    expect(summonsDue(autumn, new Date("2027-10-31T13:59:00Z"), ZONE, SETTINGS)).toBe(false);
    expect(summonsDue(autumn, new Date("2027-10-31T14:00:00Z"), ZONE, SETTINGS)).toBe(true);
  });
});

describe("the chaser", () => {
  it("falls due chaseDaysBefore RSVPs close, at the summons time, for members summoned before then", () => {
    expect(chaserMoment(MEETING, SETTINGS)).toEqual({
      year: 2027,
      month: 11,
      day: 26,
      hour: 10,
      minute: 0,
    });
    expect(chaserDue(MEETING, at("2027-11-26T09:59"), ZONE, SETTINGS)).toBeUndefined();
    expect(chaserDue(MEETING, at("2027-11-26T10:00"), ZONE, SETTINGS)).toEqual({
      summonedBefore: at("2027-11-26T10:00"),
    });
  });

  it("is not sent once RSVPs have closed", () => {
    expect(chaserDue(MEETING, at("2027-11-30T00:00"), ZONE, SETTINGS)).toBeUndefined();
  });
});

describe("the caterer's numbers", () => {
  it("go when dinner orders close, until the meeting starts", () => {
    // Dinner orders close 5 days before at 11:59PM: 26 November.
    expect(catererSheetDue(MEETING, at("2027-11-26T23:58"), ZONE)).toBe(false);
    expect(catererSheetDue(MEETING, at("2027-11-26T23:59"), ZONE)).toBe(true);
    expect(catererSheetDue(MEETING, at("2027-12-01T19:29"), ZONE)).toBe(true);
    expect(catererSheetDue(MEETING, at("2027-12-01T19:30"), ZONE)).toBe(false);
  });

  it("go when RSVPs close for a meeting whose dinners close with them, and never for one without a dinner", () => {
    const withRsvp = { ...MEETING, mealCutoffDays: undefined };
    expect(catererSheetDue(withRsvp, at("2027-11-29T23:58"), ZONE)).toBe(false);
    expect(catererSheetDue(withRsvp, at("2027-11-29T23:59"), ZONE)).toBe(true);
    const noDinner = eventSchema.parse({
      date: "2027/12/01 19:30",
      name: "Meeting",
      rsvpOptions: true,
    });
    expect(catererSheetDue(noDinner, at("2027-11-30T12:00"), ZONE)).toBe(false);
    expect(catererSheetDue({ ...MEETING, cancelled: true }, at("2027-11-30T12:00"), ZONE)).toBe(
      false,
    );
  });

  it("are revised the day before at the lodge's time when the sheet went earlier", () => {
    const sent = at("2027-11-27T00:00");
    expect(revisedNumbersDue(MEETING, at("2027-11-30T09:59"), ZONE, "10:00", sent)).toBe(false);
    expect(revisedNumbersDue(MEETING, at("2027-11-30T10:00"), ZONE, "10:00", sent)).toBe(true);
    // A sheet sent on the day before, after its time, already had the numbers.
    expect(
      revisedNumbersDue(MEETING, at("2027-11-30T12:00"), ZONE, "10:00", at("2027-11-30T11:00")),
    ).toBe(false);
    expect(revisedNumbersDue(MEETING, at("2027-12-01T19:30"), ZONE, "10:00", sent)).toBe(false);
  });
});

describe("who is summoned", () => {
  const member = {
    status: "active" as const,
    email: "a@example.org",
    degree: "master-mason" as const,
  };
  it("summons members in good standing with an address whose degree the meeting admits", () => {
    expect(isSummoned(MEETING, member)).toBe(true);
    expect(isSummoned(MEETING, { ...member, degree: "fellowcraft" })).toBe(false);
    expect(
      isSummoned({ tyled: true, degree: "fellowcraft" }, { ...member, degree: "fellowcraft" }),
    ).toBe(true);
    expect(isSummoned({ tyled: false }, { ...member, degree: "entered-apprentice" })).toBe(true);
    expect(isSummoned(MEETING, { ...member, status: "life" })).toBe(true);
    expect(isSummoned(MEETING, { ...member, status: "demitted" })).toBe(false);
    expect(isSummoned(MEETING, { ...member, email: "" })).toBe(false);
  });
});
