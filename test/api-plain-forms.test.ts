import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PLACEHOLDERS, PLAIN_FORM_TYPE } from "../core/api/plain-form-fields.ts";
import { ALERTS } from "../core/messages.ts";
import { Client, NOW, startServer, type TestServer, testData } from "./support/api-harness.ts";

/**
 * Forms sent without JavaScript: urlencoded fields on the API's own routes, the XSRF token in a
 * hidden field, answered with the form's page (a small built page here; the browser tests use
 * the real ones) saying what happened.
 */

const RSVP_PAGE = "/events/dinner-meeting/rsvp";

/** A built form page as the site writes one: placeholders, named fields, a script to drop. */
function formPage(fields: string): string {
  return `<!DOCTYPE html><html lang="en"><head><title>RSVP</title><script type="module">import("/assets/x.js")</script></head><body><main id="main"><h1>RSVP</h1><form method="post" action="/mj/api/rsvp" data-done-href="/events/dinner-meeting" data-done-label="Back to Stated Meeting"><input type="hidden" name="xsrfToken" value="${PLACEHOLDERS.xsrf}"><input type="hidden" name="formPage" value="${RSVP_PAGE}"><input type="hidden" name="event" value="dinner-meeting">${fields}<button type="submit">Submit</button></form></main></body></html>`;
}

const FIELDS = `<div class="field"><label for="f">First Name</label><input id="f" name="firstName" value=""></div><div class="field"><label for="l">Last Name</label><input id="l" name="lastName" value=""></div><div class="field"><label for="e">Email</label><input id="e" type="email" name="email" value=""></div><div class="field"><select id="n" name="numberOfAttendees"><option value="1" selected="">1</option><option value="2">2</option><option value="3">3</option></select></div><input id="d" type="checkbox" name="earlyBirdDinner" value="Yes"><select id="m" name="numberOfMeals"><option value="1" selected="">1</option><option value="2">2</option></select><fieldset><div class="meal-radios"><div class="choice"><input id="r1" type="radio" name="mealChoice" value="Roast Beef"></div><div class="choice"><input id="r2" type="radio" name="mealChoice" value="Salmon"></div></div></fieldset>`;

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  if (server) rmSync(server.dir, { recursive: true, force: true });
  server = undefined;
});

const WAITLIST_PAGE = "/events/dinner-meeting/waitlist";

/** The server, with a built site that holds one event's RSVP page and its waiting list's. */
async function start(options: Parameters<typeof startServer>[0] = {}) {
  const dir = mkdtempSync(join(tmpdir(), "lodge-plain-forms-"));
  for (const [name, html] of [
    ["rsvp", formPage(FIELDS)],
    [
      "waitlist",
      formPage(FIELDS)
        .replace('action="/mj/api/rsvp"', 'action="/mj/api/rsvp/waitlist"')
        .replace(`value="${RSVP_PAGE}"`, `value="${WAITLIST_PAGE}"`)
        .replace("<h1>RSVP</h1>", "<h1>Join the waiting list</h1>"),
    ],
  ] as const) {
    const page = join(dir, "dist", "events", "dinner-meeting", name);
    mkdirSync(page, { recursive: true });
    writeFileSync(join(page, "index.html"), html);
  }
  server = await startServer({ ...options, dir });
  return server;
}

/** Posts fields as a browser does without a script: urlencoded, the token as a field. */
function postForm(client: Client, path: string, fields: Record<string, string>) {
  return client.request(path, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": PLAIN_FORM_TYPE, referer: `http://127.0.0.1${RSVP_PAGE}` },
  });
}

const GOOD = {
  formPage: RSVP_PAGE,
  event: "dinner-meeting",
  firstName: "John",
  lastName: "Smith",
  masonicTitle: "PM",
  email: "John.Smith@Example.org",
  numberOfAttendees: "2",
  earlyBirdDinner: "Yes",
  numberOfMeals: "2",
  mealChoice: "Salmon",
  countRoastBeef: "1",
  countSalmon: "1",
};

/** The visitor's token, as the page they loaded holds it. */
async function loadForm(s: TestServer): Promise<{ client: Client; token: string; html: string }> {
  const client = new Client(s.url);
  const page = await client.get(RSVP_PAGE);
  const html = String(page.body);
  const token = /name="xsrfToken" value="([^"]+)"/.exec(html)?.[1] ?? "";
  return { client, token, html };
}

