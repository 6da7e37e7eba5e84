import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { eventSchema } from "../schemas/event.ts";
import { socialEventSchema } from "../schemas/social-event.ts";
import {
  calendarFeed,
  calendarFile,
  calendarSubscription,
  eventCalendarFile,
  instantOf,
  isoDateTime,
} from "./calendar.ts";

describe("calendar files", () => {
  it("turns the lodge's wall time into the right instant on both sides of daylight saving", () => {
    const zone = "America/New_York";
    expect(
      instantOf({ year: 2026, month: 12, day: 2, hour: 19, minute: 30 }, zone).toISOString(),
    ).toBe("2026-12-03T00:30:00.000Z");
    expect(
      instantOf({ year: 2026, month: 7, day: 1, hour: 19, minute: 30 }, zone).toISOString(),
    ).toBe("2026-07-01T23:30:00.000Z");
    expect(
      instantOf({ year: 2026, month: 3, day: 8, hour: 12, minute: 0 }, zone).toISOString(),
    ).toBe("2026-03-08T16:00:00.000Z");
  });

  it("escapes text and folds lines longer than 75 octets", () => {
    const ics = calendarFile({
      uid: "e1@lodge-586",
      start: { year: 2026, month: 12, day: 2, hour: 19, minute: 30 },
      timeZone: "America/New_York",
      durationMinutes: 120,
      summary: "Dinner; drinks, talk\nand more",
      location: "",
      description: "x".repeat(100),
      stamp: new Date("2026-11-21T17:00:00Z"),
    });
    expect(ics).toContain("SUMMARY:Dinner\\; drinks\\, talk\\nand more\r\n");
    expect(ics).toContain(`DESCRIPTION:${"x".repeat(63)}\r\n ${"x".repeat(37)}\r\n`);
    expect(ics).not.toContain("LOCATION");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.startsWith("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n")).toBe(true);
    expect(ics.endsWith("END:VEVENT\r\nEND:VCALENDAR\r\n")).toBe(true);
  });

  it("writes a wall time as an ISO date-time with the zone's offset of that day", () => {
    const zone = "America/New_York";
    expect(isoDateTime({ year: 2026, month: 12, day: 2, hour: 19, minute: 30 }, zone)).toBe(
      "2026-12-02T19:30:00-05:00",
    );
    expect(isoDateTime({ year: 2027, month: 7, day: 1, hour: 9, minute: 5 }, zone)).toBe(
      "2027-07-01T09:05:00-04:00",
    );
    expect(isoDateTime({ year: 2027, month: 1, day: 1, hour: 0, minute: 0 }, "Asia/Kolkata")).toBe(
      "2027-01-01T00:00:00+05:30",
    );
  });

  it("makes one file of an event for the site and the mail: the venue and address, the description and the extra information", () => {
    const lodge = { number: 586, shortName: "Hillcrest", timeZone: "America/New_York" };
    const event = eventSchema.parse({
      id: "2026-12-02-stated-meeting",
      date: "2026/12/02 19:30",
      name: "Stated Meeting",
      description: "Business meeting.",
      extraInfo: "Dinner at 6:30.",
      location: "Lyndhurst Masonic Center",
      address: "5025 Linden Crest Road",
    });
    const ics = eventCalendarFile(lodge, event, new Date("2026-11-21T17:00:00Z"));
    expect(ics).toContain("UID:2026-12-02-stated-meeting@lodge-586\r\n");
    expect(ics).toContain("SUMMARY:Stated Meeting (Hillcrest)\r\n");
    expect(ics).toContain("LOCATION:Lyndhurst Masonic Center\\, 5025 Linden Crest Road\r\n");
    expect(ics).toContain("DESCRIPTION:Business meeting.\\n\\nDinner at 6:30.\r\n");
    const outing = socialEventSchema.parse({
      id: "bowling",
      name: "Bowling",
      date: "2026/12/05 18:00",
      location: "Mayfield Lanes",
      locationAddress: "6010 Mayfield Road",
    });
    const outingIcs = eventCalendarFile(lodge, outing, new Date("2026-11-21T17:00:00Z"));
    expect(outingIcs).toContain("LOCATION:Mayfield Lanes\\, 6010 Mayfield Road\r\n");
    expect(outingIcs).not.toContain("DESCRIPTION");
  });

  it("links each entry to its page on the site when lodge.yaml gives the site's address, and to nothing without one", () => {
    const lodge = { number: 586, shortName: "Hillcrest", timeZone: "America/New_York" };
    const siteUrl = "https://www.hillcrest586.example.org";
    const event = eventSchema.parse({
      id: "table-lodge",
      date: "2027/01/13 19:30",
      name: "Table Lodge",
    });
    const outing = socialEventSchema.parse({
      id: "bowling",
      date: "2026/12/05 18:00",
      name: "Bowling",
    });
    const stamp = new Date("2026-11-21T17:00:00Z");
    expect(eventCalendarFile({ ...lodge, siteUrl }, event, stamp)).toContain(
      `URL:${siteUrl}/events/table-lodge\r\n`,
    );
    expect(eventCalendarFile({ ...lodge, siteUrl }, outing, stamp)).toContain(
      `URL:${siteUrl}/social-events/bowling\r\n`,
    );
    expect(eventCalendarFile({ ...lodge, siteUrl: "" }, event, stamp)).not.toContain("URL:");
    expect(
      calendarFeed({ ...lodge, name: "Hillcrest", siteUrl }, [event, outing], stamp),
    ).toContain(`URL:${siteUrl}/social-events/bowling\r\n`);
  });
});

