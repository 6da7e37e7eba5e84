import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterEach, describe, expect, inject, it } from "vitest";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import type { EventRsvpForm } from "../core/schemas/index.ts";
import { sampleData, type TestServer } from "./support/api-harness.ts";
import { claimTokenOf, manageTokenOf } from "./support/manage-links.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  startSiteServer,
} from "./support/site/app.ts";

/**
 * The visitor's side of the waiting list, in Chromium on the built site against the real server:
 * a full event's 'Join the waiting list' opens the RSVP modal in its waiting-list mode, the
 * claim page the mail links to shows the place in line, seats freed by a cancel are offered and
 * claimed there, and the same list is joined with JavaScript off. LODGE_SHOTS=DIR keeps the
 * screenshots (desktop 1280 and phone 390).
 */
const site = inject("site");
const chromium = chromiumForFile();
const SHOTS = process.env.LODGE_SHOTS;
const INSTALLATION = "2026-12-12-installation-of-officers";
function sampleEvent(id: string) {
  const found = sampleData().events.find((e) => e.id === id);
  if (!found) throw new Error(`no ${id} in the sample`);
  return found;
}
const event = sampleEvent(INSTALLATION);
const NAME = event.name;

let cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  cleanups = [];
});

/** The server with the built site, its guest limit 2, the event's seats all taken by Bob. */
async function fullEvent(full = event): Promise<TestServer> {
  const s = await startSiteServer(site.dir, { guestLimit: 2 });
  cleanups.push(() => s.close());
  const bob = {
    firstName: "Bob",
    lastName: "Early",
    masonicTitle: "",
    email: "bob@example.org",
    numberOfAttendees: 2,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm;
  const client = await s.client();
  expect((await client.post("/mj/api/rsvp", buildEventRsvpPayload(full, bob))).status).toBe(200);
  return s;
}

async function shot(page: Page, name: string, fullPage = true) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the sticky header in the middle.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SHOTS, name), fullPage });
}

const facts = async (page: Page) =>
  (await page.locator(".manage-facts").innerText()).replace(/\s*\n\s*/g, " | ");

/** Fills the RSVP form's person fields (the modal's or the plain page's). */
async function fillPerson(form: ReturnType<Page["locator"]> | Page, first: string, email: string) {
  await form.getByLabel("First Name").fill(first);
  await form.getByLabel("Last Name").fill("Lee");
  await form.getByLabel("Email").fill(email);
}

async function openClaim(browser: Browser, s: TestServer, token: string, width = 1280) {
  const page = await openPage(browser, `${s.url}/rsvp/claim#${token}`, { width, height: 900 });
  cleanups.push(() => closePage(page));
  await page.locator(".manage-summary").waitFor();
  return page;
}

