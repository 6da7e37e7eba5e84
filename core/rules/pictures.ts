import type { ImageEntry, ImageManifest, ImageVariant } from "../schemas/image-manifest.ts";
import type { RecentEvent } from "../schemas/recent-event.ts";
import {
  isAddress,
  isGalleryPicture,
  MEDIA_FOLDERS,
  type MediaBases,
  type MediaKind,
  mediaUrl,
  processedUrl,
  SITE_IMAGES,
} from "./media.ts";
import { notYetGone } from "./recent-events.ts";

/**
 * Where the site shows a picture, which decides the sizes `lodge images` makes of it:
 * - `photo`: in a page: the spotlight, slides, album tiles, figures, outings and portraits, in
 *   the page's column (280 to 630 CSS px on a laptop or desktop, the screen less its margins on
 *   a phone): 280 to 1900 device px at DPR 1 to 3, which a browser takes from files 480, 800,
 *   1200 and 1600 px wide.
 * - `spotlight`: an event's picture, the background of its slide in the home page's spotlight:
 *   the container's width at 2:1 on a laptop or desktop (1200 CSS px), and on a phone the whole
 *   slide, words included, so drawn about 900 to 1000 CSS px wide: 1200 and 1600 px.
 * - `hero`: the home page's band across the window, cropped to its height (576 CSS px or more
 *   for a picture 2.4 times as wide as high): 800 to 1920 px.
 * - `icon`: the logo and the officers' jewels, 44 to 200 CSS px (the favicon is the smallest).
 * - `album`: a photo only its album shows: the grid shows its thumbnail, the lightbox its
 *   largest size (up to 1600 px, a window's height at 3:2).
 * The pictures' browser test checks that every size made is the one some screen takes.
 */
export type PictureRole = "photo" | "spotlight" | "hero" | "icon" | "album";

/** The widths made for each role, never wider than the picture (a wider one is the picture's). */
export const ROLE_WIDTHS: Record<PictureRole, readonly number[]> = {
  photo: [480, 800, 1200, 1600],
  spotlight: [1200, 1600],
  hero: [800, 1200, 1600, 1920],
  icon: [160, 320, 640],
  album: [1600],
};

/**
 * The one JPEG (PNG for a PNG) of a role's picture, for the few browsers without WebP: `<img
 * src>` of a page, or the favicon. An album photo has its thumbnail's.
 */
const FALLBACK_WIDTH: Record<PictureRole, number | undefined> = {
  photo: 800,
  spotlight: 1200,
  hero: 800,
  icon: 160,
  album: undefined,
};

/** Width of an album's grid thumbnails, in WebP and the fallback. */
export const THUMB_WIDTH = 400;

/** The manifest's key of a file the data names under a kind's folder ('albums/x/a.jpg'). */
export const manifestKey = (kind: MediaKind, file: string) => `${MEDIA_FOLDERS[kind]}/${file}`;

/**
 * The album pictures the pages show outside their album: the slides of the recent events a
 * site built at `now` may show (not those already out of Recent Events' window for good).
 */
export function albumPicturesOnPages(
  recentEvents: readonly RecentEvent[],
  now: Date,
  timeZone: string,
): Set<string> {
  return new Set(
    notYetGone(recentEvents, now, timeZone).flatMap((event) =>
      event.imageUrls
        .filter((file) => file !== "" && !isAddress(file))
        .map((file) => manifestKey("albums", `${event.albumName}/${file}`)),
    ),
  );
}

/** True for a photo of an album's grid (an album's picture but its cover). */
const inAlbumGrid = (source: string) =>
  source.startsWith(`${MEDIA_FOLDERS.albums}/`) &&
  isGalleryPicture(source.slice(source.lastIndexOf("/") + 1));

/** A picture's role, by its path in the data folder ('albums/x/a.jpg') and what the pages show. */
export function pictureRole(source: string, onPages: ReadonlySet<string>): PictureRole {
  if (
    source.startsWith(`${MEDIA_FOLDERS.jewels}/`) ||
    source === manifestKey("site", SITE_IMAGES.logo)
  ) {
    return "icon";
  }
  if (source === manifestKey("site", SITE_IMAGES.hero)) return "hero";
  if (source.startsWith(`${MEDIA_FOLDERS.eventImages}/`)) return "spotlight";
  return inAlbumGrid(source) && !onPages.has(source) ? "album" : "photo";
}

