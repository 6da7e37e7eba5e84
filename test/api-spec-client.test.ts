import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import {
  type Client,
  startServer,
  TEST_EVENTS,
  TEST_OUTINGS,
  type TestServer,
} from "./support/api-harness.ts";

/**
 * A client written from SPEC 3 and 7 alone, as the site this product replaces sent its calls:
 * the event as the whole record without our id, the title only at the end of lastName, counts
 * as the text of a select, choice counts left out when one meal is picked by radio button,
 * 'Meat' and 'Fish' for an event without choices, and a contact message without our form token.
 * Nothing here comes from our own payload builders.
 */

/** The event record as the old site's data held it: no id, the date as people wrote it. */
function record(id: string, date?: string): Record<string, unknown> {
  const { id: _, ...event } = TEST_EVENTS.find((e) => e.id === id) ?? {};
  return date ? { ...event, date } : event;
}

interface SpecRsvp {
  firstName: string;
  lastName: string;
  title?: string;
  email: string;
  attendees: string;
  dinner?: { meals: string; choices: [string, string | undefined][]; selection: string };
}

/** SPEC 3's 'Event RSVP request payload', field by field. */
function specRsvp(event: Record<string, unknown>, when: string, rsvp: SpecRsvp) {
  const options = event.earlyBirdOptions as { time: string; cost: number | string };
  const [first, second] = rsvp.dinner?.choices ?? [
    ["Meat", "-"],
    ["Fish", "-"],
  ];
  return {
    firstName: rsvp.firstName,
    lastName: rsvp.title ? `${rsvp.lastName}, ${rsvp.title}` : rsvp.lastName,
    email: rsvp.email,
    date: when,
    subject: `RSVP for ${event.name} on ${when}`,
    event,
    numberOfAttendees: rsvp.attendees,
    earlyBirdDinner: rsvp.dinner ? "Yes" : "No",
    earlyBirdTime: (options?.time ?? "").replace(/[()\s]/g, ""),
    numberOfMeals: rsvp.dinner ? rsvp.dinner.meals : 0,
    costPerMeal: rsvp.dinner ? `$${options.cost}` : "-",
    mealSelection: rsvp.dinner?.selection ?? "-",
    firstChoice: first?.[0],
    firstChoiceCount: first?.[1],
    secondChoice: second?.[0],
    secondChoiceCount: second?.[1],
  };
}

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(): Promise<{ s: TestServer; c: Client }> {
  server = await startServer();
  return { s: server, c: await server.client() };
}

describe("a client that follows SPEC 3 and 7 to the letter", () => {
  it("books an event named by its record, with the title in lastName and counts as text", async () => {
    const { s, c } = await client();
    // The record's date with one-digit parts, as people write it.
    const event = record("dinner-meeting", "2026/12/2 19:30");
    const payload = specRsvp(event, "Wed, Dec 2, 2026 7:30pm", {
      firstName: "John",
      lastName: "Smith",
      title: "PM",
      email: "john.smith@example.org",
      attendees: "3",
      dinner: {
        meals: "3",
        choices: [
          ["Roast Beef", "2"],
          ["Salmon", "1"],
        ],
        selection: "2 Roast Beef, 1 Salmon",
      },
    });
    const response = await c.post("/mj/api/rsvp", payload);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { message: ALERTS.rsvpSuccess.text },
    });
    const sheet = await c.post("/sheets/api/append-rsvp", { ...payload, date: "Wed, Dec 2, 2026" });
    expect({ status: sheet.status, body: sheet.body }).toEqual({ status: 200, body: true });
    const [stored] = await s.store.listEventRsvps();
    expect(stored?.record).toEqual({
      eventId: "dinner-meeting",
      firstName: "John",
      lastName: "Smith",
      masonicTitle: "PM",
      email: "john.smith@example.org",
      attendees: 3,
      dinner: true,
      meals: 3,
      mealCounts: [
        { choice: "Roast Beef", count: 2 },
        { choice: "Salmon", count: 1 },
      ],
    });
    expect(stored?.sheetRecordedAt).toEqual(s.clock.now());
  });

  it("books one meal picked by radio button without choice counts, and a night without dinner", async () => {
    const { s, c } = await client();
    const event = record("dinner-meeting");
    const one = specRsvp(event, "Wed, Dec 2, 2026 7:30pm", {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.org",
      attendees: "1",
      dinner: {
        meals: "1",
        choices: [
          ["Roast Beef", undefined],
          ["Salmon", undefined],
        ],
        selection: "Salmon",
      },
    });
    expect((await c.post("/mj/api/rsvp", one)).status).toBe(200);
    const none = specRsvp(record("plain-meeting"), "Wed, Dec 16, 2026 7:30pm", {
      firstName: "Bob",
      lastName: "Ray",
      title: "WM",
      email: "bob.ray@example.org",
      attendees: "2",
    });
    expect((await c.post("/mj/api/rsvp", none)).status).toBe(200);
    expect((await s.store.listEventRsvps()).map((r) => r.record)).toMatchObject([
      { eventId: "dinner-meeting", meals: 1, mealCounts: [{ count: 0 }, { count: 1 }] },
      {
        eventId: "plain-meeting",
        lastName: "Ray",
        masonicTitle: "WM",
        attendees: 2,
        dinner: false,
      },
    ]);
  });

  it("is told plainly when the record names no event on the calendar", async () => {
    const { c } = await client();
    const payload = specRsvp(record("dinner-meeting", "2026/12/3 19:30"), "x", {
      firstName: "John",
      lastName: "Smith",
      email: "john@example.org",
      attendees: "1",
    });
    const response = await c.post("/mj/api/rsvp", payload);
    expect({ status: response.status, body: response.body }).toEqual({
      status: 404,
      body: {
        message:
          'There is no event "Stated Meeting" on 2026/12/03 19:30 on the calendar. Reload the page to see the current events.',
        field: "event",
      },
    });
    const nameless = await c.post("/mj/api/rsvp", { ...payload, event: { location: "x" } });
    expect(nameless.body).toEqual({
      message:
        "Event: send the event's id, or its record with its date ('YYYY/MM/DD HH:mm') and name.",
      field: "event",
    });
  });

  it("books a social outing with the attendees as text, and sends a message without a token", async () => {
    const { s, c } = await client();
    const [first] = TEST_OUTINGS;
    if (!first) throw new Error("no test outing");
    const { id: _, ...outing } = first;
    const when = "Sat, Dec 5, 2026 6:00pm";
    const social = {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.org",
      date: when,
      subject: `RSVP for ${outing.name} on ${when}`,
      event: outing,
      numberOfAttendees: "2",
    };
    expect(await c.post("/mj/api/social-rsvp", social)).toMatchObject({ status: 200 });
    const contact = {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.org",
      phoneNumber: "",
      message: "How do I join?",
      subject: "A New Message From Contact Us",
      fields: ["First Name: Ann", "Last Name: Lee"],
    };
    expect(await c.post("/mj/api/contact-us", contact)).toMatchObject({
      status: 200,
      body: { message: ALERTS.contactSuccess.text },
    });
    expect((await s.store.listSocialRsvps()).map((r) => r.record.attendees)).toEqual([2]);
    expect((await s.store.listContactMessages()).length).toBe(1);
  });
});
