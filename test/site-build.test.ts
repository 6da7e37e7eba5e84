import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import ICAL from "ical.js";
import sharp from "sharp";
import { describe, expect, inject, it } from "vitest";
import {
  CONTENT_JS_GZIP_KB,
  INTERACTIVE_JS_GZIP_KB,
  inlineScript,
  pageScripts,
  totalKb,
} from "../bench/page-js.ts";
import { readManifest } from "../cli/images/cache.ts";
import { FRIENDS_PATH } from "../core/api/page-paths.ts";
import { upcomingEvents, upcomingOutings } from "../core/rules/events.ts";
import { processedUrl } from "../core/rules/media.ts";
import { pictureOf } from "../core/rules/pictures.ts";
import type { ImageEntry } from "../core/schemas/image-manifest.ts";
import { heroSizes } from "../site/app/lib/pictures.ts";
import { personalPages, REDIRECT_SCRIPT } from "../site/app/site-map.ts";
import { albumPictures } from "../site/generated/album-pictures.ts";
import { albums } from "../site/generated/albums.ts";
import { lodge } from "../site/generated/lodge.ts";
import { NOW, sampleData } from "./support/api-harness.ts";
import { SAMPLE } from "./support/cli-harness.ts";
import { mainText, pageHtml } from "./support/site/page-text.ts";
import { builtPageKinds, builtPages } from "./support/site/static-server.ts";

const site = inject("site");
const manifest = readManifest(site.imagesDir, SAMPLE);

/** The sizes `lodge images` made of a file of the data folder. */
function made(source: string): ImageEntry {
  const entry = manifest[source];
  if (!entry) throw new Error(`lodge images made nothing of ${source}`);
  return entry;
}

/** The hero's `sizes`: the band across the window it is cropped to. */
const HERO_SIZES = heroSizes(
  made("images/site/hero.jpg").variants.at(-1) ?? { width: 0, height: 1 },
);

