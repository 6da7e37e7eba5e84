import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { buildContactPayload } from "../core/rules/index.ts";
import { type Client, startServer, type TestServer } from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";

const MESSAGE = 'I would like to visit. <script>alert("hi")</script> & see you "soon"';

const contact = (overrides: Record<string, unknown> = {}) => ({
  ...buildContactPayload({
    firstName: "Ann",
    lastName: "Lee",
    email: "ann.lee@example.org",
    phoneNumber: "(216) 555-0100",
    message: MESSAGE,
  }),
  website: "",
  ...overrides,
});

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A client that has opened the contact form: it holds the XSRF cookie and a form token. */
async function openForm(): Promise<{ s: TestServer; client: Client; formToken: string }> {
  server = await startServer();
  const client = await server.client();
  const response = await client.get("/mj/api/form-token");
  const { token, minFillSeconds } = response.body as { token: string; minFillSeconds: number };
  expect(minFillSeconds).toBe(3);
  return { s: server, client, formToken: token };
}

describe("POST /mj/api/contact-us", () => {
  it("stores the message and mails the lodge a notice and the sender an acknowledgement", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(3000);
    const response = await client.post("/mj/api/contact-us", contact({ formToken }));
    expect({ status: response.status, body: response.body }).toEqual({
      status: 200,
      body: { message: ALERTS.contactSuccess.text },
    });
    expect((await s.store.listContactMessages()).map((m) => m.record)).toEqual([
      {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann.lee@example.org",
        phoneNumber: "(216) 555-0100",
        message: MESSAGE,
      },
    ]);
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-contact-notice.eml",
      "000002-contact-acknowledgement.eml",
    ]);
    const notice = parseMail(readFileSync(join(s.outbox, "000001-contact-notice.eml")));
    expect(notice.subject).toBe("A New Message From Contact Us");
    expect(notice.headers.get("reply-to")).toBe("ann.lee@example.org");
    expect(notice.text).toContain(`Message:\n${MESSAGE}\n`);
    expect(notice.html).toContain(
      "I would like to visit. &lt;script&gt;alert(&quot;hi&quot;)&lt;/script&gt; &amp; see you &quot;soon&quot;",
    );
    expect(notice.html).not.toContain("<script>");
    const acknowledgement = parseMail(
      readFileSync(join(s.outbox, "000002-contact-acknowledgement.eml")),
    );
    expect(acknowledgement.headers.get("to")).toBe("ann.lee@example.org");
    expect(acknowledgement.subject).toBe("We have received your message");
    expect(acknowledgement.text).not.toContain("visit");
  });

  it("refuses a form whose hidden honeypot field was filled in, and stores nothing", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(10_000);
    const response = await client.post(
      "/mj/api/contact-us",
      contact({ formToken, website: "https://cheap-pills.example.com" }),
    );
    expect({ status: response.status, body: response.body }).toEqual({
      status: 400,
      body: {
        message: "Leave the field 'Website' empty: it is there to catch automated spam.",
        field: "website",
      },
    });
    expect(await s.store.listContactMessages()).toEqual([]);
  });

  it("refuses a form sent sooner than a person could fill it in", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(1500);
    expect(await client.post("/mj/api/contact-us", contact({ formToken }))).toMatchObject({
      status: 400,
      body: {
        message:
          "The form was sent 1 second after it was opened, too fast for a person. Please wait a few seconds and send it again.",
        field: "formToken",
      },
    });
    expect(await s.store.listContactMessages()).toEqual([]);
  });

  it("refuses a form with a token not of this server, or with one a day old", async () => {
    const { s, client, formToken } = await openForm();
    const expired = {
      status: 400,
      body: {
        message:
          "This form has expired or was not opened on this site. Reload the page and send it again.",
        field: "formToken",
      },
    };
    s.clock.advance(5000);
    const forged = `${s.clock.now().getTime() - 10_000}.AAAA`;
    expect(await client.post("/mj/api/contact-us", contact({ formToken: forged }))).toMatchObject(
      expired,
    );
    s.clock.advance(24 * 60 * 60 * 1000);
    expect(await client.post("/mj/api/contact-us", contact({ formToken }))).toMatchObject(expired);
  });

  it("refuses bad fields with their names and line breaks in header fields", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(3000);
    const cases: [Record<string, unknown>, object][] = [
      [{ message: "   " }, { message: "Message is required.", field: "message" }],
      [
        { phoneNumber: "call me" },
        {
          message:
            "Phone number may contain only digits, spaces, hyphens, parentheses, +, / and an extension such as 'ext 12'.",
          field: "phoneNumber",
        },
      ],
      [
        { email: "ann\r\nbcc: x@example.org" },
        { message: "E-mail address may not contain a line break.", field: "email" },
      ],
      [
        { lastName: undefined },
        { message: "Last name: expected text, found nothing.", field: "lastName" },
      ],
    ];
    for (const [overrides, body] of cases) {
      const response = await client.post(
        "/mj/api/contact-us",
        contact({ formToken, ...overrides }),
      );
      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body });
    }
    expect(await s.store.listContactMessages()).toEqual([]);
  });

  it("counts the same message sent twice once", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(3000);
    await client.post("/mj/api/contact-us", contact({ formToken }));
    const again = await client.post("/mj/api/contact-us", contact({ formToken }));
    expect(again).toMatchObject({ status: 200, body: { message: ALERTS.contactSuccess.text } });
    expect((await s.store.listContactMessages()).length).toBe(1);
  });

  it("sends one message per opened form: a second one with the same token is refused", async () => {
    const { s, client, formToken } = await openForm();
    s.clock.advance(3000);
    expect(await client.post("/mj/api/contact-us", contact({ formToken }))).toMatchObject({
      status: 200,
    });
    const another = await client.post(
      "/mj/api/contact-us",
      contact({ formToken, message: "And another thing." }),
    );
    expect({ status: another.status, body: another.body }).toEqual({
      status: 409,
      body: {
        message: "This form has already sent a message. Reload the page to send another one.",
        field: "formToken",
      },
    });
    expect((await s.store.listContactMessages()).length).toBe(1);
  });

  it("accepts a message without our form token, as SPEC 7 sends it, three a day from one address", async () => {
    server = await startServer();
    const s = server;
    const client = await s.client();
    const spec = ({ firstName, message }: { firstName: string; message: string }) => ({
      ...buildContactPayload({
        firstName,
        lastName: "Lee",
        email: `${firstName.toLowerCase()}@example.org`,
        phoneNumber: "",
        message,
      }),
    });
    for (const firstName of ["Ann", "Bea", "Cy"]) {
      const response = await client.post("/mj/api/contact-us", spec({ firstName, message: "Hi" }));
      expect(response).toMatchObject({
        status: 200,
        body: { message: ALERTS.contactSuccess.text },
      });
    }
    const fourth = await client.post(
      "/mj/api/contact-us",
      spec({ firstName: "Dee", message: "Hi" }),
    );
    expect({ status: fourth.status, body: fourth.body }).toEqual({
      status: 429,
      body: {
        message:
          "Only 3 messages a day can be sent from one address without the site's contact form. Please use the form on the contact page, or try again tomorrow.",
      },
    });
    // Another address is not held back, nor is the same one a day later.
    const elsewhere = await s.client("198.51.100.7");
    expect(
      await elsewhere.post("/mj/api/contact-us", spec({ firstName: "Dee", message: "Hi" })),
    ).toMatchObject({ status: 200 });
    s.clock.advance(24 * 60 * 60 * 1000 + 1000);
    expect(
      await client.post("/mj/api/contact-us", spec({ firstName: "Eve", message: "Hi" })),
    ).toMatchObject({ status: 200 });
    expect((await s.store.listContactMessages()).map((m) => m.record.firstName)).toEqual([
      "Ann",
      "Bea",
      "Cy",
      "Dee",
      "Eve",
    ]);
  });

  it("acknowledges one message per recipient address a day, so the form cannot pester a stranger", async () => {
    server = await startServer();
    const s = server;
    const client = await s.client();
    for (const [i, message] of ["One", "Two", "Three"].entries()) {
      const token = (await client.get("/mj/api/form-token")).body as { token: string };
      s.clock.advance(3000);
      const response = await client.post(
        "/mj/api/contact-us",
        contact({ formToken: token.token, email: "stranger@example.org", message }),
      );
      expect(response.status, `message ${i + 1}`).toBe(200);
    }
    await s.worker.idle();
    const files = readdirSync(s.outbox).sort();
    expect(files.filter((f) => f.includes("contact-notice")).length).toBe(3);
    expect(files.filter((f) => f.includes("contact-acknowledgement"))).toEqual([
      "000002-contact-acknowledgement.eml",
    ]);
  });
});
