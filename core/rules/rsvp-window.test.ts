import { describe, expect, it } from "vitest";
import { type EventInput, eventSchema } from "../schemas/event.ts";
import { socialEventSchema } from "../schemas/social-event.ts";
import {
  closesText,
  homeRsvpCutoff,
  homeRsvpOpen,
  reservationsClosedText,
  socialRsvpCutoff,
  socialRsvpOpen,
  upcomingRsvpDeadline,
  upcomingRsvpOpen,
} from "./rsvp-window.ts";

const NY = "America/New_York";
const at = (iso: string) => new Date(iso);

function event(fields: Partial<EventInput> = {}) {
  return eventSchema.parse({
    date: "2024/09/04 19:30",
    name: "Stated Meeting",
    rsvpOptions: true,
    rsvpExpirationDays: "3",
    ...fields,
  });
}

describe("an event's own closing time of day (rsvpExpirationTime)", () => {
  const dinner = event({ rsvpExpirationTime: "6:00 PM" });

  it("replaces both screens' default closing time on the cutoff day", () => {
    const sixPm = { year: 2024, month: 9, day: 1, hour: 18, minute: 0 };
    expect(homeRsvpCutoff(dinner)).toEqual(sixPm);
    expect(upcomingRsvpDeadline(dinner)).toEqual(sixPm);
    expect(closesText(dinner)).toBe("Closes Sep 1, 2024 at 6:00PM");
  });

  it("closes RSVP at that time in the lodge's zone, on the site and at the server alike", () => {
    // Sep 1 17:59 and 18:00 in New York (EDT, UTC-4).
    expect(upcomingRsvpOpen(dinner, at("2024-09-01T21:59:00Z"), NY)).toBe(true);
    expect(upcomingRsvpOpen(dinner, at("2024-09-01T22:00:00Z"), NY)).toBe(false);
    expect(homeRsvpOpen(dinner, at("2024-09-01T22:00:00Z"), NY)).toBe(false);
    // Without its own time, the same moment is still open (SPEC 4: 11:59PM and 21:00).
    expect(upcomingRsvpOpen(event(), at("2024-09-01T22:00:00Z"), NY)).toBe(true);
    expect(homeRsvpOpen(event(), at("2024-09-01T22:00:00Z"), NY)).toBe(true);
  });
});

describe("home page RSVP", () => {
  const meeting = event();

  it("closes at 21:00 on the day rsvpExpirationDays before the event", () => {
    expect(homeRsvpCutoff(meeting)).toEqual({ year: 2024, month: 9, day: 1, hour: 21, minute: 0 });
  });

  it("closes home RSVP at 21:00 on the cutoff day in the lodge's time zone", () => {
    // Sep 1 20:59 and 21:00 in New York (EDT, UTC-4).
    expect(homeRsvpOpen(meeting, at("2024-09-02T00:59:00Z"), NY)).toBe(true);
    expect(homeRsvpOpen(meeting, at("2024-09-02T01:00:00Z"), NY)).toBe(false);
    expect(homeRsvpOpen(meeting, at("2024-09-02T01:30:00Z"), NY)).toBe(false);
  });

  it("stays open when the machine's zone (Auckland) is already past the cutoff day", () => {
    // Sep 1 20:59 in New York is Sep 2 12:59 in Auckland.
    const now = at("2024-09-02T00:59:00Z");
    expect(homeRsvpOpen(meeting, now, NY)).toBe(true);
    expect(homeRsvpOpen(meeting, now, "Pacific/Auckland")).toBe(false);
  });

  it("is closed when the event takes no RSVPs", () => {
    expect(homeRsvpOpen(event({ rsvpOptions: false }), at("2024-08-01T00:00:00Z"), NY)).toBe(false);
  });

  it("is closed for a cancelled or full event, and open again when reopened", () => {
    const early = at("2024-08-01T00:00:00Z");
    expect(homeRsvpOpen(event({ cancelled: true }), early, NY)).toBe(false);
    expect(homeRsvpOpen(event({ full: true }), early, NY)).toBe(false);
    expect(homeRsvpOpen(event({ cancelled: false, full: false }), early, NY)).toBe(true);
    expect(upcomingRsvpOpen(event({ cancelled: true }), early, NY)).toBe(false);
    expect(upcomingRsvpOpen(event({ full: true }), early, NY)).toBe(false);
  });

  it("crosses a month boundary and counts days on the calendar in a DST-change week", () => {
    // Cutoff Mar 10 2024 21:00 EDT (clocks went forward that morning) = Mar 11 01:00 UTC.
    const afterSpringForward = event({ date: "2024/03/13 19:30" });
    expect(homeRsvpOpen(afterSpringForward, at("2024-03-11T00:59:00Z"), NY)).toBe(true);
    expect(homeRsvpOpen(afterSpringForward, at("2024-03-11T01:00:00Z"), NY)).toBe(false);
    // Cutoff Nov 3 2024 21:00 EST (clocks went back that morning) = Nov 4 02:00 UTC.
    const afterFallBack = event({ date: "2024/11/06 19:30" });
    expect(homeRsvpOpen(afterFallBack, at("2024-11-04T01:59:00Z"), NY)).toBe(true);
    expect(homeRsvpOpen(afterFallBack, at("2024-11-04T02:00:00Z"), NY)).toBe(false);
    const earlyInMonth = event({ date: "2024/10/02 19:30", rsvpExpirationDays: 5 });
    expect(homeRsvpCutoff(earlyInMonth)).toEqual({
      year: 2024,
      month: 9,
      day: 27,
      hour: 21,
      minute: 0,
    });
  });
});