function html(path: string): string {
  return pageHtml(site.dir, path);
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
  ["bulletin", "Bulletin", "Open the current bulletin full size"],
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
      /^Built the site in .*dist: 289 pages and \d+ media files \(\d+\.\d s\)\.$/,
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

  it("links only to pages and files it wrote, or to the friends' form lodge serve writes itself (in every footer)", () => {
    const pages = new Set(builtPages(site.dir));
    expect(html("home")).toContain(`href="${FRIENDS_PATH}"`);
    const missing = new Set<string>();
    for (const page of pages) {
      for (const [, href = ""] of html(page).matchAll(/ href="(\/(?!\/)[^"#?]*)/g)) {
        const path = decodeURI(href.replaceAll("&amp;", "&"));
        const found = /\.[a-z0-9]+$/i.test(path)
          ? existsSync(join(site.dir, path))
          : pages.has(path.replace(/\/$/, "")) || path === "/" || path === FRIENDS_PATH;
        if (!found) missing.add(`${path} (on ${page})`);
      }
    }
    expect([...missing]).toEqual([]);
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
      // In the head: a <meta http-equiv> is not allowed in the body.
      const [head = "", body = ""] = page.split("</head>");
      expect(head).toContain(
        '<noscript><meta http-equiv="refresh" content="0; url=/home"></noscript>',
      );
      expect(body).not.toContain("http-equiv");
    }
    expect(existsSync(join(site.dir, "__spa-fallback.html"))).toBe(false);
  });

  it("writes every time of day one way, '7:30PM', on every page; other forms only in the lodge's own words", () => {
    const dataText = ["events.yaml", "social-events.yaml", "recent-events.yaml", "history.yaml"]
      .map((file) => readFileSync(new URL(`../data/${file}`, import.meta.url), "utf8"))
      .join("\n")
      .replace(/\s+/g, " ");
    const times = /\b\d{1,2}(?::\d{2})?\s?(?:[ap]\.?m\b\.?|[AP]M\b)/gi;
    const written: string[] = [];
    const others: string[] = [];
    for (const path of ["", ...readdirSync(site.dir, { recursive: true, encoding: "utf8" })]) {
      if (!path.endsWith("index.html") && path !== "") continue;
      const text = mainText(readFileSync(join(site.dir, path || "index.html"), "utf8"));
      for (const match of text.matchAll(times)) {
        if (/^\d{1,2}:\d{2}[AP]M$/.test(match[0])) written.push(match[0]);
        // With the words before it, as the data would have to say it.
        else others.push(text.slice(Math.max(0, match.index - 20), match.index + match[0].length));
      }
    }
    // Event starts, dinners, deadlines and outings: the site writes hundreds of times.
    expect(written.length).toBeGreaterThan(50);
    expect(written).toContain("12:30PM");
    expect(others.filter((phrase) => !dataText.includes(phrase.trim()))).toEqual([]);
  });

  it("copies the files the pages use under lodge.yaml's media addresses: the pictures' web sizes, not their originals", () => {
    for (const file of [
      "media/petition.pdf",
      "media/bulletins/hillcrest-2026-november-december.pdf",
    ]) {
      expect(existsSync(join(site.dir, file)), file).toBe(true);
    }
    for (const file of [
      "media/images/site/logo.png",
      "media/images/history/charter-1867.jpg",
      "media/social-events/bowling.jpg",
      `media/albums/${albums[0]?.albumName}/_cover.jpg`,
    ]) {
      expect(existsSync(join(site.dir, file)), file).toBe(false);
    }
    expect(existsSync(join(site.dir, "media/images/social-events"))).toBe(false);

    const files = Object.values(manifest).flatMap((entry) => [...entry.variants, ...entry.thumbs]);
    expect(files.length).toBeGreaterThan(1000);
    for (const file of files) {
      const path = processedUrl(lodge.media, file.src).slice(1).split("/").map(decodeURIComponent);
      expect(existsSync(join(site.dir, ...path)), file.src).toBe(true);
    }
    expect(readdirSync(join(site.dir, "media/social-events"))).toContain(
      made("images/social-events/bowling.jpg").variants[0]?.src.split("/").at(-1),
    );
    const album = albums[0]?.albumName ?? "";
    const thumbnails = readdirSync(join(site.dir, "media/thumbnails", album));
    expect(thumbnails.length).toBe(2 * (albumPictures[album]?.length ?? 0));
    expect(thumbnails.every((name) => /-[0-9a-f]{8}-400\.(webp|jpg)$/.test(name))).toBe(true);
  });

  it("shows every picture in its web sizes: a WebP srcset with sizes, one JPEG or PNG, width and height", () => {
    const home = html("home");
    const hero = pictureOf(lodge.media, made("images/site/hero.jpg").variants);
    expect(hero?.webp).toMatch(
      /^\/media\/images\/site\/hero-[0-9a-f]{8}-800\.webp 800w, .* 1920w$/,
    );
    expect(hero?.src).toMatch(/^\/media\/images\/site\/hero-[0-9a-f]{8}-800\.jpg$/);
    expect(home).toContain(
      `<picture><source type="image/webp" srcSet="${hero?.webp}" sizes="${HERO_SIZES}"/><img src="${hero?.src}" alt="" width="1920" height="800" loading="eager" fetchPriority="high" decoding="async"/></picture>`,
    );
    const spotlight = pictureOf(lodge.media, made("images/events/brotherhood-night.jpg").variants);
    expect(home).toContain(`<source type="image/webp" srcSet="${spotlight?.webp}"`);

    const album = albums.find((a) => a.albumName === "2024-10-19-table-lodge");
    const first = albumPictures["2024-10-19-table-lodge"]?.[0];
    const thumb = pictureOf(lodge.media, made(`albums/${album?.albumName}/${first?.file}`).thumbs);
    expect(thumb?.webp).toMatch(/^\/media\/thumbnails\/2024-10-19-table-lodge\/.*-400\.webp 400w$/);
    expect(html(`image-gallery/${album?.albumName}`)).toContain(
      `<source type="image/webp" srcSet="${thumb?.webp}"`,
    );

    for (const path of ["home", "past-masters", "our-officers", "history", "image-gallery"]) {
      const pictures = html(path).match(/<picture>.*?<\/picture>/g) ?? [];
      expect(pictures.length, path).toBeGreaterThan(1);
      for (const picture of pictures) {
        expect(picture, path).toMatch(
          /^<picture><source type="image\/webp" srcSet="[^"]+ \d+w" sizes="[^"]+"\/><img [^>]*src="[^"]+\.(jpg|png)" [^>]*width="\d+" height="\d+"/,
        );
      }
    }
  });

  it(`loads ${INTERACTIVE_JS_GZIP_KB} KB of JavaScript at most (gzip) at start on every page with React, the home page's in eight files, and sends its stylesheet in 15 KB`, () => {
    const scripts = pageScripts(site.dir, "/home");
    expect(scripts.map((s) => /^\/assets\/(.+)-[\w-]{8}\.js$/.exec(s.file)?.[1])).toEqual([
      "manifest",
      "entry.client",
      "framework",
      "root",
      "home",
      "rsvp",
      "dates",
      "Carousel",
    ]);
    // Every page with React, a visitor's own pages from a mail too.
    const withReact = builtPageKinds(site.dir).filter(
      (route) => pageScripts(site.dir, route).length > 0,
    );
    expect(withReact).toEqual(
      expect.arrayContaining(["/home", "/contact-us", "/upcoming-events", ...personalPages()]),
    );
    for (const route of withReact) {
      expect(totalKb(pageScripts(site.dir, route)).gzip, route).toBeLessThanOrEqual(
        INTERACTIVE_JS_GZIP_KB,
      );
    }
    const home = html("home");
    const styles = home.match(/\/assets\/[\w.~-]+\.css/g) ?? [];
    expect(styles).toHaveLength(1);
    const sent = readFileSync(join(site.dir, `${styles[0]}.br`)).length;
    expect(sent / 1024).toBeLessThanOrEqual(15);
  });

  it(`runs no script file and ${CONTENT_JS_GZIP_KB} KB of inline script at most (gzip) on a page without React`, () => {
    for (const route of ["/about-us", "/history", "/golden-square-past-masters"]) {
      expect(pageScripts(site.dir, route), route).toEqual([]);
      expect(inlineScript(site.dir, route).gzip / 1024, route).toBeLessThanOrEqual(
        CONTENT_JS_GZIP_KB,
      );
      expect(html(route.slice(1)), route).not.toContain("__reactRouterContext");
    }
  });

  it("gives no browser the secretary's address", () => {
    const { secretaryEmail } = sampleData().lodge;
    expect(secretaryEmail).toMatch(/@/);
    const assets = join(site.dir, "assets");
    const sent = [
      ...readdirSync(assets)
        .filter((file) => file.endsWith(".js"))
        .map((file) => join(assets, file)),
      ...builtPages(site.dir).map((path) => join(site.dir, path, "index.html")),
    ].map((file) => readFileSync(file, "utf8"));
    for (const text of sent) expect(text).not.toContain(secretaryEmail);
  });

  it("fetches the home page's hero first: its WebP sizes are preloaded before the stylesheet, the scripts after the first paint", () => {
    const home = html("home");
    const hero = pictureOf(lodge.media, made("images/site/hero.jpg").variants);
    const preload = `<link rel="preload" as="image" type="image/webp" fetchPriority="high" imageSrcSet="${hero?.webp}" imageSizes="${HERO_SIZES}"/>`;
    expect(home).toContain(preload);
    expect(home.indexOf(preload)).toBeLessThan(home.indexOf('<link rel="stylesheet"'));
    expect(home.match(/rel="preload" as="image"/g)).toHaveLength(1);
    expect(home).not.toContain('rel="modulepreload"');
    expect(home).toContain(
      '<script type="module" async="">requestAnimationFrame(() => setTimeout(async () => {',
    );
  });
});

