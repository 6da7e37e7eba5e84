import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Member } from "../core/schemas/member.ts";
import { unsubscribeToken } from "../server/mail/announcement.ts";
import { openPostgresStore, openStore } from "../server/store/open-store.ts";
import type { Store } from "../server/store/store.ts";
import { Clock, NOW, startServer, TEST_SECRET, type TestServer } from "./support/api-harness.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";

/**
 * /unsubscribe?t=TOKEN through the real app, on SQLite and PostgreSQL: the one-click POST exactly
 * as RFC 8058 gives it (a mail program's, with no cookie nor XSRF token; urlencoded or multipart)
 * takes the address off at once and idempotently; a GET, as a mail scanner makes, removes nobody
 * and shows one button that works without a script; a forged token or a POST without the
 * One-Click body changes nothing. A member keeps his summons.
 */
const cluster = clusterOfThisFile();
const stores = [
  {
    name: "SQLite",
    place: async () => join(mkdtempSync(join(tmpdir(), "issue-37-unsub-")), "lodge.db"),
    open: async (place: string): Promise<Store> => openStore(place, NOW),
  },
  {
    name: "PostgreSQL",
    place: () => cluster().place(),
    open: (place: string): Promise<Store> => openPostgresStore(place, NOW),
  },
];

const MEMBER: Member & { key: string } = {
  number: "101",
  firstName: "Hiram",
  lastName: "Abiff",
  title: "",
  email: "hiram@example.org",
  phone: "",
  degree: "master-mason",
  status: "active",
  dietary: "",
  key: "AbCdEfGhIjKlMnOp",
};

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A POST as a mail provider sends RFC 8058's: no cookie, no token, the one-click body. */
function oneClick(url: string, body: string, type = "application/x-www-form-urlencoded") {
  return fetch(url, { method: "POST", body, headers: { "content-type": type } });
}

describe.each(stores)("unsubscribing on $name", (kind) => {
  it("honours RFC 8058's POST at once and idempotently; a GET removes nobody and offers one button", async () => {
    const store = await kind.open(await kind.place());
    await store.importRoll({ add: [MEMBER], change: [], remove: [], now: NOW });
    await store.subscribeFriend({
      email: "friend@example.org",
      name: "",
      key: "friendKey1234567",
      mail: {
        kind: "friend-confirm",
        envelope: { from: "l@example.org", to: ["friend@example.org"] },
        messageId: "<c@example.org>",
        raw: Buffer.from("x"),
      },
      now: NOW,
    });
    await store.confirmFriend({ key: "friendKey1234567", now: NOW });
    server = await startServer({ store, clock: new Clock(NOW) });
    const memberUrl = `${server.url}/unsubscribe?t=${unsubscribeToken(TEST_SECRET, "member", MEMBER.key)}`;
    const friendUrl = `${server.url}/unsubscribe?t=${unsubscribeToken(TEST_SECRET, "friend", "friendKey1234567")}`;
    const recipients = async () =>
      (await store.announcementRecipients("all")).map((r) => r.email).sort();

    // A scanner fetches the link, twice: nobody is removed.
    for (let i = 0; i < 2; i++) {
      const page = await fetch(memberUrl);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain("hiram@example.org");
      expect(html).not.toContain("<script");
      expect(html.match(/<button/g)).toHaveLength(1);
      expect(html).toContain('<input type="hidden" name="List-Unsubscribe" value="One-Click">');
      expect(html).toMatch(/<form method="post" action="\/unsubscribe\?t=[^"]+">/);
    }
    expect(await recipients()).toEqual(["friend@example.org", "hiram@example.org"]);

    // Without the One-Click body, nothing changes.
    const empty = await oneClick(memberUrl, "");
    expect(empty.status).toBe(400);
    expect(await recipients()).toHaveLength(2);

    // RFC 8058's POST: honoured at once, and again the same.
    for (let i = 0; i < 2; i++) {
      const done = await oneClick(memberUrl, "List-Unsubscribe=One-Click");
      expect(done.status).toBe(200);
      expect(await done.text()).toContain("You are unsubscribed");
    }
    expect(await recipients()).toEqual(["friend@example.org"]);
    // The summons still goes to him.
    expect(await store.summonsRecipients({ kind: "summons", eventId: "e1" })).toHaveLength(1);
    expect(await (await fetch(memberUrl)).text()).toContain("You are unsubscribed");

    // The same as multipart/form-data, as RFC 8058 prefers; the friend is forgotten.
    const boundary = "----lodge-test";
    const multipart = `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`;
    const type = `multipart/form-data; boundary=${boundary}`;
    expect((await oneClick(friendUrl, multipart, type)).status).toBe(200);
    expect((await oneClick(friendUrl, multipart, type)).status).toBe(200);
    expect(await recipients()).toEqual([]);
    expect(await store.listFriends()).toEqual([]);

    // A forged or cut token: nobody, and it says what to do.
    const forged = `${server.url}/unsubscribe?t=${unsubscribeToken("another-secret-another-secret-xx", "member", MEMBER.key)}`;
    const refused = await oneClick(forged, "List-Unsubscribe=One-Click");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("not one of ours");
    expect((await fetch(`${server.url}/unsubscribe`)).status).toBe(400);
  });
});
