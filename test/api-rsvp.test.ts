import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { buildEventRsvpPayload, toSheetPayload } from "../core/rules/index.ts";
import { knownZoneOffsets } from "../core/rules/wall-time.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { openStore } from "../server/store/open-store.ts";
import type { Store } from "../server/store/store.ts";
import {
  startServer,
  type TestServer,
  testData,
  testEvent,
  visitor,
} from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";

const SUCCESS = { message: ALERTS.rsvpSuccess.text };

function form(overrides: Partial<EventRsvpForm> = {}): EventRsvpForm {
  return {
    firstName: "John",
    lastName: "Smith",
    masonicTitle: "PM",
    email: "john.smith@example.org",
    numberOfAttendees: 2,
    earlyBirdDinner: true,
    numberOfMeals: 2,
    mealChoice: "",
    countRoastBeef: 1,
    countSalmon: 1,
    ...overrides,
  } as EventRsvpForm;
}

/** The payload exactly as the site builds it from the form. */
function payload(eventId = "dinner-meeting", overrides: Partial<EventRsvpForm> = {}) {
  return buildEventRsvpPayload(testEvent(eventId), form(overrides));
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  server = await startServer(options);
  return server;
}

function outboxFiles(s: TestServer): string[] {
  try {
    return readdirSync(s.outbox).sort();
  } catch {
    return [];
  }
}

