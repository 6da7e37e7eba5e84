import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import {
  Clock,
  NOW,
  startServer,
  TEST_EVENTS,
  type TestServer,
  testData,
} from "./support/api-harness.ts";
import { manageTokenOf } from "./support/manage-links.ts";

/** The dinner meeting of the API tests with dinners closing 3 days before (Sun 29 Nov, 11:59PM). */
const EVENT = eventSchema.parse({
  ...TEST_EVENTS.find((event) => event.id === "dinner-meeting"),
  mealCutoffDays: 3,
});
const CLOSED =
  "Dinner orders closed Nov 29, 2026 at 11:59PM so the caterer has the final count; you can still reserve seats.";

function form(overrides: Partial<EventRsvpForm> = {}): EventRsvpForm {
  return {
    firstName: "John",
    lastName: "Smith",
    masonicTitle: "",
    email: "john.smith@example.org",
    numberOfAttendees: 2,
    earlyBirdDinner: true,
    numberOfMeals: 2,
    mealChoice: "",
    countRoastBeef: 2,
    countSalmon: 0,
    ...overrides,
  } as EventRsvpForm;
}

/** One dinner, chosen with the single-meal radio as the form sends it. */
const ONE_BEEF = { numberOfMeals: 1, mealChoice: "Roast Beef", countRoastBeef: 0, countSalmon: 0 };

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start() {
  const data = testData();
  const events = data.events.map((event) => (event.id === EVENT.id ? EVENT : event));
  server = await startServer({ data: { ...data, events }, clock: new Clock(NOW) });
  return server;
}

describe("dinners closed before RSVP (mealCutoffDays)", () => {
  it("takes dinners until the meal deadline, then seats only, and says why", async () => {
    const s = await start();
    const client = await s.client();
    const send = (overrides: Partial<EventRsvpForm> = {}) =>
      client.post("/mj/api/rsvp", buildEventRsvpPayload(EVENT, form(overrides)));

    expect((await send()).status).toBe(200);

    // Mon 30 Nov, 9 AM in New York: RSVP is open until Tue night, dinners closed Sun night.
    s.clock.advance(Date.parse("2026-11-30T14:00:00Z") - NOW.getTime());
    const refused = await send({ email: "ann.jones@example.org", firstName: "Ann" });
    expect(refused).toMatchObject({
      status: 409,
      body: { message: CLOSED, field: "earlyBirdDinner" },
    });

    const seatsOnly = await send({
      email: "ann.jones@example.org",
      firstName: "Ann",
      earlyBirdDinner: false,
    });
    expect(seatsOnly.status).toBe(200);

    // John's form sent again orders dinners after their deadline, whatever his reservation
    // holds; without them, it finds his reservation, which his link changes (the test below).
    expect(await send({ numberOfAttendees: 3 })).toMatchObject({
      status: 409,
      body: { message: CLOSED },
    });
    expect(await send({ numberOfAttendees: 3, earlyBirdDinner: false })).toMatchObject({
      status: 409,
      body: { field: "email" },
    });

    const stored = await s.store.listEventRsvps(EVENT.id);
    expect(stored.map(({ record }) => [record.firstName, record.attendees, record.meals])).toEqual([
      ["John", 2, 2],
      ["Ann", 2, 0],
    ]);
  });

  it("holds a change through the manage link to the same rule: seats yes, a new dinner no", async () => {
    const s = await start();
    const client = await s.client();
    const sent = await client.post(
      API_ROUTES.eventRsvp.path,
      buildEventRsvpPayload(EVENT, form({ numberOfAttendees: 2, ...ONE_BEEF })),
    );
    expect(sent.status).toBe(200);
    const token = await manageTokenOf(s, "john.smith@example.org");
    const change = (fields: Partial<EventRsvpForm>) =>
      client.post(API_ROUTES.changeRsvp.path, { token, ...form(fields) });

    // Mon 30 Nov, 9 AM in New York: the dinners closed Sunday night, RSVP is open until Tuesday.
    s.clock.advance(Date.parse("2026-11-30T14:00:00Z") - NOW.getTime());
    expect(
      await change({ numberOfAttendees: 3, numberOfMeals: 2, countRoastBeef: 2 }),
    ).toMatchObject({ status: 409, body: { message: CLOSED, field: "earlyBirdDinner" } });
    expect(await change({ ...ONE_BEEF, mealChoice: "Salmon" })).toMatchObject({
      status: 409,
    });
    // More seats, the dinner ordered in time kept.
    const kept = await change({ numberOfAttendees: 4, ...ONE_BEEF });
    expect(kept.status).toBe(200);
    const [stored] = await s.store.listEventRsvps(EVENT.id);
    expect(stored?.record).toMatchObject({ attendees: 4, meals: 1 });
  });
});
