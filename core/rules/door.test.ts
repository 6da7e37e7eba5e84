import { describe, expect, it } from "vitest";
import { doorOpen, doorWindow } from "./door.ts";
import { findsBrother, folded } from "./door-search.ts";

describe("the door link's window", () => {
  const event = { date: "2027/03/04 18:30" };
  it("opens at the start of the day before the meeting and closes at the end of the day after, in the lodge's time", () => {
    expect(doorWindow(event, "Europe/London")).toEqual({
      from: new Date("2027-03-03T00:00:00Z"),
      until: new Date("2027-03-06T00:00:00Z"),
    });
    // In summer, London's midnight is 23:00 UTC the evening before.
    expect(doorWindow({ date: "2027/07/01 18:30" }, "Europe/London").from).toEqual(
      new Date("2027-06-29T23:00:00Z"),
    );
  });
  it("says early, open and closed at the window's edges", () => {
    const at = (iso: string) => doorOpen(event, "Europe/London", new Date(iso));
    expect(at("2027-03-02T23:59:59Z")).toBe("early");
    expect(at("2027-03-03T00:00:00Z")).toBe("open");
    expect(at("2027-03-05T23:59:59Z")).toBe("open");
    expect(at("2027-03-06T00:00:00Z")).toBe("closed");
  });
});

describe("finding a brother at the door", () => {
  it("ignores accents, case and spacing", () => {
    expect(folded("  Élie   DUPRÉ ")).toBe("elie dupre");
    expect(findsBrother("dupre", { name: "Élie Dupré" })).toBe(true);
    expect(findsBrother("el du", { name: "Élie Dupré" })).toBe(true);
    expect(findsBrother("ÉLIE", { name: "elie dupre" })).toBe(true);
  });
  it("finds by the beginning of a word of the name, or of the number", () => {
    const brother = { name: "John O'Brien-Smith", number: "10234" };
    expect(findsBrother("brien", brother)).toBe(true);
    expect(findsBrother("smith", brother)).toBe(true);
    expect(findsBrother("102", brother)).toBe(true);
    expect(findsBrother("234", brother)).toBe(false);
    expect(findsBrother("ohn", brother)).toBe(false);
    expect(findsBrother("john jones", brother)).toBe(false);
    expect(findsBrother("", brother)).toBe(true);
  });
});