describe("POST /mj/api/rsvp", () => {
  it("stores a valid RSVP, answers only after, and mails the secretary and the visitor", async () => {
    const s = await start();
    const client = await s.client();
    const response = await client.post("/mj/api/rsvp", payload());
    expect(response).toMatchObject({ status: 200, body: SUCCESS });

    const [stored, ...others] = await s.store.listEventRsvps("dinner-meeting");
    expect(others).toEqual([]);
    expect(stored?.record).toEqual({
      eventId: "dinner-meeting",
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "PM",
      email: "john.smith@example.org",
      attendees: 2,
      dinner: true,
      meals: 2,
      mealCounts: [
        { choice: "Roast Beef", count: 1 },
        { choice: "Salmon", count: 1 },
      ],
    });
    expect(stored?.receivedAt).toEqual(s.clock.now());

    await s.worker.idle();
    expect(outboxFiles(s)).toEqual(["000001-rsvp-notice.eml", "000002-rsvp-confirmation.eml"]);
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect((await s.store.listEventRsvps())[0]?.status).toBe("mailed");

    const notice = parseMail(readFileSync(join(s.outbox, "000001-rsvp-notice.eml")));
    expect(notice.headers.get("to")).toBe("secretary@hillcrest586.example.org");
    expect(notice.headers.get("reply-to")).toBe("john.smith@example.org");
    expect(notice.subject).toBe("RSVP for Stated Meeting on Wed, Dec 2, 2026 7:30pm");
    expect(notice.text).toContain(
      [
        "First name: John",
        "Last name: Smith",
        "Masonic title: PM",
        "E-mail: john.smith@example.org",
        "Attendees: 2",
        "Early bird dinner: Yes",
        "Dinner time: 6:30PM",
        "Meals: 2",
        "Cost per meal: $15",
        "Meal selection: 1 Roast Beef, 1 Salmon",
        "",
        "Meals to order, by choice:",
        "  Roast Beef: 1",
        "  Salmon: 1",
      ].join("\n"),
    );
    expect(notice.text).toContain("Received Sat, Nov 21, 2026 at 12:00PM (America/New_York).");

    const confirmation = parseMail(readFileSync(join(s.outbox, "000002-rsvp-confirmation.eml")));
    expect(confirmation.headers.get("to")).toBe("john.smith@example.org");
    expect(confirmation.headers.get("reply-to")).toBe("secretary@hillcrest586.example.org");
    expect(confirmation.subject).toBe(
      "Your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
    expect(confirmation.text).toContain(
      [
        "Stated Meeting",
        "Wednesday, December 2, 2026 at 7:30PM",
        "Lyndhurst Masonic Center",
        "5025 Linden Crest Road, Lyndhurst, OH 44124",
        "Map: https://maps.google.com/?q=5025+Linden+Crest+Road,+Lyndhurst,+OH+44124",
        "",
        "Attendees: 2",
        "Early bird dinner at 6:30PM: 2 meals (1 Roast Beef, 1 Salmon), $15 per meal",
      ].join("\n"),
    );
    const ics = confirmation.part("text/calendar");
    expect(ics?.filename).toBe("event.ics");
    expect(ics?.body).toContain("DTSTART:20261203T003000Z\r\nDTEND:20261203T023000Z\r\n");
    expect(ics?.body).toContain("SUMMARY:Stated Meeting (Hillcrest)\r\n");
    expect(ics?.body).toContain(
      "LOCATION:Lyndhurst Masonic Center\\, 5025 Linden Crest Road\\, Lyndhurst\\, OH\r\n  44124\r\n",
    );
  });

  it("reads the lodge's clock from a table of its zone's offsets, worked out when first asked", async () => {
    const s = await start();
    const { timeZone } = testData().lodge;
    const client = await s.client();
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
    const table = knownZoneOffsets(timeZone);
    const minute = Math.floor(s.clock.now().getTime() / 60_000);
    expect(table && table.from <= minute && minute < table.until).toBe(true);
  });

  it("takes the place, price and date from its own data, not from the request", async () => {
    const s = await start();
    const client = await s.client();
    const forged = {
      ...payload(),
      costPerMeal: "$0",
      date: "Fri, Jan 1, 2027 7:30pm",
      event: { ...testEvent("dinner-meeting"), location: "Somewhere Else", earlyBirdOptions: {} },
    };
    expect(await client.post("/mj/api/rsvp", forged)).toMatchObject({ status: 200 });
    await s.worker.idle();
    const confirmation = parseMail(readFileSync(join(s.outbox, "000002-rsvp-confirmation.eml")));
    expect(confirmation.text).toContain("Lyndhurst Masonic Center");
    expect(confirmation.text).not.toContain("Somewhere Else");
    expect(confirmation.text).toContain("$15 per meal");
    expect(confirmation.subject).toBe(
      "Your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
  });

  it("refuses a bad field with its name and a message, and stores nothing", async () => {
    const s = await start();
    const client = await s.client();
    const cases: [unknown, number, object][] = [
      [
        { ...payload(), firstName: "" },
        400,
        { message: "First name is required.", field: "firstName" },
      ],
      [
        { ...payload(), email: "John at Example.org" },
        400,
        {
          message: "E-mail address may not contain spaces; it looks like name@example.com.",
          field: "email",
        },
      ],
      [
        payload("dinner-meeting", { numberOfAttendees: 11 }),
        400,
        {
          message: "Number of attendees must be a whole number from 1 to 10, found 11.",
          field: "numberOfAttendees",
        },
      ],
      [
        payload("dinner-meeting", { numberOfMeals: 3 }),
        400,
        {
          message: "Number of meals: the meal choices add up to 2, not to the 3 meals ordered.",
          field: "numberOfMeals",
        },
      ],
      [
        payload("one-per-rsvp", {
          numberOfAttendees: 2,
          numberOfMeals: 1,
          mealChoice: "Chicken Piccata",
        }),
        400,
        { message: "Number of attendees must be 1.", field: "numberOfAttendees" },
      ],
      [
        { ...payload(), firstChoice: "Lobster" },
        400,
        {
          message:
            'The first meal choice of this event is "Roast Beef", not "Lobster". Reload the page to see the current menu.',
          field: "firstChoice",
        },
      ],
      [
        { ...payload(), numberOfAttendees: "two" },
        400,
        {
          message: 'Number of attendees: expected a number, found "two".',
          field: "numberOfAttendees",
        },
      ],
      [
        { ...payload(), lastName: "Smith <x@example.org>" },
        400,
        {
          message: "Last name may not contain < or >.",
          field: "lastName",
        },
      ],
      [
        payload("plain-meeting", { earlyBirdDinner: true, numberOfMeals: 1 }),
        400,
        {
          message: "Early bird dinner: this event has no dinner to reserve.",
          field: "earlyBirdDinner",
        },
      ],
      [[1, 2], 400, { message: "Send the form's fields as a JSON object." }],
      [
        { ...payload(), firstName: "Jo\thn" },
        400,
        {
          message: "First name may not contain a tab, a line break or an invisible character.",
          field: "firstName",
        },
      ],
      [
        { ...payload(), lastName: "Sm\uFEFFith" },
        400,
        {
          message: "Last name may not contain a tab, a line break or an invisible character.",
          field: "lastName",
        },
      ],
    ];
    for (const [body, status, answer] of cases) {
      const response = await client.post("/mj/api/rsvp", body);
      expect({ status: response.status, body: response.body }).toEqual({ status, body: answer });
    }
    expect(await s.store.listEventRsvps()).toEqual([]);
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
  });

  it("refuses line breaks in names, which would end up in mail headers", async () => {
    const s = await start();
    const client = await s.client();
    const response = await client.post("/mj/api/rsvp", {
      ...payload(),
      firstName: "John\r\nBcc: victim@example.org",
    });
    expect(response).toMatchObject({
      status: 400,
      body: { message: "First name may not contain a line break.", field: "firstName" },
    });
    expect(await s.store.listEventRsvps()).toEqual([]);
  });

  it("refuses an unknown event with 404", async () => {
    const s = await start();
    const client = await s.client();
    const response = await client.post("/mj/api/rsvp", {
      ...payload(),
      event: { id: "2026-12-25-christmas-party" },
    });
    expect(response).toMatchObject({
      status: 404,
      body: {
        message:
          'There is no event "2026-12-25-christmas-party" on the calendar. Reload the page to see the current events.',
        field: "event.id",
      },
    });
  });

  it("refuses past, cancelled and full events, events without reservations, and late RSVPs", async () => {
    const s = await start();
    const client = await s.client();
    expect(
      await client.post("/mj/api/rsvp", payload("last-month", { earlyBirdDinner: false })),
    ).toMatchObject({
      status: 409,
      body: { message: "Annual Meeting on Wed, Nov 4, 2026 at 7:30PM has already taken place." },
    });
    expect(
      await client.post("/mj/api/rsvp", payload("no-reservations", { earlyBirdDinner: false })),
    ).toMatchObject({
      status: 409,
      body: {
        message: "Special Meeting on Wed, Dec 9, 2026 at 7:00PM does not take reservations.",
      },
    });
    expect(
      await client.post("/mj/api/rsvp", payload("called-off", { earlyBirdDinner: false })),
    ).toMatchObject({
      status: 409,
      body: { message: "Table Lodge on Thu, Dec 10, 2026 at 7:00PM has been cancelled." },
    });
    expect(
      await client.post("/mj/api/rsvp", payload("sold-out", { earlyBirdDinner: false })),
    ).toMatchObject({
      status: 409,
      body: { message: "This event is full: the secretary has closed its reservations." },
    });
    const late = payload("closes-tonight", { earlyBirdDinner: false });
    expect(await client.post("/mj/api/rsvp", late)).toMatchObject({ status: 200 });
    // 23:59 in New York on the 21st is the deadline; at midnight it has passed.
    s.clock.advance(12 * 60 * 60 * 1000);
    expect(await client.post("/mj/api/rsvp", { ...late, firstName: "Paul" })).toMatchObject({
      status: 409,
      body: {
        message:
          "Reservations for Special Meeting on Sun, Nov 22, 2026 at 7:30PM closed on Nov 21, 2026 at 11:59PM.",
      },
    });
    expect((await s.store.listEventRsvps()).map((r) => r.record.eventId)).toEqual([
      "closes-tonight",
    ]);
  });

  it("closes at 11:59PM on the deadline day in the lodge's time zone, not the machine's", async () => {
    const s = await start();
    const client = await s.client();
    const late = payload("closes-tonight", { earlyBirdDinner: false });
    // 23:58 in New York is 04:58 UTC on the 22nd.
    s.clock.advance(11 * 60 * 60 * 1000 + 58 * 60 * 1000);
    expect(await client.post("/mj/api/rsvp", late)).toMatchObject({ status: 200 });
    s.clock.advance(60 * 1000);
    expect(await client.post("/mj/api/rsvp", { ...late, firstName: "Paul" })).toMatchObject({
      status: 409,
    });
  });

  it("refuses an RSVP that would pass the guest limit with 409 and how many seats are left", async () => {
    const s = await start({ data: testData({ guestLimit: 5 }) });
    const client = await s.client();
    const rsvp = (firstName: string, numberOfAttendees: number) =>
      client.post(
        "/mj/api/rsvp",
        payload("plain-meeting", {
          firstName,
          email: `${firstName.toLowerCase()}@example.org`,
          numberOfAttendees,
          earlyBirdDinner: false,
        }),
      );
    expect(await rsvp("Adam", 3)).toMatchObject({ status: 200 });
    expect(await rsvp("Brian", 3)).toMatchObject({
      status: 409,
      body: {
        message:
          "This event is full for 3 attendees: 2 seats are left. Reserve for 2 or fewer, or join the waiting list for 3.",
        field: "numberOfAttendees",
        instead: "joinWaitlist",
      },
    });
    expect(await rsvp("Brian", 2)).toMatchObject({ status: 200 });
    expect(await rsvp("Carl", 1)).toMatchObject({
      status: 409,
      body: {
        message:
          "This event is full: all 5 seats have been taken. Join the waiting list and you will be offered seats by e-mail if they free up.",
        instead: "joinWaitlist",
      },
    });
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(5);
  });

  it("never passes the limit when 300 RSVPs race for 70 seats, and keeps every one it acknowledged", {
    timeout: 30_000,
  }, async () => {
    const s = await start();
    const client = await s.client();
    const responses = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        client.post(
          "/mj/api/rsvp",
          payload("plain-meeting", {
            firstName: `Guest${i}`,
            email: `guest${i}@example.org`,
            numberOfAttendees: 1,
            earlyBirdDinner: false,
          }),
          visitor(i),
        ),
      ),
    );
    const accepted = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status !== 200);
    expect(accepted.length).toBe(70);
    expect(new Set(refused.map((r) => JSON.stringify([r.status, r.body])))).toEqual(
      new Set([
        JSON.stringify([
          409,
          {
            message:
              "This event is full: all 70 seats have been taken. Join the waiting list and you will be offered seats by e-mail if they free up.",
            instead: "joinWaitlist",
          },
        ]),
      ]),
    );
    const stored = await s.store.listEventRsvps("plain-meeting");
    expect(stored.length).toBe(70);
    expect(stored.reduce((n, r) => n + r.record.attendees, 0)).toBe(70);
  });

  it("with parties of 1 to 4 racing, stores exactly the acknowledged ones and stays within 70", {
    timeout: 30_000,
  }, async () => {
    const s = await start();
    const client = await s.client();
    const sizes = Array.from({ length: 120 }, (_, i) => (i % 4) + 1);
    const responses = await Promise.all(
      sizes.map((numberOfAttendees, i) =>
        client.post(
          "/mj/api/rsvp",
          payload("plain-meeting", {
            firstName: `Guest${i}`,
            email: `guest${i}@example.org`,
            numberOfAttendees,
            earlyBirdDinner: false,
          }),
          visitor(i),
        ),
      ),
    );
    const acknowledged = sizes.filter((_, i) => responses[i]?.status === 200);
    const stored = await s.store.listEventRsvps("plain-meeting");
    expect(stored.map((r) => r.record.firstName).sort()).toEqual(
      sizes
        .map((_, i) => `Guest${i}`)
        .filter((_, i) => responses[i]?.status === 200)
        .sort(),
    );
    const total = acknowledged.reduce((a, b) => a + b, 0);
    expect(total).toBeLessThanOrEqual(70);
    expect(total).toBeGreaterThan(66);
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
  });

  it("counts the same submission sent twice once and answers it the same way", async () => {
    const s = await start();
    const client = await s.client();
    const first = await client.post("/mj/api/rsvp", payload());
    const second = await client.post("/mj/api/rsvp", { ...payload(), firstName: "  john " });
    expect(second).toMatchObject({ status: first.status, body: first.body });
    expect((await s.store.listEventRsvps()).length).toBe(1);
    await s.worker.idle();
    expect(await s.store.mailCounts()).toMatchObject({ pending: 0, sent: 2 });
    expect(outboxFiles(s).length).toBe(2);
  });

  it("counts a submission once per Idempotency-Key, and refuses a key reused for another", async () => {
    const s = await start();
    const client = await s.client();
    const key = { "idempotency-key": "3f1c2a9e-rsvp-1" };
    expect(await client.post("/mj/api/rsvp", payload(), key)).toMatchObject({ status: 200 });
    // Past the content window, the key alone still recognises the retry.
    s.clock.advance(60 * 60 * 1000);
    expect(await client.post("/mj/api/rsvp", payload(), key)).toMatchObject({
      status: 200,
      body: SUCCESS,
    });
    expect(
      await client.post("/mj/api/rsvp", payload("dinner-meeting", { firstName: "Paul" }), key),
    ).toMatchObject({
      status: 422,
      body: {
        message:
          "This Idempotency-Key was already used for a different submission; send each new submission with a new key.",
      },
    });
    expect((await s.store.listEventRsvps()).length).toBe(1);
  });
});

