import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import type { MailTransport } from "../server/mail/transport.ts";
import { smtpTransport } from "../server/mail/transport.ts";
import { Clock, startServer, type TestServer, testEvent } from "./support/api-harness.ts";
import { until } from "./support/faults.ts";
import { parseMail } from "./support/mime.ts";
import { TestSmtp } from "./support/smtp-harness.ts";

const FORM = {
  firstName: "John",
  lastName: "O'Brien",
  masonicTitle: "WM",
  email: "john.obrien@example.org",
  numberOfAttendees: 3,
  earlyBirdDinner: true,
  numberOfMeals: 3,
  mealChoice: "",
  countRoastBeef: 2,
  countSalmon: 1,
} as EventRsvpForm;

const payload = () => buildEventRsvpPayload(testEvent("dinner-meeting"), FORM);

let cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

async function smtp(): Promise<TestSmtp> {
  const server = new TestSmtp();
  await server.start(0);
  cleanups.push(() => server.stop());
  return server;
}

async function serve(options: Parameters<typeof startServer>[0]): Promise<TestServer> {
  const server = await startServer(options);
  cleanups.push(() => server.close());
  return server;
}

function transportFor(smtpServer: TestSmtp): MailTransport {
  const transport = smtpTransport(smtpServer.url);
  cleanups.push(() => transport.close());
  return transport;
}

