import { afterEach, describe, expect, it } from "vitest";
import { loadTemplates } from "../server/mail/templates.ts";
import { smtpTransport } from "../server/mail/transport.ts";
import {
  announcementFrom,
  queueAnnouncement,
  sendAnnouncement,
} from "../server/use-cases/announce.ts";
import { Clock, NOW, sampleData, startServer, TEST_SECRET } from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";
import { chromiumForFile } from "./support/site/app.ts";
import { TestSmtp } from "./support/smtp-harness.ts";

/**
 * A friend's way through the lodge's mail in Chromium, without JavaScript and with it: the
 * subscribe form, the confirmation link from the mail a real SMTP server caught and its one
 * button, an announcement, and its unsubscribe link's one button. LODGE_SHOTS=DIR keeps
 * screenshots of the pages at 1280 and 390 pixels.
 */
const chromium = chromiumForFile();
const SHOTS = process.env.LODGE_SHOTS;
let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const linkIn = (text: string, path: string) =>
  new RegExp(`https?://\\S+${path.replace("?", "\\?")}\\S+`).exec(text)?.[0] ?? "";

describe.each([false, true])("a friend of the lodge, JavaScript %s", (javaScriptEnabled) => {
  it("subscribes, confirms from the mail, gets an announcement and unsubscribes", {
    timeout: 60_000,
  }, async () => {
    const smtp = new TestSmtp();
    await smtp.start(0);
    cleanups.push(() => smtp.stop());
    const transport = smtpTransport(smtp.url);
    cleanups.push(async () => transport.close());
    const data = sampleData();
    const s = await startServer({ data, clock: new Clock(NOW), transport });
    cleanups.push(() => s.close());
    const context = await chromium.browser.newContext({
      javaScriptEnabled,
      viewport: { width: 1280, height: 900 },
    });
    cleanups.push(() => context.close());
    const page = await context.newPage();
    const shot = async (name: string) => {
      if (!SHOTS) return;
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 800 });
        await page.screenshot({ path: `${SHOTS}/friends-${name}-${width}.png`, fullPage: true });
      }
    };

    await page.goto(`${s.url}/friends`);
    await shot("form");
    await page.getByLabel("E-mail").fill("ann@example.org");
    await page.getByLabel("Name (optional)").fill("Ann Lee");
    await page.getByRole("button", { name: "Subscribe" }).click();
    await page.waitForURL(/\/friends\?asked$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "Check your mail",
    );
    await s.worker.idle();
    const confirmMail = parseMail(smtp.received[0]?.raw ?? "");
    expect(smtp.received[0]?.to).toEqual(["ann@example.org"]);
    const confirmLink = linkIn(confirmMail.text, "/friends/confirm?t=");
    await page.goto(confirmLink.replace(/^https?:\/\/[^/]+/, s.url));
    expect(await s.store.announcementRecipients("friends")).toEqual([]);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "You are subscribed",
    );
    expect((await s.store.announcementRecipients("friends")).map((r) => r.email)).toEqual([
      "ann@example.org",
    ]);

    // An announcement comes, with its link to stop them.
    const { lodge } = data;
    const { body } = announcementFrom(
      "---\nsubject: News\n---\nHello.\n",
      "news.md",
      [],
      lodge.siteUrl,
    );
    const mail = {
      lodge,
      from: "lodge@hillcrest586.example.org",
      secretary: "s@hillcrest586.example.org",
      templates: loadTemplates(),
    };
    const ctx = { store: s.store, mail, secret: TEST_SECRET, siteBase: lodge.siteUrl };
    const { id } = await queueAnnouncement(ctx, `k-${javaScriptEnabled}`, body, "friends", NOW);
    await sendAnnouncement({ store: s.store, transport, now: () => NOW }, id);
    const announced = parseMail(smtp.received[1]?.raw ?? "");
    const unsubscribe = linkIn(announced.text, "/unsubscribe?t=");
    await page.goto(unsubscribe.replace(/^https?:\/\/[^/]+/, s.url));
    await shot("unsubscribe");
    // Opening the page removed nobody; its one button does.
    expect(await s.store.announcementRecipients("friends")).toHaveLength(1);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toBe(
      "You are unsubscribed",
    );
    expect(await s.store.announcementRecipients("friends")).toEqual([]);
    expect(await s.store.listFriends()).toEqual([]);
  });
});