describe("the waiting list, the visitor's side", () => {
  it("joins a full event's waiting list from the RSVP modal and sees the place in line on the claim page", async () => {
    const s = await fullEvent();
    for (const width of [1280, 390]) {
      const page = await openPage(chromium.browser, `${s.url}/events/${INSTALLATION}`, {
        width,
        height: 900,
      });
      cleanups.push(() => closePage(page));
      const rsvp = page.getByRole("button", { name: /^RSVP/ });
      await expect.poll(() => rsvp.getAttribute("aria-disabled")).toBe("true");
      await page.getByRole("button", { name: `Join the waiting list for ${NAME}` }).click();
      const dialog = page.getByRole("dialog", { name: `Join the waiting list for ${NAME}` });
      await dialog.waitFor();
      await fillPerson(dialog, "Ann", `ann${width}@example.org`);
      await dialog.getByLabel("Number of attendees (including yourself)").selectOption("2");
      expect(await dialog.locator(".privacy-note").innerText()).toMatch(
        /^Your name and e-mail address are used only for your place in the waiting list/,
      );
      await shot(page, `waitlist-modal-${width}.png`, false);
      await dialog.getByRole("button", { name: "Join the waiting list" }).click();
      const [heading, text] = await alertText(page);
      expect(heading).toBe("On the waiting list");
      expect(text).toMatch(
        new RegExp(`waiting list for ${NAME}.*number ${width === 1280 ? 1 : 2}`),
      );
    }
    expect((await s.store.listWaitlist(INSTALLATION)).map((e) => e.record.email)).toEqual([
      "ann1280@example.org",
      "ann390@example.org",
    ]);
    // Nothing was reserved: the seats are still Bob's alone.
    expect((await s.store.listEventRsvps(INSTALLATION)).map((r) => r.record.email)).toEqual([
      "bob@example.org",
    ]);

    for (const width of [1280, 390]) {
      const page = await openClaim(
        chromium.browser,
        s,
        await claimTokenOf(s, `ann${width}@example.org`, "waitlist-joined"),
        width,
      );
      expect(await facts(page)).toBe(
        `Name | Ann Lee | E-mail | ann${width}@example.org | Seats asked for | 2 | Early bird dinner | not reserved | Place in line | ${width === 1280 ? "1st" : "2nd"}`,
      );
      expect(await page.getByRole("button", { name: "Leave the waiting list" }).count()).toBe(1);
      await shot(page, `claim-waiting-${width}.png`);
    }
  });

  it("turns the home spotlight's RSVP to the waiting list when the event is full, and joins it", async () => {
    const night = sampleEvent("brotherhood-night-2026");
    const s = await fullEvent(night);
    const page = await openPage(chromium.browser, `${s.url}/home`);
    cleanups.push(() => closePage(page));
    await page
      .locator("article.spotlight", { hasText: night.name })
      .first()
      .getByRole("button", { name: /^Make your reservation today!/ })
      .click();
    const rsvp = page.getByRole("dialog", { name: `RSVP for ${night.name}` });
    await fillPerson(rsvp, "Dee", "dee@example.org");
    await rsvp.getByRole("button", { name: "Submit" }).click();
    const list = page.getByRole("dialog", { name: `Join the waiting list for ${night.name}` });
    await list.waitFor();
    expect(await list.locator(".waitlist-note p").first().innerText()).toMatch(
      /^This event is full: all 2 seats have been taken\./,
    );
    expect(await list.getByLabel("Email").inputValue()).toBe("dee@example.org");
    await list.getByRole("button", { name: "Join the waiting list" }).click();
    expect((await alertText(page))[0]).toBe("On the waiting list");
    expect((await s.store.listWaitlist(night.id)).map((e) => e.record.email)).toEqual([
      "dee@example.org",
    ]);
  });

  it("turns the waiting-list modal back to the RSVP when seats came free meanwhile, and reserves", async () => {
    const s = await fullEvent();
    const page = await openPage(chromium.browser, `${s.url}/events/${INSTALLATION}`);
    cleanups.push(() => closePage(page));
    await page.getByRole("button", { name: `Join the waiting list for ${NAME}` }).click();
    const list = page.getByRole("dialog", { name: `Join the waiting list for ${NAME}` });
    await fillPerson(list, "Eli", "eli@example.org");
    // Bob cancels while Eli types: no one is in line, so his seats are simply free.
    const cancel = await (await s.client()).post("/mj/api/rsvp/cancel", {
      token: await manageTokenOf(s, "bob@example.org"),
    });
    expect(cancel.status).toBe(200);
    await list.getByRole("button", { name: "Join the waiting list" }).click();
    const rsvp = page.getByRole("dialog", { name: `RSVP for ${NAME}` });
    await rsvp.waitFor();
    expect(await rsvp.locator(".waitlist-note").innerText()).toMatch(/free/);
    expect(await rsvp.getByLabel("First Name").inputValue()).toBe("Eli");
    await rsvp.getByRole("button", { name: "Submit" }).click();
    expect((await alertText(page))[0]).toBe("Success!");
    expect((await s.store.listEventRsvps(INSTALLATION)).map((r) => r.record.email)).toEqual([
      "eli@example.org",
    ]);
    expect(await s.store.listWaitlist(INSTALLATION)).toEqual([]);
  });

  it("offers seats a cancel frees to the first in line, whose claim page claims them into an RSVP", async () => {
    const s = await fullEvent();
    const client = await s.client();
    const ann = { ...PERSON, email: "ann@example.org" } as EventRsvpForm;
    const joined = await client.post("/mj/api/rsvp/waitlist", buildEventRsvpPayload(event, ann));
    expect(joined.status).toBe(200);
    const token = await claimTokenOf(s, "ann@example.org", "waitlist-joined");

    // Bob cancels through his own link: his two seats are offered to Ann in the same step.
    s.clock.advance(3_600_000);
    const cancel = await client.post("/mj/api/rsvp/cancel", {
      token: await manageTokenOf(s, "bob@example.org"),
    });
    expect(cancel.status).toBe(200);
    const offered = await claimTokenOf(s, "ann@example.org", "waitlist-offer");
    const page = await openClaim(chromium.browser, s, offered, 390);
    await page.locator(".claim-box").waitFor();
    expect(await page.locator(".manage-state").innerText()).toMatch(
      new RegExp(`^2 seats for ${NAME} are held for you until Nov 22, 2026 at 1:00PM`),
    );
    await shot(page, "claim-offered-390.png");
    const desk = await openClaim(chromium.browser, s, offered, 1280);
    await desk.locator(".claim-box").waitFor();
    await shot(desk, "claim-offered-1280.png");
    // The first link of the entry opens it too.
    if (token !== offered) await openClaim(chromium.browser, s, token);

    await page.getByRole("button", { name: "Claim my seats" }).click();
    expect((await alertText(page))[0]).toBe("Claimed");
    await expect
      .poll(() => page.locator(".manage-state").getAttribute("class"))
      .toContain("manage-claimed");
    expect(await page.getByRole("button", { name: "Claim my seats" }).count()).toBe(0);
    // Said where the buttons were, focused, with what comes next; not in the banner over the heading.
    expect(await page.evaluate(() => document.activeElement?.className)).toContain("form-outcome");
    await expect
      .poll(() => page.locator(".form-outcome .claim-next").innerText())
      .toMatch(new RegExp(`^See you at ${NAME}\\.\\s+All upcoming events$`));
    expect(await page.locator(".alert-region .alert").count()).toBe(0);
    await shot(page, "claim-claimed-390.png");
    const rsvps = await s.store.listEventRsvps(INSTALLATION);
    expect(rsvps.map((r) => [r.record.email, r.record.attendees])).toEqual([
      ["ann@example.org", 2],
    ]);
    expect((await s.store.attendeeCounts()).get(INSTALLATION)).toBe(2);
  });

  it("lets a waiting party leave the line, and says an offer that ran out took the party off the list, with the way back", async () => {
    const s = await fullEvent();
    const client = await s.client();
    for (const [first, attendees] of [
      ["Ann", 2],
      ["Cal", 1],
    ] as const) {
      const party = { ...PERSON, firstName: first, numberOfAttendees: attendees };
      const form = { ...party, email: `${first.toLowerCase()}@example.org` } as EventRsvpForm;
      const sent = await client.post("/mj/api/rsvp/waitlist", buildEventRsvpPayload(event, form));
      expect(sent.status).toBe(200);
    }
    const cal = await openClaim(
      chromium.browser,
      s,
      await claimTokenOf(s, "cal@example.org", "waitlist-joined"),
      390,
    );
    await cal.getByRole("button", { name: "Leave the waiting list" }).click();
    await cal.getByRole("button", { name: "Yes, leave it" }).click();
    expect((await alertText(cal))[0]).toBe("Left the waiting list");
    await expect
      .poll(() => cal.locator(".manage-state").innerText())
      .toBe(`You are no longer on the waiting list for ${NAME}.`);
    expect(await cal.locator(".alert-region .alert").count()).toBe(0);
    expect(await cal.locator(".form-outcome .claim-next p").first().innerText()).toBe(
      `The page of ${NAME} shows whether seats are free.`,
    );
    expect(await cal.getByRole("link", { name: NAME }).getAttribute("href")).toBe(
      `/events/${INSTALLATION}`,
    );
    expect((await s.store.listWaitlist(INSTALLATION)).map((e) => e.record.firstName)).toEqual([
      "Ann",
    ]);

    // Bob's seats are offered to Ann, who lets the offer run out.
    const cancel = await client.post("/mj/api/rsvp/cancel", {
      token: await manageTokenOf(s, "bob@example.org"),
    });
    expect(cancel.status).toBe(200);
    s.clock.advance(25 * 3_600_000);
    const ann = await openClaim(
      chromium.browser,
      s,
      await claimTokenOf(s, "ann@example.org", "waitlist-offer"),
      390,
    );
    expect(await ann.locator(".manage-state").innerText()).toMatch(
      new RegExp(
        `^The seats offered to you for ${NAME} were held until .+ and were not claimed, so you are no longer on its waiting list\\. If you would still like to come, you may reserve while seats are free, or join the waiting list again, at the end of the line\\.$`,
      ),
    );
    expect(await ann.locator(".claim-next").innerText()).toMatch(
      new RegExp(`^The page of ${NAME} shows whether seats are free\\.`),
    );
    expect(await ann.getByRole("button", { name: "Claim my seats" }).count()).toBe(0);
    await shot(ann, "claim-expired-390.png");
  });

  it("joins the waiting list with JavaScript off: the refused RSVP comes back as the waiting list's form, filled in", async () => {
    const s = await fullEvent();
    for (const width of [1280, 390]) {
      const context = await chromium.browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      cleanups.push(() => context.close());
      await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(`${s.url}/events/${INSTALLATION}`);
      await page.getByRole("link", { name: /^RSVP/ }).click();
      await fillPerson(page, "Cal", `cal${width}@example.org`);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.locator("#form-answer").waitFor();
      expect(await page.locator("h1").innerText()).toBe(`Join the waiting list for ${NAME}`);
      expect(await page.locator("#form-answer h2").innerText()).toBe("Not enough seats");
      // Nothing went wrong: the page says where the form went, not in an error's red.
      expect(await page.locator("#form-answer").getAttribute("class")).toBe("form-result");
      expect(await page.locator("#form-answer").getAttribute("role")).toBe("status");
      expect(await page.getByLabel("First Name").inputValue()).toBe("Cal");
      expect(await page.locator(".privacy-note").innerText()).toMatch(
        /your place in the waiting list/,
      );
      await shot(page, `waitlist-nojs-${width}.png`);
      await page.getByRole("button", { name: "Join the waiting list" }).click();
      await page.locator(".form-result").waitFor();
      expect(await page.locator(".form-result p").first().innerText()).toMatch(
        new RegExp(`waiting list for ${NAME}`),
      );
    }
    expect((await s.store.listWaitlist(INSTALLATION)).map((e) => e.record.email)).toEqual([
      "cal1280@example.org",
      "cal390@example.org",
    ]);
  });
});

const PERSON = {
  firstName: "Ann",
  lastName: "Lee",
  masonicTitle: "",
  numberOfAttendees: 2,
  earlyBirdDinner: false,
  numberOfMeals: 1,
  mealChoice: "",
};
