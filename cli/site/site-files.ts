import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { HOME_PAGE, pageUrl } from "../../core/api/page-paths.ts";
import { CALENDAR_FEED, calendarFeed } from "../../core/rules/calendar.ts";
import { upcomingEvents, upcomingOutings } from "../../core/rules/events.ts";
import { NEWS_FEED, newsFeed } from "../../core/rules/feed.ts";
import { MEDIA_FOLDERS, SITE_IMAGES } from "../../core/rules/media.ts";
import type { LodgeData } from "../../core/schemas/index.ts";
import { isListedPage } from "../../site/app/site-map.ts";
import { contentDays } from "./content-dates.ts";

/** The icons phones ask for: the home-screen icon of iOS, and the web app manifest's two. */
export const ICONS = [
  { file: "apple-touch-icon.png", size: 180 },
  { file: "icon-192.png", size: 192 },
  { file: "icon-512.png", size: 512 },
] as const;

const xml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * sitemap.xml: every page the build wrote that search engines are pointed to (the site map's
 * isListedPage), each with the day its content last changed as lastmod (contentDays).
 */
export function sitemap(
  siteUrl: string,
  pages: readonly string[],
  lastChanged: (page: string) => string,
): string {
  const urls = pages
    .filter(isListedPage)
    .map(
      (page) =>
        `  <url><loc>${xml(pageUrl(siteUrl, page))}</loc><lastmod>${lastChanged(page)}</lastmod></url>`,
    );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/**
 * robots.txt: everything may be read; it names the sitemap when there is one, and the news feed,
 * which search engines take as a second sitemap of the newest pages (Atom is one of the formats
 * they read there) while sitemap.xml lists pages only.
 */
export function robots(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...(siteUrl ? ["", `Sitemap: ${siteUrl}/sitemap.xml`, `Sitemap: ${siteUrl}${NEWS_FEED}`] : []),
    "",
  ].join("\n");
}

/** The web app manifest: what a phone shows for the site added to its home screen. */
export function webManifest(lodge: LodgeData["lodge"]): string {
  return `${JSON.stringify(
    {
      name: lodge.name,
      short_name: lodge.shortName,
      start_url: `/${HOME_PAGE}`,
      display: "browser",
      background_color: "#ffffff",
      theme_color: "#13294b",
      icons: ICONS.filter((icon) => icon.file.startsWith("icon-")).map((icon) => ({
        src: `/${icon.file}`,
        sizes: `${icon.size}x${icon.size}`,
        type: "image/png",
      })),
    },
    null,
    2,
  )}\n`;
}

/**
 * Writes the files of the site that are not pages, once the pages are built: the calendar feed of
 * the events and outings still to come, robots.txt, the web app manifest with its icons (from
 * the lodge's logo), and, when lodge.yaml gives `siteUrl`, sitemap.xml and the news feed of
 * recent events and albums (both need full addresses). Returns their names.
 */
export async function writeSiteFiles(
  outDir: string,
  dataDir: string,
  data: LodgeData,
  pages: readonly string[],
  moment: Date,
): Promise<string[]> {
  const { lodge } = data;
  const files: [string, string][] = [
    [
      CALENDAR_FEED.slice(1),
      calendarFeed(
        lodge,
        [
          ...upcomingEvents(data.events, moment, lodge.timeZone),
          ...upcomingOutings(data.socialEvents, moment, lodge.timeZone),
        ],
        moment,
      ),
    ],
    ["robots.txt", robots(lodge.siteUrl)],
    ["site.webmanifest", webManifest(lodge)],
    ...(lodge.siteUrl
      ? ([
          ["sitemap.xml", sitemap(lodge.siteUrl, pages, contentDays(dataDir, lodge, moment))],
          [NEWS_FEED.slice(1), newsFeed(lodge, data, moment)],
        ] as [string, string][])
      : []),
  ];
  for (const [name, text] of files) writeFileSync(join(outDir, name), text);
  const logo = join(dataDir, MEDIA_FOLDERS.site, SITE_IMAGES.logo);
  if (existsSync(logo)) {
    for (const icon of ICONS) {
      await sharp(logo)
        .resize(icon.size, icon.size, { fit: "contain", background: "#ffffff" })
        .flatten({ background: "#ffffff" })
        .png()
        .toFile(join(outDir, icon.file));
      files.push([icon.file, ""]);
    }
  }
  return files.map(([name]) => name);
}
