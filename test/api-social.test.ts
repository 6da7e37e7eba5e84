import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { buildSocialRsvpPayload, toSheetPayload } from "../core/rules/index.ts";
import { startServer, type TestServer, testData } from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";

const outing = () => {
  const found = testData().socialEvents.find((o) => o.id === "bowling");
  if (!found) throw new Error("no bowling outing");
  return found;
};

const payload = (overrides: Record<string, unknown> = {}) => ({
  ...buildSocialRsvpPayload(outing(), {
    firstName: "Ann",
    lastName: "Lee",
    email: "ann.lee@example.org",
    numberOfAttendees: 4,
  }),
  ...overrides,
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  server = await startServer();
  return { s: server, client: await server.client() };
}

describe("POST /mj/api/social-rsvp", () => {
  it("stores the RSVP and mails a notice and a confirmation with a calendar file", async () => {
    const { s, client } = await start();
    expect(await client.post("/mj/api/social-rsvp", payload())).toMatchObject({
      status: 200,
      body: { message: ALERTS.rsvpSuccess.text },
    });
    expect((await s.store.listSocialRsvps()).map((r) => r.record)).toEqual([
      {
        outingId: "bowling",
        firstName: "Ann",
        lastName: "Lee",
        email: "ann.lee@example.org",
        attendees: 4,
      },
    ]);
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-social-rsvp-notice.eml",
      "000002-social-rsvp-confirmation.eml",
    ]);
    const notice = parseMail(readFileSync(join(s.outbox, "000001-social-rsvp-notice.eml")));
    expect(notice.subject).toBe("RSVP for Bowling at Mayfield Lanes on Sat, Dec 5, 2026 6:00pm");
    expect(notice.text).toContain(
      "First name: Ann\nLast name: Lee\nE-mail: ann.lee@example.org\nAttendees: 4\n",
    );
    const confirmation = parseMail(
      readFileSync(join(s.outbox, "000002-social-rsvp-confirmation.eml")),
    );
    expect(confirmation.text).toContain(
      "Bowling at Mayfield Lanes\nSaturday, December 5, 2026 at 6:00PM\nMayfield Lanes\n6010 Mayfield Road, Mayfield Heights, OH 44124\n",
    );
    expect(confirmation.part("text/calendar")?.body).toContain("DTSTART:20261205T230000Z\r\n");
  });

  it("refuses an unknown outing, and one whose reservations closed at 9pm the day before", async () => {
    const { s, client } = await start();
    expect(
      await client.post("/mj/api/social-rsvp", payload({ event: { id: "skydiving" } })),
    ).toMatchObject({
      status: 404,
      body: {
        message:
          'There is no outing "skydiving" on the calendar. Reload the page to see the current outings.',
        field: "event.id",
      },
    });
    // 21:00 in New York on Friday 4 December is 02:00 UTC on the 5th.
    s.clock.advance(Date.parse("2026-12-05T02:00:00Z") - s.clock.now().getTime());
    expect(await client.post("/mj/api/social-rsvp", payload())).toMatchObject({
      status: 409,
      body: {
        message:
          "Reservations for Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM closed on Dec 4, 2026 at 9:00PM.",
      },
    });
    expect(await s.store.listSocialRsvps()).toEqual([]);
  });

  it("refuses a bad number of attendees with the field's name", async () => {
    const { client } = await start();
    expect(
      await client.post("/mj/api/social-rsvp", payload({ numberOfAttendees: 11 })),
    ).toMatchObject({
      status: 400,
      body: {
        message: "Number of attendees must be a whole number from 1 to 10, found 11.",
        field: "numberOfAttendees",
      },
    });
  });
});

describe("POST /sheets/api/append-social-rsvp", () => {
  it("notes the sheet row of a stored social RSVP and answers true", async () => {
    const { s, client } = await start();
    await client.post("/mj/api/social-rsvp", payload());
    const row = toSheetPayload(payload(), outing());
    expect(await client.post("/sheets/api/append-social-rsvp", row)).toMatchObject({
      status: 200,
      body: true,
    });
    expect((await s.store.listSocialRsvps())[0]?.sheetRecordedAt).toEqual(s.clock.now());
    expect(
      await client.post("/sheets/api/append-social-rsvp", { ...row, firstName: "Someone" }),
    ).toMatchObject({ status: 404 });
  });
});
