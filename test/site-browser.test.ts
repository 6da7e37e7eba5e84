import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  MOBILE_TOP_BUTTON_DELAY_MS,
  RECENT_EVENTS_CAROUSEL_MS,
  STICKY_HEADER_PX,
  TOP_BUTTON_PX,
} from "../core/constants.ts";
import { albums } from "../site/generated/albums.ts";
import { chromiumForFile, contextAt, openPage, pauseClock } from "./support/site/app.ts";
import { LAYOUT_SHIFT_BUDGET, layoutShifts } from "./support/site/layout-shift.ts";
import { builtPageKinds, serveStatic } from "./support/site/static-server.ts";

const site = inject("site");
let server: Awaited<ReturnType<typeof serveStatic>>;
const chromium = chromiumForFile();
beforeAll(async () => {
  server = await serveStatic(site.dir);
});
afterAll(async () => {
  await server?.close();
});

/** A page of the built site, hydrated, in an 800 px high window; its clock starts at `clock`. */
const open = (path: string, { width, clock }: { width?: number; clock?: string } = {}) =>
  openPage(chromium.browser, server.url + path, { width, height: 800, time: clock });

/** Scrolls the window and waits until the page has handled the scroll event. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate(
    (top) =>
      new Promise<void>((resolve) => {
        if (Math.round(window.scrollY) === top) return resolve();
        window.addEventListener("scroll", () => resolve(), { once: true });
        window.scrollTo({ top, behavior: "instant" });
      }),
    y,
  );
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);

/** Whether the middle of `frame` shows white, as a PDF viewer shows the sample's pages. */
async function showsWhitePage(frame: Locator): Promise<boolean> {
  const shot = sharp(await frame.screenshot());
  const { width = 0, height = 0 } = await shot.metadata();
  const middle = await shot
    .extract({
      left: Math.floor(width / 2) - 10,
      top: Math.floor(height / 2) - 10,
      width: 20,
      height: 20,
    })
    .removeAlpha()
    .raw()
    .toBuffer();
  return middle.every((value) => value > 240);
}

