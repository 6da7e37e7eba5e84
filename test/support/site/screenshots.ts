/**
 * `npm run screenshots`: a PNG of every page of the built site (dist/, or the folder given as the
 * first argument) and of every modal open, at 1280px and 390px wide, written to
 * var/screenshots/. Build first.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Page } from "playwright-core";
import { NOW } from "../api-harness.ts";
import { launchChromium } from "./browser.ts";
import { OPENED } from "./opened.ts";
import { builtPageKinds, serveStatic } from "./static-server.ts";

const WIDTHS = (process.env.WIDTHS ?? "1280,390").split(",").map(Number);
const dist = resolve(process.argv[2] ?? "dist");
const out = resolve("var/screenshots");

if (!existsSync(join(dist, "index.html"))) {
  console.error(`${dist} holds no built site; run \`npm run build:site\` first.`);
  process.exit(1);
}

const pages = builtPageKinds(dist);

/** Scrolls through the page so lazy images load, then back to the top. */
async function loadLazyImages(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 50));
    }
    window.scrollTo(0, 0);
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete
          ? null
          : new Promise((r) => {
              img.addEventListener("load", r, { once: true });
              img.addEventListener("error", r, { once: true });
              setTimeout(r, 3000);
            }),
      ),
    );
  });
}

mkdirSync(out, { recursive: true });
const server = await serveStatic(dist);
const browser = await launchChromium();
try {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(server.url + path, { waitUntil: "load" });
      await loadLazyImages(page);
      const name = `${path.slice(1).replaceAll("/", "__") || "index"}-${width}.png`;
      await page.screenshot({ path: join(out, name), fullPage: true });
    }
    await context.close();
    for (const [name, path, open] of OPENED) {
      const modalContext = await browser.newContext({ viewport: { width, height: 900 } });
      const modalPage = await modalContext.newPage();
      // The moment the sample's events still take reservations.
      await modalPage.clock.install({ time: NOW });
      await modalPage.goto(server.url + path, { waitUntil: "load" });
      await modalPage.waitForSelector("html[data-hydrated]");
      await open(modalPage);
      // Shows the end of the opening fade, not a frame of it.
      await modalPage.evaluate(() => {
        for (const animation of document.getAnimations()) {
          // A looping animation (a spinner) has no end to show.
          if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) {
            animation.finish();
          }
        }
      });
      await modalPage.screenshot({ path: join(out, `${name}-${width}.png`) });
      await modalContext.close();
    }
  }
  console.log(
    `Wrote ${(pages.length + OPENED.length) * WIDTHS.length} screenshots to ${relative(process.cwd(), out)}/`,
  );
} finally {
  await browser.close();
  await server.close();
}
