import { describe, expect, it } from "vitest";
import { absenceRuns, isStatedMeeting, type MeetingKept } from "./almoner.ts";

const meeting = (eventId: string, present: number[], apologised: number[] = []): MeetingKept => ({
  eventId,
  present: new Set(present),
  apologised: new Set(apologised),
});

describe("the Almoner's rule", () => {
  it("names a brother absent without word at the last two stated meetings, from the first of the run", () => {
    const meetings = [meeting("jan", [1, 2, 3]), meeting("feb", [1], [2]), meeting("mar", [1])];
    expect(absenceRuns(meetings, [1, 2, 3])).toEqual([{ memberId: 3, since: "feb", meetings: 2 }]);
  });
  it("is reset by an attendance or an apology, and a new run starts after it", () => {
    const held = [meeting("jan", [1, 2]), meeting("feb", [1], [2]), meeting("mar", [2])];
    expect(absenceRuns(held, [1, 2])).toEqual([]);
    held.push(meeting("apr", [9]));
    expect(absenceRuns(held, [1, 2])).toEqual([{ memberId: 1, since: "mar", meetings: 2 }]);
    held.push(meeting("may", [2]), meeting("jun", [9]));
    expect(absenceRuns(held, [1, 2])).toEqual([{ memberId: 1, since: "mar", meetings: 4 }]);
    held.push(meeting("jul", [1, 9]), meeting("aug", [9]), meeting("sep", [9]));
    expect(absenceRuns(held, [1, 2])).toEqual([
      { memberId: 1, since: "aug", meetings: 2 },
      { memberId: 2, since: "jun", meetings: 4 },
    ]);
  });
  it("does not count a meeting whose register was not kept", () => {
    expect(absenceRuns([meeting("jan", []), meeting("feb", [9])], [1])).toEqual([]);
  });
  it("knows a stated meeting by its name, tyled and not cancelled", () => {
    expect(isStatedMeeting({ name: "Stated Meeting", tyled: true })).toBe(true);
    expect(isStatedMeeting({ name: "Stated Meeting", tyled: true, cancelled: true })).toBe(false);
    expect(isStatedMeeting({ name: "Fellowcraft Degree", tyled: true })).toBe(false);
    expect(isStatedMeeting({ name: "Stated Dinner", tyled: false })).toBe(false);
  });
});