describe("the built site in Chromium", () => {
  it("loads React only on pages that need it, and shows every page without an error in the console", async () => {
    const context = await contextAt(chromium.browser, { viewport: { width: 1280, height: 800 } });
    // Only the site itself: embedded video and maps are not this test's business.
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    // A tab's first Intl.DateTimeFormat loads the time zone data (15-40 ms of one task): the
    // pages tell the lodge's time from the root's table of offsets instead (zoneOffsets).
    await page.addInitScript(() => {
      const Made = Intl.DateTimeFormat;
      const made = { count: 0 };
      Object.assign(window, { intlFormatsMade: made });
      Intl.DateTimeFormat = class extends Made {
        constructor(...args: ConstructorParameters<typeof Made>) {
          super(...args);
          made.count++;
        }
      } as typeof Made;
    });
    const problems: string[] = [];
    page.on("pageerror", (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource")) {
        problems.push(`${page.url()}: ${message.text()}`);
      }
    });
    const pages = builtPageKinds(site.dir);
    // 34 pages (the Tyler's register at the door among them), and the first and the last of the
    // events' and of the outings' own pages, of their RSVP pages without JavaScript and of the
    // events' waiting-list pages.
    expect(pages).toHaveLength(44);
    const withoutReact: string[] = [];
    for (const path of pages) {
      await page.goto(server.url + path);
      // The empty path's page sends the browser home before it is ready.
      if (path === "/") continue;
      await page.waitForSelector("html[data-ready]");
      expect(await page.locator("main h1").count(), path).toBe(1);
      const scripts = await page.evaluate(() => ({
        hydrated: document.documentElement.dataset.hydrated === "true",
        modules: document.querySelectorAll('script[type="module"], link[rel="modulepreload"]')
          .length,
        router: "__reactRouterContext" in window,
      }));
      const intlFormats = await page.evaluate(
        () => (window as unknown as { intlFormatsMade: { count: number } }).intlFormatsMade.count,
      );
      expect(intlFormats, `${path}: Intl.DateTimeFormat made while loading`).toBe(0);
      if (!scripts.hydrated) {
        expect(scripts, path).toEqual({ hydrated: false, modules: 0, router: false });
        withoutReact.push(path);
      }
    }
    const rsvpPages = pages.filter((path) => /\/(rsvp|waitlist)$/.test(path));
    const own = (prefix: string) =>
      pages.filter((path) => path.startsWith(prefix) && !rsvpPages.includes(path));
    const [firstEvent, lastEvent] = own("/events/");
    const [firstOuting, lastOuting] = own("/social-events/");
    // The sample's first event and outing took place long before the build; its last ones are
    // still to come, with their RSVP, and load React.
    expect([lastEvent, lastOuting].every((path) => path && !withoutReact.includes(path))).toBe(
      true,
    );
    expect(withoutReact.sort()).toEqual(
      [
        "/about-us",
        "/brotherhood-night-history",
        "/bulletin",
        "/golden-square-past-masters",
        "/history",
        "/how-to-join",
        "/our-officers",
        firstEvent,
        firstOuting,
        // The RSVP and waiting-list pages are plain forms, made to work without JavaScript.
        ...rsvpPages,
      ].sort(),
    );
    expect(problems).toEqual([]);
    await context.close();
  }, 60_000);

  it("opens a header menu from the keyboard and closes it with Escape", async () => {
    const page = await open("/home");
    const about = page.locator("summary", { hasText: "About" });
    await about.focus();
    await page.keyboard.press("Enter");
    const link = page.getByRole("link", { name: "Our Officers" });
    await expect.poll(() => link.isVisible()).toBe(true);
    await page.keyboard.press("Tab");
    await page.keyboard.press("Escape");
    await expect.poll(() => link.isVisible()).toBe(false);
    expect(await about.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("sticks the header to the top from 99px of scroll", async () => {
    const page = await open("/history");
    const header = page.locator(".site-header");
    await scrollTo(page, STICKY_HEADER_PX - 1);
    await expect.poll(() => header.getAttribute("data-stuck")).toBe("false");
    await scrollTo(page, STICKY_HEADER_PX);
    await expect.poll(() => header.getAttribute("data-stuck")).toBe("true");
    await scrollTo(page, 2000);
    const bar = await page.locator(".header-bar").boundingBox();
    expect(bar?.y).toBe(0);
    await page.context().close();
  });

  it("shows the Top button past 400px at once on wide screens, and it scrolls to the top", async () => {
    const page = await open("/history");
    const top = page.getByRole("button", { name: "Top" });
    await expect.poll(() => top.isVisible()).toBe(false);
    await scrollTo(page, TOP_BUTTON_PX + 1);
    await expect.poll(() => top.isVisible()).toBe(true);
    await scrollTo(page, TOP_BUTTON_PX);
    await expect.poll(() => top.isVisible()).toBe(false);
    await scrollTo(page, 3000);
    await top.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    await page.context().close();
  });

  it("shows the Top button on a phone only 2 seconds after the scrolling stops", async () => {
    const page = await open("/recent-events", { width: 375, clock: "2026-11-21T12:00:00Z" });
    await pauseClock(page);
    const top = page.getByRole("button", { name: "Top" });
    await scrollTo(page, 1500);
    await page.clock.runFor(MOBILE_TOP_BUTTON_DELAY_MS - 100);
    expect(await top.isVisible()).toBe(false);
    await scrollTo(page, 1600);
    await page.clock.runFor(MOBILE_TOP_BUTTON_DELAY_MS - 100);
    expect(await top.isVisible()).toBe(false);
    await page.clock.runFor(100);
    await expect.poll(() => top.isVisible()).toBe(true);
    await page.context().close();
  });

  it("toggles the past masters between cards ('As List') and the table ('Original')", async () => {
    const page = await open("/past-masters");
    expect(await page.locator(".card-grid .card").count()).toBe(12);
    await page.getByRole("button", { name: "As List" }).click();
    const headers = await page.locator("table thead th").allTextContents();
    expect(headers).toEqual(["Number", "Worshipful Master", "Year"]);
    expect(await page.locator("table tbody tr").count()).toBeGreaterThan(100);
    await page.getByRole("button", { name: "Original" }).click();
    expect(await page.locator("table").count()).toBe(0);
    expect(await page.locator(".card-grid .card").count()).toBe(12);
    await page.context().close();
  });

  it("disables First and Previous on the first page, Next and Last on the last, and scrolls up on a page change", async () => {
    const page = await open("/past-masters");
    const button = (name: string) => page.getByRole("button", { name, exact: true });
    expect(await button("First page").isDisabled()).toBe(true);
    expect(await button("Previous page").isDisabled()).toBe(true);
    expect(await button("Next page").isDisabled()).toBe(false);
    await scrollTo(page, 1500);
    await button("Last page").click();
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await button("Next page").isDisabled()).toBe(true);
    expect(await button("Last page").isDisabled()).toBe(true);
    expect(await button("First page").isDisabled()).toBe(false);
    const current = page.locator('.pager button[aria-current="page"]');
    const status = await page.locator(".pager-status").textContent();
    expect(status).toMatch(/^Page (\d+) of \1$/);
    expect(await current.count()).toBe(1);
    const links = await page.locator(".pager-page").count();
    expect(links).toBe(10);
    await page.context().close();
  });

  it("opens a past bulletin in a modal titled with its name and year, closes on Escape and gives focus back", async () => {
    const page = await open("/past-bulletins");
    const view = page.getByRole("button", { name: "View Holiday 2025" });
    await view.click();
    const dialog = page.getByRole("dialog", { name: "Holiday 2025" });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.locator("iframe").getAttribute("src")).toBe(
      "/media/bulletins/hillcrest-2025-holiday.pdf",
    );
    await page.keyboard.press("Escape");
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(await view.evaluate((el) => el === document.activeElement)).toBe(true);
    const download = page.getByRole("link", { name: /^Download Holiday 2025/ });
    expect(await download.getAttribute("target")).toBe("_blank");
    await page.context().close();
  });

  it("hides the bulletin View button on a phone and keeps Download", async () => {
    const page = await open("/past-bulletins", { width: 375 });
    expect(await page.getByRole("button", { name: "View Holiday 2025" }).isVisible()).toBe(false);
    expect(await page.getByRole("link", { name: /^Download Holiday 2025/ }).isVisible()).toBe(true);
    await page.context().close();
  });

  it("shows the current bulletin full page in a box nothing shifts in while the PDF loads, on a desktop and a phone", async () => {
    for (const width of [1280, 390]) {
      const context = await contextAt(chromium.browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      const frame = page.locator("iframe.pdf-frame");
      const { score, shifts } = await layoutShifts(chromium.browser, page, async () => {
        await page.goto(`${server.url}/bulletin`);
        // The viewer lays out its toolbar, if it shows one, before it paints the document's
        // first page: once the page shows, whatever was to shift has.
        await expect.poll(() => showsWhitePage(frame), { timeout: 20_000 }).toBe(true);
      });
      expect(score, `${width} px wide: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(
        LAYOUT_SHIFT_BUDGET,
      );
      // Full page: the window's width but the margins, and its height but the header and a line
      // of links below.
      const box = await frame.boundingBox();
      expect(box && box.width > width * 0.9 && box.height > 800 * 0.75).toBe(true);
      expect(box && box.y + box.height).toBeLessThan(800);
      const open = page.getByRole("link", { name: /^Open the current bulletin full size/ });
      expect(await open.getAttribute("href")).toBe(
        await frame.getAttribute("src").then((src) => src?.replace(/#.*/, "")),
      );
      expect(await open.getAttribute("target")).toBe("_blank");
      expect(
        await page.getByRole("link", { name: "download it (PDF)" }).getAttribute("download"),
      ).toBe("");
      await context.close();
    }
  }, 60_000);

  it("moves a recent event's carousel on every 5000 ms", async () => {
    const page = await open("/recent-events", { clock: "2026-11-21T12:00:00Z" });
    await pauseClock(page);
    const carousel = page.locator(".carousel").first();
    const selected = () => carousel.getAttribute("data-selected");
    // A click (without the pointer resting on the carousel, which pauses it) restarts the count.
    await carousel.getByRole("button", { name: "Next picture" }).dispatchEvent("click");
    await expect.poll(selected).toBe("1");
    await page.clock.runFor(RECENT_EVENTS_CAROUSEL_MS - 100);
    expect(await selected()).toBe("1");
    await page.clock.runFor(100);
    await expect.poll(selected).toBe("2");
    await page.clock.runFor(RECENT_EVENTS_CAROUSEL_MS);
    await expect.poll(selected).toBe("3");
    await carousel.getByRole("button", { name: "Previous picture" }).dispatchEvent("click");
    await expect.poll(selected).toBe("2");
    await page.context().close();
  });

  it("re-evaluates the date rules for the browser's moment on a page without React", async () => {
    const page = await open("/history", { clock: "2031-06-01T12:00:00Z" });
    await expect
      .poll(() => page.locator(".lodge-age").textContent())
      .toBe("163 years since our charter, Oct 16, 1867.");
    expect(await page.locator(".copyright").textContent()).toContain("© 2031 ");
    await page.context().close();
  });

  it("clears local storage when leaving a page that is not the image gallery", async () => {
    const page = await open("/image-gallery");
    const stored = () => page.evaluate(() => localStorage.getItem("gallery-page"));
    const heading = (text: string) => page.locator("main h1", { hasText: text }).waitFor();
    await page.evaluate(() => localStorage.setItem("gallery-page", "2"));
    await page.locator(".tile-grid a").first().click();
    await heading(albums[0]?.title ?? "");
    expect(await stored()).toBe("2");
    await page.goBack();
    await heading("Image Gallery");
    await page.locator(".join-block").getByRole("link", { name: "Contact Us" }).click();
    await heading("Contact the Brethren");
    expect(await stored()).toBe("2");
    await page.locator(".site-footer").getByRole("link", { name: "How to Join" }).click();
    await heading("Become a Freemason");
    expect(await stored()).toBeNull();
    await page.context().close();
  });

  it("reloads the page on a navigation to the address already shown", async () => {
    const page = await open("/past-masters");
    await page.getByRole("button", { name: "Page 3" }).click();
    expect(await page.locator(".pager-status").textContent()).toMatch(/^Page 3 of/);
    await page.locator("summary", { hasText: "Past Masters" }).click();
    await page.locator(".menu-group a", { hasText: "Hillcrest Lodge No. 586" }).click();
    await expect.poll(() => page.locator(".pager-status").textContent()).toMatch(/^Page 1 of/);
    await page.context().close();
  });

  /** What a visitor sees of the layout: the open menus, the header's state, the scroll. */
  const layoutState = (page: Page) =>
    page.evaluate(() => ({
      openMenus: document.querySelectorAll(".site-header details[open]").length,
      menuShown: document.querySelector(".menu")?.classList.contains("is-open") ?? false,
      stuck: document.querySelector(".site-header")?.getAttribute("data-stuck"),
      scrollY: Math.round(window.scrollY),
    }));

  /** Opens a header menu with the pointer and follows one of its links. */
  async function followMenu(page: Page, menu: string, link: string): Promise<void> {
    await page.locator("summary", { hasText: menu }).click();
    await page.locator(".menu-group").getByRole("link", { name: link, exact: true }).click();
  }

  it("keeps menus, header, scroll and the pager whole from a page without React to one with it and back", async () => {
    const page = await open("/about-us");
    expect(await page.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    await scrollTo(page, 300);
    await followMenu(page, "Past Masters", "Hillcrest Lodge No. 586");
    await page.waitForURL(`${server.url}/past-masters`);
    await page.waitForSelector("html[data-hydrated]");
    expect(await layoutState(page)).toEqual({
      openMenus: 0,
      menuShown: false,
      stuck: "false",
      scrollY: 0,
    });
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect.poll(() => page.locator(".pager-status").textContent()).toMatch(/^Page 2 of/);

    await page.goBack();
    await page.waitForURL(`${server.url}/about-us`);
    await page.waitForSelector("html[data-ready]");
    await expect
      .poll(() => layoutState(page))
      .toEqual({
        openMenus: 0,
        menuShown: false,
        stuck: "true",
        scrollY: 300,
      });
    // The menus still open and close as before.
    await page.locator("summary", { hasText: "Events" }).click();
    await expect
      .poll(() => page.getByRole("link", { name: "Recent Events" }).isVisible())
      .toBe(true);
    await page.locator("main h1").click();
    expect((await layoutState(page)).openMenus).toBe(0);

    await page.goForward();
    await page.waitForURL(`${server.url}/past-masters`);
    await page.waitForSelector("html[data-hydrated]");
    await page.getByRole("button", { name: "Next page" }).click();
    await expect.poll(() => page.locator(".pager-status").textContent()).toMatch(/^Page \d+ of/);
    expect(await page.getByRole("button", { name: "Previous page" }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it("keeps menus, header, scroll and the pager whole from a page with React to one without it and back", async () => {
    const page = await open("/past-masters");
    await page.getByRole("button", { name: "Page 3" }).click();
    await scrollTo(page, 400);
    // Within the app the router shows the page; the layout's script serves it as any other.
    await followMenu(page, "About", "History");
    await page.waitForURL(`${server.url}/history`);
    await page.locator("main h1", { hasText: "Our History" }).waitFor();
    await expect
      .poll(() => layoutState(page))
      .toEqual({
        openMenus: 0,
        menuShown: false,
        stuck: "false",
        scrollY: 0,
      });
    const top = page.getByRole("button", { name: "Top" });
    await scrollTo(page, 1500);
    await expect.poll(() => top.isVisible()).toBe(true);
    expect((await layoutState(page)).stuck).toBe("true");
    await top.click();
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(await page.locator(".lodge-age").textContent()).toMatch(/^\d+ years since our charter/);

    await page.goBack();
    await page.waitForURL(`${server.url}/past-masters`);
    await expect
      .poll(() => layoutState(page))
      .toEqual({
        openMenus: 0,
        menuShown: false,
        stuck: "true",
        scrollY: 400,
      });
    await page.getByRole("button", { name: "Page 2" }).click();
    await expect.poll(() => page.locator(".pager-status").textContent()).toMatch(/^Page 2 of/);
    expect(await page.getByRole("button", { name: "First page" }).isDisabled()).toBe(false);
    await page.context().close();
  });

  it("fits every event of Upcoming Events, an event's page and the home page in a phone's width", async () => {
    for (const path of ["/upcoming-events", "/events/brotherhood-night-2026", "/home"]) {
      const page = await openPage(chromium.browser, server.url + path, { width: 390 });
      const widest = await page.evaluate(() =>
        Math.max(
          document.documentElement.scrollWidth,
          ...[...document.querySelectorAll(".upcoming-event")].map(
            (e) => e.getBoundingClientRect().right,
          ),
        ),
      );
      expect(widest, path).toBeLessThanOrEqual(390);
      await page.context().close();
    }
  });

  it("opens and closes the menus with the menu button on a phone, with and without React", async () => {
    for (const path of ["/about-us", "/home"]) {
      const page = await openPage(chromium.browser, server.url + path, { width: 390 });
      const button = page.getByRole("button", { name: "Menu" });
      const contact = page.locator(".menu").getByRole("link", { name: "Contact Us" });
      expect(await contact.isVisible(), path).toBe(false);
      await button.click();
      await expect.poll(() => contact.isVisible()).toBe(true);
      expect(await button.getAttribute("aria-expanded")).toBe("true");
      await button.click();
      await expect.poll(() => contact.isVisible()).toBe(false);
      expect(await button.getAttribute("aria-expanded")).toBe("false");
      // A click outside the menus closes them too (the open menu covers the page's top).
      await button.click();
      await page.locator(".site-footer").dispatchEvent("click");
      await expect.poll(() => contact.isVisible()).toBe(false);
      await page.context().close();
    }
  });

  it("sends the empty path and unknown paths home", async () => {
    const page = await open("/history");
    for (const path of ["/", "/no-such-page"]) {
      await page.goto(server.url + path);
      await page.waitForURL(`${server.url}/home`);
      expect(await page.locator("h1").textContent()).toBe("Hillcrest Lodge No. 586");
    }
    await page.context().close();
  });
});
