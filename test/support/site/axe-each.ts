import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { chromiumForFile, contextAt } from "./app.ts";
import { violationsOf } from "./axe.ts";
import { builtPageKinds, serveStatic } from "./static-server.ts";

/** A page to check: its name in the test's title, its address, and what to open on it first. */
export type AxeCase = [name: string, path: string, open?: (page: Page) => Promise<void>];

/** Every page of the built site, its root first, as cases. */
export function everyBuiltPage(): AxeCase[] {
  const site = inject("site");
  return ["", ...builtPageKinds(site.dir)].map((route): AxeCase => [route || "/", route || "/"]);
}

/**
 * axe-core on each case, at desktop and phone width, each case a test, in the built site served
 * for the calling file with a Chromium of its own. The checks are split over several files so
 * that vitest's workers share them.
 */
export function axeEach(cases: readonly AxeCase[]): void {
  const site = inject("site");
  const chromium = chromiumForFile();
  let server: Awaited<ReturnType<typeof serveStatic>>;
  beforeAll(async () => {
    server = await serveStatic(site.dir);
  });
  afterAll(async () => {
    await server?.close();
  });
  it.each(cases)("%s has no violation at desktop and phone width", async (_, route, open) => {
    const found: string[] = [];
    for (const width of [1280, 390]) {
      const context = await contextAt(chromium.browser, { viewport: { width, height: 800 } });
      const page = await context.newPage();
      await page.goto(server.url + route);
      await page.waitForSelector("html[data-ready]");
      await open?.(page);
      found.push(...(await violationsOf(page, width)));
      await context.close();
    }
    expect(found).toEqual([]);
  });
}
