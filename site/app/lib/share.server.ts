import {
  EVENTS_PAGE,
  GALLERY_PAGE,
  HOME_PAGE,
  OUTINGS_PAGE,
  pageUrl,
} from "../../../core/api/page-paths.ts";
import { NEWS_FEED, NEWS_FEED_TYPE } from "../../../core/rules/feed.ts";
import {
  ALBUM_COVER,
  type MediaKind,
  processedUrl,
  SITE_IMAGES,
} from "../../../core/rules/media.ts";
import { manifestEntry } from "../../../core/rules/pictures.ts";
import { albums } from "../../generated/albums.ts";
import { events } from "../../generated/events.ts";
import { images } from "../../generated/images.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { isListedPage } from "../site-map.ts";

/** One tag of a page's head: a <meta> (property or name) or a <link>. */
export type ShareTag =
  | { property: string; content: string }
  | { name: string; content: string }
  | { rel: string; href: string; type?: string; title?: string };

/** The picture a page is shared with: its event's, outing's or album's, else the lodge's hero. */
function sharedPicture(path: string): { kind: MediaKind; file: string; alt: string } {
  const [, section, id] = /^\/([^/]+)\/([^/]+)$/.exec(decodeURI(path)) ?? [];
  const event = section === EVENTS_PAGE ? events.find((e) => e.id === id) : undefined;
  if (event?.spotlightImage) {
    return { kind: "eventImages", file: event.spotlightImage, alt: event.altText || event.name };
  }
  const outing = section === OUTINGS_PAGE ? socialEvents.find((o) => o.id === id) : undefined;
  if (outing?.eventImageUrl) {
    return { kind: "socialEvents", file: outing.eventImageUrl, alt: outing.name };
  }
  const album = section === GALLERY_PAGE ? albums.find((a) => a.albumName === id) : undefined;
  if (album) return { kind: "albums", file: `${album.albumName}/${ALBUM_COVER}`, alt: album.title };
  return { kind: "site", file: SITE_IMAGES.hero, alt: lodge.name };
}

/** An address of the site as a full address, for a path ('/media/...') or a bucket's address. */
function absolute(address: string): string {
  return address.startsWith("/") ? lodge.siteUrl + address : address;
}

/**
 * What a page tells phones (its web app manifest and home-screen icon), link previews (Facebook, Slack, messengers) and search engines besides its
 * title and description: its canonical address, and its picture in the 1200x630 share size that
 * `lodge images` made. All of it needs full addresses, so without lodge.yaml's `siteUrl` only the
 * card's kind and the site's name are given (`lodge build` says so).
 */
export function shareTags(path: string): ShareTag[] {
  const page = path === "/" ? `/${HOME_PAGE}` : path.replace(/\/$/, "");
  const tags: ShareTag[] = [
    { rel: "manifest", href: "/site.webmanifest" },
    { rel: "apple-touch-icon", href: "/apple-touch-icon.png" },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: lodge.name },
    // A page that sitemap.xml leaves out says so to search engines (the root's redirect page
    // says it itself, as it does for every unknown address).
    ...(isListedPage(page) ? [] : [{ name: "robots", content: "noindex" }]),
  ];
  if (!lodge.siteUrl) return [...tags, { name: "twitter:card", content: "summary" }];
  const url = pageUrl(lodge.siteUrl, page);
  tags.push(
    { rel: "canonical", href: url },
    {
      rel: "alternate",
      href: lodge.siteUrl + NEWS_FEED,
      type: NEWS_FEED_TYPE,
      title: `${lodge.name}: news`,
    },
    { property: "og:url", content: url },
  );
  const shared = sharedPicture(page);
  const made =
    manifestEntry(images, shared.kind, shared.file)?.share[0] ??
    manifestEntry(images, "site", SITE_IMAGES.hero)?.share[0];
  if (!made) return [...tags, { name: "twitter:card", content: "summary" }];
  return [
    ...tags,
    { property: "og:image", content: absolute(processedUrl(lodge.media, made.src)) },
    { property: "og:image:width", content: String(made.width) },
    { property: "og:image:height", content: String(made.height) },
    { property: "og:image:alt", content: shared.alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
