import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { chromiumForFile, contextAt } from "./support/site/app.ts";
import { violationsOf } from "./support/site/axe.ts";
import { OPENED } from "./support/site/opened.ts";
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

/** Every page of the built site, its root ("") first. */
const routes = ["", ...builtPageKinds(site.dir)];

describe("accessibility (axe-core)", () => {
  it("finds pages to check", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((route) => [route || "/"]))(
    "%s has no violation at desktop and phone width",
    async (route) => {
      for (const width of [1280, 390]) {
        const context = await contextAt(chromium.browser, { viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto(server.url + route);
        await page.waitForSelector("html[data-ready]");
        const found = await violationsOf(page, width);
        await context.close();
        expect(found).toEqual([]);
      }
    },
  );

  it.each(OPENED)(
    "%s (a modal open) has no violation at desktop and phone width",
    async (_, route, open) => {
      for (const width of [1280, 390]) {
        // The site's time, so the events the build shows still take reservations.
        const context = await contextAt(chromium.browser, { viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto(server.url + route);
        await page.waitForSelector("html[data-ready]");
        await open(page);
        const found = await violationsOf(page, width);
        await context.close();
        expect(found).toEqual([]);
      }
    },
  );
});
