import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { socialRsvpOpen, upcomingRsvpOpen } from "../core/rules/rsvp-window.ts";
import { NOW, sampleData } from "./support/api-harness.ts";
import { chromiumForFile, closePage, openPage, siteServerPerTest } from "./support/site/app.ts";

/**
 * RSVP and contact with JavaScript off (a Chromium context with javaScriptEnabled false) against
 * the real server and the built site: the RSVP button leads to the event's plain form page, the
 * forms post themselves, and the server answers with a page. With JavaScript on, the same
 * button opens the modal, as before.
 */

const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);
const { events, socialEvents, lodge } = sampleData();

/** An event taking reservations at the build's moment, with a dinner of several choices. */
const DINNER = events.find(
  (e) =>
    upcomingRsvpOpen(e, NOW, lodge.timeZone) &&
    e.earlyBirdOptions.choices.length >= 2 &&
    !e.rsvpLimit,
);
const OUTING = socialEvents.find((o) => socialRsvpOpen(o, NOW, lodge.timeZone));

async function openWithoutScripts(browser: Browser, url: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width, height: 900 },
  });
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(url);
  return page;
}

/** What the server's answer says, a line per paragraph: what happened, or what went wrong. */
async function answerText(page: Page): Promise<string> {
  return (await page.locator("#form-answer").innerText()).replace(/\n+/g, "\n");
}

