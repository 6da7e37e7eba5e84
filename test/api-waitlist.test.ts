import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRouteName } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import { waitlistEntrySchema } from "../core/schemas/api.ts";
import { type EventRsvpForm, eventSchema } from "../core/schemas/index.ts";
import { OFFER_CHECK_MS } from "../server/jobs/waitlist-offers.ts";
import { openPostgresStore, openStore } from "../server/store/open-store.ts";
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
} from "./support/api-harness.ts";
import { claimTokenOf, manageTokenOf, outboxMails } from "./support/manage-links.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";
import { anotherServer, racing } from "./support/racing-store.ts";

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
const SECRETARY_OF_TEST_DATA = "secretary@hillcrest586.example.org";
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
async function lodge(guestLimit: number, store?: "postgres") {
  server = await startServer({
    data: testData({ guestLimit }),
    ...(store ? { store: await openPostgresStore(await cluster().place(), NOW) } : {}),
  });
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

/**
 * A server whose store runs `race.next` just before the write `race.before` names, once: a request
 * landing between the server's read of the list, when it composes its notices, and its write.
 * Such a request comes from another instance on the same database (`elsewhere`): the server's
 * own requests wait for the write in its event's lane.
 */
async function racingLodge(kind: "sqlite" | "postgres", guestLimit: number) {
  const dir = mkdtempSync(join(tmpdir(), "lodge-race-"));
  dirs.push(dir);
  const place = kind === "postgres" ? await cluster().place() : join(dir, "lodge.db");
  const open = async () =>
    kind === "postgres" ? await openPostgresStore(place, NOW) : openStore(place, NOW);
  const { store, race } = racing(await open());
  const data = testData({ guestLimit });
  server = await startServer({ data, store });
  const s = server;
  const client = await s.client();
  const elsewhere = await anotherServer(s, await open(), data);
  others.push(elsewhere.server);
  type Sends = Pick<Client, "post">;
  const sender = (by: Sends) => (name: "eventRsvp" | "joinWaitlist", who: string, n: number) =>
    by.post(API_ROUTES[name].path, buildEventRsvpPayload(testEvent(DINNER), person(who, n)));
  const send = sender(client);
  const joins =
    (who: string, n: number, by: Sends = client) =>
    async () =>
      expect((await sender(by)("joinWaitlist", who, n)).status).toBe(200);
  /** Cancels `who`'s RSVP (from elsewhere, or here), the link read now. */
  const cancelsElsewhere = async (who: string, by: Sends = elsewhere) => {
    const token = await manageTokenOf(s, `${who.toLowerCase()}@example.org`);
    return async () =>
      expect((await by.post(API_ROUTES.cancelRsvp.path, { token })).status).toBe(200);
  };
  const cancels = (who: string) => async () => (await cancelsElsewhere(who, client))();
  return {
    s,
    client,
    race,
    send,
    joins,
    joinsElsewhere: (who: string, n: number) => joins(who, n, elsewhere),
    cancels,
    cancelsElsewhere,
  };
}
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

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
          "The seats offered to you for Stated Meeting were held until Nov 22, 2026 at 12:00PM and were not claimed, so you are no longer on its waiting list. If you would still like to come, you may reserve while seats are free, or join the waiting list again, at the end of the line.",
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

  it("says on the claim page of an offer whose event was cancelled that it was, before and after the offer's end", async () => {
    let data = testData({ guestLimit: 3 });
    server = await startServer({ data: () => data });
    const s = server;
    const client = await s.client();
    const send = (name: "eventRsvp" | "joinWaitlist", who: string, n: number) =>
      client.post(API_ROUTES[name].path, buildEventRsvpPayload(testEvent(DINNER), person(who, n)));
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    const cancel = await manageTokenOf(s, "ann@example.org");
    expect((await client.post(API_ROUTES.cancelRsvp.path, { token: cancel })).status).toBe(200);
    const bob = await claimTokenOf(s, "bob@example.org", "waitlist-offer");
    data = {
      ...data,
      events: data.events.map((event) =>
        event.id === DINNER ? { ...event, cancelled: true } : event,
      ),
    };
    const view = async () =>
      (await client.post(API_ROUTES.waitlistEntry.path, { token: bob })).body;
    expect(await view()).toMatchObject({
      state: "closed",
      message:
        "Stated Meeting has been cancelled, so no more seats will be offered. To ask about it, write to the secretary at secretary@hillcrest586.example.org.",
    });
    s.clock.advance(24 * HOUR);
    expect(await view()).toMatchObject({
      state: "expired",
      message:
        "The seats offered to you for Stated Meeting were held until Nov 22, 2026 at 12:00PM and were not claimed, so you are no longer on its waiting list. Stated Meeting has been cancelled, so no more seats will be offered.",
    });
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
    const a = await startServer({ clock, data, store: await openPostgresStore(place, NOW) });
    const b = await startServer({ clock, data, store: await openPostgresStore(place, NOW) });
    others.push(a, b);
    const client = await a.client();
    const send = (name: "eventRsvp" | "joinWaitlist", who: string, n: number) =>
      client.post(API_ROUTES[name].path, buildEventRsvpPayload(testEvent(DINNER), person(who, n)));
    expect((await send("eventRsvp", "Ann", 3)).status).toBe(200);
    expect((await send("joinWaitlist", "Bob", 3)).status).toBe(200);
    expect((await send("joinWaitlist", "Cy", 3)).status).toBe(200);
    // Either instance's mail worker may have sent the confirmation (they share the outbox).
    const token = await manageTokenOf(a, "ann@example.org").catch(() =>
      manageTokenOf(b, "ann@example.org"),
    );
    expect((await client.post(API_ROUTES.cancelRsvp.path, { token })).status).toBe(200);
    clock.advance(24 * HOUR);
    for (let i = 0; i < 3; i++) {
      await Promise.all([a.scheduler.runDue(), b.scheduler.runDue()]);
      clock.advance(OFFER_CHECK_MS);
    }
    const offers = (await a.store.listMail()).filter((m) => m.kind === "waitlist-offer");
    expect(offers.map((m) => m.to)).toEqual(["cy@example.org", "bob@example.org"]);
    // Bob and the secretary are told once that his offer ran out, whichever instance passed it on.
    expect(
      (await a.store.listMail())
        .filter((m) => m.kind.startsWith("waitlist-expired"))
        .map((m) => `${m.kind} ${m.to}`),
    ).toEqual([
      "waitlist-expired-notice secretary@hillcrest586.example.org",
      "waitlist-expired bob@example.org",
    ]);
    // And the secretary of each offer once: Bob's, made by the cancel, and Cy's, by a scheduler.
    expect(
      (await a.store.listMail()).filter((m) => m.kind === "waitlist-offer-notice").map((m) => m.to),
    ).toEqual([SECRETARY_OF_TEST_DATA, SECRETARY_OF_TEST_DATA]);
    // Either instance's worker sent each; their outbox folders hold them between them.
    const offerNotices = [...(await outboxMails(a)), ...(await outboxMails(b))]
      .filter((m) => m.kind === "waitlist-offer-notice")
      .sort((x, y) => x.subject.localeCompare(y.subject));
    expect(offerNotices.map((m) => m.subject)).toEqual(
      ["Bob", "Cy"].map(
        (name) =>
          `Waiting list: seats offered to ${name} Smith, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM`,
      ),
    );
    expect(offerNotices[1]?.text).toContain(
      "held until Nov 23, 2026 at 12:00PM.\nThey were told by e-mail, with their personal link to claim them. Unclaimed by then, the seats go to the next in line they fit, by e-mail, on their own.\nWith this offer, the waiting list now has 1 offer open (3 attendees).\n",
    );
    expect(
      (await b.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
    ).toEqual(["Cy:offered"]);
  });
});

