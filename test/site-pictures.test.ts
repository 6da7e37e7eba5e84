import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, inject, it } from "vitest";
import { chromiumForFile, contextAt, staticSiteForFile } from "./support/site/app.ts";
import { builtPages } from "./support/site/static-server.ts";

const site = inject("site");
const server = staticSiteForFile(site.dir);
const chromium = chromiumForFile();

/** A phone, a laptop and a desktop. */
const WINDOWS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
  { width: 1920, height: 1080 },
];
const DPRS = [1, 2, 3];

/** One picture as a page shows it in one window. */
interface Shown {
  page: string;
  window: number;
  what: string;
  /** The `srcset` of its WebP sizes, which names the picture. */
  srcset: string;
  widths: number[];
  /** The width `sizes` gives for this window (the size the browser picks a file for), CSS px. */
  slot: number;
  /** The width of the picture as drawn: its box, or more where `object-fit: cover` crops it. */
  drawn: number;
}

/** Every picture with WebP sizes the pages show in a window, once their lazy pictures are loaded too. */
async function picturesIn(
  { width, height }: { width: number; height: number },
  paths: string[],
): Promise<Shown[]> {
  const context = await contextAt(chromium.browser, { viewport: { width, height } });
  try {
    await context.route(/^(?!http:\/\/127\.0\.0\.1)/, (route) => route.abort());
    const page = await context.newPage();
    const shown: Shown[] = [];
    for (const path of paths) shown.push(...(await picturesOf(page, path, width)));
    return shown;
  } finally {
    await context.close();
  }
}

/** The pictures of one page. */
async function picturesOf(page: Page, path: string, width: number): Promise<Shown[]> {
  await page.goto(server.url + path);
  await page.evaluate(() => {
    for (const img of document.images) img.loading = "eager";
  });
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const found = await page.evaluate(() =>
    [...document.querySelectorAll("picture")].flatMap((picture) => {
      const img = picture.querySelector("img");
      const source = picture.querySelector('source[type="image/webp"]');
      const box = img?.getBoundingClientRect();
      if (!img || !source || !box || box.width === 0) return [];
      const aspect = Number(img.getAttribute("width")) / Number(img.getAttribute("height"));
      const fit = getComputedStyle(img).objectFit;
      const drawn =
        fit === "cover"
          ? Math.max(box.width, box.height * aspect)
          : fit === "contain"
            ? Math.min(box.width, box.height * aspect)
            : box.width;
      return [
        {
          what: `${img.className || picture.parentElement?.className || "picture"} (sizes "${source.getAttribute("sizes")}")`,
          srcset: source.getAttribute("srcset") ?? "",
          // A picture from a srcset of widths is as wide as `sizes` says, whichever file came.
          slot: img.naturalWidth,
          drawn: Math.round(drawn),
        },
      ];
    }),
  );
  return found.map((f) => ({
    ...f,
    page: path,
    window: width,
    widths: f.srcset.split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1])),
  }));
}

/** The file a browser takes at a device pixel ratio: the narrowest wide enough, or the widest. */
function picked(shown: Shown, dpr: number): number {
  const widths = [...shown.widths].sort((a, b) => a - b);
  return widths.find((w) => w / shown.slot >= dpr) ?? (widths.at(-1) as number);
}

/**
 * The built pages with pictures made by `lodge images` besides the logo of every page's header,
 * and one album of the gallery (they are all laid out alike).
 */
function withPictures(): string[] {
  const pages = builtPages(site.dir).filter(
    (path) =>
      readFileSync(join(site.dir, path, "index.html"), "utf8").split('type="image/webp"').length >
      2,
  );
  const album = pages.find((path) => path.startsWith("/image-gallery/"));
  return pages.filter((path) => !path.startsWith("/image-gallery/") || path === album);
}

describe("the pictures of the built site", () => {
  it("says in sizes how wide each picture is drawn, and every size made is the one some screen takes", async () => {
    const pages = withPictures();
    expect(pages).toEqual(expect.arrayContaining(["/home", "/image-gallery", "/our-officers"]));
    const shown = (await Promise.all(WINDOWS.map((window) => picturesIn(window, pages)))).flat();
    // `sizes` within 10% (or 8 px) of the width drawn: a browser takes neither a file too small
    // for the screen nor one much too large.
    const wrong = shown
      .filter((s) => Math.abs(s.slot - s.drawn) > Math.max(8, s.drawn * 0.1))
      .map((s) => `${s.page} at ${s.window} px: ${s.what} is ${s.slot} px, drawn ${s.drawn} px`);
    expect([...new Set(wrong)]).toEqual([]);
    // Each size of a picture is the one a phone, laptop or desktop at DPR 1, 2 or 3 takes.
    const taken = new Map<string, Set<number>>();
    for (const s of shown) {
      const widths = taken.get(s.srcset) ?? new Set();
      for (const dpr of DPRS) widths.add(picked(s, dpr));
      taken.set(s.srcset, widths);
    }
    const unused = shown.flatMap((s) =>
      s.widths
        .filter((w) => !taken.get(s.srcset)?.has(w))
        .map((w) => `${s.srcset.split(" ")[0]}: the ${w} px size`),
    );
    expect([...new Set(unused)]).toEqual([]);
  }, 120_000);
});
