import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_CONTRACT } from "../core/api/contract.ts";
import { API_ROUTES, type ApiRouteName } from "../core/api/routes.ts";
import { doorWindow } from "../core/rules/door.ts";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
  toSheetPayload,
} from "../core/rules/rsvp-payload.ts";
import { errorBodySchema } from "../core/schemas/api.ts";
import { answerToken } from "../server/members/answer-link.ts";
import { doorToken } from "../server/members/door-link.ts";
import { FRIEND_PAGES } from "../server/routes/friends.ts";
import { UNSUBSCRIBE_PATH } from "../server/routes/unsubscribe.ts";
import {
  PLAIN_RSVP_FORM,
  startServer,
  TEST_SECRET,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";
import { claimTokenOf, manageTokenOf } from "./support/manage-links.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The server with a built site, so the site's own routes are registered too. */
async function withSite(data = testData()): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "lodge-contract-"));
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "dist", "index.html"), "<!doctype html><title>Hillcrest</title>");
  server = await startServer({ dir, data });
  const close = server.close;
  server.close = async () => {
    await close();
    rmSync(dir, { recursive: true, force: true });
  };
  return server;
}

/** A member of the roll, as lodge members import keeps him. */
const MEMBER = {
  number: "10423",
  firstName: "José",
  lastName: "Martínez",
  title: "",
  email: "jose@example.org",
  phone: "",
  degree: "master-mason" as const,
  status: "active" as const,
  dietary: "",
};

/** The files of the built site, served by one wildcard route (and its HEAD). */
const SITE_ROUTE = "/*";

describe("the API contract (core/api/contract.ts)", () => {
  it("is what the server answers: every route it registers is declared, with its method and path", async () => {
    const s = await withSite();
    const registered = s.routes
      // Fastify answers HEAD beside every GET on its own; the site's files are not the API's,
      // nor the server's own pages (unsubscribing, a friend's subscription), which answer HTML.
      .filter(
        (route) =>
          route.method !== "HEAD" &&
          route.url !== SITE_ROUTE &&
          ![UNSUBSCRIBE_PATH, ...FRIEND_PAGES].includes(route.url),
      )
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    const declared = Object.values(API_CONTRACT)
      .map((route) => `${route.method} ${route.path}`)
      .sort();
    expect(registered).toEqual(declared);
    expect(
      s.routes
        .filter((route) => route.url === SITE_ROUTE)
        .map((r) => r.method)
        .sort(),
    ).toEqual(["GET", "HEAD"]);
  });

  it("declares each route once, by the name the site calls it", () => {
    for (const [name, route] of Object.entries(API_CONTRACT)) {
      expect(route.name).toBe(name);
      expect({ method: route.method, path: route.path }).toEqual(API_ROUTES[name as ApiRouteName]);
    }
    const paths = Object.values(API_ROUTES).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("answers every route as its response schema says, and every refusal in the one error shape", async () => {
    // Two seats, so that the RSVP fills the event and the waiting list has work; one seat per
    // address, so that an RSVP waits for its confirmation.
    const s = await withSite(testData({ guestLimit: 2, seatsPerAddress: 1 }));
    const client = await s.client();
    const answers = new Map<ApiRouteName, unknown>();
    const call = async (name: ApiRouteName, body?: unknown) => {
      const route = API_ROUTES[name];
      const response =
        route.method === "GET" ? await client.get(route.path) : await client.post(route.path, body);
      expect(response.status, `${route.method} ${route.path}`).toBe(200);
      answers.set(name, response.body);
      return response.body;
    };

    const event = testEvent("plain-meeting");
    const rsvp = buildEventRsvpPayload(event, PLAIN_RSVP_FORM);
    await call("eventRsvp", rsvp);
    await call("eventSheetRow", toSheetPayload(rsvp, event));
    await call("attendeeCounts");
    const outing = testData().socialEvents[0];
    if (!outing) throw new Error("no outing in the test data");
    const social = buildSocialRsvpPayload(outing, {
      firstName: "John",
      lastName: "Smith",
      email: "john.smith@example.org",
      numberOfAttendees: 2,
    });
    await call("socialRsvp", social);
    await call("socialSheetRow", toSheetPayload(social, outing));
    const { token } = API_CONTRACT.formToken.response.parse(await call("formToken"));
    s.clock.advance(5000);
    await call("contact", {
      ...buildContactPayload({
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.org",
        phoneNumber: "",
        message: "How do I join?",
      }),
      formToken: token,
      website: "",
    });
    await call("pastMasterList");
    const manage = await manageTokenOf(s, PLAIN_RSVP_FORM.email);
    await call("manageRsvp", { token: manage });
    await call("changeRsvp", { token: manage, numberOfAttendees: 2, earlyBirdDinner: false });
    const waiting = (firstName: string) =>
      buildEventRsvpPayload(event, {
        ...PLAIN_RSVP_FORM,
        firstName,
        email: `${firstName.toLowerCase()}@example.org`,
      });
    await call("joinWaitlist", waiting("Ann"));
    await call("joinWaitlist", waiting("Bob"));
    await call("waitlistEntry", {
      token: await claimTokenOf(s, "ann@example.org", "waitlist-joined"),
    });
    await call("cancelRsvp", { token: manage });
    await call("claimOffer", { token: await claimTokenOf(s, "ann@example.org", "waitlist-offer") });
    await call("leaveWaitlist", {
      token: await claimTokenOf(s, "bob@example.org", "waitlist-joined"),
    });
    const dinner = testEvent("dinner-meeting");
    for (const firstName of ["Cy", "Dee"]) {
      await call(
        "eventRsvp",
        buildEventRsvpPayload(dinner, {
          ...PLAIN_RSVP_FORM,
          firstName,
          email: `${firstName.toLowerCase()}@example.org`,
        }),
      );
    }
    await call("confirmRsvp", {
      token: await manageTokenOf(s, "dee@example.org", "rsvp-confirm-seats"),
    });

    const key = "AbCdEfGhIjKlMnOp";
    await s.store.importRoll({
      add: [{ ...MEMBER, key }],
      change: [],
      remove: [],
      now: s.clock.now(),
    });
    const summons = answerToken(TEST_SECRET, key, event.id);
    await call("memberAnswer", { token: summons });
    await call("answerSummons", { token: summons, answer: "apologies" });
    // The door's register opens the day before the meeting.
    const meetingDay = doorWindow(event, "UTC").from.getTime() + 24 * 60 * 60_000;
    s.clock.advance(meetingDay - s.clock.now().getTime());
    const door = doorToken(TEST_SECRET, event.id);
    await call("doorRegister", { token: door });
    const [member] = await s.store.listMembers();
    const mark = { kind: "mark", markId: "mark-00000001", memberId: member?.id };
    await call("doorChanges", { token: door, changes: [mark] });
    await call("doorVisitors", { token: door, name: "Dupré" });

    expect([...answers.keys()].sort()).toEqual(Object.keys(API_CONTRACT).sort());
    for (const [name, body] of answers) {
      expect(API_CONTRACT[name].response.safeParse(body).error, name).toBeUndefined();
    }
    const refused = await client.post(API_ROUTES.eventRsvp.path, { ...rsvp, email: 5 });
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(refused.body)).toEqual({
      message: "E-mail address: expected text, found 5.",
      field: "email",
    });
  });
});