describe("upcoming-events RSVP", () => {
  const meeting = event();

  it("has its deadline at 23:59 rsvpExpirationDays before the event", () => {
    expect(upcomingRsvpDeadline(meeting)).toEqual({
      year: 2024,
      month: 9,
      day: 1,
      hour: 23,
      minute: 59,
    });
    expect(closesText(meeting)).toBe("Closes Sep 1, 2024 at 11:59PM");
    expect(closesText(event({ date: "2025/01/02 18:00", rsvpExpirationDays: 5 }))).toBe(
      "Closes Dec 28, 2024 at 11:59PM",
    );
    expect(reservationsClosedText(upcomingRsvpDeadline(meeting), "Stated Meeting")).toBe(
      "Reservations for Stated Meeting closed on Sep 1, 2024 at 11:59PM",
    );
    expect(reservationsClosedText(upcomingRsvpDeadline(meeting))).toBe(
      "Reservations closed on Sep 1, 2024 at 11:59PM",
    );
  });

  it("closes upcoming-events RSVP at 11:59PM on the cutoff day in the lodge's time zone", () => {
    // Sep 1 23:58 and 23:59 in New York.
    expect(upcomingRsvpOpen(meeting, at("2024-09-02T03:58:00Z"), NY)).toBe(true);
    expect(upcomingRsvpOpen(meeting, at("2024-09-02T03:59:00Z"), NY)).toBe(false);
    // Sep 1 21:30: closed on the home page, still open here.
    expect(upcomingRsvpOpen(meeting, at("2024-09-02T01:30:00Z"), NY)).toBe(true);
    expect(homeRsvpOpen(meeting, at("2024-09-02T01:30:00Z"), NY)).toBe(false);
  });

  it("takes no RSVPs when the event takes none, whatever the seats (the capacity rule decides those)", () => {
    const now = at("2024-08-20T12:00:00Z");
    expect(upcomingRsvpOpen(meeting, now, NY)).toBe(true);
    expect(upcomingRsvpOpen(event({ rsvpOptions: false }), now, NY)).toBe(false);
  });
});

describe("social RSVP", () => {
  const outing = socialEventSchema.parse({
    name: "Brewery Night",
    date: "2024-06-08 18:00",
    isRsvp: true,
  });

  it("closes at 21:00 on the day before the outing", () => {
    expect(socialRsvpCutoff(outing)).toEqual({ year: 2024, month: 6, day: 7, hour: 21, minute: 0 });
  });

  it("closes social RSVP at 21:00 the day before in the lodge's time zone", () => {
    // Jun 7 20:59 and 21:00 in New York; already Jun 8 in Auckland.
    expect(socialRsvpOpen(outing, at("2024-06-08T00:59:00Z"), NY)).toBe(true);
    expect(socialRsvpOpen(outing, at("2024-06-08T01:00:00Z"), NY)).toBe(false);
    expect(socialRsvpOpen(outing, at("2024-06-08T00:59:00Z"), "Pacific/Auckland")).toBe(false);
  });

  it("is closed when the outing takes no RSVPs", () => {
    const noRsvp = { ...outing, isRsvp: false };
    expect(socialRsvpOpen(noRsvp, at("2024-05-01T00:00:00Z"), NY)).toBe(false);
  });
});
