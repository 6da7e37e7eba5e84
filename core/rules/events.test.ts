import { describe, expect, it } from "vitest";
import { type EventInput, eventSchema } from "../schemas/event.ts";
import { socialEventSchema } from "../schemas/social-event.ts";
import {
  albumOfDay,
  eventNotices,
  hasStarted,
  latestInstallation,
  mapEmbedOf,
  spotlightEvents,
  upcomingEvents,
  upcomingOutings,
} from "./events.ts";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);
const event = (date: string, name: string, fields: Partial<EventInput> = {}) =>
  eventSchema.parse({ date, name, ...fields });
const names = (list: readonly { name: string }[]) => list.map((e) => e.name);

describe("hasStarted", () => {
  it("is true from the start minute on, in the lodge's time zone", () => {
    // 19:30 EDT on Sep 4 is 23:30 UTC.
    expect(hasStarted("2024/09/04 19:30", at("2024-09-04T23:29:59Z"), NY)).toBe(false);
    expect(hasStarted("2024/09/04 19:30", at("2024-09-04T23:30:00Z"), NY)).toBe(true);
  });

  it("does not take the machine's day (Auckland is a day ahead)", () => {
    // Sep 4 08:00 in New York is Sep 5 00:00 in Auckland.
    const now = at("2024-09-04T12:00:00Z");
    expect(hasStarted("2024/09/04 19:30", now, NY)).toBe(false);
    expect(hasStarted("2024/09/04 19:30", now, "Pacific/Auckland")).toBe(true);
  });
});

describe("upcomingEvents", () => {
  const list = [
    event("2024/09/18 19:30", "Stated Meeting B"),
    event("2024/09/04 19:30", "Stated Meeting A"),
    event("2024/08/21 19:30", "Past Meeting"),
    event("2024/09/18 19:30", "Awards Night"),
    event("2024/09/04 18:30", "Early Bird Dinner"),
  ];

  it("lists events not yet started, earliest first, same-time events in data order", () => {
    expect(names(upcomingEvents(list, at("2024-09-01T12:00:00Z"), NY))).toEqual([
      "Early Bird Dinner",
      "Stated Meeting A",
      "Stated Meeting B",
      "Awards Night",
    ]);
  });

  it("drops an event at its start minute", () => {
    // 18:30 EDT Sep 4 = 22:30 UTC.
    expect(names(upcomingEvents(list, at("2024-09-04T22:30:00Z"), NY))).toEqual([
      "Stated Meeting A",
      "Stated Meeting B",
      "Awards Night",
    ]);
  });

  it("hides social outings whose start has passed", () => {
    const outings = [
      socialEventSchema.parse({ name: "Ballgame", date: "2024/06/08 18:00" }),
      socialEventSchema.parse({ name: "Brewery", date: "2024/05/18 17:00" }),
      socialEventSchema.parse({ name: "Bowling", date: "2024/05/04 17:00" }),
    ];
    // May 18 16:59 and 17:00 EDT.
    expect(names(upcomingOutings(outings, at("2024-05-18T20:59:00Z"), NY))).toEqual([
      "Brewery",
      "Ballgame",
    ]);
    expect(names(upcomingOutings(outings, at("2024-05-18T21:00:00Z"), NY))).toEqual(["Ballgame"]);
  });
});