/** One file to make of a picture. */
export interface PlannedFile {
  width: number;
  format: ImageVariant["format"];
  /** An album's grid thumbnail (kept apart, under the thumbnails folder). */
  thumbnail: boolean;
}

/**
 * Every file to make of a picture `width` px wide: its role's WebP widths, one fallback, and for
 * a photo of an album's grid its thumbnail in WebP and the fallback.
 */
export function plannedFiles(
  source: string,
  role: PictureRole,
  width: number,
  fallback: "jpeg" | "png",
): PlannedFile[] {
  const capped = (w: number) => Math.min(w, width);
  const files: PlannedFile[] = [...new Set(ROLE_WIDTHS[role].map(capped))].map((w) => ({
    width: w,
    format: "webp",
    thumbnail: false,
  }));
  const fallbackWidth = FALLBACK_WIDTH[role];
  if (fallbackWidth !== undefined) {
    files.push({ width: capped(fallbackWidth), format: fallback, thumbnail: false });
  }
  if (inAlbumGrid(source)) {
    files.push(
      { width: capped(THUMB_WIDTH), format: "webp", thumbnail: true },
      { width: capped(THUMB_WIDTH), format: fallback, thumbnail: true },
    );
  }
  return files;
}

/** What a `<picture>` needs to show one picture at the size it is shown, in the best format. */
export type Picture = {
  /** The JPEG or PNG, for a browser without WebP (or the largest WebP when there is none). */
  src: string;
  /** The size of the largest file, so the page keeps the picture's place before it loads. */
  width: number;
  height: number;
  /** `srcset` of the WebP sizes; absent for a picture `lodge images` did not make. */
  webp?: string;
};

/** One file of a picture: the lightbox shows the largest. */
export type PictureFile = { src: string; width: number; height: number };

const byWidth = (a: ImageVariant, b: ImageVariant) => a.width - b.width;

/** A picture from the sizes `lodge images` made of it (web sizes, or an album's thumbnails). */
export function pictureOf(
  bases: MediaBases,
  variants: readonly ImageVariant[],
): Picture | undefined {
  const webp = variants.filter((v) => v.format === "webp").sort(byWidth);
  const fallback = variants.filter((v) => v.format !== "webp").sort(byWidth);
  const largest = [...variants].sort(byWidth).at(-1);
  const src = fallback.at(-1) ?? webp.at(-1);
  if (!largest || !src) return undefined;
  return {
    src: processedUrl(bases, src.src),
    width: largest.width,
    height: largest.height,
    webp:
      webp.length > 0
        ? webp.map((v) => `${processedUrl(bases, v.src)} ${v.width}w`).join(", ")
        : undefined,
  };
}

/** The largest of some sizes made of a picture, WebP when there is one. */
export function largestFile(
  bases: MediaBases,
  variants: readonly ImageVariant[],
): PictureFile | undefined {
  const sorted = [...variants].sort(
    (a, b) => byWidth(a, b) || Number(a.format === "webp") - Number(b.format === "webp"),
  );
  const largest = sorted.at(-1);
  return (
    largest && {
      src: processedUrl(bases, largest.src),
      width: largest.width,
      height: largest.height,
    }
  );
}

/** The smallest JPEG or PNG of some sizes made of a picture (a favicon from the logo). */
export function smallestFallback(
  bases: MediaBases,
  variants: readonly ImageVariant[],
): PictureFile | undefined {
  const smallest = variants.filter((v) => v.format !== "webp").sort(byWidth)[0];
  return (
    smallest && {
      src: processedUrl(bases, smallest.src),
      width: smallest.width,
      height: smallest.height,
    }
  );
}

/** The manifest's entry for a file the data names under a kind's folder; none for an address. */
export function manifestEntry(
  manifest: ImageManifest,
  kind: MediaKind,
  file: string,
): ImageEntry | undefined {
  if (file === "" || isAddress(file)) return undefined;
  return manifest[manifestKey(kind, file)];
}

/**
 * The picture for a file the data names: the sizes `lodge images` made of it, or else the file
 * itself at its address (a full address, or a picture not processed) with the size it is shown
 * at. Undefined for an empty name.
 */
export function findPicture(
  manifest: ImageManifest,
  bases: MediaBases,
  kind: MediaKind,
  file: string,
  shownSize: { width: number; height: number },
): Picture | undefined {
  if (file === "") return undefined;
  const entry = manifestEntry(manifest, kind, file);
  return (
    (entry && pictureOf(bases, entry.variants)) ?? {
      src: mediaUrl(bases, kind, file),
      ...shownSize,
    }
  );
}