describe("mail over SMTP", () => {
  it("delivers the secretary's notice and the visitor's confirmation with its calendar file", async () => {
    const mailServer = await smtp();
    const s = await serve({ transport: transportFor(mailServer) });
    const client = await s.client();
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
    await s.worker.idle();

    expect(mailServer.received.map((m) => [m.from, m.to])).toEqual([
      ["lodge@hillcrest586.example.org", ["secretary@hillcrest586.example.org"]],
      ["lodge@hillcrest586.example.org", ["john.obrien@example.org"]],
    ]);
    const [notice, confirmation] = mailServer.received.map((m) => parseMail(m.raw));
    expect(notice?.subject).toBe("RSVP for Stated Meeting on Wed, Dec 2, 2026 7:30pm");
    expect(notice?.text).toContain("Last name: O'Brien\nMasonic title: WM\n");
    expect(notice?.text).toContain("Meal selection: 2 Roast Beef, 1 Salmon");
    expect(notice?.text).toContain("  Roast Beef: 2\n  Salmon: 1\n");
    expect(notice?.html).toContain(
      '<tr><th align="left" style="padding-right: 1em;">Last name</th><td>O&#39;Brien</td></tr>',
    );
    expect(notice?.html).toContain("<li>Roast Beef: 2</li>\n<li>Salmon: 1</li>");
    expect(confirmation?.subject).toBe(
      "Your reservation for Stated Meeting on Wed, Dec 2, 2026 at 7:30PM",
    );
    expect(confirmation?.text).toContain("Dear John O'Brien,");
    expect(confirmation?.html).toContain("<p>Dear John O&#39;Brien,</p>");
    expect(confirmation?.text).toContain(
      "Early bird dinner at 6:30PM: 3 meals (2 Roast Beef, 1 Salmon), $15 per meal",
    );
    expect(confirmation?.part("text/calendar")?.body).toContain("UID:dinner-meeting@lodge-586\r\n");
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
  });

  it("keeps mail the SMTP server refuses and delivers all of it once the server accepts again", async () => {
    const mailServer = await smtp();
    mailServer.refusing = true;
    const s = await serve({ transport: transportFor(mailServer) });
    const client = await s.client();
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
    await s.worker.idle();
    expect(mailServer.received).toEqual([]);
    expect(await s.store.mailCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });

    mailServer.refusing = false;
    await s.worker.run();
    expect(mailServer.received).toEqual([]);
    s.clock.advance(30_000);
    await s.worker.run();
    expect(mailServer.received.map((m) => m.to).sort()).toEqual([
      ["john.obrien@example.org"],
      ["secretary@hillcrest586.example.org"],
    ]);
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
  });

  it("keeps mail while the SMTP server is down, and delivers every one once it is back", async () => {
    const mailServer = await smtp();
    const port = mailServer.port;
    await mailServer.stop();
    const s = await serve({ transport: transportFor(mailServer) });
    const client = await s.client();
    for (const firstName of ["Adam", "Brian", "Carl"]) {
      const email = `${firstName.toLowerCase()}@example.org`;
      const response = await client.post("/mj/api/rsvp", { ...payload(), firstName, email });
      expect(response.status).toBe(200);
    }
    await s.worker.idle();
    expect(await s.store.mailCounts()).toEqual({ pending: 6, sent: 0, failed: 0 });
    await mailServer.start(port);
    s.clock.advance(30_000);
    await s.worker.run();
    expect(mailServer.received.length).toBe(6);
    // Sent four at once, each composed as it goes: in any order, each once.
    expect(
      mailServer.received
        .map((m) => parseMail(m.raw).text.match(/Dear (\w+)/)?.[1])
        .filter(Boolean)
        .sort(),
    ).toEqual(["Adam", "Brian", "Carl"]);
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 6, failed: 0 });
  });

  it("sends after a restart the mail a stopped server had not delivered", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-restart-"));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const mailServer = await smtp();
    mailServer.refusing = true;
    const clock = new Clock();
    const first = await startServer({ dir, clock, transport: transportFor(mailServer) });
    const client = await first.client();
    expect(await client.post("/mj/api/rsvp", payload())).toMatchObject({ status: 200 });
    await first.worker.idle();
    await first.close();
    expect(mailServer.received).toEqual([]);

    mailServer.refusing = false;
    clock.advance(30_000);
    const second = await serve({ dir, clock, transport: transportFor(mailServer) });
    await second.worker.idle();
    expect(mailServer.received.map((m) => m.to).sort()).toEqual([
      ["john.obrien@example.org"],
      ["secretary@hillcrest586.example.org"],
    ]);
    expect(await second.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect((await second.store.listEventRsvps()).map((r) => r.status)).toEqual(["mailed"]);
  });

  it("writes each mail as an .eml file to the outbox folder when no SMTP server is set", async () => {
    const s = await serve({});
    const client = await s.client();
    await client.post("/mj/api/rsvp", payload());
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-rsvp-notice.eml",
      "000002-rsvp-confirmation.eml",
    ]);
  });

  it("gives up a mail refused for good (550), and tells the secretary in one summary a day", async () => {
    const mailServer = await smtp();
    mailServer.unknown.add("nobody@example.org");
    const s = await serve({ transport: transportFor(mailServer) });
    const client = await s.client();
    const refused = buildEventRsvpPayload(testEvent("dinner-meeting"), {
      ...FORM,
      email: "nobody@example.org",
    } as EventRsvpForm);
    expect(await client.post("/mj/api/rsvp", refused)).toMatchObject({ status: 200 });
    await s.worker.idle();
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 1 });
    const summary = mailServer.received.find((m) => /could not be delivered/.test(m.raw));
    expect(summary?.to).toEqual(["secretary@hillcrest586.example.org"]);
    const text = parseMail(summary?.raw ?? "").text;
    expect(text.split("\n")[0]).toBe(
      "The mail server refused these messages for good, so they are not sent again:",
    );
    expect(text).toContain(
      "- #2 RSVP confirmation to nobody@example.org, queued Sat, Nov 21, 2026 at 12:00PM (America/New_York): Can't send mail - all recipients were rejected: 550 5.1.1 <[address]>: user unknown",
    );
    // Not retried an hour later, nor a day later; a second failure waits for the next day.
    const sent = mailServer.received.length;
    s.clock.advance(60 * 60_000);
    await s.worker.run();
    expect(mailServer.received.length).toBe(sent);
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 1 });
  });

  it("sends the others while one SMTP server conversation stalls, and gives that one up after the timeout", async () => {
    const mailServer = await smtp();
    mailServer.stalling.add("slow@example.org");
    const transport = smtpTransport(mailServer.url, { timeoutMs: 300 });
    cleanups.push(() => transport.close());
    const s = await serve({ transport });
    const client = await s.client();
    for (const email of ["slow@example.org", "ann@example.org", "bob@example.org"]) {
      const payload = buildEventRsvpPayload(testEvent("dinner-meeting"), {
        ...FORM,
        email,
      } as EventRsvpForm);
      expect((await client.post("/mj/api/rsvp", payload)).status).toBe(200);
    }
    // Five of the six go through while the sixth's server has not answered.
    await until(() => mailServer.received.length === 5, "the five mails that do not stall");
    expect(mailServer.stalled.length).toBe(1);
    await s.worker.idle();
    const [waiting] = await s.store.listMail("pending");
    expect(waiting).toMatchObject({ to: "slow@example.org", attempts: 1 });
    expect(waiting?.lastError).toMatch(/timeout/i);

    // The duplicate window: the stalled server had the whole message. Sent again once it
    // answers, the recipient has it twice, under one Message-ID, which mail programs show once.
    mailServer.stalling.clear();
    s.clock.advance(30_000);
    await s.worker.run();
    const again = mailServer.received.at(-1)?.raw ?? "";
    const messageId = (raw: string) => /^Message-ID: (.*)$/im.exec(raw)?.[1];
    expect(messageId(again)).toBe(messageId(mailServer.stalled[0]?.raw ?? ""));
    expect(await s.store.mailCounts()).toEqual({ pending: 0, sent: 6, failed: 0 });
  });
});
