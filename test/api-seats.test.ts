import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRouteName } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import { managedRsvpSchema } from "../core/schemas/api.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { OFFER_CHECK_MS } from "../server/jobs/waitlist-offers.ts";
import { openPostgresStore } from "../server/store/open-store.ts";
import {
  type Client,
  NOW,
  PLAIN_RSVP_FORM,
  startServer,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";
import { linkToken, manageTokenOf, outboxMails } from "./support/manage-links.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";

/**
 * Who may take a seat, through the API on both stores: an address's reservation is nobody else's
 * to replace with the form, and RSVPs past the seats one network address may hold are held for
 * their visitors to confirm from the mail, lapsing unconfirmed. NOW is Sat 21 Nov 2026, noon in
 * New York; the server's clock is the test's, moved by hand.
 */

const cluster = clusterOfThisFile();
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MINUTE = 60_000;
const KINDS = ["sqlite", "postgres"] as const;

async function lodge(kind: (typeof KINDS)[number]) {
  server = await startServer({
    data: testData(),
    ...(kind === "postgres"
      ? { store: await openPostgresStore(await cluster().place(), NOW) }
      : {}),
  });
  const s = server;
  const post = (client: Client, name: ApiRouteName, body: unknown) =>
    client.post(API_ROUTES[name].path, body);
  const rsvp = (client: Client, eventId: string, form: Partial<EventRsvpForm>) =>
    post(client, "eventRsvp", buildEventRsvpPayload(testEvent(eventId), formOf(form)));
  const mailsOf = async (kind: string) =>
    (await outboxMails(s)).filter((mail) => mail.kind === kind);
  return { s, post, rsvp, mailsOf };
}

/** The plain form with `fields`: the meal counts they give, or none. */
const formOf = (fields: Partial<EventRsvpForm>) =>
  ({ ...PLAIN_RSVP_FORM, ...fields }) as EventRsvpForm;

const person = (firstName: string, numberOfAttendees = 1): Partial<EventRsvpForm> => ({
  firstName,
  lastName: "Smith",
  email: `${firstName.toLowerCase()}@example.org`,
  numberOfAttendees,
});

describe.each(KINDS)("who may take a seat (%s)", (kind) => {
  it("leaves a reservation as it was when the form is sent again with its address from anywhere, and mails its holder a link to it, at most once an hour", async () => {
    const { s, post, rsvp, mailsOf } = await lodge(kind);
    const EMAIL = "john.smith@example.org";
    const member = await s.client("198.51.100.7");
    const dinner = {
      numberOfAttendees: 4,
      earlyBirdDinner: true,
      numberOfMeals: 4,
      countRoastBeef: 2,
      countSalmon: 2,
    };
    expect((await rsvp(member, "dinner-meeting", dinner)).status).toBe(200);
    const first = await manageTokenOf(s, EMAIL);
    // A stranger, elsewhere, with his address, one seat, another name and no dinner.
    const stranger = await s.client("203.0.113.9");
    const theirs = { firstName: "Mallory", lastName: "Jones", email: EMAIL };
    expect(await rsvp(stranger, "dinner-meeting", theirs)).toEqual(
      expect.objectContaining({
        status: 409,
        body: {
          message:
            "There is already a reservation for Stated Meeting with this e-mail address, and a second one does not replace it. We have sent the link to change or cancel it to that address.",
          field: "email",
        },
      }),
    );
    const held = async () =>
      (await s.store.listEventRsvps("dinner-meeting")).map((r) => [
        r.record.firstName,
        r.record.attendees,
        r.record.meals,
      ]);
    expect(await held()).toEqual([["John", 4, 4]]);
    expect((await s.store.attendeeCounts()).get("dinner-meeting")).toBe(4);
    // Its holder gets one mail, and the secretary none.
    const [link, ...more] = await mailsOf("rsvp-link");
    expect(more).toEqual([]);
    expect(link?.headers.get("to")).toBe(EMAIL);
    expect(link?.subject).toBe("Your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM");
    expect(link?.text).toContain(
      "A reservation for Stated Meeting was sent with your e-mail address on Sat, Nov 21, 2026 at 12:00PM (America/New_York). You have one already, and a second one does not take its place: your reservation stays as it is.",
    );
    expect(link?.text).toContain("Attendees: 4\nEarly bird dinner at 6:30PM: 4 meals");
    expect((await mailsOf("rsvp-notice")).length).toBe(1);
    // Both links open the reservation as it was.
    const again = linkToken(link?.text ?? "");
    for (const token of [first, again]) {
      const view = managedRsvpSchema.parse((await post(member, "manageRsvp", { token })).body);
      expect(view).toMatchObject({ state: "open", firstName: "John", attendees: 4, meals: 4 });
    }
    // Within the hour another try mails nothing, and says where to look.
    s.clock.advance(59 * MINUTE);
    expect((await rsvp(stranger, "dinner-meeting", { ...theirs, firstName: "Mal" })).body).toEqual({
      message:
        "There is already a reservation for Stated Meeting with this e-mail address, and a second one does not replace it. We sent the link to change or cancel it to that address less than an hour ago: please look for it there.",
      field: "email",
    });
    expect((await mailsOf("rsvp-link")).length).toBe(1);
    s.clock.advance(2 * MINUTE);
    expect((await rsvp(stranger, "dinner-meeting", theirs)).status).toBe(409);
    expect((await mailsOf("rsvp-link")).length).toBe(2);
    expect(await held()).toEqual([["John", 4, 4]]);
    // The first link still cancels it.
    expect((await post(member, "cancelRsvp", { token: first })).status).toBe(200);
    expect((await s.store.attendeeCounts()).get("dinner-meeting")).toBeUndefined();
  });

  it("seats a hall of 40 members on one connection: 20 at once, and 20 once each confirms from the mail, before the hold ends", {
    timeout: 60_000,
  }, async () => {
    const { s, post, rsvp, mailsOf } = await lodge(kind);
    const HALL = "198.51.100.10";
    const members = Array.from(
      { length: 40 },
      (_, i) =>
        `Member${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + Math.floor(i / 26))}`,
    );
    const answers: { status: number; body: unknown }[] = [];
    for (const name of members) {
      answers.push(await rsvp(await s.client(HALL), "plain-meeting", person(name)));
    }
    expect(answers.map((a) => a.status)).toEqual(members.map(() => 200));
    const held = members.filter((_, i) => (answers[i]?.body as { confirm?: true })?.confirm);
    expect(held).toEqual(members.slice(20));
    expect(answers[20]?.body).toEqual({
      message: `One more step: confirm your seats by Nov 21, 2026 at 12:30PM. So many seats of this event have been reserved from your network address (a lodge room's Wi-Fi, for one) that we ask for each further reservation to be confirmed by mail. Open the mail we have just sent to ${members[20]?.toLowerCase()}@example.org and press "Confirm my seats": your seats are held for you until then.`,
      confirm: true,
    });
    // Held seats count: the event has 40 taken, 30 left.
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(40);
    const asked = await mailsOf("rsvp-confirm-seats");
    expect(asked.map((mail) => mail.headers.get("to"))).toEqual(
      held.map((name) => `${name.toLowerCase()}@example.org`),
    );
    expect(asked[0]?.text).toContain(
      'Your seats are held for you until Nov 21, 2026 at 12:30PM. To keep them, open your personal link and press "Confirm my seats" (keep the link to yourself):\nhttps://www.hillcrest586.example.org/rsvp/manage#',
    );
    // Only confirmed RSVPs reach the secretary, and are confirmed to their visitors.
    expect((await mailsOf("rsvp-notice")).length).toBe(20);
    expect((await mailsOf("rsvp-confirmation")).length).toBe(20);

    // One of them sends the form again (for 2: the same form again only repeats its answer):
    // the mail that asks to confirm comes again.
    const again = await rsvp(await s.client(HALL), "plain-meeting", person(held[0] ?? "", 2));
    expect(again.body).toEqual({
      message:
        "There is already a reservation for Stated Meeting with this e-mail address, awaiting its confirmation until Nov 21, 2026 at 12:30PM, and a second one does not replace it. We have sent the link to confirm it to that address.",
      field: "email",
    });
    const [resent] = await mailsOf("rsvp-link");
    expect(resent?.subject).toBe(
      "Please confirm your seats for Stated Meeting on Wed, Dec 16, 2026 at 7:30PM",
    );

    // 25 minutes on, each confirms from his mail (the first from the link mailed again).
    s.clock.advance(25 * MINUTE);
    const links = asked.map((mail, i) => linkToken(i === 0 ? (resent?.text ?? "") : mail.text));
    const phone = await s.client(HALL);
    const first = managedRsvpSchema.parse(
      (await post(phone, "manageRsvp", { token: links[0] })).body,
    );
    expect(first).toMatchObject({
      state: "unconfirmed",
      confirmBy: "Nov 21, 2026 at 12:30PM",
      message:
        "Your seats are held for you until Nov 21, 2026 at 12:30PM: confirm them to keep your reservation. Unconfirmed, they go to others then.",
    });
    // Not changed before it is confirmed.
    expect(
      await post(phone, "changeRsvp", {
        token: links[0],
        numberOfAttendees: 2,
        earlyBirdDinner: false,
      }),
    ).toMatchObject({ status: 409 });
    for (const [i, token] of links.entries()) {
      expect(await post(phone, "confirmRsvp", { token })).toEqual(
        expect.objectContaining({
          status: 200,
          body: {
            message: `Your seats are confirmed: your reservation for Stated Meeting is for 1 attendee. A confirmation with the link to change or cancel it is on its way to ${held[i]?.toLowerCase()}@example.org.`,
          },
        }),
      );
    }
    // A second click says the same, and changes nothing.
    expect((await post(phone, "confirmRsvp", { token: links[1] })).status).toBe(200);
    expect(
      managedRsvpSchema.parse((await post(phone, "manageRsvp", { token: links[0] })).body).state,
    ).toBe("open");

    // The hold's end passes: every member keeps his seat.
    s.clock.advance(10 * MINUTE);
    await s.scheduler.runDue();
    const stored = await s.store.listEventRsvps("plain-meeting");
    expect(stored.map((r) => r.record.firstName)).toEqual(members);
    expect(stored.filter((r) => r.confirmBy)).toEqual([]);
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(40);
    const notices = await mailsOf("rsvp-notice");
    expect(notices.length).toBe(40);
    expect(notices.at(-1)?.text).toContain(
      "Note: this RSVP came from a network address whose RSVPs held 20 or more of the event's seats (the most one address may hold without more ado), so its visitor confirmed it from the mail.",
    );
    // Each confirmation carries the link he confirmed with.
    const confirmations = (await mailsOf("rsvp-confirmation")).slice(20);
    expect(confirmations.map((mail) => linkToken(mail.text)).sort()).toEqual([...links].sort());
  });

  it("holds at most 20 seats for a hoarder with invented addresses once the holds end, and offers the seats of the holds that lapsed to the waiting list", async () => {
    const { s, post, rsvp, mailsOf } = await lodge(kind);
    const hoarder = await s.client("203.0.113.66");
    const names = ["Zed", "Quincy", "Xavier", "Yves", "Wolfgang", "Ulrich", "Thaddeus"];
    for (const name of names) {
      expect((await rsvp(hoarder, "plain-meeting", person(name, 10))).status).toBe(200);
    }
    // For 30 minutes, the held seats fill the event: a member joins the waiting list.
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(70);
    const member = await s.client("198.51.100.7");
    expect((await rsvp(member, "plain-meeting", person("Ann", 10))).body).toMatchObject({
      instead: "joinWaitlist",
    });
    const joined = await post(
      member,
      "joinWaitlist",
      buildEventRsvpPayload(testEvent("plain-meeting"), formOf(person("Ann", 10))),
    );
    expect(joined.status).toBe(200);
    s.clock.advance(29 * MINUTE);
    await s.scheduler.runDue();
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(70);
    // The holds end: within the scheduler's minute their seats go back, and Ann is offered 10.
    s.clock.advance(MINUTE + OFFER_CHECK_MS);
    await s.scheduler.runDue();
    const rsvps = await s.store.listEventRsvps("plain-meeting");
    expect(rsvps.map((r) => [r.record.firstName, r.record.attendees])).toEqual([
      ["Zed", 10],
      ["Quincy", 10],
    ]);
    expect(
      (await s.store.listWaitlist("plain-meeting")).map((e) => [e.record.firstName, e.state]),
    ).toEqual([["Ann", "offered"]]);
    expect((await s.store.attendeeCounts()).get("plain-meeting")).toBe(30);
    expect((await mailsOf("waitlist-offer")).map((mail) => mail.headers.get("to"))).toEqual([
      "ann@example.org",
    ]);
    // Each invented address got the one mail that asked it to confirm: none when its hold lapsed.
    const invented = (await outboxMails(s)).filter((mail) =>
      names.slice(2).some((name) => mail.headers.get("to") === `${name.toLowerCase()}@example.org`),
    );
    expect(invented.map((mail) => mail.kind)).toEqual(
      names.slice(2).map(() => "rsvp-confirm-seats"),
    );
    // Its link says so, and confirms nothing.
    const token = linkToken(invented[0]?.text ?? "");
    const view = managedRsvpSchema.parse((await post(hoarder, "manageRsvp", { token })).body);
    expect(view).toMatchObject({
      state: "lapsed",
      message:
        "This reservation was not confirmed by Nov 21, 2026 at 12:30PM, so its seats went to others. To come after all, reserve again from the Upcoming Events page while reservations are open.",
    });
    expect(await post(hoarder, "confirmRsvp", { token })).toMatchObject({
      status: 410,
      body: { message: view.message },
    });
  });
});
