import { describe, expect, it } from "vitest";
import { CONFIRM_HOLD_MS, OFFER_HOLD_MS } from "../constants.ts";
import {
  confirmBy,
  decideRsvpSeats,
  decideSeatChange,
  isAtGuestLimit,
  offerExpiry,
  offerOpen,
  partiesToOffer,
  seatsTaken,
  waitlistCounts,
} from "./seats.ts";

const limits = { guestLimit: 70, seatsPerClient: 20 };

describe("the capacity rule", () => {
  it("styles the button disabled at 70 attendees or more", () => {
    expect(isAtGuestLimit(69, 70)).toBe(false);
    expect(isAtGuestLimit(70, 70)).toBe(true);
    expect(isAtGuestLimit(71, 70)).toBe(true);
  });

  it("takes an RSVP that fills the last seats, and refuses one seat more, saying how many are taken", () => {
    expect(decideRsvpSeats(2, { event: 68, client: 0 }, limits)).toEqual({ kind: "fits" });
    expect(decideRsvpSeats(3, { event: 68, client: 0 }, limits)).toEqual({
      kind: "full",
      taken: 68,
      limit: 70,
    });
  });

  it("asks an RSVP past the seats of its address to be confirmed by mail, after the guest limit, the first news a visitor needs", () => {
    expect(decideRsvpSeats(4, { event: 30, client: 16 }, limits)).toEqual({ kind: "fits" });
    expect(decideRsvpSeats(5, { event: 30, client: 16 }, limits)).toEqual({
      kind: "confirm",
      taken: 16,
      limit: 20,
    });
    expect(decideRsvpSeats(5, { event: 68, client: 16 }, limits).kind).toBe("full");
  });

  it("holds seats for a confirmation for 30 minutes, or until the RSVP deadline when it comes first", () => {
    const now = new Date("2026-11-21T17:00:00Z");
    expect(confirmBy(now, new Date("2026-11-22T04:59:00Z"))).toEqual(
      new Date(now.getTime() + CONFIRM_HOLD_MS),
    );
    expect(CONFIRM_HOLD_MS).toBe(30 * 60_000);
    expect(confirmBy(now, new Date("2026-11-21T17:10:00Z"))).toEqual(
      new Date("2026-11-21T17:10:00Z"),
    );
  });

  it("lets the secretary take seats off an RSVP at any count, and add them only while they fit", () => {
    expect(decideSeatChange(4, 2, 75, 70)).toEqual({ kind: "fits" });
    expect(decideSeatChange(4, 6, 68, 70)).toEqual({ kind: "fits" });
    expect(decideSeatChange(4, 7, 68, 70)).toEqual({ kind: "full", taken: 64, limit: 70 });
  });
});

describe("the waiting list's seats", () => {
  it("counts the seats held by open offers as taken, so no RSVP takes them while they wait", () => {
    const taken = seatsTaken({ rsvps: 66, held: 4 });
    expect(taken).toBe(70);
    expect(decideRsvpSeats(1, { event: taken, client: 0 }, limits)).toEqual({
      kind: "full",
      taken: 70,
      limit: 70,
    });
    expect(decideSeatChange(2, 3, taken, 70)).toEqual({ kind: "full", taken: 68, limit: 70 });
  });

  it("offers freed seats to the first in line whose party fits; the others keep their place", () => {
    const line = [
      { id: 1, attendees: 4 },
      { id: 2, attendees: 2 },
      { id: 3, attendees: 1 },
      { id: 4, attendees: 3 },
    ];
    expect(partiesToOffer(line, 0)).toEqual([]);
    expect(partiesToOffer(line, 1)).toEqual([3]);
    expect(partiesToOffer(line, 3)).toEqual([2, 3]);
    expect(partiesToOffer(line, 4)).toEqual([1]);
    expect(partiesToOffer(line, 7)).toEqual([1, 2, 3]);
    expect(partiesToOffer(line, 10)).toEqual([1, 2, 3, 4]);
    expect(partiesToOffer([], 5)).toEqual([]);
  });

  it("never offers more seats than are free", () => {
    const line = Array.from({ length: 30 }, (_, i) => ({ id: i, attendees: (i % 4) + 1 }));
    for (let free = 0; free <= 40; free++) {
      const offered = partiesToOffer(line, free);
      const seats = offered.reduce((sum, id) => sum + (line[id]?.attendees ?? 0), 0);
      expect(seats).toBeLessThanOrEqual(free);
    }
  });

  it("holds an offer 24 hours, or until the RSVP deadline when that comes first", () => {
    const now = new Date("2026-11-20T15:00:00Z");
    expect(OFFER_HOLD_MS).toBe(24 * 60 * 60 * 1000);
    expect(offerExpiry(now, new Date("2026-11-30T04:59:00Z"))).toEqual(
      new Date("2026-11-21T15:00:00Z"),
    );
    expect(offerExpiry(now, new Date("2026-11-21T04:59:00Z"))).toEqual(
      new Date("2026-11-21T04:59:00Z"),
    );
  });

  it("tells a waiting list in figures: parties in line and open offers, each with their seats; those off it are not counted", () => {
    const party = (state: string, attendees: number) => ({ state, attendees });
    expect(
      waitlistCounts([
        party("waiting", 3),
        party("offered", 2),
        party("waiting", 1),
        party("left", 4),
        party("claimed", 5),
      ]),
    ).toEqual({ waiting: 2, waitingSeats: 4, offers: 1, offeredSeats: 2 });
    expect(waitlistCounts([])).toEqual({ waiting: 0, waitingSeats: 0, offers: 0, offeredSeats: 0 });
  });

  it("takes a claim until the moment the offer runs out, not at it", () => {
    const expires = new Date("2026-11-21T15:00:00Z");
    expect(offerOpen(expires, new Date("2026-11-21T14:59:59.999Z"))).toBe(true);
    expect(offerOpen(expires, expires)).toBe(false);
  });
});
