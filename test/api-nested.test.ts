import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES, type ApiRouteName } from "../core/api/routes.ts";
import { buildContactPayload, buildEventRsvpPayload } from "../core/rules/index.ts";
import { MAX_BODY_DEPTH } from "../server/http/body-depth.ts";
import { PLAIN_RSVP_FORM, startServer, type TestServer, testEvent } from "./support/api-harness.ts";

/**
 * Bodies nested deeper than any form sends, under the body limit: each POST route refuses them
 * with a 400 that says what is wrong, before anything walks them (a list nested 5,000 deep
 * answered 500 on 11 of the 12 routes: the validation message tried to print it whole).
 */
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const POST_ROUTES = (Object.keys(API_ROUTES) as ApiRouteName[]).filter(
  (name) => API_ROUTES[name].method === "POST",
);

/** A list nested `levels` deep, as JSON text (10 KB at 5,000; the test's own stack would not
 * survive stringifying it). */
const nested = (levels: number) => `${"[".repeat(levels)}${"]".repeat(levels)}`;

/** `fields` as JSON text, with `field` holding a list nested `levels` deep. */
const withNested = (fields: object, field: string, levels: number) =>
  JSON.stringify({ ...fields, [field]: "__NESTED__" }).replace('"__NESTED__"', nested(levels));

const DEEP = {
  status: 400,
  body: {
    message: `The form nests lists or objects more than ${MAX_BODY_DEPTH} levels deep, which no form of this site does: send its fields as one JSON object of text, numbers and true or false.`,
  },
};

async function serve() {
  const logged: string[] = [];
  server = await startServer({
    logger: { level: "info", stream: { write: (line) => void logged.push(line) } },
  });
  return { s: server, client: await server.client(), logged };
}

const errorsIn = (logged: readonly string[]) =>
  logged.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

describe("a body nested deeper than any form", () => {
  it("is refused with 400 on every POST route, as a whole body and inside a field, and nothing fails", async () => {
    const { client, logged } = await serve();
    expect(POST_ROUTES.length).toBe(18);
    const send = (path: string, body: string) =>
      client.request(path, {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-xsrf-token": client.xsrf ?? "" },
      });
    expect(nested(5000).length).toBe(10_000);
    const rsvp = buildEventRsvpPayload(testEvent("plain-meeting"), PLAIN_RSVP_FORM);
    for (const name of POST_ROUTES) {
      const { path } = API_ROUTES[name];
      expect(await send(path, nested(5000)), name).toMatchObject(DEEP);
      const inField = withNested({ ...rsvp, token: "t" }, "firstName", 5000);
      expect(await send(path, inField), name).toMatchObject(DEEP);
    }
    const contact = buildContactPayload({
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      phoneNumber: "",
      message: "Hello",
    });
    const inMessage = withNested(contact, "message", 5000);
    expect(await send(API_ROUTES.contact.path, inMessage)).toMatchObject(DEEP);
    expect(errorsIn(logged)).toEqual([]);
  });

  it("passes bodies as deep as the forms' to their checks, whose messages show a found value in part", async () => {
    const { client, logged } = await serve();
    const rsvp = buildEventRsvpPayload(testEvent("plain-meeting"), PLAIN_RSVP_FORM);
    // Its firstName field nested as deep as allowed: the form's own check refuses it.
    const answer = await client.post(API_ROUTES.eventRsvp.path, {
      ...rsvp,
      firstName: JSON.parse(nested(MAX_BODY_DEPTH - 1)),
    });
    expect(answer).toMatchObject({
      status: 400,
      body: { message: "First name: expected text, found [[[[...]]]].", field: "firstName" },
    });
    const long = await client.post(API_ROUTES.eventRsvp.path, {
      ...rsvp,
      numberOfAttendees: "9".repeat(5000),
    });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body).length).toBeLessThan(300);
    expect((await client.post(API_ROUTES.eventRsvp.path, rsvp)).status).toBe(200);
    expect(errorsIn(logged)).toEqual([]);
  });
});