describe("the waiting list's mails and notices", () => {
  const SITE = "https://www.hillcrest586.example.org";
  const SECRETARY = "secretary@hillcrest586.example.org";
  const to = (address: string) => (m: { headers: Map<string, string> }) =>
    m.headers.get("to")?.includes(address) ?? false;
  /** Whom a mail goes to, whom a reply goes to, and its subject. */
  const head = (m: { headers: Map<string, string>; subject: string }) => ({
    to: m.headers.get("to"),
    replyTo: m.headers.get("reply-to"),
    subject: m.subject,
  });

  it("tells the secretary of each offer with the offer mail: who, how many seats, until when, and how the list stands", async () => {
    const { s, send, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 2);
    await send("joinWaitlist", "Dan", 3);
    await send("joinWaitlist", "Cy", 1);
    s.clock.advance(HOUR);
    await cancel("Ann");
    // Ann's 3 seats: Bob's 2 and Cy's 1; Dan's 3 do not fit after Bob's, and he keeps his place.
    const mails = await outboxMails(s);
    const notices = mails.filter((m) => m.kind === "waitlist-offer-notice");
    expect(notices.map(head)).toEqual(
      ["Bob", "Cy"].map((name) => ({
        to: SECRETARY,
        replyTo: `${name.toLowerCase()}@example.org`,
        subject: `Waiting list: seats offered to ${name} Smith, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM`,
      })),
    );
    expect(notices[0]?.text).toBe(
      [
        "Bob Smith was offered seats for Stated Meeting from the waiting list (2 attendees), held until Nov 22, 2026 at 1:00PM.",
        "They were told by e-mail, with their personal link to claim them. Unclaimed by then, the seats go to the next in line they fit, by e-mail, on their own.",
        "With this offer, the waiting list now has 1 party waiting (3 attendees) and 2 offers open (3 attendees).",
        "",
        `lodge rsvps --event ${DINNER} shows the reservations and the waiting list as they are now.`,
        "Reply to this message to write to Bob Smith.",
        "",
      ].join("\n"),
    );
    expect(notices[0]?.html).toContain(
      "<p>Bob Smith was offered seats for <strong>Stated Meeting</strong> from the waiting list (2 attendees), held until Nov 22, 2026 at 1:00PM.\n<br>They were told",
    );
    // The secretary's notice does not carry the party's personal claim link.
    expect(notices.map((m) => m.text + m.html).join("")).not.toContain("/rsvp/claim");
    expect(
      mails.filter((m) => m.kind === "waitlist-offer").map((m) => m.headers.get("to")),
    ).toEqual(["bob@example.org", "cy@example.org"]);
  });

  it.each(["sqlite", "postgres"] as const)(
    "tells the list in each offer's notice as the write that made it left it, also when a party joined between the server's read and its write (%s)",
    async (kind) => {
      const { s, client, race, send, joins, cancels, joinsElsewhere } = await racingLodge(kind, 3);
      await send("eventRsvp", "Ann", 3);
      await joins("Bob", 3)();
      await joins("Cy", 3)();
      // Ann cancels, and Dan joins meanwhile: Bob is offered her 3 seats.
      Object.assign(race, { before: "cancelEventRsvp", next: joinsElsewhere("Dan", 1) });
      await cancels("Ann")();
      // Bob leaves, and Eve joins meanwhile: Cy is offered the seats; Dan's 1 no longer fits.
      Object.assign(race, { before: "leaveWaitlist", next: joinsElsewhere("Eve", 2) });
      const bob = await claimTokenOf(s, "bob@example.org", "waitlist-offer");
      expect((await client.post(API_ROUTES.leaveWaitlist.path, { token: bob })).status).toBe(200);
      // Cy reserves 1 seat with the form: her entry leaves the list, and Dan is offered the rest.
      expect((await send("eventRsvp", "Cy", 1)).status).toBe(200);
      const notices = (await outboxMails(s)).filter((m) => m.kind === "waitlist-offer-notice");
      expect(notices.map((m) => [m.subject, /^With this offer, .*$/m.exec(m.text)?.[0]])).toEqual([
        [
          "Waiting list: seats offered to Bob Smith, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
          "With this offer, the waiting list now has 2 parties waiting (4 attendees) and 1 offer open (3 attendees).",
        ],
        [
          "Waiting list: seats offered to Cy Smith, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
          "With this offer, the waiting list now has 2 parties waiting (3 attendees) and 1 offer open (3 attendees).",
        ],
        [
          "Waiting list: seats offered to Dan Smith, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
          "With this offer, the waiting list now has 1 party waiting (2 attendees) and 1 offer open (1 attendee).",
        ],
      ]);
      expect(
        (await s.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
      ).toEqual(["Dan:offered", "Eve:waiting"]);
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "tells the list in a claimed offer's notice as the claim left it, also when a party joined between the server's read and its write (%s)",
    async (kind) => {
      const { s, client, race, send, joins, cancels, joinsElsewhere } = await racingLodge(kind, 3);
      await send("eventRsvp", "Ann", 3);
      await joins("Bob", 2)();
      await joins("Cy", 2)();
      await cancels("Ann")();
      // Bob claims the 2 seats offered to him, and Dan joins meanwhile (the 1 seat free fits
      // neither him nor Cy).
      Object.assign(race, { before: "claimOffer", next: joinsElsewhere("Dan", 2) });
      const bob = await claimTokenOf(s, "bob@example.org", "waitlist-offer");
      expect((await client.post(API_ROUTES.claimOffer.path, { token: bob })).status).toBe(200);
      expect(race.next).toBeUndefined();
      const notices = (await outboxMails(s)).filter(
        (m) => m.kind === "rsvp-notice" && m.text.includes("Bob Smith"),
      );
      expect(notices.map((m) => /^Note: the waiting list .*$/m.exec(m.text)?.[0])).toEqual([
        "Note: the waiting list now has 2 parties waiting (4 attendees).",
      ]);
      expect(
        (await s.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
      ).toEqual(["Cy:waiting", "Dan:waiting"]);
      expect(
        (await s.store.listEventRsvps(DINNER)).map(
          (r) => `${r.record.firstName}:${r.record.attendees}`,
        ),
      ).toEqual(["Bob:2"]);
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "tells in the notice of an offer that ran out whether anyone waits in line as the write passing it on found it, also when a party joined between the server's read and its write (%s)",
    async (kind) => {
      const { s, race, send, joins, cancels, joinsElsewhere } = await racingLodge(kind, 5);
      await send("eventRsvp", "Ann", 3);
      await send("eventRsvp", "Dan", 2);
      await joins("Bob", 3)();
      await cancels("Ann")();
      // Bob's offer runs out, and Cy joins as the scheduler passes it on: her 4 do not fit in 3.
      s.clock.advance(24 * HOUR);
      Object.assign(race, { before: "settleWaitlist", next: joinsElsewhere("Cy", 4) });
      await s.scheduler.runDue();
      expect(race.next).toBeUndefined();
      const notices = (await outboxMails(s)).filter((m) => m.kind === "waitlist-expired-notice");
      expect(notices.map((m) => m.text.split("\n")[2])).toEqual([
        "The seats go to the next in line they fit, by e-mail, on their own.",
      ]);
      expect(
        (await s.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
      ).toEqual(["Cy:waiting"]);
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "tells in the notice of a party leaving whether they gave up an offer as the leave found their entry, also when seats were offered to them between the server's read and its write (%s)",
    async (kind) => {
      const { s, client, race, send, joins, cancelsElsewhere } = await racingLodge(kind, 3);
      await send("eventRsvp", "Ann", 3);
      await joins("Bob", 3)();
      await joins("Cy", 2)();
      // Bob leaves with his link while waiting, and Ann cancels meanwhile: her seats are offered
      // to Bob, so his leave gives them up, and they go to Cy.
      Object.assign(race, { before: "leaveWaitlist", next: await cancelsElsewhere("Ann") });
      const bob = await claimTokenOf(s, "bob@example.org", "waitlist-joined");
      expect((await client.post(API_ROUTES.leaveWaitlist.path, { token: bob })).status).toBe(200);
      expect(race.next).toBeUndefined();
      const mails = await outboxMails(s);
      const text = (kind: string) => mails.find((m) => m.kind === kind)?.text;
      expect(text("waitlist-left-notice")).toContain(
        "\nThey gave up the seats offered to them until Nov 22, 2026 at 12:00PM: those go to the next in line they fit, by e-mail, on their own.\n",
      );
      expect(text("waitlist-left")).toContain(
        "\nThe seats that were held for you go to the next in line.\n",
      );
      expect(
        (await s.store.listWaitlist(DINNER)).map((e) => `${e.record.firstName}:${e.state}`),
      ).toEqual(["Cy:offered"]);
    },
  );

  it.each(["sqlite", "postgres"] as const)(
    "tells in the notice of an RSVP sent by a party in line whether it held an offer as the RSVP's write found its entry, also when seats were offered to it between the server's read and its write (%s)",
    async (kind) => {
      const { s, race, send, joins, cancelsElsewhere } = await racingLodge(kind, 3);
      await send("eventRsvp", "Ann", 3);
      await joins("Bob", 3)();
      // Bob reserves with the form while in line, and Ann cancels meanwhile: her seats are
      // offered to Bob, and his RSVP takes them.
      Object.assign(race, { before: "addEventRsvp", next: await cancelsElsewhere("Ann") });
      expect((await send("eventRsvp", "Bob", 3)).status).toBe(200);
      expect(race.next).toBeUndefined();
      const notice = (await outboxMails(s)).find(
        (m) => m.kind === "rsvp-notice" && m.text.includes("Bob Smith"),
      );
      expect(notice?.text).toContain(
        "\nNote: this RSVP was sent with the form by a party on the waiting list who held an offer of 3 attendees: it takes the offer's place, and seats it leaves go to the next in line.\n",
      );
      expect(await s.store.listWaitlist(DINNER)).toEqual([]);
    },
  );

  it("tells a party whose offer ran out, and the secretary, once: the party is off the list and may join again at the end of it", async () => {
    const { s, send, view, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    await send("joinWaitlist", "Cy", 2);
    await cancel("Ann");
    const bob = await offered("Bob");
    s.clock.advance(24 * HOUR);
    for (let i = 0; i < 3; i++) {
      await s.scheduler.runDue();
      s.clock.advance(OFFER_CHECK_MS);
    }
    const mails = await outboxMails(s);
    const toBob = mails.filter((m) => m.kind === "waitlist-expired");
    expect(toBob.map(head)).toEqual([
      {
        to: "bob@example.org",
        replyTo: SECRETARY,
        subject:
          "The seats offered to you for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM were not claimed in time",
      },
    ]);
    expect(toBob[0]?.text).toBe(
      [
        "Dear Bob Smith,",
        "",
        "The seats offered to you for Stated Meeting (3 attendees) were held until Nov 22, 2026 at 12:00PM and were not claimed, so you are no longer on its waiting list.",
        "If you would still like to come, the event's page lets you reserve while seats are free, or join the waiting list again, at the end of the line:",
        `${SITE}/events/${DINNER}`,
        "",
        "Stated Meeting",
        "Wednesday, December 2, 2026 at 7:30PM",
        "Lyndhurst Masonic Center",
        "",
        "Attendees: 3",
        "",
        "If you have a question, reply to this message to write to the secretary.",
        "",
        "Hillcrest Lodge No. 586",
        "",
      ].join("\n"),
    );
    expect(toBob[0]?.html).toContain(
      `<a href="${SITE}/events/${DINNER}">the event's page</a> lets you reserve`,
    );
    const notices = mails.filter((m) => m.kind === "waitlist-expired-notice");
    expect(notices.map(head)).toEqual([
      {
        to: SECRETARY,
        replyTo: "bob@example.org",
        subject:
          "Waiting list: the offer to Bob Smith ran out, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
      },
    ]);
    expect(notices[0]?.text).toBe(
      [
        "The seats offered to Bob Smith for Stated Meeting (3 attendees) were held until Nov 22, 2026 at 12:00PM and were not claimed.",
        "They are off the waiting list, and were told so by e-mail.",
        "The seats go to the next in line they fit, by e-mail, on their own.",
        "",
        `lodge rsvps --event ${DINNER} shows the reservations and the waiting list as they are now.`,
        "Reply to this message to write to Bob Smith.",
        "",
      ].join("\n"),
    );
    // As the mail says: off the list, Cy offered the seats, and Bob may queue again behind.
    expect((await view(bob)).state).toBe("expired");
    expect(
      mails.filter((m) => m.kind === "waitlist-offer").map((m) => m.headers.get("to")),
    ).toEqual(["bob@example.org", "cy@example.org"]);
    expect((await send("joinWaitlist", "Bob", 3)).body).toMatchObject({
      message: expect.stringContaining("number 1 in line"),
    });
  });

  it("tells a party whose offer ran out at the RSVP deadline that reservations have closed, with no link to come back", async () => {
    const { s, post, send, view, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    await send("joinWaitlist", "Cy", 1);
    // Tue 1 Dec, 10:00 in New York: Bob's offer holds until the deadline, 11:59PM.
    s.clock.advance(Date.parse("2026-12-01T15:00:00Z") - NOW.getTime());
    await cancel("Ann");
    const bob = await offered("Bob");
    s.clock.advance(14 * HOUR);
    // The claim page says what became of the seats: not "gone to the next in line".
    const closed =
      "The seats offered to you for Stated Meeting were held until Dec 1, 2026 at 11:59PM and were not claimed, so you are no longer on its waiting list. Reservations for Stated Meeting closed on Dec 1, 2026 at 11:59PM, so no more seats will be offered.";
    expect(await view(bob)).toMatchObject({ state: "expired", message: closed });
    expect(await post("claimOffer", { token: bob })).toMatchObject({
      status: 410,
      body: { message: closed },
    });
    await s.scheduler.runDue();
    expect(await view(bob)).toMatchObject({ state: "expired", message: closed });
    const mails = await outboxMails(s);
    const expired = mails.find((m) => m.kind === "waitlist-expired");
    expect(expired?.text).toContain(
      "were held until Dec 1, 2026 at 11:59PM and were not claimed, so you are no longer on its waiting list.\nReservations for Stated Meeting closed on Dec 1, 2026 at 11:59PM, so no more seats will be offered.\n\nStated Meeting",
    );
    expect(expired?.text).not.toContain(SITE);
    expect(expired?.html).not.toContain("<a ");
    expect(mails.find((m) => m.kind === "waitlist-expired-notice")?.text).toContain(
      "They are off the waiting list, and were told so by e-mail.\nReservations for Stated Meeting closed on Dec 1, 2026 at 11:59PM, so no more seats will be offered.\n",
    );
    // Cy, in line after the deadline, is offered nothing; the list is done with.
    expect(
      mails.filter((m) => m.kind === "waitlist-offer").map((m) => m.headers.get("to")),
    ).toEqual(["bob@example.org"]);
    s.clock.advance(OFFER_CHECK_MS);
    await s.scheduler.runDue();
    expect(
      (await outboxMails(s)).filter((m) => m.kind.startsWith("waitlist-expired")),
    ).toHaveLength(2);
  });

  it("confirms leaving the list to the party, once, and tells the secretary whether an offer was given up", async () => {
    const { s, post, send, joined, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 3);
    await send("joinWaitlist", "Cy", 3);
    await send("joinWaitlist", "Dan", 1);
    await cancel("Ann");
    s.clock.advance(HOUR);
    expect((await post("leaveWaitlist", { token: await offered("Bob") })).status).toBe(200);
    expect((await post("leaveWaitlist", { token: await joined("Bob") })).status).toBe(200);
    expect((await post("leaveWaitlist", { token: await joined("Dan") })).status).toBe(200);
    const mails = await outboxMails(s);
    const left = mails.filter((m) => m.kind === "waitlist-left");
    const leftSubject =
      "You have left the waiting list for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM";
    expect(left.map(head)).toEqual(
      ["bob@example.org", "dan@example.org"].map((address) => ({
        to: address,
        replyTo: SECRETARY,
        subject: leftSubject,
      })),
    );
    expect(left[0]?.text).toBe(
      [
        "Dear Bob Smith,",
        "",
        "As you asked, you are no longer on the waiting list for Stated Meeting on Wednesday, December 2, 2026 at 7:30PM (3 attendees).",
        "The seats that were held for you go to the next in line.",
        "We hope to see you another time.",
        "",
        "If you did not ask for this, reply to this message to let the secretary know.",
        "",
        "Hillcrest Lodge No. 586",
        "",
      ].join("\n"),
    );
    expect(left[1]?.text).not.toContain("held for you");
    const notices = mails.filter((m) => m.kind === "waitlist-left-notice");
    expect(notices.map(head)).toEqual(
      ["Bob", "Dan"].map((name) => ({
        to: SECRETARY,
        replyTo: `${name.toLowerCase()}@example.org`,
        subject: `Waiting list: ${name} Smith left, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM`,
      })),
    );
    expect(notices[0]?.text).toBe(
      [
        "Bob Smith left the waiting list of Stated Meeting (3 attendees) with their personal link.",
        "They gave up the seats offered to them until Nov 22, 2026 at 12:00PM: those go to the next in line they fit, by e-mail, on their own.",
        "",
        `lodge rsvps --event ${DINNER} shows the reservations and the waiting list as they are now.`,
        "Received Sat, Nov 21, 2026 at 1:00PM (America/New_York). Reply to this message to write to Bob Smith.",
        "",
      ].join("\n"),
    );
    expect(notices[1]?.text).toMatch(
      /^Dan Smith left the waiting list of Stated Meeting \(1 attendee\) with their personal link\.\n\nlodge rsvps/,
    );
    // Bob's seats went to Cy at once.
    expect(
      mails.filter((m) => m.kind === "waitlist-offer").map((m) => m.headers.get("to")),
    ).toEqual(["bob@example.org", "cy@example.org"]);
  });

  it("says in the secretary's notice of a claimed offer that the RSVP came from the waiting list, and how the list stands; of an RSVP sent with the form by a party in line, that it took their place", async () => {
    const { s, post, send, offered, cancel } = await lodge(3);
    await send("eventRsvp", "Ann", 3);
    await send("joinWaitlist", "Bob", 2);
    await send("joinWaitlist", "Cy", 1);
    await send("joinWaitlist", "Dan", 3);
    await send("joinWaitlist", "Eve", 2);
    await cancel("Ann");
    expect((await post("claimOffer", { token: await offered("Bob") })).status).toBe(200);
    const mails = await outboxMails(s);
    const notice = mails.find((m) => m.kind === "rsvp-notice" && m.text.includes("Bob Smith"));
    expect(notice?.text).toContain(
      "\nNote: this RSVP comes from the waiting list: they claimed the seats offered to them.\n\nNote: the waiting list now has 2 parties waiting (5 attendees) and 1 offer open (1 attendee).\n",
    );
    expect(notice?.html).toContain("this RSVP comes from the waiting list");
    // Bob cancels: his 2 seats are offered to Eve (Dan's 3 do not fit), who leaves the list. Dan,
    // still in line for 3, reserves the 2 free seats with the form: his RSVP takes his place in
    // line, and the notice says so.
    await cancel("Bob");
    expect((await send("eventRsvp", "Dan", 2)).status).toBe(409);
    expect((await post("leaveWaitlist", { token: await offered("Eve") })).status).toBe(200);
    expect((await send("eventRsvp", "Dan", 2)).status).toBe(200);
    const dan = (await outboxMails(s)).find(
      (m) => m.kind === "rsvp-notice" && m.text.includes("Dan Smith"),
    );
    expect(dan?.text).toContain(
      "\nNote: this RSVP was sent with the form by a party on the waiting list, while seats were free: it takes their place in line.\n",
    );
    expect((await s.store.listWaitlist(DINNER)).map((e) => e.record.firstName)).toEqual(["Cy"]);
    // An RSVP sent with the form by no one on the list says nothing of it.
    const ann = mails.find((m) => m.kind === "rsvp-notice" && m.text.includes("Ann Smith"));
    expect(ann?.text).not.toContain("waiting list");
  });

  for (const store of ["sqlite", "postgres"] as const) {
    it(`settles an offer at once when its party reserves with the form instead (${store}): the RSVP takes its place, the seats it leaves go down the line in the same request`, async () => {
      const { s, send, view, offered, cancel, rsvps } = await lodge(
        3,
        store === "postgres" ? store : undefined,
      );
      await send("eventRsvp", "Ann", 3);
      await send("joinWaitlist", "Bob", 3);
      await send("joinWaitlist", "Cy", 1);
      await cancel("Ann");
      const bob = await offered("Bob");
      // Bob reserves 2 of his 3 seats with the form; the third fits Cy, offered with no scheduler.
      expect((await send("eventRsvp", "Bob", 2)).status).toBe(200);
      expect(await rsvps()).toEqual(["Bob:2"]);
      expect((await view(bob)).message).toBe(
        "You reserved for Stated Meeting with the RSVP form, so you are no longer on its waiting list: that reservation's mail has the link to change or cancel it.",
      );
      expect(await view(await offered("Cy"))).toMatchObject({ state: "offered", attendees: 1 });
      expect((await s.store.listWaitlist(DINNER)).map((e) => e.record.firstName)).toEqual(["Cy"]);
      expect((await s.store.attendeeCounts()).get(DINNER)).toBe(3);
      const mails = await outboxMails(s);
      const notice = mails.find((m) => m.kind === "rsvp-notice" && m.text.includes("Bob Smith"));
      expect(notice?.text).toContain(
        "Note: this RSVP was sent with the form by a party on the waiting list who held an offer of 3 attendees: it takes the offer's place, and seats it leaves go to the next in line.",
      );
      // No offer ran out, and Bob is told nothing of his entry: his RSVP's confirmation says it.
      expect(mails.filter((m) => m.kind.startsWith("waitlist-expired"))).toEqual([]);
      expect(mails.filter(to("bob@")).map((m) => m.kind)).toEqual([
        "waitlist-joined",
        "waitlist-offer",
        "rsvp-confirmation",
      ]);
    });
  }
});
