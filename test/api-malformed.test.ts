import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN_FORM_TYPE } from "../core/api/plain-form-fields.ts";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
} from "../core/rules/index.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import {
  type Client,
  startServer,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";

const rsvp = buildEventRsvpPayload(testEvent("dinner-meeting"), {
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
} as EventRsvpForm) as unknown as Record<string, unknown>;

const outing = testData().socialEvents[0];
if (!outing) throw new Error("no test outing");
const social = buildSocialRsvpPayload(outing, {
  firstName: "Ann",
  lastName: "Lee",
  email: "ann.lee@example.org",
  numberOfAttendees: 2,
}) as unknown as Record<string, unknown>;

const contact = {
  ...buildContactPayload({
    firstName: "Ann",
    lastName: "Lee",
    email: "ann.lee@example.org",
    phoneNumber: "",
    message: "Hello",
  }),
  website: "",
} as Record<string, unknown>;

/** Values of the wrong type, or the right type with content no form can hold. */
const WRONG = [
  null,
  true,
  12,
  -1,
  1.5,
  "",
  " ",
  [],
  {},
  ["John"],
  { $gt: "" },
  "x".repeat(10_000),
  "John\r\nBcc: victim@example.org",
  "John\nX-Injected: 1",
  "<script>alert(1)</script>",
  "'; DROP TABLE event_rsvps; --",
  "\u0000",
  "John\tSmith",
  "O'\u202EnierB",
  "Bob <b>",
];

/** Text a message, a phone number or a name may well hold: valid there, so not part of the corpus. */
const VALID_IN: Record<string, unknown[]> = {
  message: [
    "John\r\nBcc: victim@example.org",
    "John\nX-Injected: 1",
    "<script>alert(1)</script>",
    "'; DROP TABLE event_rsvps; --",
    "John\tSmith",
    "O'\u202EnierB",
    "Bob <b>",
  ],
  phoneNumber: ["", " "],
  // A name may hold any punctuation (W3C's personal names): this one is stored as text.
  firstName: ["'; DROP TABLE event_rsvps; --"],
  lastName: ["'; DROP TABLE event_rsvps; --"],
  masonicTitle: ["'; DROP TABLE event_rsvps; --"],
};

/** Every field of a body, left out and replaced by each wrong value. */
function mutations(body: Record<string, unknown>, fields: string[]): unknown[] {
  const out: unknown[] = [];
  for (const field of fields) {
    const { [field]: _, ...missing } = body;
    if (!(field in VALID_IN)) out.push(missing);
    for (const value of WRONG) {
      if (!VALID_IN[field]?.includes(value)) out.push({ ...body, [field]: value });
    }
  }
  return out;
}

interface Case {
  path: string;
  body: string;
  contentType?: string;
  xsrf?: "none" | "wrong" | "ok";
}

