import { readdirSync } from "node:fs";
import { createRequire } from "node:module";
import { relative } from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { NOW } from "./api-harness.ts";
import { launchChromium } from "./site/browser.ts";
import { OPENED } from "./site/opened.ts";
import { serveStatic } from "./site/static-server.ts";

const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const site = inject("site");
let server: Awaited<ReturnType<typeof serveStatic>>;
let browser: Browser;

beforeAll(async () => {
  server = await serveStatic(site.dir);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Every page of the built site, by the index.html files the build wrote. */
const routes = readdirSync(site.dir, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name === "index.html")
  .map((e) => `/${relative(site.dir, e.parentPath).split("\\").join("/")}`.replace(/\/$/, ""))
  .sort();

/** Runs axe on the page as it is and returns its violations, one line each. */
async function violationsOf(page: Page, width: number): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: unknown[] }> } }).axe;
    return (await axe.run()).violations;
  })) as Violation[];
  return violations.map(
    (v) =>
      `${width}px ${v.impact} ${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join("; ")})`,
  );
}

interface Violation {
  id: string;
  impact: string;
  help: string;
  nodes: { target: string[] }[];
}

describe("accessibility (axe-core)", () => {
  it("finds pages to check", () => {
    expect(routes.length).toBeGreaterThan(20);
  });

  it.each(routes.map((route) => [route || "/"]))(
    "%s has no violation at desktop and phone width",
    async (route) => {
      for (const width of [1280, 390]) {
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto(server.url + route);
        await page.waitForSelector("html[data-hydrated]");
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
        const context = await browser.newContext({ viewport: { width, height: 800 } });
        const page = await context.newPage();
        // The site's time, so the events the build shows still take reservations.
        await page.clock.install({ time: NOW });
        await page.goto(server.url + route);
        await page.waitForSelector("html[data-hydrated]");
        await open(page);
        const found = await violationsOf(page, width);
        await context.close();
        expect(found).toEqual([]);
      }
    },
  );
});
