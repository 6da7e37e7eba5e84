import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ICAL from "ical.js";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { buildEventRsvpPayload, buildSocialRsvpPayload } from "../core/rules/rsvp-payload.ts";
import { managedRsvpSchema } from "../core/schemas/api.ts";
import { openStore } from "../server/store/open-store.ts";
import type { Store } from "../server/store/store.ts";
import {
  NOW,
  PLAIN_RSVP_FORM,
  startServer,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";
import { manageTokenOf, outboxMails } from "./support/manage-links.ts";
import { anotherServer, racing } from "./support/racing-store.ts";

/**
 * A visitor's own RSVP through the personal link in its confirmation: seen, changed within the
 * event's rules, cancelled; closed after the deadline, expired a day after the event. The clock
 * is the server's own, moved by the test.
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A store on disk whose writes a test can race (test/racing-store.ts), removed after the test. */
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});
function racingStore() {
  const dir = mkdtempSync(join(tmpdir(), "lodge-race-"));
  dirs.push(dir);
  const file = join(dir, "lodge.db");
  return { ...racing(openStore(file, NOW)), file };
}

const HOUR = 3_600_000;
const ANN = { ...PLAIN_RSVP_FORM, firstName: "Ann", lastName: "Lee", email: "ann@example.org" };
const DINNER = "dinner-meeting";

async function rsvped(guestLimit = 70, store?: Store) {
  server = await startServer({ data: testData({ guestLimit }), ...(store ? { store } : {}) });
  const client = await server.client();
  const sent = await client.post(
    API_ROUTES.eventRsvp.path,
    buildEventRsvpPayload(testEvent(DINNER), { ...ANN, numberOfAttendees: 2 }),
  );
  expect(sent.status).toBe(200);
  const token = await manageTokenOf(server, ANN.email);
  const s = server;
  const post = (name: "manageRsvp" | "changeRsvp" | "cancelRsvp", body: object = {}) =>
    client.post(API_ROUTES[name].path, { token, ...body });
  return { s, client, token, post };
}

