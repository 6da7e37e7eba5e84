import { describe, expect, it } from "vitest";
import { describeSchedule, meetingDays } from "./schedule.ts";

const schedule = { weekday: "Wednesday", weeks: [1, 3], skipMonths: [7, 8] } as const;
const text = (days: { year: number; month: number; day: number }[]) =>
  days.map(
    (d) => `${d.year}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}`,
  );

describe("meetingDays", () => {
  it("gives the 1st and 3rd Wednesday of every month but July and August", () => {
    const days = text(
      meetingDays(2027, {
        ...schedule,
        weeks: [...schedule.weeks],
        skipMonths: [...schedule.skipMonths],
      }),
    );
    expect(days).toHaveLength(20);
    expect(days.slice(0, 4)).toEqual(["2027-01-06", "2027-01-20", "2027-02-03", "2027-02-17"]);
    expect(days.filter((d) => d.startsWith("2027-07") || d.startsWith("2027-08"))).toEqual([]);
    expect(days.slice(-2)).toEqual(["2027-12-01", "2027-12-15"]);
  });

  it("skips a 5th week in months that have no 5th such weekday", () => {
    const days = text(meetingDays(2026, { weekday: "Wednesday", weeks: [5], skipMonths: [] }));
    expect(days).toEqual(["2026-04-29", "2026-07-29", "2026-09-30", "2026-12-30"]);
  });
});

describe("describeSchedule", () => {
  const meetings = {
    weekday: "Wednesday" as const,
    weeks: [3, 1],
    skipMonths: [8, 7],
    time: "19:30",
    dinnerTime: "18:30",
    dinnerCost: { kind: "fixed" as const, amount: 15 },
    rsvpExpirationDays: 1,
  };

  it("says when stated meetings and their dinners are, in words", () => {
    expect(describeSchedule(meetings)).toEqual([
      "Stated meetings are held on the 1st and 3rd Wednesday of each month at 7:30PM, except in July and August.",
      "An early bird dinner is served at 6:30PM before each stated meeting, unless noted. Reservations are required for all meals.",
    ]);
  });

  it("leaves out the dinner when stated meetings have none, and the exception when no month is skipped", () => {
    expect(
      describeSchedule({ ...meetings, weeks: [2], skipMonths: [], dinnerCost: { kind: "none" } }),
    ).toEqual(["Stated meetings are held on the 2nd Wednesday of each month at 7:30PM."]);
  });
});
