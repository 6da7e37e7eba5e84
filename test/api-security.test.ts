import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { buildEventRsvpPayload, toSheetPayload } from "../core/rules/index.ts";
import { HSTS } from "../server/security/headers.ts";
import { openStore } from "../server/store/open-store.ts";
import {
  Client,
  PLAIN_RSVP_FORM,
  startServer,
  type TestServer,
  testEvent,
} from "./support/api-harness.ts";

const FORBIDDEN = {
  message:
    "This page's security token is missing or out of date. Reload the page and send the form again.",
};

const payload = (firstName = "John") =>
  buildEventRsvpPayload(testEvent("plain-meeting"), {
    ...PLAIN_RSVP_FORM,
    firstName,
    email: `${firstName.toLowerCase()}.smith@example.org`,
  });

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function start(options: Parameters<typeof startServer>[0] = {}) {
  server = await startServer(options);
  return server;
}

describe("XSRF protection", () => {
  it("sets a signed XSRF-TOKEN cookie on a GET, readable by the page, once per browser", async () => {
    const s = await start();
    const client = new Client(s.url);
    const first = await client.get("/sheets/api/read");
    expect(first.headers.get("set-cookie")).toMatch(
      /^XSRF-TOKEN=[\w-]+\.[\w-]+; Path=\/; SameSite=Strict$/,
    );
    const second = await client.get("/sheets/api/read");
    expect(second.headers.get("set-cookie")).toBeNull();
  });

  it("refuses with 403 a POST without the token, with a header that differs, or with a forged one", async () => {
    const s = await start();
    const client = await s.client();
    const token = client.xsrf as string;
    const attempts: Record<string, string>[] = [
      { "x-xsrf-token": "", cookie: "" },
      { "x-xsrf-token": token, cookie: "" },
      { "x-xsrf-token": "", cookie: `XSRF-TOKEN=${token}` },
      { "x-xsrf-token": `${token}x`, cookie: `XSRF-TOKEN=${token}` },
      { "x-xsrf-token": "forged.token", cookie: "XSRF-TOKEN=forged.token" },
    ];
    for (const headers of attempts) {
      const response = await client.post("/mj/api/rsvp", payload(), headers);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 403,
        body: FORBIDDEN,
      });
    }
    expect(await s.store.listEventRsvps()).toEqual([]);
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
  });
});

describe("limits", () => {
  it("answers 429 once an address has spent its budget, says when to come back, and still serves its GETs", async () => {
    const s = await start({ config: { rateLimitMax: 3, rateLimitWindowSeconds: 600 } });
    const client = await s.client();
    for (const name of ["Adam", "Brian", "Carl"]) {
      expect((await client.post("/mj/api/rsvp", payload(name))).status).toBe(200);
    }
    const refused = await client.post("/mj/api/rsvp", payload("Dave"));
    // The budget refills at 3 per 10 minutes: one more in 200 seconds.
    expect({ status: refused.status, body: refused.body }).toEqual({
      status: 429,
      body: {
        message: "Too many submissions from your address. Please wait 4 minutes and try again.",
      },
    });
    expect(refused.headers.get("retry-after")).toBe("200");
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await client.get("/sheets/api/read")).status).toBe(200);
    expect((await s.store.listEventRsvps()).length).toBe(3);
    s.clock.advance(200_000);
    expect((await client.post("/mj/api/rsvp", payload("Dave"))).status).toBe(200);
    expect((await client.post("/mj/api/rsvp", payload("Earl"))).status).toBe(429);
  });

  it("counts a refused request a quarter of a stored one, and the sheet write after a stored RSVP not at all", async () => {
    const s = await start({ config: { rateLimitMax: 2 } });
    const client = await s.client();
    const bad = { "x-xsrf-token": "nope" };
    // Two whole requests' worth: four refusals spend one, the fifth finds one left.
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/mj/api/rsvp", payload(), bad)).status).toBe(403);
    }
    expect((await client.post("/mj/api/rsvp", payload(), bad)).status).toBe(429);

    const hall = await s.client("198.51.100.20");
    for (const name of ["Adam", "Brian"]) {
      const rsvp = payload(name);
      expect((await hall.post("/mj/api/rsvp", rsvp)).status).toBe(200);
      const row = toSheetPayload(rsvp, testEvent("plain-meeting"));
      expect(await hall.post("/sheets/api/append-rsvp", row)).toMatchObject({
        status: 200,
        body: true,
      });
    }
    expect((await hall.post("/mj/api/rsvp", payload("Carl"))).status).toBe(429);
  });

  it("refuses a body over the size limit with 413", async () => {
    const s = await start({ config: { bodyLimitBytes: 2048 } });
    const client = await s.client();
    const response = await client.post("/mj/api/rsvp", {
      ...payload(),
      lastName: "x".repeat(3000),
    });
    expect({ status: response.status, body: response.body }).toEqual({
      status: 413,
      body: { message: "The form is larger than 2 KB; shorten the message and send it again." },
    });
  });

  it("refuses what is not JSON with a message that says so", async () => {
    const s = await start();
    const client = await s.client();
    const headers = { "x-xsrf-token": client.xsrf as string };
    const form = await client.request("/mj/api/rsvp", {
      method: "POST",
      body: "firstName=John",
      headers: { ...headers, "content-type": "text/plain" },
    });
    expect({ status: form.status, body: form.body }).toEqual({
      status: 415,
      body: { message: "Send the form as JSON, with the header Content-Type: application/json." },
    });
    const broken = await client.request("/mj/api/rsvp", {
      method: "POST",
      body: '{"firstName": ',
      headers: { ...headers, "content-type": "application/json" },
    });
    expect({ status: broken.status, body: broken.body }).toEqual({
      status: 400,
      body: { message: "The form is not valid JSON; send its fields as a JSON object." },
    });
  });
});

