import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { HOME_CAROUSEL } from "../core/constants.ts";
import { ALERTS } from "../core/messages.ts";
import {
  alertText,
  chromiumForFile,
  closePage,
  openPage,
  pauseClock,
  siteServerPerTest,
} from "./support/site/app.ts";

/** axe-core's source: run in the page as it is, since the server's CSP refuses added scripts. */
const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const site = inject("site");
const chromium = chromiumForFile();
const start = siteServerPerTest(site.dir);

/** The screens the site is looked at on: desktop, a wide desktop and a phone. */
const SCREENS = [
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
  { width: 390, height: 844 },
];

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not shown`);
  return found;
}

/** True when `inner` lies within `outer` (to half a pixel). */
function within(inner: Box, outer: Box): boolean {
  return (
    inner.x >= outer.x - 0.5 &&
    inner.y >= outer.y - 0.5 &&
    inner.x + inner.width <= outer.x + outer.width + 0.5 &&
    inner.y + inner.height <= outer.y + outer.height + 0.5
  );
}

/** axe's colour-contrast verdicts on the text in `element`: passed, not measurable, failed. */
async function contrastIn(element: Locator) {
  return element.evaluate(async (root) => {
    type Results = Record<
      "passes" | "incomplete" | "violations",
      { nodes: { target: string[] }[] }[]
    >;
    const axe = (window as unknown as { axe: { run(...args: unknown[]): Promise<Results> } }).axe;
    const results = await axe.run(root, { runOnly: ["color-contrast"] });
    const targets = (rules: Results["passes"]) =>
      rules.flatMap((rule) => rule.nodes.map((node) => node.target.join(" ")));
    return {
      passes: targets(results.passes),
      incomplete: targets(results.incomplete),
      violations: targets(results.violations),
    };
  });
}

/** What is shown on top at a point of the slide: its words' panel, or its picture. */
function onTopAt(page: Page, x: number, y: number): Promise<string | undefined> {
  return page.evaluate(
    ([x, y]) => document.elementFromPoint(x, y)?.closest(".spotlight-text, img")?.className,
    [x, y] as const,
  );
}

/**
 * The share of a picture nothing covers (its words, the carousel's controls...): the picture is
 * on top at that share of a 40 x 40 grid of points over it.
 */
function uncoveredShare(picture: Locator): Promise<number> {
  return picture.evaluate((img) => {
    const box = img.getBoundingClientRect();
    const steps = 40;
    let seen = 0;
    for (let i = 0; i < steps; i++) {
      for (let j = 0; j < steps; j++) {
        const x = box.left + ((i + 0.5) * box.width) / steps;
        const y = box.top + ((j + 0.5) * box.height) / steps;
        if (document.elementFromPoint(x, y) === img) seen++;
      }
    }
    return seen / (steps * steps);
  });
}

describe("the home page's Featured Events", () => {
  it.each(SCREENS)(
    "at $width x $height: each slide's picture shows whole, at least 70% of it uncovered, its words beside or under it and legible, and changing slides moves nothing",
    async ({ width, height }) => {
      const s = await start();
      const page = await openPage(chromium.browser, `${s.url}/home`, { width, height });
      // The hero stays the page's largest picture, fetched first.
      const hero = page.locator(".hero img");
      expect(await hero.getAttribute("loading")).toBe("eager");
      expect(await hero.getAttribute("fetchpriority")).toBe("high");

      const carousel = page.locator("section.spotlight-carousel[data-selected]");
      await carousel.evaluate((element) => element.scrollIntoView({ block: "center" }));
      await pauseClock(page);
      await page.evaluate(AXE);
      await page.evaluate(() => {
        const page = window as unknown as { shifted: number };
        page.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number }[]) {
            page.shifted += entry.value;
          }
        }).observe({ type: "layout-shift" });
      });
      const heights = new Set<number>();
      for (let index = 0; index < HOME_CAROUSEL.maxSlides; index++) {
        await expect.poll(() => carousel.getAttribute("data-selected")).toBe(String(index));
        const slide = carousel.locator(".carousel-slide").nth(index).locator("article.spotlight");
        const frame = await box(carousel);
        // In place once the slide has moved in.
        await expect.poll(async () => Math.round((await box(slide)).x)).toBe(Math.round(frame.x));
        const whole = await box(slide);
        heights.add(whole.height);
        expect(within(whole, frame) && within(frame, whole)).toBe(true);

        const picture = slide.locator("img.spotlight-image");
        const drawn = await box(picture);
        expect(within(drawn, whole)).toBe(true);
        // The whole picture, not a crop of it (a flyer's own words are at its edges).
        expect(await picture.evaluate((img) => getComputedStyle(img).objectFit)).toBe("contain");
        const uncovered = await uncoveredShare(picture);
        expect(uncovered, `uncovered share at ${width}px`).toBeGreaterThanOrEqual(0.7);
        // In fact all of it but the carousel's Previous and Next, where they stand over it.
        expect(uncovered).toBeGreaterThanOrEqual(0.95);
        // Beside it at desktop widths, under it on a phone.
        const panelBox = await box(slide.locator(".spotlight-text"));
        if (width > 860) expect(panelBox.x).toBeGreaterThanOrEqual(drawn.x + drawn.width - 0.5);
        else expect(panelBox.y).toBeGreaterThanOrEqual(drawn.y + drawn.height - 0.5);

        const panel = await box(slide.locator(".spotlight-text"));
        const words = [
          slide.locator("h3"),
          slide.locator(".spotlight-date"),
          slide.locator(".spotlight-description"),
          slide.getByRole("button", { name: /^Make your reservation today!/ }),
        ];
        for (const part of words) {
          const shown = await box(part);
          expect(within(shown, panel) && within(shown, whole), String(part)).toBe(true);
        }
        // The words on top where they are; the picture itself in view beside them.
        expect(await onTopAt(page, panel.x + panel.width / 2, panel.y + panel.height / 2)).toBe(
          "spotlight-text",
        );
        expect(await onTopAt(page, drawn.x + drawn.width / 2, drawn.y + drawn.height / 2)).toBe(
          "spotlight-image",
        );
        // axe waits on timers of its own: the clock runs while it does.
        await page.clock.resume();
        const contrast = await contrastIn(slide);
        await pauseClock(page);
        expect(contrast.violations).toEqual([]);
        // Measured, not merely not failed: text over a bare picture is 'incomplete' to axe.
        expect(contrast.incomplete).toEqual([]);
        expect(contrast.passes.length).toBeGreaterThanOrEqual(words.length);

        await page.clock.runFor(HOME_CAROUSEL.intervalMs);
      }
      await expect.poll(() => carousel.getAttribute("data-selected")).toBe("0");
      expect([...heights]).toHaveLength(1);
      expect(await page.evaluate(() => (window as unknown as { shifted: number }).shifted)).toBe(0);
      await closePage(page);
    },
  );
});

describe("contact us: 'On submit the page scrolls to top'", () => {
  const WAYS = [
    { how: "clicked", width: 1280, height: 800 },
    { how: "clicked", width: 1920, height: 1080 },
    { how: "clicked", width: 390, height: 844 },
    { how: "tapped", width: 390, height: 844 },
    { how: "sent with Enter", width: 1280, height: 800 },
  ] as const;

  it.each(WAYS)(
    "$how at $width x $height: the page ends at the top with the alert in view, and focus stays in the form",
    async ({ how, width, height }) => {
      const s = await start();
      const page = await openPage(chromium.browser, `${s.url}/contact-us`, {
        width,
        height,
        touch: how === "tapped",
      });
      await page.getByLabel("First Name").fill("Sam");
      await page.getByLabel("Last Name").fill("Jones");
      await page.getByLabel("Email").fill("sam.jones@example.org");
      await page.getByLabel("Message").fill("How do I join the lodge?");
      // A person takes more than the server's minimum time to write.
      s.clock.advance(30_000);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

      const submit = page.getByRole("button", { name: "Submit" });
      if (how === "clicked") await submit.click();
      else if (how === "tapped") await submit.tap();
      else await page.getByLabel("Email").press("Enter");

      expect(await alertText(page)).toEqual([
        ALERTS.contactSuccess.heading,
        ALERTS.contactSuccess.text,
      ]);
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      const alert = await box(page.getByTestId("alert"));
      expect(alert.y).toBeGreaterThanOrEqual(0);
      expect(alert.y + alert.height).toBeLessThanOrEqual(height);
      // Not thrown to the start of the page: on in the form (the field Enter was pressed in).
      const focused = await page.evaluate(() => {
        const active = document.activeElement;
        return {
          inForm: active?.closest("form")?.getAttribute("aria-label"),
          name: active?.getAttribute("name") ?? active?.tagName,
        };
      });
      expect(focused.inForm).toBe("Contact form");
      expect(focused.name).toBe(how === "sent with Enter" ? "email" : "FORM");
      await closePage(page);
    },
  );
});

describe("Brotherhood Night history", () => {
  it("shows its six story blocks in alternating colours", async () => {
    const s = await start();
    const page = await openPage(chromium.browser, `${s.url}/brotherhood-night-history`);
    const colours = await page
      .locator(".story-block")
      .evaluateAll((blocks) => blocks.map((block) => getComputedStyle(block).backgroundColor));
    expect(colours).toHaveLength(6);
    const [first, second] = colours;
    expect(first).not.toBe(second);
    expect(colours).toEqual([first, second, first, second, first, second]);
    await closePage(page);
  });
});
