import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { REDIRECT_SCRIPT } from "../site/app/site-map.ts";
import { albums } from "../site/generated/albums.ts";
import { lodge } from "../site/generated/lodge.ts";

const site = inject("site");

function html(path: string): string {
  return readFileSync(join(site.dir, path, "index.html"), "utf8");
}

/** Text of the page's <main>, tags removed, entities of the sample decoded. */
function mainText(page: string): string {
  const main = /<main[^>]*>([\s\S]*?)<\/main>/.exec(page)?.[1] ?? "";
  return main
    .replaceAll("<!-- -->", "")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}

/** Every route of SPEC 2 with a piece of the content its HTML must hold. */
const PAGES: [path: string, title: string, text: string][] = [
  ["home", lodge.name, "What is Freemasonry?"],
  ["history", "History", "Twelve Master Masons of the Mayfield Road settlements"],
  ["past-masters", "Past Masters of Hillcrest Lodge No. 586", "David Peterson"],
  [
    "golden-square-past-masters",
    "Past Masters of Golden Square Lodge No. 679",
    "Worshipful Master",
  ],
  [
    "university-heights-past-masters",
    "Past Masters of University Heights Lodge No. 738",
    "As List",
  ],
  ["bulletin", "Bulletin", "Download the current bulletin (PDF)"],
  ["upcoming-events", "Upcoming Events", "Upcoming Events"],
  ["contact-us", "Contact Us", `Contact the Brethren of ${lodge.name}`],
  ["our-officers", "Our Officers", "Worshipful Master"],
  ["about-us", "About Us", "was chartered on October 16, 1867"],
  ["how-to-join", "How to Join", "Be at least 19 years old"],
  ["image-gallery", "Image Gallery", albums[0]?.title ?? ""],
  ["recent-events", "Recent Events", `Recent Events From The Last Year At ${lodge.name}`],
  ["past-bulletins", "Past Bulletins", "Options"],
  ["social-events", lodge.socialSeries.title, "Upcoming Social Outings"],
  [
    "brotherhood-night-history",
    "Brotherhood Night History",
    "History of Brotherhood Night: A Night with the Clergy and Candle Lighting Ceremony",
  ],
];

describe("lodge build (the site)", () => {
  it("builds the sample lodge and says what it wrote", () => {
    expect(site.stderr).toEqual([]);
    expect(site.code).toBe(0);
    expect(site.stdout.at(-1)).toMatch(
      /^Built the site in .*dist: 31 pages and \d+ media files \(\d+\.\d s\)\.$/,
    );
  });

  it.each(PAGES)(
    "writes /%s with its title, a description, a <main> and its content",
    (path, title, text) => {
      const page = html(path);
      const fullTitle = title === lodge.name ? title : `${title} | ${lodge.name}`;
      expect(page).toContain(`<title>${fullTitle.replaceAll("'", "&#x27;")}</title>`);
      expect(page).toMatch(/<meta name="description" content="[^"]{20,}"\/>/);
      expect(page.match(/<main[ >]/g)).toHaveLength(1);
      expect(page.match(/<h1[ >]/g)).toHaveLength(1);
      expect(mainText(page)).toContain(text);
    },
  );

  it("writes a page for every album", () => {
    for (const album of albums) {
      expect(mainText(html(`image-gallery/${album.albumName}`))).toContain(album.title);
    }
  });

  it("lists the past masters in the HTML, newest first, 12 cards on the first page", () => {
    const text = mainText(html("past-masters"));
    const cards = html("past-masters").match(/<li class="card">/g) ?? [];
    expect(cards).toHaveLength(12);
    expect(text.indexOf("2024 - 2025")).toBeLessThan(text.indexOf("2013 - 2014"));
    expect(text).toContain("Page 1 of ");
  });

  it("holds the whole history timeline, ending with 'Today' and the lodge's age", () => {
    const text = mainText(html("history"));
    expect(text).toMatch(/Today .* \d{3} years since our charter, Oct 16, 1867\./);
    expect(html("history").match(/class="timeline-row"/g)?.length).toBeGreaterThan(10);
  });

  it("redirects the empty path and unknown paths at once, home or (an unknown album) to the gallery, and home without JavaScript", () => {
    const index = readFileSync(join(site.dir, "index.html"), "utf8");
    const notFound = readFileSync(join(site.dir, "404.html"), "utf8");
    for (const page of [index, notFound]) {
      expect(page).toContain(`<script>${REDIRECT_SCRIPT}</script>`);
      expect(page).toContain(
        '<noscript><meta http-equiv="refresh" content="0; url=/home"></noscript>',
      );
    }
    expect(existsSync(join(site.dir, "__spa-fallback.html"))).toBe(false);
  });

  it("copies the media the pages use under lodge.yaml's media addresses", () => {
    for (const file of [
      "media/petition.pdf",
      "media/images/site/logo.png",
      "media/images/history/charter-1867.jpg",
      "media/bulletins/hillcrest-2026-november-december.pdf",
      "media/social-events/bowling.jpg",
      `media/albums/${albums[0]?.albumName}/_cover.jpg`,
    ]) {
      expect(existsSync(join(site.dir, file)), file).toBe(true);
    }
    expect(existsSync(join(site.dir, "media/images/social-events"))).toBe(false);
  });
});