describe("the calendar feed", () => {
  const lodge = {
    name: "Hillcrest Lodge No. 586",
    number: 586,
    shortName: "Hillcrest",
    timeZone: "America/New_York",
  };
  const stamp = new Date("2026-11-21T17:00:00Z");
  const meeting = eventSchema.parse({ date: "2026/12/02 19:30", name: "Stated Meeting" });
  const cancelled = eventSchema.parse({
    date: "2026/12/16 19:30",
    name: "Stated Meeting",
    cancelled: true,
  });
  const postponed = eventSchema.parse({
    date: "2027/01/13 19:30",
    name: "Table Lodge",
    postponedFrom: "2027/01/06 19:30",
  });
  const outing = socialEventSchema.parse({ name: "Bowling", date: "2026/12/05 18:00" });

  it("parses with ical.js: every event with its own file's UID, status and sequence, a refresh interval, and no organizer", () => {
    const feed = calendarFeed(lodge, [meeting, cancelled, postponed, outing], stamp);
    const calendar = new ICAL.Component(ICAL.parse(feed));
    expect(calendar.getFirstPropertyValue("x-wr-calname")).toBe(lodge.name);
    expect(String(calendar.getFirstPropertyValue("refresh-interval"))).toBe("PT12H");
    expect(calendar.getFirstPropertyValue("x-published-ttl")).toBe("PT12H");
    const entries = calendar.getAllSubcomponents("vevent").map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        start: event.startDate.toJSDate().toISOString(),
        status: vevent.getFirstPropertyValue("status"),
        sequence: event.sequence,
        organizer: vevent.hasProperty("organizer"),
      };
    });
    expect(entries).toEqual([
      {
        uid: "2026-12-02-stated-meeting@lodge-586",
        start: "2026-12-03T00:30:00.000Z",
        status: "CONFIRMED",
        sequence: 0,
        organizer: false,
      },
      {
        uid: "2026-12-16-stated-meeting@lodge-586",
        start: "2026-12-17T00:30:00.000Z",
        status: "CANCELLED",
        sequence: 1,
        organizer: false,
      },
      {
        uid: "2027-01-13-table-lodge@lodge-586",
        start: "2027-01-14T00:30:00.000Z",
        status: "CONFIRMED",
        sequence: 1,
        organizer: false,
      },
      {
        uid: "2026-12-05-bowling@lodge-586",
        start: "2026-12-05T23:00:00.000Z",
        status: "CONFIRMED",
        sequence: 0,
        organizer: false,
      },
    ]);
    // The same entry as the event's own file (the site's link and the confirmation mail).
    const own = new ICAL.Component(ICAL.parse(eventCalendarFile(lodge, cancelled, stamp)));
    expect(own.getFirstSubcomponent("vevent")?.toString()).toBe(
      calendar.getAllSubcomponents("vevent")[1]?.toString(),
    );
  });

  it("is subscribed to at webcal:// on the site's own address, and not without one", () => {
    expect(calendarSubscription("https://www.example.org")).toBe(
      "webcal://www.example.org/calendar.ics",
    );
    expect(calendarSubscription("")).toBeUndefined();
  });
});