describe("headers, errors and logs", () => {
  it("sends security headers with a policy that allows the map and the video embeds", async () => {
    const s = await start();
    const response = await (await s.client()).get("/sheets/api/read");
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain(
      "frame-src 'self' https://maps.google.com https://www.google.com https://www.youtube-nocookie.com",
    );
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toContain("'unsafe-eval'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("sends Strict-Transport-Security and a Secure XSRF cookie only over HTTPS, as a trusted proxy says", async () => {
    const s = await start();
    const plain = await new Client(s.url).get("/sheets/api/read");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("set-cookie")).not.toContain("Secure");
    const https = await new Client(s.url).get("/sheets/api/read", {
      "x-forwarded-proto": "https",
    });
    expect(https.headers.get("strict-transport-security")).toBe(HSTS);
    expect(https.headers.get("set-cookie")).toMatch(/; Secure/);
    await s.close();
    // Without a trusted proxy, anyone could send the header: it is not believed.
    server = await startServer({ config: { trustProxy: false } });
    const forged = await new Client(server.url).get("/sheets/api/read", {
      "x-forwarded-proto": "https",
    });
    expect(forged.headers.get("strict-transport-security")).toBeNull();
    expect(forged.headers.get("set-cookie")).not.toContain("Secure");
  });

  it("answers a malformed address with the same headers and error shape as every answer", async () => {
    const s = await start();
    for (const path of ["/%zz", "/mj/api/%E0%A4%A", "/image-gallery/%"]) {
      const response = await new Client(s.url).get(path);
      expect({ status: response.status, body: response.body }).toEqual({
        status: 400,
        body: {
          message:
            "This address is not valid: a % in it must be followed by two hexadecimal digits. Check the link and try again.",
        },
      });
      expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    }
  });

  it("answers a failure inside with 500 and the site's apology, never the cause", async () => {
    const lines: string[] = [];
    const store = openStore(":memory:");
    store.addEventRsvp = async () => {
      throw new Error("SQLITE_FULL: database or disk is full at /srv/lodge/var/lodge.db");
    };
    const s = await start({ store, logger: { stream: { write: (line) => lines.push(line) } } });
    const client = await s.client();
    const response = await client.post("/mj/api/rsvp", payload());
    expect({ status: response.status, body: response.body }).toEqual({
      status: 500,
      body: { message: ALERTS.sendFailure.text },
    });
    expect(lines.join("\n")).toContain("SQLITE_FULL");
  });

  it("logs no names, e-mail addresses or messages", async () => {
    const lines: string[] = [];
    const s = await start({ logger: { stream: { write: (line: string) => lines.push(line) } } });
    const client = await s.client();
    await client.post("/mj/api/rsvp", payload("Bartholomew"));
    await client.post("/mj/api/rsvp", {
      ...payload("Bartholomew"),
      email: "NOT-AN-ADDRESS.example.org",
    });
    await client.get("/sheets/api/read?event=plain-meeting&email=leak@example.org");
    await s.worker.idle();
    const log = lines.join("\n");
    expect(log).toContain('"url":"/mj/api/rsvp"');
    expect(log).toContain('"statusCode":400');
    expect(log).toContain('"msg":"mail sent"');
    for (const secret of [
      "Bartholomew",
      "Smith",
      "john.smith",
      "@example.org",
      "NOT-AN-ADDRESS",
      "leak",
    ]) {
      expect(log).not.toContain(secret);
    }
  });
});
