import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { extname, join, relative, sep } from "node:path";
import { CACHE } from "../../server/site.ts";

/** Media files are replaced under the same name now and then: a day in caches is enough. */
export const MEDIA_CACHE = "public, max-age=86400";

const CONTENT_TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  // React Router's data for client-side navigation, served as its own server would serve it.
  ".data": "text/x-script",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".pdf": "application/pdf",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".mp4": "video/mp4",
  ".webm": "video/webm",
  ".mp3": "audio/mpeg",
};

export function contentType(path: string): string {
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** A page or its navigation data: always revalidated, so a publish shows at once. */
export function isPage(path: string): boolean {
  return path.endsWith(".html") || path.endsWith(".data");
}

/**
 * The Cache-Control of a file of the built site: hashed build output for a year, pages revalidated
 * on every visit, media (under `mediaPaths`, e.g. "media/") for a day, anything else for an hour.
 */
export function siteCacheControl(path: string, mediaPaths: readonly string[]): string {
  if (path.startsWith("assets/")) return CACHE.assets;
  if (isPage(path)) return CACHE.html;
  if (mediaPaths.some((prefix) => path.startsWith(prefix))) return MEDIA_CACHE;
  return CACHE.other;
}

/** One file to publish: where it is and what its object gets. */
export interface LocalFile {
  /** The path under the source folder, with forward slashes: the object's name under its target. */
  path: string;
  file: string;
  size: number;
  /** Base64 MD5 of the content, as Cloud Storage reports it in `md5Hash`. */
  md5: string;
  contentType: string;
  cacheControl: string;
}

export function md5Of(content: Buffer): string {
  return createHash("md5").update(content).digest("base64");
}

/**
 * Every file under `root` except the folders in `skip` (paths relative to root), sorted by path.
 * Dot files (.DS_Store, .gitkeep) are never published.
 */
export function localFiles(
  root: string,
  cacheControl: (path: string) => string,
  skip: readonly string[] = [],
): LocalFile[] {
  if (!existsSync(root)) return [];
  const files: LocalFile[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const file = join(entry.parentPath, entry.name);
    const path = relative(root, file).split(sep).join("/");
    if (path.split("/").some((part) => part.startsWith("."))) continue;
    if (skip.some((folder) => path.startsWith(`${folder}/`))) continue;
    const content = readFileSync(file);
    files.push({
      path,
      file,
      size: content.length,
      md5: md5Of(content),
      contentType: contentType(path),
      cacheControl: cacheControl(path),
    });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