describe("spotlightEvents", () => {
  const spot = (date: string, name: string) => event(date, name, { spotlight: true });
  const list = [
    spot("2024/12/14 18:00", "Brotherhood Night"),
    event("2024/09/18 19:30", "Stated Meeting"),
    spot("2024/08/31 12:00", "Steak Roast"),
    spot("2024/10/19 18:00", "Table Lodge"),
    spot("2024/09/11 19:00", "Memorial Night"),
    spot("2025/01/08 19:30", "Installation of Officers"),
  ];

  it("shows at most three future spotlight events, earliest first", () => {
    expect(names(spotlightEvents(list, at("2024-09-01T12:00:00Z"), NY))).toEqual([
      "Memorial Night",
      "Table Lodge",
      "Brotherhood Night",
    ]);
  });

  it("shows fewer when fewer are still to come", () => {
    // Dec 14 18:00 EST = 23:00 UTC.
    expect(names(spotlightEvents(list, at("2024-12-14T22:59:00Z"), NY))).toEqual([
      "Brotherhood Night",
      "Installation of Officers",
    ]);
    expect(names(spotlightEvents(list, at("2024-12-14T23:00:00Z"), NY))).toEqual([
      "Installation of Officers",
    ]);
  });
});

describe("latestInstallation", () => {
  it("gives the date of the latest installation of officers, matched without case", () => {
    const list = [
      event("2023/12/02 10:00", "Installation of Officers"),
      event("2024/12/07 10:00", "Public INSTALLATION OF OFFICERS and lunch"),
      event("2025/01/08 19:30", "Stated Meeting"),
      event("2022/12/03 10:00", "Installation of Officers"),
    ];
    expect(latestInstallation(list)).toEqual({
      year: 2024,
      month: 12,
      day: 7,
      hour: 10,
      minute: 0,
    });
  });

  it("is undefined when no event is an installation", () => {
    expect(latestInstallation([event("2024/09/04 19:30", "Stated Meeting")])).toBeUndefined();
    expect(latestInstallation([])).toBeUndefined();
  });
});

describe("eventNotices", () => {
  it("labels a cancelled, full or postponed event, and says nothing of one as announced", () => {
    expect(eventNotices({})).toEqual([]);
    expect(eventNotices({ cancelled: true, full: true })).toEqual([
      { kind: "cancelled", text: "Cancelled" },
    ]);
    expect(eventNotices({ full: true })).toEqual([{ kind: "full", text: "Full" }]);
    expect(eventNotices({ postponedFrom: "2026/12/02 19:30" })).toEqual([
      { kind: "postponed", text: "Postponed from Wednesday, December 2, 2026" },
    ]);
  });
});

describe("albumOfDay", () => {
  const albums = [
    { albumName: "2024-12-14-installation" },
    { albumName: "2024-12-11-brotherhood-night" },
  ];
  it("finds the album named with the event's day, however the date is written", () => {
    expect(albumOfDay(albums, "2024/12/11 19:30")?.albumName).toBe("2024-12-11-brotherhood-night");
    expect(albumOfDay(albums, "2024-12-14 10:00")?.albumName).toBe("2024-12-14-installation");
  });
  it("finds none for a day without photos, nor for a day that only starts the same way", () => {
    expect(albumOfDay(albums, "2024/12/01 19:30")).toBeUndefined();
    expect(albumOfDay([{ albumName: "2024-12-110-x" }], "2024/12/11 19:30")).toBeUndefined();
  });
});

describe("mapEmbedOf", () => {
  const lodgeAddress = {
    street: "5025 Linden Crest Road",
    mapEmbed: "https://maps.google.com/maps?q=lodge&output=embed",
  };
  it("embeds the lodge's own map for an event at the lodge or with no address", () => {
    expect(mapEmbedOf("5025 Linden Crest Road, Lyndhurst, OH", lodgeAddress)).toBe(
      lodgeAddress.mapEmbed,
    );
    expect(mapEmbedOf("", lodgeAddress)).toBe(lodgeAddress.mapEmbed);
  });
  it("embeds a map of any other address, and none when the lodge embeds no map", () => {
    expect(mapEmbedOf("1 Park Lane, Cleveland, OH", lodgeAddress)).toBe(
      "https://maps.google.com/maps?q=1%20Park%20Lane%2C%20Cleveland%2C%20OH&output=embed",
    );
    expect(mapEmbedOf("1 Park Lane", { ...lodgeAddress, mapEmbed: "" })).toBeUndefined();
  });
});