describe("lodge build (what is shared, found and subscribed to)", () => {
  /** The <meta property> and <link rel> values of a page's head. */
  function headTags(path: string): Record<string, string> {
    const head = /<head>([\s\S]*?)<\/head>/.exec(html(path))?.[1] ?? "";
    const tags: Record<string, string> = {};
    for (const [, key, value] of head.matchAll(
      /<meta (?:property|name)="([^"]+)" content="([^"]*)"/g,
    )) {
      if (key && value !== undefined) tags[key] = value.replaceAll("&amp;", "&");
    }
    for (const [, rel, href] of head.matchAll(/<link rel="([^"]+)" href="([^"]*)"/g)) {
      if (rel && href !== undefined) tags[rel] = href;
    }
    return tags;
  }

  /** The built file an address of the site names. */
  const fileOf = (url: string) =>
    join(site.dir, decodeURIComponent(url.slice(lodge.siteUrl.length)));

  it.each([
    ["home", "/home", "Hillcrest Lodge No. 586", "images/site/hero.jpg"],
    [
      "events/brotherhood-night-2026",
      "/events/brotherhood-night-2026",
      "Brotherhood Night | Hillcrest Lodge No. 586",
      "images/events/brotherhood-night.jpg",
    ],
    [
      "image-gallery/2026-10-17-table-lodge",
      "/image-gallery/2026-10-17-table-lodge",
      "Table Lodge 2026 | Hillcrest Lodge No. 586",
      "albums/2026-10-17-table-lodge/_cover.jpg",
    ],
  ])(
    "gives /%s a share card: its canonical address, title, and picture in the 1200x630 size at a full address",
    async (path, address, title, picture) => {
      const tags = headTags(path);
      expect(tags.canonical).toBe(`${lodge.siteUrl}${address}`);
      expect(tags["og:url"]).toBe(`${lodge.siteUrl}${address}`);
      expect(tags["og:title"]).toBe(title);
      expect(tags["og:description"]?.length).toBeGreaterThan(20);
      expect(tags["twitter:card"]).toBe("summary_large_image");
      const share = made(picture).share[0];
      expect(tags["og:image"]).toBe(lodge.siteUrl + processedUrl(lodge.media, share?.src ?? ""));
      expect([tags["og:image:width"], tags["og:image:height"]]).toEqual(["1200", "630"]);
      const image = await sharp(fileOf(tags["og:image"] ?? "")).metadata();
      expect([image.width, image.height, image.format]).toEqual([1200, 630, "jpeg"]);
    },
  );

  it("lists exactly the built pages in sitemap.xml, each with lastmod, and names it in robots.txt", () => {
    const sitemap = readFileSync(join(site.dir, "sitemap.xml"), "utf8");
    const listed = [
      ...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>(\d{4}-\d\d-\d\d)<\/lastmod><\/url>/g),
    ];
    // Every page but those for one visitor (a reservation's own page, opened from its mail) and
    // the plain RSVP and waiting-list pages (the RSVP modal without JavaScript): each of those
    // says noindex, and no other page does.
    const unlisted = (page: string) =>
      personalPages().includes(page) || /^\/[^/]+\/[^/]+\/(rsvp|waitlist)$/.test(page);
    const built = builtPages(site.dir);
    expect(listed.map((m) => decodeURI(m[1] ?? "").slice(lodge.siteUrl.length))).toEqual(
      built.filter((page) => !unlisted(page)),
    );
    expect(personalPages().every((page) => built.includes(page))).toBe(true);
    expect(built.filter((page) => page.endsWith("/waitlist")).length).toBeGreaterThan(0);
    const noindex = /<meta name="robots" content="noindex"\/>/g;
    for (const page of built) {
      expect(pageHtml(site.dir, page).match(noindex)?.length ?? 0, page).toBe(
        unlisted(page) ? 1 : 0,
      );
    }
    expect(new Set(listed.map((m) => m[2]))).toEqual(new Set([NOW.toISOString().slice(0, 10)]));
    expect(readFileSync(join(site.dir, "robots.txt"), "utf8")).toBe(
      `User-agent: *\nAllow: /\n\nSitemap: ${lodge.siteUrl}/sitemap.xml\nSitemap: ${lodge.siteUrl}/feed.xml\n`,
    );
  });

  it("writes an Atom feed of the newest recent events and albums, at full addresses of built pages, and names it in every page's head", () => {
    const text = readFileSync(join(site.dir, "feed.xml"), "utf8");
    expect(XMLValidator.validate(text)).toBe(true);
    const { feed } = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "" }).parse(
      text,
    );
    expect(feed.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe(`${lodge.siteUrl}/feed.xml`);
    const entries: {
      title: string;
      link: { href: string };
      updated: string;
      id: string;
      content: { "#text"?: string; type: string };
    }[] = feed.entry;
    // What the data holds up to the build's day, newest first: write-ups by their eventDate,
    // albums by the date their folder name starts with.
    const data = sampleData();
    const today = NOW.toISOString().slice(0, 10);
    const dayOf = (text: string) =>
      text.replace(/^(\d{4})\D(\d{1,2})\D(\d{1,2}).*$/, (_, y, m, d) =>
        [y, m.padStart(2, "0"), d.padStart(2, "0")].join("-"),
      );
    const expected = [
      ...data.recentEvents
        .filter((e) => /^\d{4}\/\d/.test(e.eventDate))
        .map((e) => ({ day: dayOf(e.eventDate), title: e.eventName })),
      ...data.albums.map((a) => ({ day: dayOf(a.albumName), title: `Photos: ${a.title}` })),
    ]
      .filter((item) => item.day <= today)
      .sort((a, b) => b.day.localeCompare(a.day));
    expect(entries.length).toBe(Math.min(30, expected.length));
    expect(entries.map((e) => [e.updated.slice(0, 10), e.title])).toEqual(
      expected.slice(0, entries.length).map((item) => [item.day, item.title]),
    );
    expect(new Set(entries.map((e) => e.id)).size).toBe(entries.length);
    const pages = new Set(builtPages(site.dir));
    for (const entry of entries) {
      expect(entry.link.href.startsWith(`${lodge.siteUrl}/`)).toBe(true);
      expect(pages.has(decodeURI(entry.link.href.slice(lodge.siteUrl.length)))).toBe(true);
      // No empty entry, and every address inside a write-up a full one (a reader shows it away
      // from the site).
      const content = String(entry.content["#text"] ?? "");
      expect(content.trim(), entry.title).not.toBe("");
      const addresses = [...content.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1] ?? "");
      for (const address of addresses) expect(address).toMatch(/^(https?:|mailto:|#)/);
    }
    expect(
      entries.some((e) => e.content["#text"]?.includes(`href="${lodge.siteUrl}/image-gallery/`)),
    ).toBe(true);
    for (const path of ["home", "recent-events", "contact-us"]) {
      expect(html(path)).toContain(
        `<link rel="alternate" href="${lodge.siteUrl}/feed.xml" type="application/atom+xml" title="${lodge.name}: news"/>`,
      );
    }
  });

  it("writes the calendar feed of every event and outing to come, with the UIDs of their own files, and links it as webcal:// from Upcoming Events", () => {
    const data = sampleData();
    const feed = new ICAL.Component(
      ICAL.parse(readFileSync(join(site.dir, "calendar.ics"), "utf8")),
    );
    const uids = feed.getAllSubcomponents("vevent").map((v) => v.getFirstPropertyValue("uid"));
    const events = upcomingEvents(data.events, NOW, lodge.timeZone);
    const outings = upcomingOutings(data.socialEvents, NOW, lodge.timeZone);
    expect(uids).toEqual([...events, ...outings].map((item) => `${item.id}@lodge-586`));
    const first = events[0];
    const own = readFileSync(join(site.dir, "calendar", `${first?.id}.ics`), "utf8");
    expect(
      new ICAL.Component(ICAL.parse(own))
        .getFirstSubcomponent("vevent")
        ?.getFirstPropertyValue("uid"),
    ).toBe(uids[0]);
    expect(html("upcoming-events")).toContain(
      'href="webcal://www.hillcrest586.example.org/calendar.ics">Subscribe to our calendar</a>',
    );
  });

  it("gives phones a web app manifest and its icons at the sizes they ask for", async () => {
    const home = headTags("home");
    expect(home.manifest).toBe("/site.webmanifest");
    expect(home["apple-touch-icon"]).toBe("/apple-touch-icon.png");
    const manifest = JSON.parse(readFileSync(join(site.dir, "site.webmanifest"), "utf8"));
    expect(manifest).toMatchObject({
      name: lodge.name,
      short_name: lodge.shortName,
      start_url: "/home",
    });
    const icons = [
      { src: "/apple-touch-icon.png", sizes: "180x180" },
      ...(manifest.icons as { src: string; sizes: string }[]),
    ];
    expect(icons.map((icon) => icon.sizes)).toEqual(["180x180", "192x192", "512x512"]);
    for (const icon of icons) {
      const meta = await sharp(join(site.dir, icon.src)).metadata();
      expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
    }
  });
});
