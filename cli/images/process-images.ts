import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, extname, join, relative } from "node:path";
import sharp from "sharp";
import { MEDIA_FOLDERS, processedFileName, THUMBNAILS_FOLDER } from "../../core/rules/media.ts";
import type { ImageEntry, ImageManifest, ImageVariant } from "../../core/schemas/image-manifest.ts";
import { UserError } from "../errors.ts";
import {
  filesOf,
  knownEntries,
  markBusy,
  markUsed,
  removeUnused,
  unusedSince,
  writeManifest,
} from "./cache.ts";

/** Web widths made of every picture (never wider than the source); 160 for logos and jewels. */
export const WIDTHS = [160, 320, 640, 1024, 1600] as const;
/** Width of an album's grid thumbnails. */
export const THUMB_WIDTH = 400;
const QUALITY = { webp: 72, jpeg: 74 } as const;
/** Bumped whenever the processing changes, so every picture is made again. */
const SETTINGS = JSON.stringify({ v: 3, WIDTHS, THUMB_WIDTH, QUALITY });
const IMAGE = /\.(jpe?g|png|webp)$/i;

/** Every picture in the data folder's image and album folders, as paths relative to it. */
export function imageSources(dataDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (IMAGE.test(name)) found.push(relative(dataDir, path).split("\\").join("/"));
    }
  };
  walk(join(dataDir, MEDIA_FOLDERS.images));
  walk(join(dataDir, MEDIA_FOLDERS.albums));
  return found;
}

/** Makes the web sizes (and, for album pictures, the thumbnails) of one picture. */
async function processImage(
  dataDir: string,
  outDir: string,
  source: string,
  hash: string,
): Promise<ImageEntry> {
  const input = readFileSync(join(dataDir, source));
  const meta = await sharp(input).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  // PNGs keep a PNG fallback (they may be transparent); everything else falls back to JPEG.
  const fallback = extname(source).toLowerCase() === ".png" ? "png" : "jpeg";
  const stem = `${dirname(source)}/${basename(source, extname(source))}`;
  const make = async (w: number, prefix: string): Promise<ImageVariant[]> => {
    const h = Math.round((height * w) / width);
    const made: ImageVariant[] = [];
    for (const format of ["webp", fallback] as const) {
      const src = prefix + processedFileName(stem, hash, w, format);
      const pipeline = sharp(input).autoOrient().resize({ width: w, withoutEnlargement: true });
      const encoded =
        format === "webp"
          ? pipeline.webp({ quality: QUALITY.webp })
          : format === "png"
            ? pipeline.png({ palette: true, compressionLevel: 9 })
            : pipeline.jpeg({ quality: QUALITY.jpeg, progressive: true });
      mkdirSync(dirname(join(outDir, src)), { recursive: true });
      await encoded.toFile(join(outDir, src));
      made.push({ src, width: w, height: h, format });
    }
    return made;
  };
  const widths = [...new Set(WIDTHS.map((w) => Math.min(w, width)))];
  const variants = (await Promise.all(widths.map((w) => make(w, "")))).flat();
  const thumbs = isAlbumPicture(source)
    ? await make(Math.min(THUMB_WIDTH, width), `${THUMBNAILS_FOLDER}/`)
    : [];
  return { hash, width, height, variants, thumbs };
}

const isAlbumPicture = (source: string) => source.startsWith(`${MEDIA_FOLDERS.albums}/`);

/**
 * The sizes of a picture whose bytes are those of another one already made (a photo in two
 * albums, a renamed file): the other's files, copied under this picture's names.
 */
function copyEntry(outDir: string, from: ImageEntry, source: string): ImageEntry {
  const stem = `${dirname(source)}/${basename(source, extname(source))}`;
  const copy = (prefix: string) => (variant: ImageVariant) => {
    const src = prefix + processedFileName(stem, from.hash, variant.width, variant.format);
    mkdirSync(dirname(join(outDir, src)), { recursive: true });
    copyFileSync(join(outDir, variant.src), join(outDir, src));
    return { ...variant, src };
  };
  return {
    ...from,
    variants: from.variants.map(copy("")),
    thumbs: from.thumbs.map(copy(`${THUMBNAILS_FOLDER}/`)),
  };
}