describe("RSVP and contact without JavaScript", () => {
  it("follows the RSVP button to the event's form page and reserves seats and meals by choice", async () => {
    if (!DINNER) throw new Error("the sample lodge has no open event with a dinner of choices");
    const [first, second] = DINNER.earlyBirdOptions.choices as [string, string];
    const s = await start();
    const page = await openWithoutScripts(chromium.browser, `${s.url}/upcoming-events`);
    await page
      .locator(`article[aria-labelledby="event-${DINNER.id}"]`)
      .getByRole("link", { name: /^RSVP/ })
      .click();
    expect(new URL(page.url()).pathname).toBe(`/events/${DINNER.id}/rsvp`);
    await page.getByLabel("First Name").fill("Hiram");
    await page.getByLabel("Last Name").fill("Abiff");
    await page.getByLabel("Masonic Title").fill("PM");
    await page.getByLabel("Email").fill("Hiram@Example.org");
    await page.getByLabel("Number of attendees (including yourself)").selectOption("3");
    // The meal fields show once the dinner box is ticked, the counts once more meals are ordered.
    const meals = page.getByLabel("Number of meals");
    expect(await meals.isVisible()).toBe(false);
    await page.getByRole("checkbox").check();
    await meals.selectOption("3");
    expect(await page.getByRole("radio", { name: first }).isVisible()).toBe(false);
    await page.getByRole("spinbutton", { name: first }).fill("2");
    await page.getByRole("spinbutton", { name: second }).fill("1");
    await page.getByRole("button", { name: "Submit" }).click();

    expect(await answerText(page)).toBe(
      `${ALERTS.rsvpSuccess.heading}\n${ALERTS.rsvpSuccess.text}\nBack to ${DINNER.name}`,
    );
    await page.getByRole("link", { name: `Back to ${DINNER.name}` }).click();
    expect(new URL(page.url()).pathname).toBe(`/events/${DINNER.id}`);
    const stored = (await s.store.listEventRsvps(DINNER.id)).map((r) => r.record);
    expect(stored).toEqual([
      expect.objectContaining({
        email: "hiram@example.org",
        masonicTitle: "PM",
        attendees: 3,
        dinner: true,
        meals: 3,
      }),
    ]);
    expect(stored[0]?.mealCounts.filter((m) => m.count > 0)).toEqual([
      { choice: first, count: 2 },
      { choice: second, count: 1 },
    ]);
    await closePage(page);
  });

  it("shows a bad field's problem beside it with everything typed kept, then sends once corrected", async () => {
    if (!OUTING) throw new Error("the sample lodge has no outing taking reservations");
    const s = await start();
    const page = await openWithoutScripts(chromium.browser, `${s.url}/social-events/${OUTING.id}`);
    await page.getByRole("link", { name: /^RSVP/ }).click();
    expect(new URL(page.url()).pathname).toBe(`/social-events/${OUTING.id}/rsvp`);
    await page.getByLabel("First Name").fill("Ann");
    await page.getByLabel("Last Name").fill("Lee");
    await page.getByLabel("Email").fill("ann at example");
    await page.getByLabel("Number of attendees (including yourself)").selectOption("4");
    await page.getByRole("button", { name: "Submit" }).click();

    const email = page.getByLabel("Email");
    expect(await page.getByRole("alert").locator("h2").innerText()).toBe("Error");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await email.getAttribute("aria-describedby")}`).innerText()).toBe(
      "E-mail address may not contain spaces; it looks like name@example.com.",
    );
    expect(await email.inputValue()).toBe("ann at example");
    expect(await page.getByLabel("First Name").inputValue()).toBe("Ann");
    expect(await page.getByLabel("Last Name").inputValue()).toBe("Lee");
    expect(await page.getByLabel("Number of attendees (including yourself)").inputValue()).toBe(
      "4",
    );
    expect(await s.store.listSocialRsvps()).toEqual([]);

    await email.fill("ann@example.org");
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await answerText(page)).toBe(
      `${ALERTS.rsvpSuccess.heading}\n${ALERTS.rsvpSuccess.text}\nBack to ${OUTING.name}`,
    );
    expect((await s.store.listSocialRsvps()).map((r) => r.record.attendees)).toEqual([4]);
    await closePage(page);
  });

  it("sends the contact form as a plain post, the form's token filled in by the server", async () => {
    const s = await start();
    const page = await openWithoutScripts(chromium.browser, `${s.url}/contact-us`);
    await page.getByLabel("First Name").fill("Ann");
    await page.getByLabel("Last Name").fill("Lee");
    await page.getByLabel("Email").fill("ann@example.org");
    await page.getByLabel("Message").fill("When is the next open house?");
    // A person takes longer than the minimum time to fill the form in.
    s.clock.advance(10_000);
    await page.getByRole("button", { name: "Submit" }).click();
    expect(await answerText(page)).toBe(
      `${ALERTS.contactSuccess.heading}\n${ALERTS.contactSuccess.text}\nBack to the home page`,
    );
    expect((await s.store.listContactMessages()).map((m) => m.record.message)).toEqual([
      "When is the next open house?",
    ]);
    await closePage(page);
  });

  it("shows the menu on a phone in the page's flow, above the heading, never over it", async () => {
    const s = await start();
    const page = await openWithoutScripts(chromium.browser, `${s.url}/about-us`, 390);
    await expect(page.getByRole("link", { name: "Contact Us" }).first().isVisible()).resolves.toBe(
      true,
    );
    // The button that needs a script to open the menu is not offered.
    expect(await page.locator(".menu-button").isVisible()).toBe(false);
    await page.locator("main h1").scrollIntoViewIfNeeded();
    const heading = page.locator("main h1");
    const box = await heading.boundingBox();
    expect(box).not.toBeNull();
    // What is drawn at the heading's centre is the heading, not the menu.
    const onTop = await page.evaluate(
      ({ x, y }) => document.elementFromPoint(x, y)?.closest("h1") !== null,
      { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
    );
    expect(onTop).toBe(true);
    await closePage(page);
  });

  it("links the home page's 'Make your reservation today!' to RSVP pages the build wrote", async () => {
    const s = await start();
    const page = await openWithoutScripts(chromium.browser, `${s.url}/home`);
    const links = page.getByRole("link", { name: /^Make your reservation today!/ });
    const hrefs = await links.evaluateAll((all) => all.map((a) => a.getAttribute("href")));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) {
      expect(href).toMatch(/^\/events\/[a-z0-9-]+\/rsvp$/);
      expect(existsSync(join(site.dir, `${href}/index.html`)), String(href)).toBe(true);
    }
    await closePage(page);
  });

  it("keeps the modal with JavaScript on: the same RSVP button opens it instead of the page", async () => {
    if (!DINNER) throw new Error("the sample lodge has no open event with a dinner of choices");
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/events/${DINNER.id}`);
    await page.getByRole("button", { name: /^RSVP/ }).click();
    await page.getByRole("dialog", { name: `RSVP for ${DINNER.name}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/events/${DINNER.id}`);
    await closePage(page);
  });
});
