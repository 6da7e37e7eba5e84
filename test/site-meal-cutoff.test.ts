import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { ALERTS } from "../core/messages.ts";
import { chromiumForFile, closePage, openPage, siteServerPerTest } from "./support/site/app.ts";

const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);

/** The sample's Table Lodge: RSVP closes Sat 9 Oct 2027, its dinners three days before. */
const TABLE_LODGE = "/events/2027-10-16-table-lodge";
const AFTER_MEALS = new Date("2027-10-08T16:00:00Z");

async function openRsvp(page: Page) {
  await page.getByRole("button", { name: /^RSVP/ }).first().click();
  const dialog = page.getByRole("dialog", { name: "RSVP for Table Lodge" });
  await dialog.waitFor();
  return dialog;
}

describe("an event whose dinners close before its RSVP, and the form's privacy note", () => {
  it("says when dinners close, then, once they have, says so instead of offering dinner, and takes the seats", async () => {
    const before = await start();
    let page = await openPage(chromium.browser, `${before.url}${TABLE_LODGE}`);
    let dialog = await openRsvp(page);
    expect(await dialog.getByRole("checkbox", { name: /^Early bird dinner/ }).count()).toBe(1);
    expect(await dialog.locator(".meals-close").textContent()).toBe(
      "Dinner orders close Oct 6, 2027 at 11:59PM.",
    );
    await closePage(page);
    await before.close();

    const after = await start({ start: AFTER_MEALS });
    page = await openPage(chromium.browser, `${after.url}${TABLE_LODGE}`, { time: AFTER_MEALS });
    dialog = await openRsvp(page);
    expect(await dialog.getByRole("checkbox").count()).toBe(0);
    expect(await dialog.locator(".meals-closed").textContent()).toBe(
      "Dinner orders closed Oct 6, 2027 at 11:59PM so the caterer has the final count; you can still reserve seats.",
    );
    expect(await dialog.locator(".privacy-note").textContent()).toBe(
      "Your name and e-mail address are used only for this reservation and are erased 90 days after the event; the lodge keeps only the number of attendees and meals.",
    );
    await dialog.getByLabel("First Name").fill("Sean");
    await dialog.getByLabel("Last Name").fill("Murphy");
    await dialog.getByLabel("Email").fill("sean.murphy@example.org");
    await dialog.getByRole("button", { name: "Submit" }).click();
    await page.getByText(ALERTS.rsvpSuccess.text).waitFor();
    const [stored] = await after.store.listEventRsvps("2027-10-16-table-lodge");
    expect(stored?.record).toMatchObject({ attendees: 1, dinner: false, meals: 0 });
    await closePage(page);
  });
});
