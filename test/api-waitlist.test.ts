import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRouteName } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import { waitlistEntrySchema } from "../core/schemas/api.ts";
import { type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import { OFFER_CHECK_MS } from "../server/jobs/waitlist-offers.ts";
import { PostgresStore } from "../server/store/postgres-store.ts";
import {
  type Client,
  Clock,
  NOW,
  PLAIN_RSVP_FORM,
  startServer,
  TEST_EVENTS,
  type TestServer,
  testData,
  testEvent,
} from "./api-harness.ts";
import { claimTokenOf, manageTokenOf, outboxMails } from "./manage-links.ts";
import { clusterOfThisFile } from "./postgres-cluster.ts";

/**
 * The waiting list of a full event through the API, by the server's own clock: joining, the
 * offer when seats free up, claiming it (once), letting it run out, leaving. NOW is Sat 21 Nov
 * 2026, noon in New York; the dinner meeting is on Wed 2 Dec and its RSVPs close on 1 Dec at
 * 11:59PM.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** PostgreSQL, for the instances that share one database; and the servers a test starts besides. */
const cluster = clusterOfThisFile();
let others: TestServer[] = [];
afterEach(async () => {
  for (const one of others) await one.close();
  others = [];
});

const HOUR = 3_600_000;
const DINNER = "dinner-meeting";

function person(firstName: string, numberOfAttendees: number): EventRsvpForm {
  return {
    ...PLAIN_RSVP_FORM,
    firstName,
    lastName: "Smith",
    email: `${firstName.toLowerCase()}@example.org`,
    numberOfAttendees,
  };
}

/** A server whose dinner meeting has `guestLimit` seats, and calls by route name. */
async function lodge(guestLimit: number) {
  server = await startServer({ data: testData({ guestLimit }) });
  const s = server;
  const client: Client = await s.client();
  const post = (name: ApiRouteName, body: object) => client.post(API_ROUTES[name].path, body);
  const send = (name: "eventRsvp" | "joinWaitlist", who: string, attendees: number) =>
    post(name, buildEventRsvpPayload(testEvent(DINNER), person(who, attendees)));
  const view = async (token: string) => {
    const answer = await post("waitlistEntry", { token });
    expect(answer.status).toBe(200);
    return waitlistEntrySchema.parse(answer.body);
  };
  const joined = (who: string) =>
    claimTokenOf(s, `${who.toLowerCase()}@example.org`, "waitlist-joined");
  const offered = (who: string) =>
    claimTokenOf(s, `${who.toLowerCase()}@example.org`, "waitlist-offer");
  const cancel = async (who: string) => {
    const token = await manageTokenOf(s, `${who.toLowerCase()}@example.org`);
    expect((await post("cancelRsvp", { token })).status).toBe(200);
  };
  const rsvps = async () =>
    (await s.store.listEventRsvps(DINNER)).map(
      (r) => `${r.record.firstName}:${r.record.attendees}`,
    );
  return { s, post, send, view, joined, offered, cancel, rsvps };
}

describe("the waiting list (POST /mj/api/rsvp/waitlist, /waitlist/view, /waitlist/leave, /rsvp/claim)", () => {
  it("is where a full event's refusal points; joining puts the party in line, mails its link and tells the secretary", async () => {
    const { s, post, send, view, joined } = await lodge(3);
    expect((await send("eventRsvp", "Ann", 3)).status).toBe(200);
    expect(await send("eventRsvp", "Bob", 2)).toMatchObject({
      status: 409,
      body: {
        message:
          "This event is full: all 3 seats have been taken. Join the waiting list and you will be offered seats by e-mail if they free up.",
        instead: "joinWaitlist",
      },
    });
    expect(await send("joinWaitlist", "Bob", 2)).toMatchObject({
      status: 200,
      body: {
        message:
          "You're on the waiting list for Stated Meeting: number 1 in line. We'll e-mail you if seats free up.",
      },
    });
    expect((await send("joinWaitlist", "Cy", 1)).body).toMatchObject({
      message: expect.stringContaining("number 2 in line"),
    });
    // Bob sends the form again, for 1: his new party keeps his place.
    expect((await send("joinWaitlist", "Bob", 1)).body).toMatchObject({
      message: expect.stringContaining("number 1 in line"),
    });
    expect(await send("joinWaitlist", "Ann", 1)).toMatchObject({
      status: 409,
      body: {
        message:
          "You already have a reservation for Stated Meeting with this e-mail address. To change it, open the link in its confirmation mail.",
      },
    });

    const mails = await outboxMails(s);
    const toBob = mails.filter(
      (m) => m.kind === "waitlist-joined" && m.headers.get("to")?.includes("bob@"),
    );
    expect(toBob.at(-1)?.subject).toBe(
      "You're on the waiting list for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
    expect(toBob.at(-1)?.text).toContain(
      `Your place in line, and a button to leave the list, are at your personal link (keep it to yourself):\nhttps://www.hillcrest586.example.org/rsvp/claim#${await joined("Bob")}`,
    );
    const notice = mails.find((m) => m.kind === "waitlist-notice");
    expect(notice?.headers.get("to")).toContain("secretary@hillcrest586.example.org");
    expect(notice?.text).toContain(
      "Bob Smith joined the waiting list of Stated Meeting (full) for 2 attendees.",
    );

    expect(await view(await joined("Bob"))).toMatchObject({
      state: "waiting",
      position: 1,
      message:
        "You are number 1 in line for Stated Meeting (1 seat). We will e-mail you if seats free up for you.",
      attendees: 1,
      event: { id: DINNER, closes: "Closes Dec 1, 2026 at 11:59PM" },
    });
    // The first link of Bob's, from before he sent the form again, shows the entry it was.
    const first = toBob[0]?.text.match(/\/rsvp\/claim#(\S+)/)?.[1] ?? "";
    expect(await view(first)).toMatchObject({
      state: "left",
      message:
        "You sent the form again with the same e-mail address: the newer request took this one's place in line. Use the link in the mail that confirmed it.",
    });
    // Leaving with it would leave nothing: the newer request is the one in line.
    expect((await post("leaveWaitlist", { token: first })).status).toBe(409);
    expect((await view(await joined("Bob"))).state).toBe("waiting");
    expect((await post("waitlistEntry", { token: "forged.token" })).status).toBe(404);
  });

  it("refuses a party that fits in the seats free now, pointing to the RSVP; social outings have no waiting list", async () => {
    const { send, post } = await lodge(3);
    expect((await send("eventRsvp", "Ann", 1)).status).toBe(200);
    expect(await send("joinWaitlist", "Bob", 2)).toMatchObject({
      status: 409,
      body: {
        message:
          "2 seats are free for Stated Meeting now, enough for you: send your reservation instead.",
        instead: "eventRsvp",
      },
    });
    const outing = {
      ...buildEventRsvpPayload(testEvent(DINNER), person("Cy", 1)),
      event: { id: "bowling" },
    };
    expect((await post("joinWaitlist", outing)).status).toBe(404);
  });

  it("offers freed seats to the first in line whose party fits, held 24 hours; a claim makes one RSVP with its confirmation, however often it is sent", async () => {
    const { s, post, send, view, joined, offered, cancel, rsvps } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    // A party bigger than the event can never be seated.
    expect(await send("joinWaitlist", "Dan", 4)).toMatchObject({
      status: 409,
      body: {
        message: "Stated Meeting has 3 seats in all, fewer than 4: a party of 4 cannot be seated.",
        field: "numberOfAttendees",
      },
    });
    expect((await send("joinWaitlist", "Bob", 2)).status).toBe(200);
    expect((await send("joinWaitlist", "Cy", 1)).status).toBe(200);
    await send("joinWaitlist", "Dan", 3);
    s.clock.advance(HOUR);
    await cancel("Ann");
    // Ann's 3 seats: Bob's 2 and Cy's 1 fit, Dan's 3 (last in line) would not after them.
    const offer = (await outboxMails(s)).find(
      (m) => m.kind === "waitlist-offer" && m.headers.get("to")?.includes("bob@"),
    );
    expect(offer?.subject).toBe(
      "Seats for Stated Meeting are yours if you claim them by Nov 22, 2026 at 1:00PM",
    );
    expect(offer?.text).toContain(
      `https://www.hillcrest586.example.org/rsvp/claim#${await offered("Bob")}`,
    );
    expect(await view(await offered("Bob"))).toMatchObject({
      state: "offered",
      offerExpires: "Nov 22, 2026 at 1:00PM",
      attendees: 2,
    });
    expect((await view(await joined("Dan"))).position).toBe(1);
    // The held seats are taken: a newcomer is refused while the offers are open.
    expect((await send("eventRsvp", "Eve", 1)).status).toBe(409);

    const claims = await Promise.all(
      [1, 2, 3].map(async () => post("claimOffer", { token: await offered("Bob") })),
    );
    for (const claim of claims) {
      expect(claim).toMatchObject({
        status: 200,
        body: {
          message:
            "The seats are yours: your reservation for Stated Meeting is confirmed for 2. A confirmation with the link to change or cancel it is on its way to bob@example.org.",
        },
      });
    }
    // The link of the mail that put Cy in line claims his offer as well.
    expect((await post("claimOffer", { token: await joined("Cy") })).status).toBe(200);
    expect(await rsvps()).toEqual(["Bob:2", "Cy:1"]);
    const confirmations = (await outboxMails(s)).filter(
      (m) => m.kind === "rsvp-confirmation" && m.headers.get("to")?.includes("bob@"),
    );
    expect(confirmations).toHaveLength(1);
    const manage = await manageTokenOf(s, "bob@example.org");
    expect((await post("manageRsvp", { token: manage })).body).toMatchObject({
      state: "open",
      attendees: 2,
    });
    expect((await view(await offered("Bob"))).state).toBe("claimed");
    // Dan is not offered a seat that is not there.
    expect(await post("claimOffer", { token: await joined("Dan") })).toMatchObject({
      status: 409,
      body: {
        message:
          "You are number 1 in line for Stated Meeting (3 seats). We will e-mail you if seats free up for you.",
      },
    });
  });

  it("refuses a claim after the offer ran out and passes the seats to the next in line once, on the server's clock", async () => {
    const { s, post, send, view, offered, cancel, rsvps } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    await send("joinWaitlist", "Cy", 2);
    await cancel("Ann");
    const bob = await offered("Bob");
    s.clock.advance(24 * HOUR - 1);
    await s.scheduler.runDue();
    expect((await view(bob)).state).toBe("offered");
    s.clock.advance(1);
    expect(await post("claimOffer", { token: bob })).toMatchObject({
      status: 410,
      body: {
        message:
          "The seats offered to you for Stated Meeting were held until Nov 22, 2026 at 12:00PM and have gone to the next in line.",
      },
    });
    for (let i = 0; i < 3; i++) {
      await s.scheduler.runDue();
      s.clock.advance(OFFER_CHECK_MS);
    }
    const offers = (await outboxMails(s)).filter((m) => m.kind === "waitlist-offer");
    expect(offers.map((m) => m.headers.get("to"))).toEqual(["bob@example.org", "cy@example.org"]);
    expect((await view(bob)).state).toBe("expired");
    expect((await post("claimOffer", { token: await offered("Cy") })).status).toBe(200);
    expect(await rsvps()).toEqual(["Cy:2"]);
  });

  it("holds an offer made the last day only until the RSVP deadline", async () => {
    const { s, send, view, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 1);
    // Tue 1 Dec, 10:00 in New York.
    s.clock.advance(Date.parse("2026-12-01T15:00:00Z") - NOW.getTime());
    await cancel("Ann");
    expect((await view(await offered("Bob"))).offerExpires).toBe("Dec 1, 2026 at 11:59PM");
    s.clock.advance(14 * HOUR);
    expect((await view(await offered("Bob"))).state).toBe("expired");
  });

  it("lets a party leave the list; seats its offer held go to the next at once; leaving twice answers the same", async () => {
    const { s, post, send, view, joined, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    await send("joinWaitlist", "Cy", 3);
    await cancel("Ann");
    const left = {
      status: 200,
      body: { message: "You are no longer on the waiting list for Stated Meeting." },
    };
    expect(await post("leaveWaitlist", { token: await offered("Bob") })).toMatchObject(left);
    expect(await post("leaveWaitlist", { token: await joined("Bob") })).toMatchObject(left);
    expect((await view(await offered("Cy"))).state).toBe("offered");
    expect((await view(await joined("Bob"))).state).toBe("left");
    expect((await post("claimOffer", { token: await offered("Bob") })).status).toBe(409);
    expect((await outboxMails(s)).filter((m) => m.kind === "waitlist-offer")).toHaveLength(2);
  });

  it("claimed after the meal deadline, an offer takes the seats without the dinners the party asked for", async () => {
    const data = testData({ guestLimit: 3 });
    const closing = eventSchema.parse({
      ...TEST_EVENTS.find((input) => input.id === DINNER),
      mealCutoffDays: 3,
    });
    const events = data.events.map((event) => (event.id === DINNER ? closing : event));
    server = await startServer({ data: { ...data, events } });
    const s = server;
    const client = await s.client();
    const event = events.find((candidate) => candidate.id === DINNER);
    if (!event) throw new Error("no dinner meeting");
    const withDinner = (firstName: string, attendees: number) =>
      buildEventRsvpPayload(event, {
        ...person(firstName, attendees),
        earlyBirdDinner: true,
        numberOfMeals: 1,
        mealChoice: "Salmon",
      });
    expect((await client.post(API_ROUTES.eventRsvp.path, withDinner("Ann", 3))).status).toBe(200);
    expect((await client.post(API_ROUTES.joinWaitlist.path, withDinner("Bob", 1))).status).toBe(
      200,
    );
    // Mon 30 Nov, noon: dinners closed on the 29th at 11:59PM.
    s.clock.advance(Date.parse("2026-11-30T17:00:00Z") - NOW.getTime());
    const cancel = await manageTokenOf(s, "ann@example.org");
    expect((await client.post(API_ROUTES.cancelRsvp.path, { token: cancel })).status).toBe(200);
    const token = await claimTokenOf(s, "bob@example.org", "waitlist-offer");
    expect(await client.post(API_ROUTES.claimOffer.path, { token })).toMatchObject({
      status: 200,
      body: {
        message:
          "The seats are yours: your reservation for Stated Meeting is confirmed for 1, without dinner (dinner orders closed Nov 29, 2026 at 11:59PM). A confirmation with the link to change or cancel it is on its way to bob@example.org.",
      },
    });
    const [bob] = await s.store.listEventRsvps(DINNER);
    expect(bob?.record).toMatchObject({ firstName: "Bob", attendees: 1, dinner: false, meals: 0 });
    const confirmation = (await outboxMails(s)).find(
      (m) => m.kind === "rsvp-confirmation" && m.headers.get("to")?.includes("bob@"),
    );
    expect(confirmation?.text).toContain("Early bird dinner: not reserved");
  });

  it("passes an offer that ran out on once when two instances on one PostgreSQL database run their schedulers together", async () => {
    const clock = new Clock(NOW);
    const place = await cluster().place();
    const data = testData({ guestLimit: 3 });
    const a = await startServer({ clock, data, store: await PostgresStore.open(place, NOW) });
    const b = await startServer({ clock, data, store: await PostgresStore.open(place, NOW) });
    others.push(a, b);
    const client = await a.client();
    const send = (name: "eventRsvp" | "joinWaitlist", who: string, n: number) =>
      client.post(API_ROUTES[name].path, buildEventRsvpPayload(testEvent(DINNER), person(who, n)));
    expect((await send("eventRsvp", "Ann", 3)).status).toBe(200);
    expect((await send("joinWaitlist", "Bob", 3)).status).toBe(200);
    expect((await send("joinWaitlist", "Cy", 3)).status).toBe(200);
    const token = await manageTokenOf(a, "ann@example.org");
    expect((await client.post(API_ROUTES.cancelRsvp.path, { token })).status).toBe(200);
    clock.advance(24 * HOUR);
    for (let i = 0; i < 3; i++) {
      await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]);
      clock.advance(OFFER_CHECK_MS);
    }
    const offers = (await a.store.listMail()).filter((m) => m.kind === "waitlist-offer");
    expect(offers.map((m) => m.to)).toEqual(["cy@example.org", "bob@example.org"]);
    expect(
      (await b.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
    ).toEqual(["Cy:offered"]);
  });
});
