import { isProcessedFileName } from "./media.ts";

/**
 * Hashed build output and the pictures' web sizes never change under their names; pages must be
 * checked on every visit.
 */
export const CACHE = {
  assets: "public, max-age=31536000, immutable",
  html: "no-cache",
  other: "public, max-age=3600",
} as const;

/**
 * The Cache-Control of a file of the site or of a media bucket, by its path there: build output
 * and the pictures' web sizes (hashed names) for a year, pages and their navigation data
 * revalidated on every visit, anything else (media files kept under their own names) for an hour.
 * The one rule, for `lodge serve` and for the objects `lodge publish` uploads.
 */
export function cacheControlOf(path: string): string {
  if (path.startsWith("assets/") || isProcessedFileName(path)) return CACHE.assets;
  if (path.endsWith(".html") || path.endsWith(".data")) return CACHE.html;
  return CACHE.other;
}