describe("the manage link (POST /mj/api/rsvp/manage, /change, /cancel)", () => {
  it("comes in the confirmation, at the site's address, the token after '#' only", async () => {
    const { s, token } = await rsvped();
    const [confirmation] = (await outboxMails(s)).filter((m) => m.kind === "rsvp-confirmation");
    expect(confirmation?.text).toContain(
      `To change or cancel your reservation, open your personal link (keep it to yourself):\nhttps://www.hillcrest586.example.org/rsvp/manage#${token}`,
    );
    expect(confirmation?.html).toContain(
      `href="https://www.hillcrest586.example.org/rsvp/manage#${token}"`,
    );
    // The store keeps no working token.
    expect(JSON.stringify(await s.store.dump())).not.toContain(token.split(".")[0]);
  });

  it("shows the RSVP, changes head count, dinner and meals by the form's rules, and mails both", async () => {
    const { s, post } = await rsvped();
    const view = managedRsvpSchema.parse((await post("manageRsvp")).body);
    expect(view).toMatchObject({
      state: "open",
      message: "You can change or cancel this reservation until Dec 1, 2026 at 11:59PM.",
      attendees: 2,
      dinner: false,
      event: { id: DINNER, choices: ["Roast Beef", "Salmon"], dinner: true, maxPerRsvp: 10 },
    });
    // The change form's rules are the event's own fields, as the server has them: the manage
    // page carries no copy of the events.
    const { date, rsvpExpirationDays, rsvpLimit, earlyBirdOptions } = testEvent(DINNER);
    expect(view.rules).toEqual({ date, rsvpExpirationDays, rsvpLimit, earlyBirdOptions });
    const wrongMeals = await post("changeRsvp", {
      numberOfAttendees: 3,
      earlyBirdDinner: true,
      numberOfMeals: 3,
      countRoastBeef: 1,
      countSalmon: 1,
    });
    expect(wrongMeals.status).toBe(400);
    expect(wrongMeals.body).toMatchObject({ message: expect.stringMatching(/add up/) });
    const changed = await post("changeRsvp", {
      numberOfAttendees: 3,
      earlyBirdDinner: true,
      numberOfMeals: 3,
      countRoastBeef: 2,
      countSalmon: 1,
    });
    expect(changed).toMatchObject({
      status: 200,
      body: {
        message: "Your reservation is changed. A confirmation is on its way to ann@example.org.",
      },
    });
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body)).toMatchObject({
      attendees: 3,
      dinner: true,
      meals: 3,
      mealCounts: [
        { choice: "Roast Beef", count: 2 },
        { choice: "Salmon", count: 1 },
      ],
    });
    const mails = (await outboxMails(s)).slice(2);
    expect(mails.map((m) => [m.kind, m.headers.get("to")])).toEqual([
      ["rsvp-visitor-change", "ann@example.org"],
      ["rsvp-visitor-change-notice", "secretary@hillcrest586.example.org"],
    ]);
    expect(mails[0]?.subject).toBe(
      "Changed: your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
    expect(mails[0]?.text).toContain(
      "Attendees: 3 attendees (it was 2 attendees)\nEarly bird dinner: 3 meals (2 Roast Beef, 1 Salmon)",
    );
    expect(mails[1]?.text).toContain("Ann Lee changed their reservation with their manage link.");
    expect(mails[1]?.text).toContain("  Roast Beef: 2\n  Salmon: 1");
    expect(mails[1]?.text).toContain(
      `\nlodge rsvps --event ${DINNER} lists the event's reservations as they are now.\n`,
    );
  });

  it("sends the visitor's calendar the event updated on a change (same UID, higher SEQUENCE) and a CANCEL on a cancel, and says only what changed", async () => {
    const { s, post } = await rsvped();
    const calendarOf = async (kind: string) => {
      const raw = readFileSync(
        join(
          s.outbox,
          readdirSync(s.outbox)
            .filter((f) => f.endsWith(`-${kind}.eml`))
            .sort()
            .at(-1) ?? "",
        ),
      );
      const mail = await simpleParser(raw);
      const ics = mail.attachments.find((a) => a.contentType === "text/calendar");
      if (!ics) throw new Error(`no calendar in ${kind}`);
      const calendar = new ICAL.Component(ICAL.parse(ics.content.toString("utf8")));
      const event = calendar.getFirstSubcomponent("vevent");
      return {
        text: mail.text ?? "",
        type: ics.contentType,
        method: calendar.getFirstPropertyValue("method"),
        uid: event?.getFirstPropertyValue("uid"),
        sequence: Number(event?.getFirstPropertyValue("sequence")),
        status: event?.getFirstPropertyValue("status"),
        description: String(event?.getFirstPropertyValue("description") ?? ""),
        organizer: event?.getFirstPropertyValue("organizer"),
      };
    };
    await s.worker.idle();
    const confirmed = await calendarOf("rsvp-confirmation");
    expect(confirmed).toMatchObject({ method: "PUBLISH", sequence: 0, status: "CONFIRMED" });

    // The meals alone change: the mail says so, and not that 2 attendees are 2 attendees.
    s.clock.advance(60_000);
    const meals = { numberOfAttendees: 2, earlyBirdDinner: true, numberOfMeals: 2 };
    expect((await post("changeRsvp", { ...meals, countRoastBeef: 2, countSalmon: 0 })).status).toBe(
      200,
    );
    await s.worker.idle();
    const changed = await calendarOf("rsvp-visitor-change");
    expect(changed.text).toContain(
      "is changed.\n\nEarly bird dinner: 2 meals (2 Roast Beef) (it was not reserved)\nThe attached calendar file updates it in your calendar.\n",
    );
    expect(changed.text).not.toContain("Attendees:");
    expect(changed).toMatchObject({
      type: "text/calendar",
      method: "PUBLISH",
      uid: confirmed.uid,
      status: "CONFIRMED",
      organizer: "mailto:secretary@hillcrest586.example.org",
    });
    expect(changed.sequence).toBeGreaterThan(confirmed.sequence);
    expect(changed.description).toMatch(
      /^Your reservation: 2 attendees; early bird dinner: 2 meals \(2 Roast Beef\)\./,
    );
    const notice = await simpleParser(
      readFileSync(
        join(
          s.outbox,
          readdirSync(s.outbox)
            .filter((f) => f.endsWith("-rsvp-visitor-change-notice.eml"))
            .sort()
            .at(-1) ?? "",
        ),
      ),
    );
    expect(notice.text).toContain(
      "Early bird dinner: 2 meals (2 Roast Beef) (it was not reserved)",
    );
    expect(notice.text).not.toContain("Attendees:");

    s.clock.advance(60_000);
    expect((await post("cancelRsvp")).status).toBe(200);
    await s.worker.idle();
    const cancelled = await calendarOf("rsvp-visitor-change");
    expect(cancelled).toMatchObject({ method: "CANCEL", uid: confirmed.uid, status: "CANCELLED" });
    expect(cancelled.sequence).toBeGreaterThan(changed.sequence);
    expect(cancelled.text).toContain("The attached calendar file removes it from your calendar.");
    // The text parts break lines between paragraphs and list lines, never inside a sentence.
    for (const text of [confirmed.text, changed.text, cancelled.text, notice.text ?? ""]) {
      expect(
        text
          .split("\n")
          .filter((line, i, lines) => /[a-z,]$/.test(line) && /^[a-z(]/.test(lines[i + 1] ?? "")),
      ).toEqual([]);
    }
  });

  it("refuses more seats than are left, in the same transaction as the others' RSVPs", async () => {
    const { s, post } = await rsvped(4);
    const bob = await s.client();
    await bob.post(
      API_ROUTES.eventRsvp.path,
      buildEventRsvpPayload(testEvent(DINNER), { ...PLAIN_RSVP_FORM, numberOfAttendees: 1 }),
    );
    const tooMany = await post("changeRsvp", { numberOfAttendees: 4, earlyBirdDinner: false });
    expect(tooMany).toMatchObject({
      status: 409,
      body: {
        message:
          "This event is full for 4 attendees: 3 seats are left. Please reserve for 3 or fewer.",
        field: "numberOfAttendees",
      },
    });
    expect(
      (await post("changeRsvp", { numberOfAttendees: 3, earlyBirdDinner: false })).status,
    ).toBe(200);
    expect((await s.store.attendeeCounts()).get(DINNER)).toBe(4);
  });

  it("refuses a change or cancel sent from the reservation as it was before another change landed: its mails would tell it wrongly", async () => {
    const { store, race, file } = racingStore();
    const { s, token, post } = await rsvped(70, store);
    // The other tab's change reaches another instance (this one's waits for the event's lane).
    const elsewhere = await anotherServer(s, openStore(file, NOW), testData());
    const changes = (numberOfAttendees: number) => async () =>
      expect(
        (
          await elsewhere.post(API_ROUTES.changeRsvp.path, {
            token,
            numberOfAttendees,
            earlyBirdDinner: false,
          })
        ).status,
      ).toBe(200);
    // Ann changes 2 to 3 in one tab while her change to 4 from another lands first.
    Object.assign(race, { before: "changeEventRsvp", next: changes(4) });
    expect(
      await post("changeRsvp", { numberOfAttendees: 3, earlyBirdDinner: false }),
    ).toMatchObject({
      status: 409,
      body: {
        message:
          "This reservation was changed elsewhere a moment ago: it is for 4 attendees now. Reload the page to see it as it is now.",
      },
    });
    // She cancels while her change to 1 lands first.
    Object.assign(race, { before: "cancelEventRsvp", next: changes(1) });
    expect((await post("cancelRsvp")).body).toMatchObject({
      message:
        "This reservation was changed elsewhere a moment ago: it is for 1 attendee now. Reload the page to see it as it is now.",
    });
    expect((await s.store.attendeeCounts()).get(DINNER)).toBe(1);
    const told = (await outboxMails(s)).filter((m) => m.kind === "rsvp-visitor-change");
    expect(told.map((m) => /^Attendees: .*$/m.exec(m.text)?.[0])).toEqual([
      "Attendees: 4 attendees (it was 2 attendees)",
      "Attendees: 1 attendee (it was 4 attendees)",
    ]);
    await elsewhere.server.close();
  });

  it("cancels: the seats are free at once, and the link then says it is cancelled", async () => {
    const { s, post } = await rsvped();
    const cancelled = await post("cancelRsvp");
    expect(cancelled.status).toBe(200);
    expect((await s.store.attendeeCounts()).get(DINNER)).toBeUndefined();
    const again = await post("cancelRsvp");
    expect(again).toMatchObject({
      status: 409,
      body: { message: expect.stringMatching(/^This reservation is cancelled/) },
    });
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body).state).toBe("cancelled");
    const mails = (await outboxMails(s)).slice(2);
    expect(mails.map((m) => m.subject)).toEqual([
      "Cancelled: your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
      "RSVP cancelled: Ann Lee, Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    ]);
  });

  it("after the deadline says whom to write to, and takes no change; a day after the event it has expired", async () => {
    const { s, post } = await rsvped();
    // NOW is Sat Nov 21, noon in New York; the deadline is Tue Dec 1 at 11:59PM.
    s.clock.advance((10 * 24 + 11) * HOUR + 58 * 60_000);
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body).state).toBe("open");
    s.clock.advance(2 * 60_000);
    const closed = managedRsvpSchema.parse((await post("manageRsvp")).body);
    expect(closed).toMatchObject({
      state: "closed",
      message:
        "Reservations closed on Dec 1, 2026 at 11:59PM, so this one can no longer be changed here. To change or cancel it, write to the secretary at secretary@hillcrest586.example.org.",
    });
    expect((await post("cancelRsvp")).status).toBe(409);
    expect((await s.store.attendeeCounts()).get(DINNER)).toBe(2);
    // The event starts Wed Dec 2 at 7:30PM and ends two hours later; the link works a day more.
    s.clock.advance((24 + 21) * HOUR + 29 * 60_000);
    expect((await post("manageRsvp")).status).toBe(200);
    s.clock.advance(2 * 60_000);
    expect(await post("manageRsvp")).toMatchObject({
      status: 410,
      body: {
        message:
          "This link has expired: it worked until a day after Stated Meeting on Dec 2, 2026. To ask about the reservation, write to the secretary through the contact form.",
      },
    });
  });

  it("works for a social outing too: attendees changed, then cancelled, with both mails; not from the reservation as it was before another change landed", async () => {
    const { store, race } = racingStore();
    server = await startServer({ store });
    const s = server;
    const client = await s.client();
    const outing = testData().socialEvents[0];
    if (!outing) throw new Error("no outing in the test data");
    const sent = await client.post(
      API_ROUTES.socialRsvp.path,
      buildSocialRsvpPayload(outing, {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.org",
        numberOfAttendees: 2,
      }),
    );
    expect(sent.status).toBe(200);
    const token = await manageTokenOf(s, "ann@example.org", "social-rsvp-confirmation");
    const post = (name: "manageRsvp" | "changeRsvp" | "cancelRsvp", body: object = {}) =>
      client.post(API_ROUTES[name].path, { token, ...body });
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body)).toMatchObject({
      kind: "social",
      state: "open",
      attendees: 2,
      message: "You can change or cancel this reservation until Dec 4, 2026 at 9:00PM.",
      event: { id: "bowling", dinner: false, choices: [] },
    });
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body).rules).toBeUndefined();
    expect((await post("changeRsvp", { numberOfAttendees: 11 })).status).toBe(400);
    expect((await post("changeRsvp", { numberOfAttendees: 4 })).status).toBe(200);
    expect((await s.store.listSocialRsvps("bowling")).map((r) => r.record.attendees)).toEqual([4]);
    // Ann cancels while her change to 3 from another tab lands first: the cancel's mails would
    // tell of 4, so it is refused.
    const changes = async () =>
      expect((await post("changeRsvp", { numberOfAttendees: 3 })).status).toBe(200);
    Object.assign(race, { before: "changeSocialRsvp", next: changes });
    expect((await post("cancelRsvp")).body).toMatchObject({
      message:
        "This reservation was changed elsewhere a moment ago: it is for 3 attendees now. Reload the page to see it as it is now.",
    });
    expect((await post("cancelRsvp")).status).toBe(200);
    expect(await s.store.listSocialRsvps("bowling")).toEqual([]);
    const mails = (await outboxMails(s)).slice(2);
    expect(mails.map((m) => m.subject)).toEqual([
      "Changed: your reservation for Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
      "RSVP changed: Ann Lee, Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
      "Changed: your reservation for Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
      "RSVP changed: Ann Lee, Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
      "Cancelled: your reservation for Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
      "RSVP cancelled: Ann Lee, Bowling at Mayfield Lanes on Sat, Dec 5, 2026 at 6:00PM",
    ]);
    expect(mails[0]?.text).toContain(
      "Attendees: 4 attendees (it was 2 attendees)\nThe attached calendar file updates it in your calendar.\n\nTo change",
    );
    // lodge rsvps lists events' RSVPs, not outings': the notice names no command for them.
    expect(mails[1]?.text).not.toContain("lodge rsvps");
    expect(mails[1]?.text).toMatch(/with their manage link\.\n\nAttendees: 4 attendees/);
  });

  it("refuses a forged or cut token, and a POST without the page's XSRF token", async () => {
    const { client, token, post } = await rsvped();
    for (const forged of [token.slice(0, -2), `${token.split(".")[0]}.${"A".repeat(43)}`, "x"]) {
      const refused = await client.post(API_ROUTES.manageRsvp.path, { token: forged });
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({
        message: expect.stringMatching(/^This link does not open a reservation/),
      });
    }
    expect((await client.post(API_ROUTES.cancelRsvp.path, {})).status).toBe(400);
    const noXsrf = await client.post(API_ROUTES.cancelRsvp.path, { token }, { "x-xsrf-token": "" });
    expect(noXsrf.status).toBe(403);
    expect(managedRsvpSchema.parse((await post("manageRsvp")).body).state).toBe("open");
  });
});
