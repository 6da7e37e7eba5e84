/**
 * `npm run screenshots:readme`: the sample lodge's home page as the README shows it, at desktop
 * (1280 x 800) and phone (390 x 844) width, written to docs/screenshots/. Build the sample first
 * (`npm run build:site`); the pictures are of the top of the page, as a visitor first sees it.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { launchChromium } from "./browser.ts";
import { serveStatic } from "./static-server.ts";

const dist = resolve(process.argv[2] ?? "dist");
const out = resolve("docs/screenshots");
const SCREENS = [
  { name: "home-desktop.png", width: 1280, height: 800 },
  { name: "home-phone.png", width: 390, height: 844 },
];

if (!existsSync(join(dist, "index.html"))) {
  console.error(`${dist} holds no built site; run \`npm run build:site\` first.`);
  process.exit(1);
}

mkdirSync(out, { recursive: true });
const server = await serveStatic(dist);
const browser = await launchChromium();
try {
  for (const { name, width, height } of SCREENS) {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    await page.goto(`${server.url}/home`, { waitUntil: "load" });
    await page.waitForSelector("html[data-hydrated]");
    // The carousel's fade and the banner's count-up shown at their end, not a frame of them.
    await page.evaluate(() => {
      for (const animation of document.getAnimations()) animation.finish();
    });
    await page.screenshot({ path: join(out, name) });
    await context.close();
  }
  console.log(`Wrote ${SCREENS.map((s) => relative(process.cwd(), join(out, s.name))).join(", ")}`);
} finally {
  await browser.close();
  await server.close();
}
