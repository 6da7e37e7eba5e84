import { describe, expect, it } from "vitest";
import { privacyNote } from "../messages.ts";
import { messagesExpireBefore, rsvpDataExpired } from "./retention.ts";

const ZONE = "America/New_York";
const EVENT = { date: "2026/12/02 19:30" };
const RECEIVED = new Date("2026-11-20T15:00:00Z");

describe("keeping personal data for a set time", () => {
  it("keeps an event's RSVPs through the last kept day in the lodge's zone, then lets them go", () => {
    // 90 days after Wed 2 Dec 2026 is Tue 2 Mar 2027; erasure may start at midnight after it.
    expect(rsvpDataExpired(EVENT, RECEIVED, new Date("2027-03-03T04:59:00Z"), ZONE, 90)).toBe(
      false,
    );
    expect(rsvpDataExpired(EVENT, RECEIVED, new Date("2027-03-03T05:00:00Z"), ZONE, 90)).toBe(true);
    expect(rsvpDataExpired(EVENT, RECEIVED, new Date("2026-12-04T05:00:00Z"), ZONE, 1)).toBe(true);
  });

  it("judges an event no longer in the data by its newest RSVP, and messages by when they came", () => {
    expect(rsvpDataExpired(undefined, RECEIVED, new Date("2027-02-18T14:59:00Z"), ZONE, 90)).toBe(
      false,
    );
    expect(rsvpDataExpired(undefined, RECEIVED, new Date("2027-02-18T15:00:00Z"), ZONE, 90)).toBe(
      true,
    );
    expect(messagesExpireBefore(new Date("2027-02-18T15:00:00Z"), 90)).toEqual(RECEIVED);
  });

  it("tells the visitor on the form, with the lodge's number of days", () => {
    expect(privacyNote(30, "reservation")).toBe(
      "Your name and e-mail address are used only for this reservation and are erased 30 days after the event; the lodge keeps only the number of attendees and meals.",
    );
    expect(privacyNote(90, "message")).toContain("are erased 90 days after you send it.");
    expect(privacyNote(30, "waiting list")).toBe(
      "Your name and e-mail address are used only for your place in the waiting list and the reservation it may become, and are erased 30 days after the event; the lodge keeps only the number of attendees and meals.",
    );
  });
});
