import { afterEach, describe, expect, it } from "vitest";
import {
  buildContactPayload,
  buildEventRsvpPayload,
  buildSocialRsvpPayload,
} from "../core/rules/index.ts";
import {
  type Client,
  startServer,
  type TestServer,
  testData,
  testEvent,
  visitor,
} from "./support/api-harness.ts";
import {
  EMAILS_TAKEN,
  NAMES_TAKEN,
  REFUSED,
  REFUSED_WITHOUT_TITLE,
  TITLES_TAKEN,
} from "./support/person-names.ts";

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(): Promise<{ s: TestServer; client: Client }> {
  server = await startServer();
  return { s: server, client: await server.client() };
}

const event = () => testEvent("plain-meeting");
const outing = () => {
  const found = testData().socialEvents.find((o) => o.id === "bowling");
  if (!found) throw new Error("no bowling outing");
  return found;
};

const rsvp = (fields: {
  firstName: string;
  lastName: string;
  masonicTitle?: string;
  email: string;
}) =>
  buildEventRsvpPayload(event(), {
    masonicTitle: "",
    ...fields,
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  });

/** Posts a contact message as the form does: a form token, and a person's time to write. */
async function contact(s: TestServer, client: Client, fields: Record<string, string>) {
  const { token } = (await client.get("/mj/api/form-token")).body as { token: string };
  s.clock.advance(5000);
  return client.post("/mj/api/contact-us", {
    ...buildContactPayload({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann.lee@example.org",
      phoneNumber: "",
      message: "May I visit?",
      ...fields,
    }),
    formToken: token,
    website: "",
  });
}

describe("the API takes every real name, title and address (test/person-names.ts)", () => {
  it("stores each name, title and address as typed, the address lowercased, for an event RSVP", async () => {
    const { s, client } = await start();
    const sent = NAMES_TAKEN.map((name, i) => {
      const [typed, kept] = EMAILS_TAKEN[i % EMAILS_TAKEN.length] ?? ["", ""];
      const [local, domain] = typed.split("@");
      return {
        firstName: name,
        lastName: NAMES_TAKEN[NAMES_TAKEN.length - 1 - i] ?? "",
        masonicTitle: TITLES_TAKEN[i % TITLES_TAKEN.length] ?? "",
        // One address per RSVP, of each form the table has.
        typed: `${local}.${i}@${domain}`,
        kept: `${kept.split("@")[0]}.${i}@${kept.split("@")[1]}`,
      };
    });
    for (const [i, person] of sent.entries()) {
      // Each from a visitor of its own: one address holds at most the lodge's seats per address.
      const payload = rsvp({ ...person, email: person.typed });
      const response = await client.post("/mj/api/rsvp", payload, visitor(i));
      expect({ i, status: response.status }).toEqual({ i, status: 200 });
    }
    const stored = (await s.store.listEventRsvps(event().id)).map((r) => r.record);
    expect(stored.map((r) => [r.firstName, r.lastName, r.masonicTitle, r.email])).toEqual(
      sent.map((p) => [p.firstName, p.lastName, p.masonicTitle, p.kept]),
    );
  });

  it("keeps a comma of the last name's own ('Smith, Jr.') apart from the title", async () => {
    const { s, client } = await start();
    for (const [masonicTitle, email] of [
      ["", "a@example.org"],
      ["P.M., P.D.D.G.M.", "b@example.org"],
    ] as const) {
      const payload = rsvp({ firstName: "John", lastName: "Smith, Jr.", masonicTitle, email });
      expect((await client.post("/mj/api/rsvp", payload)).status).toBe(200);
    }
    const stored = (await s.store.listEventRsvps(event().id)).map((r) => r.record);
    expect(stored.map((r) => [r.lastName, r.masonicTitle])).toEqual([
      ["Smith, Jr.", ""],
      ["Smith, Jr.", "P.M., P.D.D.G.M."],
    ]);
  });

  it("takes them in a social RSVP and a contact message too", async () => {
    const { s, client } = await start();
    for (const [i, name] of NAMES_TAKEN.entries()) {
      const email = `visitor.${i}@example.church`;
      const social = buildSocialRsvpPayload(outing(), {
        firstName: name,
        lastName: name,
        email,
        numberOfAttendees: 1,
      });
      expect((await client.post("/mj/api/social-rsvp", social, visitor(i))).status).toBe(200);
      expect((await contact(s, client, { firstName: name, lastName: name, email })).status).toBe(
        200,
      );
    }
    const names = (records: { firstName: string; lastName: string }[]) =>
      records.map((r) => [r.firstName, r.lastName]);
    const expected = NAMES_TAKEN.map((name) => [name, name]);
    expect(names((await s.store.listSocialRsvps()).map((r) => r.record))).toEqual(expected);
    expect(names((await s.store.listContactMessages()).map((m) => m.record))).toEqual(expected);
  });

  it.each(REFUSED)("refuses $field $value with the sentence the form shows", async (refusal) => {
    const { s, client } = await start();
    const base = { firstName: "John", lastName: "Smith", email: "john@example.org" };
    const payload = rsvp({ ...base, [refusal.field]: refusal.value });
    // The site sends the title on its own and after the last name: a refused title is read there.
    expect(await client.post("/mj/api/rsvp", payload)).toMatchObject({
      status: 400,
      body: { message: refusal.sentence, field: refusal.field },
    });
    if (REFUSED_WITHOUT_TITLE.includes(refusal)) {
      const social = buildSocialRsvpPayload(outing(), {
        ...base,
        [refusal.field]: refusal.value,
        numberOfAttendees: 1,
      });
      expect(await client.post("/mj/api/social-rsvp", social)).toMatchObject({
        status: 400,
        body: { message: refusal.sentence, field: refusal.field },
      });
      expect(await contact(s, client, { [refusal.field]: refusal.value })).toMatchObject({
        status: 400,
        body: { message: refusal.sentence, field: refusal.field },
      });
    }
    expect(await s.store.listEventRsvps()).toEqual([]);
    expect(await s.store.listSocialRsvps()).toEqual([]);
    expect(await s.store.listContactMessages()).toEqual([]);
  });
});
