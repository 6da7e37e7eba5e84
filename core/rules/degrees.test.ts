import { describe, expect, it } from "vitest";
import { admits, admittedText, degreeLabel, meetingDegree, readDegree } from "./degrees.ts";

describe("which members a meeting admits", () => {
  it("opens a tyled meeting that names no degree on the Master Mason degree", () => {
    expect(meetingDegree({ tyled: true })).toBe("master-mason");
    expect(admits({ tyled: true }, "fellowcraft")).toBe(false);
    expect(admits({ tyled: true }, "master-mason")).toBe(true);
  });

  it("admits brethren of the meeting's degree and higher", () => {
    const ea = { tyled: true, degree: "entered-apprentice" as const };
    const fc = { tyled: true, degree: "fellowcraft" as const };
    expect(
      ["entered-apprentice", "fellowcraft", "master-mason"].map((d) => admits(ea, d as never)),
    ).toEqual([true, true, true]);
    expect(
      ["entered-apprentice", "fellowcraft", "master-mason"].map((d) => admits(fc, d as never)),
    ).toEqual([false, true, true]);
    expect(admittedText(ea)).toBe("Entered Apprentices, Fellowcrafts and Master Masons");
    expect(admittedText(fc)).toBe("Fellowcrafts and Master Masons");
    expect(admittedText({ tyled: true })).toBe("Master Masons");
    expect(degreeLabel(fc)).toBe("Fellowcraft degree");
  });

  it("opens an event that is not tyled to all", () => {
    expect(meetingDegree({ tyled: false })).toBeUndefined();
    expect(admits({ tyled: false }, "entered-apprentice")).toBe(true);
    expect(admittedText({ tyled: false })).toBeUndefined();
    expect(degreeLabel({ tyled: false })).toBeUndefined();
  });
});

describe("readDegree", () => {
  it.each([
    ["EA", "entered-apprentice"],
    ["E.A.", "entered-apprentice"],
    ["1st Degree", "entered-apprentice"],
    ["Entered Apprentice", "entered-apprentice"],
    ["FC", "fellowcraft"],
    ["Fellow Craft", "fellowcraft"],
    ["fellowcraft", "fellowcraft"],
    ["2", "fellowcraft"],
    ["M.M.", "master-mason"],
    ["Master Mason", "master-mason"],
    ["3°", "master-mason"],
    ["PM", "master-mason"],
    ["Past Master", "master-mason"],
  ])("reads %j as %s", (text, degree) => {
    expect(readDegree(text)).toBe(degree);
  });

  it.each(["", "Grand Master", "4", "Royal Arch"])("reads no degree in %j", (text) => {
    expect(readDegree(text)).toBeUndefined();
  });
});
