import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { buildEventRsvpPayload, buildSocialRsvpPayload } from "../core/rules/rsvp-payload.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { sampleData, type TestServer } from "./support/api-harness.ts";
import { linkToken } from "./support/manage-links.ts";
import { parseMail } from "./support/mime.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  outcomeInPlace,
} from "./support/site/app.ts";
import { serveSiteWithMail } from "./support/site/served-with-mail.ts";
import type { TestSmtp } from "./support/smtp-harness.ts";

/**
 * The visitor's side of the manage link: the confirmation mail a real SMTP server caught, its
 * link opened in Chromium on the built site, the reservation changed and cancelled there, and the
 * page after the deadline and once the link has expired. LODGE_SHOTS=DIR keeps screenshots.
 */
const site = inject("site");
const chromium = chromiumForFile();
const INSTALLATION = "2026-12-12-installation-of-officers";
const HOUR = 3_600_000;
const SHOTS = process.env.LODGE_SHOTS;

/** Whether an element shows whole in the window, below the sticky header. */
function inView(element: Locator): Promise<boolean> {
  return element.evaluate((node) => {
    const box = node.getBoundingClientRect();
    const bar = document.querySelector(".header-bar")?.getBoundingClientRect().bottom ?? 0;
    return box.top >= bar && box.bottom <= window.innerHeight;
  });
}

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

const serveWithMail = () => serveSiteWithMail(site.dir, cleanups);

const ANN = {
  firstName: "Ann",
  lastName: "Lee",
  masonicTitle: "",
  email: "ann@example.org",
  numberOfAttendees: 2,
  earlyBirdDinner: true,
  numberOfMeals: 1,
  mealChoice: "Chicken Piccata",
} as EventRsvpForm;

/** Ann's RSVP, and the page her confirmation's link opens on this server. */
async function rsvpAndOpenLink(s: TestServer, smtp: TestSmtp, width = 1280, height = 800) {
  const event = sampleData().events.find((e) => e.id === INSTALLATION);
  if (!event) throw new Error("no installation in the sample");
  const client = await s.client();
  expect((await client.post("/mj/api/rsvp", buildEventRsvpPayload(event, ANN))).status).toBe(200);
  await s.worker.idle();
  const mails = smtp.received.map((m) => parseMail(m.raw));
  const confirmation = mails.find((m) => m.headers.get("to") === "ann@example.org");
  if (!confirmation) throw new Error("no confirmation caught");
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await import("node:fs").then((fs) =>
      fs.writeFileSync(join(SHOTS, "mail-confirmation.txt"), confirmation.text),
    );
  }
  const link = new URL(
    `https://www.hillcrest586.example.org/rsvp/manage#${linkToken(confirmation.text)}`,
  );
  expect(confirmation.text).toContain(link.href);
  const page = await openPage(chromium.browser, `${s.url}${link.pathname}${link.hash}`, {
    width,
    height,
  });
  cleanups.push(() => closePage(page));
  return { page, mails: () => smtp.received.map((m) => parseMail(m.raw)) };
}

const facts = async (page: Page) =>
  (await page.locator(".manage-facts").innerText()).replace(/\s*\n\s*/g, " | ");