/** What a picture's web sizes are made of: its bytes and the processing settings. */
export function pictureHash(dataDir: string, source: string): string {
  return createHash("sha256")
    .update(SETTINGS)
    .update(readFileSync(join(dataDir, source)))
    .digest("hex");
}

export interface ImagesResult {
  manifest: ImageManifest;
  made: string[];
  unchanged: number;
  removed: number;
  bytes: number;
}

/**
 * Turns every picture of the data folder into web sizes with content-hashed names, reusing what
 * the folder already holds (for this lodge or another that shares it), and writes this lodge's
 * manifest, which the site build reads for srcset, width and height. Pictures are processed on
 * every core. The files of every lodge are kept; those no lodge has used for UNUSED_DAYS days go.
 */
export async function processImages(
  dataDir: string,
  outDir: string,
  onProgress: (done: number, total: number) => void = () => {},
  now = new Date(),
): Promise<ImagesResult> {
  const busy = markBusy(outDir);
  try {
    return await makeImages(dataDir, outDir, onProgress, now);
  } finally {
    busy.done();
  }
}

async function makeImages(
  dataDir: string,
  outDir: string,
  onProgress: (done: number, total: number) => void,
  now: Date,
): Promise<ImagesResult> {
  const intact = (entry: ImageEntry) =>
    filesOf(entry).every((src) => existsSync(join(outDir, src)));
  const contentKey = (source: string, hash: string) => `${hash} ${isAlbumPicture(source)}`;
  const known = new Map<string, ImageEntry>();
  const knownContent = new Map<string, ImageEntry[]>();
  for (const { source, entry } of knownEntries(outDir)) {
    known.set(`${source} ${entry.hash}`, entry);
    const key = contentKey(source, entry.hash);
    knownContent.set(key, [...(knownContent.get(key) ?? []), entry]);
  }

  const sources = imageSources(dataDir);
  const manifest: ImageManifest = {};
  const todo: { source: string; hash: string }[] = [];
  let unchanged = 0;
  for (const source of sources) {
    const hash = pictureHash(dataDir, source);
    const old = known.get(`${source} ${hash}`);
    if (old && intact(old)) {
      manifest[source] = old;
      unchanged++;
    } else {
      todo.push({ source, hash });
    }
  }
  let done = unchanged;
  onProgress(done, sources.length);
  // The same bytes are made once (a photo in two albums, a renamed file, another lodge's copy):
  // later pictures with them get copies of the files.
  const byContent = new Map<string, Promise<ImageEntry>>();
  const sameContent = (key: string) => {
    const making = byContent.get(key);
    if (making) return making;
    const found = knownContent.get(key)?.find(intact);
    return found && Promise.resolve(found);
  };
  const queue = [...todo];
  const unreadable: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const key = contentKey(next.source, next.hash);
      const same = sameContent(key);
      try {
        if (same) {
          manifest[next.source] = copyEntry(outDir, await same, next.source);
        } else {
          const making = processImage(dataDir, outDir, next.source, next.hash);
          byContent.set(key, making);
          manifest[next.source] = await making;
        }
      } catch (error) {
        unreadable.push(`${next.source}: ${error instanceof Error ? error.message : error}`);
      }
      onProgress(++done, sources.length);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));

  const sorted = Object.fromEntries(
    Object.keys(manifest)
      .sort()
      .map((k) => [k, manifest[k] as ImageEntry]),
  );
  writeManifest(outDir, dataDir, sorted);
  markUsed(outDir, sorted, now);
  const removed = removeUnused(outDir, unusedSince(now)).files.length;
  if (unreadable.length > 0) {
    throw new UserError(
      [
        `lodge cannot read ${unreadable.length === 1 ? "this picture" : "these pictures"} in ${basename(dataDir)}:`,
        ...unreadable.sort().map((line) => `  ${line}`),
        "Save each as a JPEG, PNG or WebP file again, or remove it; the other pictures are made.",
      ].join("\n"),
    );
  }
  const made = todo.map((t) => t.source);
  const bytes = made
    .flatMap((s) => filesOf(sorted[s] as ImageEntry))
    .reduce((n, src) => n + statSync(join(outDir, src)).size, 0);
  return { manifest: sorted, made, unchanged, removed, bytes };
}
