import { afterEach, describe, expect, it } from "vitest";
import {
  Clock,
  keepingTransport,
  NOW,
  sampleData,
  startServer,
  type TestServer,
  visitor,
} from "./support/api-harness.ts";
import { servedStoresOfThisFile } from "./support/served-stores.ts";

/**
 * A friend's subscription through the real app, on SQLite and PostgreSQL: the plain form (no
 * script, no cookie), its spam trap and corrections, the confirmation mail (one an hour to an
 * address; the same answer whoever the address is), and double opt-in: an unconfirmed address
 * gets no announcement, and a mail scanner fetching the confirmation link confirms nothing.
 */
const stores = servedStoresOfThisFile("issue-37-friends");

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** The form posted as a browser without a script posts it, from the visitor `i`. */
function post(url: string, fields: Record<string, string>, i = 1) {
  return fetch(`${url}/friends`, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded", ...visitor(i) },
    redirect: "manual",
  });
}

describe.each(stores)("a friend's subscription on $name", (kind) => {
  it("takes the plain form, mails a link, and counts the address only once it is confirmed", async () => {
    const store = await kind.open(await kind.place());
    const transport = keepingTransport();
    server = await startServer({ store, clock: new Clock(NOW), transport });
    const { url } = server;
    const page = await (await fetch(`${url}/friends`)).text();
    expect(page).toContain('<form method="post" action="/friends">');
    expect(page).not.toContain("<script");

    // The trap filled, or a bad address: nothing kept, and what to correct, the fields kept.
    const trapped = await post(url, { email: "bot@example.org", website: "http://spam" });
    expect(trapped.status).toBe(400);
    expect(await trapped.text()).toContain("Leave the field &#39;Website&#39; empty");
    const bad = await post(url, { email: "ann at example", name: "Ann <b>" });
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("Enter your e-mail address");
    expect(badPage).toContain('value="ann at example"');
    expect(await store.listFriends()).toEqual([]);

    const sent = await post(url, { email: "Ann@Example.org", name: "Ann Lee" });
    expect(sent.status).toBe(303);
    expect(sent.headers.get("location")).toBe("/friends?asked");
    expect(await (await fetch(`${url}/friends?asked`)).text()).toContain("Check your mail");
    await server.worker.idle();
    expect(transport.sent.map((m) => m.to)).toEqual(["ann@example.org"]);
    const link = /https?:\/\/\S+\/friends\/confirm\?t=\S+/.exec(transport.sent[0]?.text ?? "")?.[0];
    expect(link).toBeDefined();
    // Unconfirmed: no announcement goes to it.
    expect(await store.announcementRecipients("friends")).toEqual([]);
    // Sent again within the hour: the same answer, no second mail.
    expect((await post(url, { email: "ann@example.org" }, 2)).status).toBe(303);
    await server.worker.idle();
    expect(transport.sent).toHaveLength(1);

    // The link opened (a scanner's GET, twice) confirms nothing; its one button does.
    const path = new URL(link ?? "").pathname + new URL(link ?? "").search;
    for (let i = 0; i < 2; i++) {
      const shown = await (await fetch(`${url}${path}`)).text();
      expect(shown.match(/<button/g)).toHaveLength(1);
    }
    expect(await store.announcementRecipients("friends")).toEqual([]);
    const confirmed = await fetch(`${url}${path}`, { method: "POST" });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("You are subscribed");
    expect((await store.announcementRecipients("friends")).map((r) => r.email)).toEqual([
      "ann@example.org",
    ]);
    // Confirmed already: the form answers the same and mails nothing.
    expect((await post(url, { email: "ann@example.org" }, 3)).status).toBe(303);
    await server.worker.idle();
    expect(transport.sent).toHaveLength(1);
    // A forged link.
    expect((await fetch(`${url}/friends/confirm?t=x.y`, { method: "POST" })).status).toBe(400);
  });

  it("links the confirmation at apiBase when the site is published elsewhere: the page is lodge serve's", async () => {
    const store = await kind.open(await kind.place());
    const transport = keepingTransport();
    const data = sampleData();
    data.lodge.apiBase = "https://api.example.org";
    server = await startServer({ store, clock: new Clock(NOW), transport, data });
    expect((await post(server.url, { email: "ann@example.org" })).status).toBe(303);
    await server.worker.idle();
    expect(transport.sent[0]?.text).toMatch(/https:\/\/api\.example\.org\/friends\/confirm\?t=\S+/);
  });
});