describe("the manage page (/rsvp/manage#token)", () => {
  it("opens from the mail, shows the reservation, changes head count and meals, then cancels it", async () => {
    const { s, smtp } = await serveWithMail();
    const { page, mails } = await rsvpAndOpenLink(s, smtp);
    await page.getByRole("heading", { name: "Installation of Officers" }).waitFor();
    expect(await facts(page)).toBe(
      "Name | Ann Lee | E-mail | ann@example.org | Attendees | 2 | Early bird dinner | 1 meal: 1 Chicken Piccata",
    );
    expect(await page.getByRole("status").first().innerText()).toBe(
      "You can change or cancel this reservation until Dec 2, 2026 at 11:59PM.",
    );
    if (SHOTS) await page.screenshot({ path: join(SHOTS, "manage-1280.png"), fullPage: true });

    const form = page.locator("form.manage-form");
    await form.getByLabel("Number of attendees (including yourself)").selectOption("3");
    await form.getByLabel("Number of meals").selectOption("3");
    await form.getByLabel("Chicken Piccata").fill("1");
    await form.getByLabel("Beef Tenderloin").fill("2");
    await form.getByRole("button", { name: "Submit" }).click();
    expect(await alertText(page)).toEqual([
      "Saved",
      "Your reservation is changed. A confirmation is on its way to your e-mail address.",
    ]);
    await expect
      .poll(() => facts(page))
      .toBe(
        "Name | Ann Lee | E-mail | ann@example.org | Attendees | 3 | Early bird dinner | 3 meals: 1 Chicken Piccata, 2 Beef Tenderloin",
      );
    // Said in the form's place, focused and in view; the form comes back to change it again.
    const layout = page.locator(".manage-layout");
    await outcomeInPlace(page, layout);
    expect(await inView(page.getByTestId("alert"))).toBe(true);
    expect((await s.store.attendeeCounts()).get(INSTALLATION)).toBe(3);
    await page.getByRole("button", { name: "Change it again" }).click();

    await form.getByRole("button", { name: "Cancel my reservation" }).click();
    await form.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect
      .poll(() => page.locator(".manage-state").innerText())
      .toMatch(/^This reservation is cancelled\./);
    expect(await page.locator("form.manage-form").count()).toBe(0);
    expect(await alertText(page)).toEqual([
      "Cancelled",
      "Your reservation is cancelled and its seats are free for others. A confirmation is on its way to ann@example.org.",
    ]);
    // In view where the form was, not left at the foot of a page that grew shorter.
    await outcomeInPlace(page, layout);
    expect(await inView(page.getByTestId("alert"))).toBe(true);
    expect(await page.getByRole("button", { name: "Change it again" }).count()).toBe(0);
    expect((await s.store.attendeeCounts()).get(INSTALLATION)).toBeUndefined();
    await s.worker.idle();
    const subjects = mails().map((m) => [m.headers.get("to"), m.subject]);
    expect(subjects.slice(2)).toEqual([
      [
        "ann@example.org",
        "Changed: your reservation for Installation of Officers on Sat, Dec 12, 2026 at 2:00PM",
      ],
      [
        "secretary@hillcrest586.example.org",
        "RSVP changed: Ann Lee, Installation of Officers on Sat, Dec 12, 2026 at 2:00PM",
      ],
      [
        "ann@example.org",
        "Cancelled: your reservation for Installation of Officers on Sat, Dec 12, 2026 at 2:00PM",
      ],
      [
        "secretary@hillcrest586.example.org",
        "RSVP cancelled: Ann Lee, Installation of Officers on Sat, Dec 12, 2026 at 2:00PM",
      ],
    ]);
    if (SHOTS) {
      const fs = await import("node:fs");
      for (const [i, mail] of mails().slice(2).entries()) {
        fs.writeFileSync(
          join(SHOTS, `mail-${i + 1}.txt`),
          `Subject: ${mail.subject}\n\n${mail.text}`,
        );
      }
    }
  });

  it("after the deadline says whom to write to; once expired it says so, on a phone too", async () => {
    const { s, smtp } = await serveWithMail();
    const { page } = await rsvpAndOpenLink(s, smtp, 390, 844);
    await page.locator("form.manage-form").waitFor();
    // The deadline is Wed Dec 2 at 11:59PM, New York time; NOW is Sat Nov 21, noon.
    s.clock.advance((11 * 24 + 12) * HOUR);
    await page.reload();
    await expect
      .poll(() => page.locator(".manage-state").innerText())
      .toBe(
        "Reservations closed on Dec 2, 2026 at 11:59PM, so this one can no longer be changed here. To change or cancel it, write to the secretary at secretary@hillcrest586.example.org.",
      );
    expect(await page.locator("form.manage-form").count()).toBe(0);
    expect(
      await page
        .getByRole("link", { name: "secretary@hillcrest586.example.org" })
        .getAttribute("href"),
    ).toBe("mailto:secretary@hillcrest586.example.org");
    if (SHOTS)
      await page.screenshot({ path: join(SHOTS, "manage-closed-390.png"), fullPage: true });
    // The event is Sat Dec 12 at 2PM, over at 4PM; the link works until 4PM the next day.
    s.clock.advance((10 * 24 + 16) * HOUR + 60_000);
    await page.reload();
    await expect
      .poll(() => page.locator(".manage-refused").innerText())
      .toMatch(
        /^This link has expired: it worked until a day after Installation of Officers on Dec 12, 2026\./,
      );
    if (SHOTS)
      await page.screenshot({ path: join(SHOTS, "manage-expired-390.png"), fullPage: true });
  });

  it("lets a social outing's RSVP change its head count, with no dinner to speak of", async () => {
    const { s, smtp } = await serveWithMail();
    const outing = sampleData().socialEvents.find((o) => o.isRsvp && o.date.startsWith("2027/05"));
    if (!outing) throw new Error("no outing taking RSVPs in May 2027 in the sample");
    const client = await s.client();
    const sent = await client.post(
      "/mj/api/social-rsvp",
      buildSocialRsvpPayload(outing, {
        firstName: "Ann",
        lastName: "Lee",
        email: "ann@example.org",
        numberOfAttendees: 1,
      }),
    );
    expect(sent.status).toBe(200);
    await s.worker.idle();
    const confirmation = smtp.received
      .map((m) => parseMail(m.raw))
      .find((m) => m.headers.get("to") === "ann@example.org");
    const token = linkToken(confirmation?.text ?? "");
    const page = await openPage(chromium.browser, `${s.url}/rsvp/manage#${token}`, {
      width: 390,
      height: 844,
    });
    cleanups.push(() => closePage(page));
    await page.getByRole("heading", { name: outing.name }).waitFor();
    expect(await facts(page)).toBe("Name | Ann Lee | E-mail | ann@example.org | Attendees | 1");
    const form = page.locator("form.manage-form");
    expect(await form.getByRole("checkbox").count()).toBe(0);
    await form.getByLabel("Number of attendees (including yourself)").selectOption("3");
    await form.getByRole("button", { name: "Submit" }).click();
    await expect
      .poll(() => facts(page))
      .toBe("Name | Ann Lee | E-mail | ann@example.org | Attendees | 3");
    expect((await s.store.listSocialRsvps(outing.id)).map((r) => r.record.attendees)).toEqual([3]);
    if (SHOTS)
      await page.screenshot({ path: join(SHOTS, "manage-social-390.png"), fullPage: true });
  });

  it("without a token, or with a cut one, says what to do instead of failing", async () => {
    const { s } = await serveWithMail();
    const page = await openPage(chromium.browser, `${s.url}/rsvp/manage`, {
      width: 390,
      height: 844,
    });
    cleanups.push(() => closePage(page));
    await expect
      .poll(() => page.locator(".manage-refused").innerText())
      .toMatch(/^Open this page from the link in the mail that confirmed your reservation\./);
    await page.goto(`${s.url}/rsvp/manage#e123.abc`);
    await page.reload();
    await expect
      .poll(() => page.locator(".manage-refused").innerText())
      .toMatch(/^This link does not open a reservation/);
  });
});
