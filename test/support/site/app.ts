import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Locator,
  Page,
  Request,
} from "playwright-core";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import type { LodgeData } from "../../../core/schemas/index.ts";
import { Clock, NOW, sampleData, startServer, type TestServer } from "../api-harness.ts";
import { launchChromium } from "./browser.ts";
import { serveStatic } from "./static-server.ts";

/** One Chromium for the test file: started before its tests, closed after them. */
export function chromiumForFile(): { readonly browser: Browser } {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser() {
      if (!browser) throw new Error("Chromium starts before the file's tests, not at import");
      return browser;
    },
  };
}

/** `serveStatic` for one test file: the host starts before its tests and stops after them. */
export function staticSiteForFile(root: string): { readonly url: string } {
  let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
  beforeAll(async () => {
    server = await serveStatic(root);
  });
  afterAll(async () => {
    await server?.close();
  });
  return {
    get url() {
      if (!server) throw new Error("The site is served before the file's tests, not at import");
      return server.url;
    },
  };
}

/** `startSiteServer` for one test: what a test starts is stopped after it. */
export function siteServerPerTest(
  dist: string,
): (options?: Parameters<typeof startSiteServer>[1]) => Promise<TestServer> {
  let server: TestServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });
  return async (options = {}) => {
    server = await startSiteServer(dist, options);
    return server;
  };
}

/**
 * The real `lodge serve` app on 127.0.0.1 serving the site the test run built, with the sample
 * lodge's data (optionally another guest limit), its database and outbox in a temporary folder
 * and its clock standing at `start` (the build's moment unless given).
 */
export function startSiteServer(
  dist: string,
  options: { guestLimit?: number; start?: Date } = {},
): Promise<TestServer> {
  const sample = sampleData();
  const data: LodgeData =
    options.guestLimit === undefined
      ? sample
      : { ...sample, lodge: { ...sample.lodge, guestLimit: options.guestLimit } };
  return startServer({
    data,
    config: { distDir: dist },
    clock: new Clock(options.start ?? NOW),
  });
}

export type OpenOptions = {
  width?: number;
  height?: number;
  time?: Date | string | number;
  /** Emulates a visitor who asked for less motion. */
  reducedMotion?: boolean;
  /** Emulates a phone's touch screen, so the page can be tapped. */
  touch?: boolean;
  /** A path of the API whose answer the page must have had before the test goes on. */
  answered?: string;
};

/**
 * A browser context whose pages' clock starts at `time` (the build's moment unless given) and runs
 * on from there. Every page with a script is opened in one: once hydrated, a page tells what is
 * to come (events, RSVPs open, the year in the footer) by its own clock, which must be the tests',
 * not the machine's, for the tests to hold on any day.
 */
export async function contextAt(
  browser: Browser,
  options: BrowserContextOptions = {},
  time: Date | string | number = NOW,
): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await context.clock.install({ time });
  return context;
}

/**
 * A page of the site in a fresh browser context whose clock starts at `time` (the build's
 * moment unless given) and runs on from there, once the page is hydrated.
 */
export async function openPage(
  browser: Browser,
  url: string,
  {
    width = 1280,
    height = 900,
    time = NOW,
    reducedMotion = false,
    touch = false,
    answered,
  }: OpenOptions = {},
): Promise<Page> {
  const context = await contextAt(
    browser,
    {
      viewport: { width, height },
      reducedMotion: reducedMotion ? "reduce" : "no-preference",
      hasTouch: touch,
      isMobile: touch,
    },
    time,
  );
  // Only the site itself: embedded maps are not the tests' business.
  await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
  const page = await context.newPage();
  const answer = answered
    ? page.waitForResponse((response) => new URL(response.url()).pathname === answered)
    : undefined;
  await page.goto(url);
  await page.waitForSelector("html[data-ready]");
  await answer;
  return page;
}

/** Closes what openPage opened. */
export function closePage(page: Page): Promise<void> {
  return page.context().close();
}

/** The requests the page sends to a path, with their JSON bodies, as they are sent. */
export function recordRequests(page: Page | BrowserContext, path: string) {
  const seen: { request: Request; body: unknown; headers: Record<string, string> }[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== path) return;
    const text = request.postData();
    seen.push({
      request,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers(),
    });
  });
  return seen;
}

/** The alert banner's heading and text once it shows, e.g. ['Success!', 'Your reservation...']. */
export async function alertText(page: Page): Promise<[string, string]> {
  const alert = page.getByTestId("alert");
  await alert.waitFor();
  const heading = (await alert.locator("strong").textContent()) ?? "";
  // Its own sentence: what comes next (a claim page's next step) may follow in paragraphs of its own.
  const whole = (await alert.locator(":scope > p").textContent()) ?? "";
  return [heading, whole.slice(heading.length).trim()];
}

/**
 * Stops the page's fake clock where it is, so only runFor moves time on from here. The clock runs
 * until paused, so on a busy machine it can pass the time read before pauseAt takes it ("Cannot
 * fast-forward to the past", seen in CI); then it is read again.
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await page.clock.pauseAt(await page.evaluate(() => Date.now() + 20));
      return;
    } catch (error) {
      if (attempt === 5 || !String(error).includes("fast-forward to the past")) throw error;
    }
  }
}

/**
 * A sent form's outcome said where the visitor looks (issue 33): in `where` (the dialog, the
 * page's part) in the form's place, focused, and no banner over the page's heading.
 */
export async function outcomeInPlace(page: Page, where: Locator): Promise<void> {
  const outcome = where.getByTestId("alert");
  await outcome.waitFor();
  expect(await where.locator("form").count()).toBe(0);
  expect(await outcome.evaluate((box) => box === document.activeElement)).toBe(true);
  expect(await page.locator(".alert-region").getByTestId("alert").count()).toBe(0);
}
