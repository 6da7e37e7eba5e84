import { describe, expect, it } from "vitest";
import { clientSeatsAfter, decideRsvpSeats, decideSeatChange, isAtGuestLimit } from "./seats.ts";

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

  it("frees the seats of the RSVP a new one replaces, for the event and for its address", () => {
    const replaced = { attendees: 4, sameClient: true };
    expect(decideRsvpSeats(6, { event: 70, client: 20, replaced }, limits)).toEqual({
      kind: "full",
      taken: 66,
      limit: 70,
    });
    expect(decideRsvpSeats(4, { event: 70, client: 20, replaced }, limits)).toEqual({
      kind: "fits",
    });
    expect(clientSeatsAfter(4, { client: 20, replaced })).toBe(20);
    // Sent from another address, the replaced RSVP's seats are not this address's to free.
    const elsewhere = { attendees: 4, sameClient: false };
    expect(decideRsvpSeats(4, { event: 60, client: 20, replaced: elsewhere }, limits)).toEqual({
      kind: "client-full",
      taken: 20,
      limit: 20,
    });
    expect(clientSeatsAfter(4, { client: 16, replaced: elsewhere })).toBe(20);
  });

  it("refuses seats past the cap of one address after the guest limit, the first news a visitor needs", () => {
    expect(decideRsvpSeats(5, { event: 30, client: 16 }, limits)).toEqual({
      kind: "client-full",
      taken: 16,
      limit: 20,
    });
    expect(decideRsvpSeats(5, { event: 68, client: 16 }, limits).kind).toBe("full");
  });

  it("lets the secretary take seats off an RSVP at any count, and add them only while they fit", () => {
    expect(decideSeatChange(4, 2, 75, 70)).toEqual({ kind: "fits" });
    expect(decideSeatChange(4, 6, 68, 70)).toEqual({ kind: "fits" });
    expect(decideSeatChange(4, 7, 68, 70)).toEqual({ kind: "full", taken: 64, limit: 70 });
  });
});
