import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { extname, join, relative, sep } from "node:path";
import { gzipSync, constants as zlibConstants } from "node:zlib";
import { cacheControlOf } from "../../core/rules/caching.ts";
import { NEWS_FEED, NEWS_FEED_CONTENT_TYPE } from "../../core/rules/feed.ts";

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
  // Calendar files and the calendar feed, which calendar programs fetch and subscribe to.
  ".ics": "text/calendar; charset=utf-8",
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
  if (`/${path}` === NEWS_FEED) return NEWS_FEED_CONTENT_TYPE;
  return CONTENT_TYPES[extname(path).toLowerCase()] ?? "application/octet-stream";
}

/** A page or its navigation data: uploaded last, so no page links to a file not yet there. */
export function isPage(path: string): boolean {
  return path.endsWith(".html") || path.endsWith(".data");
}

/** Text worth compressing (pictures, PDFs and fonts are compressed already). */
const TEXT = /\.(html|css|js|mjs|json|map|data|txt|xml|webmanifest|ics|svg)$/i;

/** The copies beside a script or stylesheet that `lodge build` compressed ahead (app.js.br). */
const PRECOMPRESSED = /\.(br|gz)$/;

/** One file to publish: where it is and what its object gets. */
export interface LocalFile {
  /** The path under the source folder, with forward slashes: the object's name under its target. */
  path: string;
  /** The file whose content is uploaded (its gzip copy when one was made at build time). */
  file: string;
  /** Bytes uploaded. */
  size: number;
  /** Base64 MD5 of the bytes uploaded, as Cloud Storage reports it in `md5Hash`. */
  md5: string;
  contentType: string;
  cacheControl: string;
  /**
   * "gzip" when the object is stored gzip-compressed: Cloud Storage sends it so to browsers that
   * accept gzip (all of them) and unzips it for any client that does not.
   */
  contentEncoding?: "gzip";
}

export function md5Of(content: Buffer): string {
  return createHash("md5").update(content).digest("base64");
}

/** Level 9, no timestamp in the header: the same text always gives the same bytes (and MD5). */
const gzipped = (content: Buffer) => gzipSync(content, { level: zlibConstants.Z_BEST_COMPRESSION });

/** The bytes to upload for a file. */
export async function bodyOf(file: LocalFile): Promise<Buffer> {
  const content = await readFile(file.file);
  return file.contentEncoding === "gzip" && !file.file.endsWith(".gz") ? gzipped(content) : content;
}

/**
 * A file to publish under `path`. With `compress` (for a bucket, which cannot compress as it
 * serves) text is stored gzip-compressed: the gzip copy `lodge build` made when there is one,
 * else compressed here. A folder gets the files as they are, for its server to compress.
 */
export function localFile(path: string, file: string, compress: boolean): LocalFile {
  const described = { path, contentType: contentType(path), cacheControl: cacheControlOf(path) };
  if (compress && TEXT.test(path)) {
    const ahead = existsSync(`${file}.gz`);
    const content = ahead ? readFileSync(`${file}.gz`) : gzipped(readFileSync(file));
    return {
      ...described,
      file: ahead ? `${file}.gz` : file,
      size: content.length,
      md5: md5Of(content),
      contentEncoding: "gzip",
    };
  }
  const content = readFileSync(file);
  return { ...described, file, size: content.length, md5: md5Of(content) };
}

/**
 * Every file under `root`, sorted by path. Dot files (.DS_Store, .gitkeep) are never published.
 * With `compress` the precompressed copies are left out: their content is uploaded as the file
 * itself, gzip-encoded.
 */
export function localFiles(root: string, compress: boolean): LocalFile[] {
  if (!existsSync(root)) return [];
  const files: LocalFile[] = [];
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name.startsWith(".")) continue;
    const file = join(entry.parentPath, entry.name);
    const path = relative(root, file).split(sep).join("/");
    if (path.split("/").some((part) => part.startsWith("."))) continue;
    // Both endings are three characters long: app.js.br is a copy of app.js.
    if (compress && PRECOMPRESSED.test(file) && existsSync(file.slice(0, -3))) continue;
    files.push(localFile(path, file, compress));
  }
  return byPath(files);
}

export function byPath<T extends { path: string }>(files: T[]): T[] {
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
