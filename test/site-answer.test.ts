import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { NOW, type TestServer } from "./support/api-harness.ts";
import { parseMail } from "./support/mime.ts";
import { chromiumForFile, closePage, openPage } from "./support/site/app.ts";
import { serveSiteWithMail } from "./support/site/served-with-mail.ts";
import type { TestSmtp } from "./support/smtp-harness.ts";

/**
 * A member's side of the summons: the summons a real SMTP server caught, its link opened in
 * Chromium on the built site, the answer recorded with one click and changed, a page fetched
 * without the click recording nothing, and the page after the deadline. LODGE_SHOTS=DIR keeps
 * screenshots.
 */
const site = inject("site");
const chromium = chromiumForFile();
const SHOTS = process.env.LODGE_SHOTS;
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const EVENT = "2026-12-02-stated-meeting";
/** The summons of the stated meeting of 2 December goes on 22 November at 10:00 in New York. */
const SUMMONED = new Date("2026-11-22T15:05:00Z");

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The server on the built site with a roll of one member, his summons caught by SMTP. */
async function summoned(): Promise<{ s: TestServer; smtp: TestSmtp; link: URL }> {
  const { s, smtp } = await serveSiteWithMail(site.dir, cleanups);
  await s.store.importRoll({
    add: [
      {
        number: "10423",
        firstName: "José",
        lastName: "Martínez",
        title: "PM",
        email: "jose@example.org",
        phone: "",
        degree: "master-mason",
        status: "active",
        dietary: "",
        key: "AbCdEfGhIjKlMnOp",
      },
    ],
    change: [],
    remove: [],
    now: NOW,
  });
  s.clock.advance(SUMMONED.getTime() - NOW.getTime());
  await s.scheduler.runDue();
  await s.worker.idle();
  const summons = smtp.received
    .map((m) => parseMail(m.raw))
    .find((m) => m.subject.startsWith("Summons: Stated Meeting"));
  if (!summons) throw new Error("no summons caught");
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    writeFileSync(join(SHOTS, "mail-summons.txt"), summons.text);
    writeFileSync(join(SHOTS, "mail-summons.html"), summons.part("text/html")?.body ?? "");
  }
  const url = /^(https:\S+answer#a=dining\S+)$/m.exec(summons.text)?.[1];
  if (!url) throw new Error("no dining link in the summons");
  return { s, smtp, link: new URL(url) };
}

const answerOf = (s: TestServer) => s.store.memberAnswer({ memberId: 1, eventId: EVENT });

/** axe's violations on the page as it is; run as DevTools runs a script, beside the site's CSP. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(readFileSync(AXE, "utf8"));
  const found = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as { id: string; nodes: { target: string[] }[] }[];
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
}

describe("the answer page (/rsvp/answer#...)", () => {
  it("opens from the summons with the answer chosen, records it with one click, and changes it", async () => {
    const { s, smtp, link } = await summoned();
    // A mail scanner fetching the link, and the page opened and read: nothing is recorded.
    const fetched = await fetch(`${s.url}${link.pathname}${link.hash}`);
    expect(fetched.status).toBe(200);
    const page = await openPage(chromium.browser, `${s.url}${link.pathname}${link.hash}`, {
      answered: "/mj/api/summons/view",
    });
    cleanups.push(() => closePage(page));
    await page.getByRole("heading", { name: "Stated Meeting" }).waitFor();
    const chosen = page.getByRole("radio", { name: "Attending and dining" });
    await expect.poll(() => chosen.isChecked()).toBe(true);
    expect(await answerOf(s)).toBeUndefined();
    expect(await page.locator(".answer-current").innerText()).toBe("You have not answered yet.");
    expect(await page.locator(".manage-summary").innerText()).toContain(
      "Opened on the Master Mason degree.",
    );
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS) {
      await page.screenshot({ path: join(SHOTS, "answer-1280.png"), fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.screenshot({ path: join(SHOTS, "answer-390.png"), fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
    }

    await page.getByRole("button", { name: "Send my answer" }).click();
    await page.getByRole("heading", { name: "Thank you" }).waitFor();
    expect(await page.locator(".answer-recorded").innerText()).toContain(
      "The secretary has your answer: Attending and dining.",
    );
    expect(await answerOf(s)).toEqual({ answer: "dining", waiting: false });
    expect((await s.store.attendeeCounts()).get(EVENT)).toBe(1);
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "answer-recorded.png"), fullPage: true });

    // He changes his mind on the same page: apologies, his seat freed.
    await page.getByRole("radio", { name: "Apologies" }).check();
    await page.getByRole("button", { name: "Send my answer" }).click();
    await expect
      .poll(() => page.locator(".answer-current").innerText())
      .toBe("Your answer: Apologies");
    expect(await answerOf(s)).toEqual({ answer: "apologies", waiting: false });
    expect((await s.store.attendeeCounts()).get(EVENT)).toBeUndefined();
    await s.worker.idle();
    expect(
      smtp.received
        .map((m) => parseMail(m.raw).subject)
        .filter((subject) => subject.startsWith("Your answer for")),
    ).toEqual([
      "Your answer for Stated Meeting, Wed, Dec 2, 2026 at 7:30PM: Attending and dining",
      "Your answer for Stated Meeting, Wed, Dec 2, 2026 at 7:30PM: Apologies",
    ]);
  });

  it("after the deadline shows the answer and whom to write to, and takes no change; a phone gets the same", async () => {
    const { s, link } = await summoned();
    const client = await s.client();
    const token = new URLSearchParams(link.hash.slice(1)).get("t");
    await client.post("/mj/api/summons/answer", { token, answer: "attending" });
    // RSVPs closed on 1 December at 11:59PM.
    s.clock.advance(new Date("2026-12-02T05:00:00Z").getTime() - s.clock.now().getTime());
    const page = await openPage(chromium.browser, `${s.url}${link.pathname}${link.hash}`, {
      width: 390,
      height: 800,
      answered: "/mj/api/summons/view",
    });
    cleanups.push(() => closePage(page));
    await page.getByRole("heading", { name: "Stated Meeting" }).waitFor();
    expect(await page.locator(".answer-current").innerText()).toBe("Your answer: Attending");
    expect(await page.locator(".manage-state").innerText()).toBe(
      "Answers closed on Dec 1, 2026 at 11:59PM. To change yours, write to the secretary at secretary@hillcrest586.example.org.",
    );
    expect(
      await page
        .getByRole("link", { name: "secretary@hillcrest586.example.org" })
        .getAttribute("href"),
    ).toBe("mailto:secretary@hillcrest586.example.org");
    expect(await page.locator("form.answer-form").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    if (SHOTS)
      await page.screenshot({ path: join(SHOTS, "answer-closed-390.png"), fullPage: true });
  });

  it("says what to do when opened without the summons' link, or with one cut short", async () => {
    const { s, link } = await summoned();
    const bare = await openPage(chromium.browser, `${s.url}/rsvp/answer`);
    cleanups.push(() => closePage(bare));
    await expect
      .poll(() => bare.locator(".manage-refused").innerText())
      .toContain("Open this page from a link in your summons.");
    const cut = await openPage(
      chromium.browser,
      `${s.url}${link.pathname}${link.hash.slice(0, -4)}`,
    );
    cleanups.push(() => closePage(cut));
    await expect
      .poll(() => cut.locator(".manage-refused").innerText())
      .toContain("This link does not open a summons: it may have been cut short.");
  });
});
