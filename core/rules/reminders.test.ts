import { describe, expect, it } from "vitest";
import { reminderMoment, remindersDue } from "./reminders.ts";
import { instantOf } from "./time.ts";

const ZONE = "America/New_York";
const EVENT = { date: "2026/12/02 19:30", rsvpOptions: true, cancelled: false };

describe("reminders", () => {
  it("fall due the day before the event at the lodge's reminder time, in its zone", () => {
    expect(reminderMoment(EVENT, "10:00")).toEqual({
      year: 2026,
      month: 12,
      day: 1,
      hour: 10,
      minute: 0,
    });
    expect(remindersDue(EVENT, new Date("2026-12-01T14:59:00Z"), ZONE, "10:00")).toBeUndefined();
    expect(remindersDue(EVENT, new Date("2026-12-01T15:00:00Z"), ZONE, "10:00")).toEqual({
      receivedBefore: new Date("2026-12-01T15:00:00Z"),
    });
    expect(remindersDue(EVENT, new Date("2026-12-01T23:00:00Z"), ZONE, "6:00 PM")).toEqual({
      receivedBefore: new Date("2026-12-01T23:00:00Z"),
    });
  });

  it("are not sent once the event has started, nor for a cancelled event or one without RSVP", () => {
    const during = new Date("2026-12-03T00:31:00Z");
    expect(remindersDue(EVENT, during, ZONE, "10:00")).toBeUndefined();
    const dayBefore = new Date("2026-12-01T16:00:00Z");
    expect(remindersDue({ ...EVENT, cancelled: true }, dayBefore, ZONE, "10:00")).toBeUndefined();
    expect(
      remindersDue({ ...EVENT, rsvpOptions: false }, dayBefore, ZONE, "10:00"),
    ).toBeUndefined();
  });

  it("fall due for a social outing that takes RSVPs, the same day before at the same time", () => {
    const outing = { date: "2026/12/02 19:30", isRsvp: true };
    expect(remindersDue(outing, new Date("2026-12-01T14:59:00Z"), ZONE, "10:00")).toBeUndefined();
    expect(remindersDue(outing, new Date("2026-12-01T15:00:00Z"), ZONE, "10:00")).toEqual({
      receivedBefore: new Date("2026-12-01T15:00:00Z"),
    });
    const dayBefore = new Date("2026-12-01T16:00:00Z");
    expect(remindersDue({ ...outing, isRsvp: false }, dayBefore, ZONE, "10:00")).toBeUndefined();
    expect(remindersDue(outing, new Date("2026-12-03T00:31:00Z"), ZONE, "10:00")).toBeUndefined();
  });

  it("name the moment of a wall time across a change of clocks", () => {
    const wall = { year: 2026, month: 3, day: 8, hour: 10, minute: 0 };
    expect(instantOf(wall, ZONE)).toEqual(new Date("2026-03-08T14:00:00Z"));
    expect(instantOf({ ...wall, day: 7 }, ZONE)).toEqual(new Date("2026-03-07T15:00:00Z"));
    expect(instantOf({ ...wall, day: 7 }, "Pacific/Auckland")).toEqual(
      new Date("2026-03-06T21:00:00Z"),
    );
  });
});