describe("POST /mj/api/rsvp's calls on the store", () => {
  it("writes an RSVP in one call on the store, bringing no more than it needs, and reads nothing to find that the address has one already", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-api-"));
    const calls: string[] = [];
    const real = openStore(join(dir, "lodge.db"));
    const store = new Proxy(real, {
      get(target, name) {
        const value = Reflect.get(target, name);
        if (typeof value !== "function") return value;
        return (...args: unknown[]) => {
          if (name === "eventRsvpSituation" || name === "addEventRsvp") calls.push(name);
          return value.apply(target, args);
        };
      },
    }) as Store;
    const s = await start({ dir, store, data: testData({ guestLimit: 5 }) });
    const client = await s.client();
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
    expect(calls.splice(0)).toEqual(["addEventRsvp"]);
    // The write finds John's RSVP: it stays, and a second write brings the link mailed to him
    // again (test/api-seats.test.ts), which nearly no RSVP needs.
    const again = await client.post("/mj/api/rsvp", payload("dinner-meeting", { firstName: "J" }));
    expect(again).toMatchObject({ status: 409, body: { field: "email" } });
    expect(calls).toEqual(["addEventRsvp", "addEventRsvp"]);
    expect((await s.store.listEventRsvps()).map((r) => r.record.firstName)).toEqual(["John"]);
  });
});