function corpus(formToken: string): Case[] {
  const cases: Case[] = [];
  const json = (path: string, body: unknown) => cases.push({ path, body: JSON.stringify(body) });
  const contactWithToken = { ...contact, formToken };

  for (const body of mutations(rsvp, [
    "firstName",
    "lastName",
    "email",
    "numberOfAttendees",
    "earlyBirdDinner",
    "numberOfMeals",
    "firstChoice",
    "firstChoiceCount",
    "event",
  ])) {
    json("/mj/api/rsvp", body);
  }
  json("/mj/api/rsvp", { ...rsvp, event: { id: "../../etc/passwd" } });
  json("/mj/api/rsvp", { ...rsvp, masonicTitle: "<b>WM</b>" });
  json("/mj/api/rsvp", { ...rsvp, thirdChoice: "Lobster", thirdChoiceCount: 2 });
  for (const body of mutations(social, [
    "firstName",
    "lastName",
    "email",
    "numberOfAttendees",
    "event",
  ])) {
    json("/mj/api/social-rsvp", body);
  }
  for (const body of mutations(contactWithToken, [
    "firstName",
    "email",
    "message",
    "phoneNumber",
  ])) {
    json("/mj/api/contact-us", body);
  }
  json("/mj/api/contact-us", { ...contactWithToken, website: "http://spam.example.com" });
  json("/mj/api/contact-us", { ...contact, formToken: "123.forged" });
  for (const body of mutations(rsvp, ["firstName", "lastName", "email", "event"])) {
    json("/sheets/api/append-rsvp", body);
  }
  for (const body of mutations(social, ["lastName", "event"])) {
    json("/sheets/api/append-social-rsvp", body);
  }

  const paths = [
    "/mj/api/rsvp",
    "/mj/api/social-rsvp",
    "/mj/api/contact-us",
    "/sheets/api/append-rsvp",
    "/sheets/api/append-social-rsvp",
  ];
  const raw = ["", "{", "null", "[]", '"text"', "42", "{'single': 'quotes'}", "\u0000\u0001", "{}"];
  for (const path of paths) {
    for (const body of raw) cases.push({ path, body });
    for (const contentType of [
      "text/plain",
      "application/x-www-form-urlencoded",
      "multipart/form-data; boundary=x",
      "application/xml",
    ]) {
      cases.push({ path, body: "firstName=John", contentType });
    }
    cases.push({ path, body: JSON.stringify({ ...rsvp, lastName: "x".repeat(70_000) }) });
    cases.push({ path, body: JSON.stringify(rsvp), xsrf: "none" });
    cases.push({ path, body: JSON.stringify(rsvp), xsrf: "wrong" });
  }
  return cases;
}

let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startServer();
  client = await server.client();
});
afterAll(() => server.close());

describe("a corpus of malformed requests", () => {
  it("gets a 4xx with a message for every one, never a 5xx, and stores nothing", {
    timeout: 30_000,
  }, async () => {
    const token = (await client.get("/mj/api/form-token")).body as { token: string };
    server.clock.advance(10_000);
    const cases = corpus(token.token);
    expect(cases.length).toBeGreaterThanOrEqual(500);
    const results: { status: number; body: unknown; path: string; plain: boolean }[] = [];
    for (let i = 0; i < cases.length; i += 50) {
      const batch = cases.slice(i, i + 50).map(async (c) => {
        const headers: Record<string, string> = {
          "content-type": c.contentType ?? "application/json",
        };
        if (c.xsrf === "none") headers.cookie = "";
        headers["x-xsrf-token"] =
          c.xsrf === "none" ? "" : c.xsrf === "wrong" ? "wrong.token" : (client.xsrf as string);
        const response = await client.request(c.path, { method: "POST", body: c.body, headers });
        return {
          status: response.status,
          body: response.body,
          path: c.path,
          plain: c.contentType === PLAIN_FORM_TYPE,
        };
      });
      results.push(...(await Promise.all(batch)));
    }
    const unexpected = results.filter(
      (r) =>
        r.status < 400 ||
        r.status >= 500 ||
        // A form posted without a script is answered with a page that says what went wrong.
        (r.plain
          ? !String(r.body).includes('role="alert"')
          : typeof (r.body as { message?: unknown }).message !== "string"),
    );
    expect(unexpected).toEqual([]);
    expect(await server.store.listEventRsvps()).toEqual([]);
    expect(await server.store.listSocialRsvps()).toEqual([]);
    expect(await server.store.listContactMessages()).toEqual([]);
    expect(await server.store.mailCounts()).toEqual({ pending: 0, sent: 0, failed: 0 });
    const byStatus: Record<number, number> = {};
    for (const r of results) byStatus[r.status] = (byStatus[r.status] ?? 0) + 1;
    // The figures for the record: how many requests, and how they were refused.
    console.info(
      `malformed corpus: ${results.length} requests, by status ${JSON.stringify(byStatus)}`,
    );
  });
});
