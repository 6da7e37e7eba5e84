import { GALLERY_PAGE, HOME_PAGE, pageUrl, RECENT_EVENTS_PAGE } from "../api/page-paths.ts";
import { type Album, albumNameParts } from "../schemas/album.ts";
import type { Lodge } from "../schemas/lodge.ts";
import type { RecentEvent } from "../schemas/recent-event.ts";
import { instantOf, isoDateTime } from "./calendar.ts";
import { type CalendarDate, parseDay, wallTimeIn } from "./time.ts";

/** The site's news feed (Atom), named in every page's head and in robots.txt. */
export const NEWS_FEED = "/feed.xml";
export const NEWS_FEED_TYPE = "application/atom+xml";
/** Its Content-Type as `lodge serve` and `lodge publish` give it (not the .xml default). */
export const NEWS_FEED_CONTENT_TYPE = `${NEWS_FEED_TYPE}; charset=utf-8`;
/** How many entries the feed keeps: a reader that missed a few builds still gets them. */
export const NEWS_FEED_ENTRIES = 30;

/** One entry of the feed, before it is written: what a test compares with the data. */
export interface FeedEntry {
  /** A full address that never changes for the item: its page, and for a write-up its anchor. */
  id: string;
  title: string;
  /** The page a reader opens. */
  link: string;
  /** The item's day (the event's, the album's), as an ISO date-time in the lodge's zone. */
  updated: string;
  /** The write-up's HTML, or the album's subtitle and credit as text. */
  content: { type: "html" | "text"; value: string };
}

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};
/** XML's own five entities, which every feed reader decodes. */
const xml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);

const atMidnight = (day: CalendarDate) => ({ ...day, hour: 0, minute: 0 });

/**
 * A write-up's HTML with its site addresses ('/image-gallery/...') made full: a feed reader shows
 * the entry away from the site, where an address from the site's root leads nowhere.
 */
export function absoluteLinks(html: string, siteUrl: string): string {
  return html.replace(
    /(\s(?:href|src)\s*=\s*)(["'])(\/(?!\/)[^"']*)\2/gi,
    (_, attribute: string, quote: string, path: string) =>
      `${attribute}${quote}${siteUrl}${path}${quote}`,
  );
}

/**
 * What the feed tells of: the Recent Events write-ups and the photo albums, each on the day it
 * happened (none still to come at `now`), newest first, at most NEWS_FEED_ENTRIES. A write-up
 * links to its album's page when the album is on the site, else to Recent Events; its id is
 * Recent Events' address with its day and name, so it stays the same when an album is added.
 */
export function feedEntries(
  lodge: Pick<Lodge, "siteUrl" | "timeZone">,
  data: { recentEvents: readonly RecentEvent[]; albums: readonly Album[] },
  now: Date,
): FeedEntry[] {
  const { siteUrl, timeZone } = lodge;
  const today = wallTimeIn(now, timeZone);
  const albumNames = new Set(data.albums.map((album) => album.albumName));
  const dated: { day: CalendarDate; entry: FeedEntry }[] = [];
  const add = (day: CalendarDate | undefined, entry: Omit<FeedEntry, "updated">) => {
    if (!day || instantOf(atMidnight(day), timeZone) > instantOf(today, timeZone)) return;
    dated.push({ day, entry: { ...entry, updated: isoDateTime(atMidnight(day), timeZone) } });
  };
  for (const item of data.recentEvents) {
    const day = parseDay(item.eventDate);
    const slug = `${item.eventDate.replaceAll("/", "-")}-${item.eventName}`
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-");
    const album = albumNames.has(item.albumName) ? item.albumName : undefined;
    add(day, {
      id: `${pageUrl(siteUrl, `/${RECENT_EVENTS_PAGE}`)}#${slug}`,
      title: item.eventName,
      link: pageUrl(siteUrl, album ? `/${GALLERY_PAGE}/${album}` : `/${RECENT_EVENTS_PAGE}`),
      content: item.description.trim()
        ? { type: "html", value: absoluteLinks(item.description, siteUrl) }
        : { type: "text", value: `${item.eventName}: photos and the story on Recent Events.` },
    });
  }
  for (const album of data.albums) {
    const parts = albumNameParts(album.albumName);
    const url = pageUrl(siteUrl, `/${GALLERY_PAGE}/${album.albumName}`);
    add(parts ? parseDay(parts.date) : undefined, {
      id: url,
      title: `Photos: ${album.title}`,
      link: url,
      content: {
        type: "text",
        // An album without words still says what it is: a reader shows no empty entry.
        value:
          [album.subtitle, album.description].filter(Boolean).join(". ") ||
          `Photos of ${album.title}.`,
      },
    });
  }
  const key = (day: CalendarDate) => day.year * 10_000 + day.month * 100 + day.day;
  return dated
    .sort((a, b) => key(b.day) - key(a.day))
    .slice(0, NEWS_FEED_ENTRIES)
    .map(({ entry }) => entry);
}

/**
 * The Atom feed (RFC 4287) of feedEntries. It needs full addresses, so it is made only when
 * lodge.yaml gives `siteUrl`, as sitemap.xml is. Its `updated` is its newest entry's day, so a
 * build that changes nothing leaves it byte-identical and readers see nothing new.
 */
export function newsFeed(
  lodge: Pick<Lodge, "siteUrl" | "timeZone" | "name">,
  data: { recentEvents: readonly RecentEvent[]; albums: readonly Album[] },
  now: Date,
): string {
  const entries = feedEntries(lodge, data, now);
  const home = pageUrl(lodge.siteUrl, `/${HOME_PAGE}`);
  const updated =
    entries[0]?.updated ?? isoDateTime(atMidnight(wallTimeIn(now, lodge.timeZone)), lodge.timeZone);
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <title>${xml(lodge.name)}</title>`,
    `  <subtitle>Recent events and photo albums of ${xml(lodge.name)}</subtitle>`,
    `  <id>${xml(pageUrl(lodge.siteUrl, NEWS_FEED))}</id>`,
    `  <link rel="self" type="${NEWS_FEED_TYPE}" href="${xml(pageUrl(lodge.siteUrl, NEWS_FEED))}"/>`,
    `  <link rel="alternate" type="text/html" href="${xml(home)}"/>`,
    `  <author><name>${xml(lodge.name)}</name></author>`,
    `  <updated>${updated}</updated>`,
    ...entries.flatMap((entry) => [
      "  <entry>",
      `    <id>${xml(entry.id)}</id>`,
      `    <title>${xml(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xml(entry.link)}"/>`,
      `    <updated>${entry.updated}</updated>`,
      `    <content type="${entry.content.type}">${xml(entry.content.value)}</content>`,
      "  </entry>",
    ]),
    "</feed>",
    "",
  ].join("\n");
}