describe("a form sent without JavaScript", () => {
  it("gets its form page with the visitor's XSRF token in place of the placeholder, never cached", async () => {
    const s = await start();
    const { client, token, html } = await loadForm(s);
    expect(token).toBe(client.xsrf);
    expect(html).not.toContain(PLACEHOLDERS.xsrf);
    const again = await client.get(RSVP_PAGE);
    expect(again.headers.get("cache-control")).toBe("no-store");
    expect(again.headers.get("etag")).toBeNull();
    expect(String(again.body)).toContain(`value="${token}"`);
  });

  it("stores a good RSVP once, dinner and meal counts read as the modal sends them, and answers with a page that says so", async () => {
    const s = await start();
    const { client, token } = await loadForm(s);
    const answer = await postForm(client, "/mj/api/rsvp", { ...GOOD, xsrfToken: token });
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/html; charset=utf-8");
    const html = String(answer.body);
    expect(html).toContain(
      `<div class="form-result" role="status" id="form-answer"><h2>Success!</h2><p>${ALERTS.rsvpSuccess.text}</p><p><a href="/events/dinner-meeting">Back to Stated Meeting</a></p></div>`,
    );
    expect(html).not.toContain("<form");
    expect(html).not.toContain("<script");
    // Sent twice (a reload that posts again), it counts once.
    expect((await postForm(client, "/mj/api/rsvp", { ...GOOD, xsrfToken: token })).status).toBe(
      200,
    );
    const stored = await s.store.listEventRsvps();
    expect(
      stored.map(({ record: r }) => [
        r.email,
        r.masonicTitle,
        r.attendees,
        r.dinner,
        r.meals,
        r.mealCounts,
      ]),
    ).toEqual([
      [
        "john.smith@example.org",
        "PM",
        2,
        true,
        2,
        [
          { choice: "Roast Beef", count: 1 },
          { choice: "Salmon", count: 1 },
        ],
      ],
    ]);
  });

  it("answers an RSVP past the seats of its network address with a page that says to confirm it from the mail, by when", async () => {
    const s = await start({ data: testData({ seatsPerAddress: 2 }) });
    const { client, token } = await loadForm(s);
    expect((await postForm(client, "/mj/api/rsvp", { ...GOOD, xsrfToken: token })).status).toBe(
      200,
    );
    const second = { ...GOOD, firstName: "Ann", email: "ann@example.org", xsrfToken: token };
    const answer = await postForm(client, "/mj/api/rsvp", second);
    expect(answer.status).toBe(200);
    expect(String(answer.body)).toContain(
      `<div class="form-result" role="status" id="form-answer"><h2>Check your e-mail</h2><p>One more step: confirm your seats by Nov 21, 2026 at 12:30PM. So many seats of this event have been reserved from your network address (a lodge room's Wi-Fi, for one) that we ask for each further reservation to be confirmed by mail. Open the mail we have just sent to ann@example.org and press "Confirm my seats": your seats are held for you until then.</p><p><a href="/events/dinner-meeting">Back to Stated Meeting</a></p></div>`,
    );
    expect((await s.store.listEventRsvps()).map((r) => [r.record.firstName, r.confirmBy])).toEqual([
      ["John", undefined],
      ["Ann", new Date(NOW.getTime() + 30 * 60_000)],
    ]);
  });

  it("answers an RSVP the full event cannot take with its waiting list's page, filled in with what was sent", async () => {
    const s = await start({ data: testData({ guestLimit: 1 }) });
    const { client, token } = await loadForm(s);
    const answer = await postForm(client, "/mj/api/rsvp", { ...GOOD, xsrfToken: token });
    expect(answer.status).toBe(409);
    const html = String(answer.body);
    expect(html).toContain("<h1>Join the waiting list</h1>");
    expect(html).toContain('action="/mj/api/rsvp/waitlist"');
    expect(html).toContain(`<input type="hidden" name="formPage" value="${WAITLIST_PAGE}">`);
    expect(html).toMatch(
      /<div class="form-result" role="status" id="form-answer"><h2>Not enough seats<\/h2><p>This event is full for 2 attendees: 1 seat is left\. [^<]*waiting list[^<]*<\/p><\/div>/,
    );
    expect(html).toContain('name="firstName" value="John"');
    expect(html).toContain('name="email" value="John.Smith@Example.org"');
    expect(html).toMatch(/<option value="2" selected="">2<\/option>/);
    expect(html).not.toContain(PLACEHOLDERS.xsrf);
    expect(await s.store.listEventRsvps()).toEqual([]);
  });

  it("answers bad fields with the form filled in again, each field's problem beside it, and stores nothing", async () => {
    const s = await start();
    const { client, token } = await loadForm(s);
    const answer = await postForm(client, "/mj/api/rsvp", {
      ...GOOD,
      xsrfToken: token,
      firstName: "",
      email: "john at example",
    });
    expect(answer.status).toBe(400);
    const html = String(answer.body);
    expect(html).toContain("<h2>Error</h2><p>2 fields need correcting; nothing was sent.</p>");
    expect(html).toContain('<li><a href="#f">First name is required.</a></li>');
    expect(html).toContain(
      '<input id="f" name="firstName" value="" aria-invalid="true" aria-describedby="firstName-problem"><p class="field-error" id="firstName-problem">First name is required.</p>',
    );
    expect(html).toContain('name="lastName" value="Smith"');
    expect(html).toContain('name="email" value="john at example" aria-invalid="true"');
    expect(html).toContain('<option value="2" selected="">2</option><option value="3">3</option>');
    expect(html).toContain(
      '<input id="d" type="checkbox" name="earlyBirdDinner" value="Yes" checked="">',
    );
    expect(html).toContain(
      '<input id="r2" type="radio" name="mealChoice" value="Salmon" checked="">',
    );
    // The meal rules are checked once the fields they rest on are good: one meal, none chosen.
    const meal = await postForm(client, "/mj/api/rsvp", {
      ...GOOD,
      xsrfToken: token,
      numberOfMeals: "1",
      mealChoice: "",
    });
    expect(meal.status).toBe(400);
    expect(String(meal.body)).toContain(
      `<div class="meal-radios"><p class="field-error" id="mealChoice-problem">Meal choice must be one of 'Roast Beef', 'Salmon'.</p>`,
    );
    // A fresh form to send again: the visitor's token in place.
    expect(html).toContain(`name="xsrfToken" value="${token}"`);
    expect(await s.store.listEventRsvps()).toEqual([]);
  });

  it("refuses a missing or wrong XSRF token with the form filled in again and a token that works", async () => {
    const s = await start();
    const { client, token } = await loadForm(s);
    for (const xsrfToken of ["", "wrong.token"]) {
      const answer = await postForm(client, "/mj/api/rsvp", { ...GOOD, xsrfToken });
      expect(answer.status).toBe(403);
      const html = String(answer.body);
      expect(html).toContain("This page's security token is missing or out of date.");
      expect(html).toContain('name="firstName" value="John"');
      expect(html).toContain(`name="xsrfToken" value="${token}"`);
    }
    // No cookie at all (a page from a cache, cookies cleared): the answer sets one and carries it.
    const stranger = new Client(s.url);
    const refused = await postForm(stranger, "/mj/api/rsvp", { ...GOOD, xsrfToken: token });
    expect(refused.status).toBe(403);
    const fresh = /name="xsrfToken" value="([^"]+)"/.exec(String(refused.body))?.[1];
    expect(fresh).toBe(stranger.xsrf);
    expect(await s.store.listEventRsvps()).toEqual([]);
    const sent = await postForm(stranger, "/mj/api/rsvp", { ...GOOD, xsrfToken: fresh ?? "" });
    expect(sent.status).toBe(200);
  });

  it("refuses an over-size form with a page that says so and points back to the form", async () => {
    const s = await start({ config: { bodyLimitBytes: 2048 } });
    const { client, token } = await loadForm(s);
    const answer = await postForm(client, "/mj/api/rsvp", {
      ...GOOD,
      xsrfToken: token,
      lastName: "x".repeat(3000),
    });
    expect(answer.status).toBe(413);
    const html = String(answer.body);
    expect(html).toContain(
      "<p>The form is larger than 2 KB; shorten the message and send it again. Your browser's Back button returns to the form as you filled it in.</p>",
    );
    expect(html).toContain('<a href="/events/dinner-meeting">Back to Stated Meeting</a>');
    expect(html).not.toContain("<form");
  });

  it("is held to the same rate limit as the site's script, and says when to try again", async () => {
    const s = await start({ config: { rateLimitMax: 2 } });
    const { client, token } = await loadForm(s);
    const bad = { ...GOOD, xsrfToken: token, firstName: "" };
    // Each send reserves a whole submission and a refusal costs a quarter of one (COSTS).
    const statuses: number[] = [];
    let limited = await postForm(client, "/mj/api/rsvp", bad);
    while (limited.status !== 429 && statuses.length < 20) {
      statuses.push(limited.status);
      limited = await postForm(client, "/mj/api/rsvp", bad);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400]);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(String(limited.body)).toContain('role="alert"');
    expect(String(limited.body)).toMatch(/<p>Too many[^<]*<\/p>/);
  });

  it("sends a contact message and an outing RSVP the same way", async () => {
    const s = await start();
    const { client, token } = await loadForm(s);
    const formToken = ((await client.get("/mj/api/form-token")).body as { token: string }).token;
    s.clock.advance(10_000);
    const contact = await postForm(client, "/mj/api/contact-us", {
      xsrfToken: token,
      formPage: "/contact-us",
      formToken,
      website: "",
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      phoneNumber: "",
      message: "When do you meet?",
    });
    expect(contact.status).toBe(200);
    expect(String(contact.body)).toContain(ALERTS.contactSuccess.text);
    const outing = await postForm(client, "/mj/api/social-rsvp", {
      xsrfToken: token,
      formPage: "/social-events/bowling/rsvp",
      event: "bowling",
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      numberOfAttendees: "3",
    });
    expect(outing.status).toBe(200);
    expect((await s.store.listSocialRsvps()).map((r) => r.record.attendees)).toEqual([3]);
    expect((await s.store.listContactMessages()).map((m) => m.record.message)).toEqual([
      "When do you meet?",
    ]);
  });
});
