import type { Page } from "playwright-core";

/**
 * The site's modals and lightbox, each opened as a visitor opens it: axe checks them and the
 * screenshots show them. Each entry: a name for files, the page, and how to open it there.
 */
export const OPENED: [name: string, path: string, open: (page: Page) => Promise<void>][] = [
  [
    "upcoming-events-rsvp",
    "/upcoming-events",
    async (page) => {
      await page
        .locator('article[aria-labelledby="event-2026-12-12-installation-of-officers"]')
        .getByRole("button", { name: /^RSVP/ })
        .click();
      const dialog = page.getByRole("dialog");
      await dialog.waitFor();
      // A refused name shows its sentence under the field, for axe and the screenshots.
      await dialog.getByLabel("First Name").fill("Jo<");
      await dialog.getByRole("checkbox").check();
      await dialog.getByLabel("Number of meals").selectOption("2");
    },
  ],
  [
    "home-rsvp",
    "/home",
    async (page) => {
      await page
        .getByRole("button", { name: /^Make your reservation today!/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  ],
  [
    "social-events-rsvp",
    "/social-events",
    async (page) => {
      await page
        .getByRole("button", { name: /^RSVP for/ })
        .first()
        .click();
      await page.getByRole("dialog").waitFor();
    },
  ],
  [
    "album-lightbox",
    "/image-gallery/2024-10-19-table-lodge",
    async (page) => {
      await page.locator(".thumb a").first().click();
      await page.locator(".yarl__portal_open").waitFor();
    },
  ],
];