describe("POST /sheets/api/append-rsvp", () => {
  it("notes the sheet row of a stored RSVP and answers true, also when sent twice", async () => {
    const s = await start();
    const client = await s.client();
    const event = testEvent("dinner-meeting");
    await client.post("/mj/api/rsvp", payload());
    const row = toSheetPayload(payload(), event);
    expect(row.date).toBe("Wed, Dec 2, 2026");
    expect(await client.post("/sheets/api/append-rsvp", row)).toMatchObject({
      status: 200,
      body: true,
    });
    expect(await client.post("/sheets/api/append-rsvp", row)).toMatchObject({
      status: 200,
      body: true,
    });
    const [stored] = await s.store.listEventRsvps();
    expect(stored?.sheetRecordedAt).toEqual(s.clock.now());
    expect((await s.store.listEventRsvps()).length).toBe(1);
  });

  it("answers 404 for a row that matches no stored RSVP and adds nothing", async () => {
    const s = await start();
    const client = await s.client();
    expect(await client.post("/sheets/api/append-rsvp", payload())).toMatchObject({
      status: 404,
      body: { message: "No stored RSVP matches this row; send the RSVP itself first." },
    });
    expect(await s.store.listEventRsvps()).toEqual([]);
  });
});

describe("GET /sheets/api/read", () => {
  it("answers the attendee count of the event asked for and of every open event", async () => {
    const s = await start();
    const client = await s.client();
    await client.post("/mj/api/rsvp", payload());
    await client.post(
      "/mj/api/rsvp",
      payload("plain-meeting", { numberOfAttendees: 4, earlyBirdDinner: false }),
    );
    expect(await client.get("/sheets/api/read?event=plain-meeting")).toMatchObject({
      status: 200,
      body: {
        data: 4,
        guestLimit: 70,
        counts: {
          "closes-tonight": 0,
          "dinner-meeting": 2,
          "one-per-rsvp": 0,
          "plain-meeting": 4,
          "sold-out": 0,
        },
      },
    });
    // Without an event: the next event that takes reservations.
    expect((await client.get("/sheets/api/read")).body).toMatchObject({ data: 0 });
    expect(await client.get("/sheets/api/read?event=nothing-here")).toMatchObject({
      status: 404,
      body: { field: "event.id" },
    });
  });
});
