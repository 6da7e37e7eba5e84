import { readdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ALERTS, CONTACT_SUBJECT } from "../core/messages.ts";
import { buildSocialRsvpPayload, toSheetPayload } from "../core/rules/rsvp-payload.ts";
import { sampleData } from "./support/api-harness.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  outcomeInPlace,
  recordRequests,
  siteServerPerTest,
} from "./support/site/app.ts";

const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);

const BALLPARK = "2027-05-22-brothers-night-out-at-the-ballpark";
const TRIVIA = "2027-09-23-trivia-night-at-copper-kettle-brewing";
const SERIES = sampleData().lodge.socialSeries.title;

const outing = (page: Page, id: string) => page.locator(`article[aria-labelledby="outing-${id}"]`);

function sampleOuting(id: string) {
  const found = sampleData().socialEvents.find((o) => o.id === id);
  if (!found) throw new Error(`no sample outing ${id}`);
  return found;
}

async function openSocialRsvp(page: Page, id: string) {
  await outing(page, id).getByRole("button", { name: /^RSVP/ }).click();
  const dialog = page.getByRole("dialog", { name: `RSVP to ${SERIES}` });
  await dialog.waitFor();
  return dialog;
}

describe("social events", () => {
  it("shows the series, the three info cards and each outing as SPEC 2 describes, the picture half the card from 1024px", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/social-events`);
    expect(await page.locator("main h1").textContent()).toBe(SERIES);
    expect(await page.locator(".info-cards h2").allTextContents()).toEqual([
      "Building Brotherhood",
      "All Are Welcome",
      "All Events Are Pay-your-own-way",
    ]);
    expect(await page.getByRole("heading", { name: "Upcoming Social Outings" }).count()).toBe(1);
    expect(await page.locator(".outing h3").allTextContents()).toEqual([
      "Brothers' Night Out at the Ballpark",
      "Summer Cookout at Hawthorn Ridge Park",
      "Trivia Night at Copper Kettle Brewing",
    ]);
    const ballpark = outing(page, BALLPARK);
    expect(await ballpark.locator(".outing-when").textContent()).toBe("Saturday, May 22, 6:05PM");
    expect(await ballpark.locator(".rsvp-note").textContent()).toBe(
      "Please RSVP so we can hold enough seats in our block.",
    );
    const map = ballpark.getByRole("link", { name: /Lakefront Ballpark, 1200 Harbor View Drive/ });
    expect(await map.getAttribute("href")).toBe(sampleOuting(BALLPARK).locationUrl);
    const width = async () => {
      const image = await ballpark.locator("img").boundingBox();
      const whole = await ballpark.boundingBox();
      return (image?.width ?? 0) / (whole?.width ?? 1);
    };
    expect(await width()).toBeCloseTo(0.5, 2);
    await page.setViewportSize({ width: 1000, height: 900 });
    expect(await width()).toBeCloseTo(1, 2);
    // Trivia night takes no reservations.
    expect(await outing(page, TRIVIA).getByRole("button").count()).toBe(0);
    expect(await outing(page, TRIVIA).locator(".rsvp-note").count()).toBe(0);
    await closePage(page);
  });

  it("offers RSVP until 9pm the day before the outing", async () => {
    const s = await start();
    // May 21, 2027 at 8:59 PM and 9:00 PM in New York (EDT, UTC-4).
    for (const [time, open] of [
      ["2027-05-22T00:59:00Z", true],
      ["2027-05-22T01:00:00Z", false],
    ] as const) {
      const page = await openPage(chromium.browser, `${s.url}/social-events`, { time });
      const ballpark = outing(page, BALLPARK);
      await expect
        .poll(() => ballpark.getByRole("button", { name: /^RSVP/ }).count())
        .toBe(open ? 1 : 0);
      expect(await ballpark.locator(".rsvp-note").count()).toBe(open ? 1 : 0);
      await closePage(page);
    }
  });

  it("takes a social RSVP: the outing in the modal, attendees 1 to 10, Cancel clears, Submit sends, and the server stores and mails it", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/social-events`);
    const sent = recordRequests(page, "/mj/api/social-rsvp");
    const rows = recordRequests(page, "/sheets/api/append-social-rsvp");
    let dialog = await openSocialRsvp(page, BALLPARK);
    const text = (await dialog.textContent()) ?? "";
    expect(text).toContain("RSVP for Brothers' Night Out at the Ballpark");
    expect(text).toContain("Back by popular demand: baseball and fireworks.");
    expect(text).toContain("Saturday, May 22, 2027 at 6:05PM");
    const attendees = dialog.getByLabel("Number of attendees (including yourself)");
    expect(await attendees.inputValue()).toBe("1");
    expect(await attendees.locator("option").allTextContents()).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );

    await dialog.getByLabel("First Name").fill("Mary-Jane");
    await attendees.selectOption("3");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await openSocialRsvp(page, BALLPARK);
    expect(await dialog.getByLabel("First Name").inputValue()).toBe("");
    expect(await attendees.inputValue()).toBe("1");

    const submit = dialog.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    await dialog.getByLabel("First Name").fill("Mary-Jane");
    await dialog.getByLabel("Last Name").fill("Watson");
    await dialog.getByLabel("Email").pressSequentially("MJ@Example.org");
    await attendees.selectOption("3");
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/mj/api/social-rsvp", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    const sending = dialog.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    expect(await sending.locator(".spinner").count()).toBe(1);
    release();
    expect(await alertText(page)).toEqual([ALERTS.rsvpSuccess.heading, ALERTS.rsvpSuccess.text]);
    // Said in the dialog, in the form's place: Close closes it, and it opens on a new form.
    await outcomeInPlace(page, dialog);
    await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
    await dialog.waitFor({ state: "hidden" });
    dialog = await openSocialRsvp(page, BALLPARK);
    expect(await dialog.getByLabel("First Name").inputValue()).toBe("");
    await page.keyboard.press("Escape");

    const expected = buildSocialRsvpPayload(sampleOuting(BALLPARK), {
      firstName: "Mary-Jane",
      lastName: "Watson",
      email: "mj@example.org",
      numberOfAttendees: 3,
    });
    expect(sent.map((r) => r.body)).toEqual([JSON.parse(JSON.stringify(expected))]);
    expect(sent[0]?.headers["x-xsrf-token"]).toBeTruthy();
    await expect.poll(() => rows.length).toBe(1);
    expect(rows[0]?.body).toEqual(
      JSON.parse(JSON.stringify(toSheetPayload(expected, sampleOuting(BALLPARK)))),
    );
    expect(rows[0]?.body).toMatchObject({ date: "Sat, May 22, 2027" });

    const [stored] = await s.store.listSocialRsvps(BALLPARK);
    expect(stored?.record).toMatchObject({
      outingId: BALLPARK,
      firstName: "Mary-Jane",
      lastName: "Watson",
      email: "mj@example.org",
      attendees: 3,
    });
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-social-rsvp-notice.eml",
      "000002-social-rsvp-confirmation.eml",
    ]);
    dialog = await openSocialRsvp(page, BALLPARK);
    expect(await dialog.getByLabel("Last Name").inputValue()).toBe("");
    await closePage(page);
  });

  it("shows the catalogue's error when the social RSVP fails, and writes no row", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/social-events`);
    const rows = recordRequests(page, "/sheets/api/append-social-rsvp");
    await page.route("**/mj/api/social-rsvp", (route) =>
      route.fulfill({ status: 503, contentType: "application/json", body: "{}" }),
    );
    const dialog = await openSocialRsvp(page, BALLPARK);
    await dialog.getByLabel("First Name").fill("Pat");
    await dialog.getByLabel("Last Name").fill("Doe");
    await dialog.getByLabel("Email").fill("pat@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect(await alertText(page)).toEqual([ALERTS.sendFailure.heading, ALERTS.sendFailure.text]);
    expect(rows).toEqual([]);
    await closePage(page);
  });
});

describe("contact us", () => {
  async function fillContact(page: Page) {
    await page.getByLabel("First Name").fill("Sam");
    await page.getByLabel("Last Name").fill("Jones");
    await page.getByLabel("Email").fill("sam.jones@example.org");
    await page.getByLabel("Phone Number (optional)").fill("(216) 555-0100 ext 12");
    await page.getByLabel("Message").fill("How do I join the lodge?");
  }

  it("sends a message: Submit disabled until valid, scrolls to the top, 'Sending...', the server stores and mails it, the form clears", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/contact-us`, { width: 390 });
    const sent = recordRequests(page, "/mj/api/contact-us");
    expect(await page.locator("main h1").textContent()).toBe(
      "Contact the Brethren of Hillcrest Lodge No. 586",
    );
    const submit = page.getByRole("button", { name: "Submit" });
    expect(await submit.isDisabled()).toBe(true);
    await fillContact(page);
    await page.getByLabel("Phone Number (optional)").fill("call me");
    expect(await page.getByLabel("Phone Number (optional)").getAttribute("aria-invalid")).toBe(
      "true",
    );
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Phone Number (optional)").fill("");
    expect(await submit.isDisabled()).toBe(false);
    await page.getByLabel("Phone Number (optional)").fill("(216) 555-0100 ext 12");
    // A person takes more than the server's minimum time to write.
    s.clock.advance(30_000);
    await submit.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/mj/api/contact-us", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await page.getByRole("button", { name: "Sending..." }).waitFor();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    release();
    expect(await alertText(page)).toEqual([
      ALERTS.contactSuccess.heading,
      ALERTS.contactSuccess.text,
    ]);
    expect(await page.getByLabel("First Name").inputValue()).toBe("");
    expect(await page.getByLabel("Message").inputValue()).toBe("");

    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({
      firstName: "Sam",
      lastName: "Jones",
      email: "sam.jones@example.org",
      phoneNumber: "(216) 555-0100 ext 12",
      message: "How do I join the lodge?",
      subject: CONTACT_SUBJECT,
      website: "",
    });
    expect(sent[0]?.body).toMatchObject({ formToken: expect.stringMatching(/\S{20,}/) });
    const [stored] = await s.store.listContactMessages();
    expect(stored?.record).toMatchObject({ firstName: "Sam", message: "How do I join the lodge?" });
    await s.worker.idle();
    expect(readdirSync(s.outbox).sort()).toEqual([
      "000001-contact-notice.eml",
      "000002-contact-acknowledgement.eml",
    ]);
    await closePage(page);
  });

  it("keeps the form and shows the server's reason when it refuses, or the catalogue's text when the send fails", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/contact-us`);
    const submit = page.getByRole("button", { name: "Submit" });
    await fillContact(page);
    // Sent at once: faster than a person can write, so the server refuses it.
    await submit.click();
    const [heading, text] = await alertText(page);
    expect(heading).toBe("Error");
    expect(text).toMatch(/too fast for a person\. Please wait a few seconds and send it again\.$/);
    expect(await page.getByLabel("Message").inputValue()).toBe("How do I join the lodge?");

    await page.getByRole("button", { name: "Dismiss" }).click();
    await page.getByTestId("alert").waitFor({ state: "detached" });
    await page.route("**/mj/api/contact-us", (route) => route.abort("connectionrefused"));
    await submit.click();
    expect(await alertText(page)).toEqual([ALERTS.sendFailure.heading, ALERTS.sendFailure.text]);
    expect(await page.getByLabel("First Name").inputValue()).toBe("Sam");
    expect(await s.store.listContactMessages()).toEqual([]);
    await closePage(page);
  });
});
