import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, extname, join, relative } from "node:path";
import sharp, { type Sharp } from "sharp";
import {
  isSharePicture,
  MEDIA_FOLDERS,
  processedFileName,
  THUMBNAILS_FOLDER,
} from "../../core/rules/media.ts";
import { type PictureRole, pictureRole, plannedFiles } from "../../core/rules/pictures.ts";
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

/**
 * How each format is encoded. WebP at effort 2 (of 0-6; libwebp's default is 4) takes half the
 * time of effort 4 for files 3 to 6% larger at the same quality (the sample lodge's pictures:
 * nearly 40% less CPU for 3% more bytes).
 */
export const ENCODING = {
  webp: { quality: 72, effort: 2 },
  jpeg: { quality: 74, progressive: true },
  png: { palette: true, compressionLevel: 9 },
} as const;

/** The size share cards show (og:image), made of the pictures pages are shared with. */
export const SHARE_SIZE = { width: 1200, height: 630 } as const;

/** Bumped whenever the processing changes, so every picture is made again. */
const SETTINGS = JSON.stringify({ v: 4, ENCODING });
const IMAGE = /\.(jpe?g|png|webp)$/i;

/** One size of a picture encoded in a format. */
export function encode(image: Sharp, format: ImageVariant["format"]): Sharp {
  if (format === "webp") return image.webp(ENCODING.webp);
  if (format === "png") return image.png(ENCODING.png);
  return image.jpeg(ENCODING.jpeg);
}

/** PNGs keep a PNG fallback (they may be transparent); everything else falls back to JPEG. */
const fallbackFormat = (source: string) =>
  extname(source).toLowerCase() === ".png" ? "png" : "jpeg";

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

/**
 * Makes the files a picture's role needs (see plannedFiles). The picture is decoded once, at the
 * largest size made, and every file is resized from those pixels.
 */
async function processImage(
  dataDir: string,
  outDir: string,
  source: string,
  hash: string,
  role: PictureRole,
): Promise<ImageEntry> {
  const input = readFileSync(join(dataDir, source));
  const meta = await sharp(input).metadata();
  const width = meta.autoOrient?.width ?? meta.width ?? 0;
  const height = meta.autoOrient?.height ?? meta.height ?? 0;
  const files = plannedFiles(source, role, width, fallbackFormat(source));
  const { data, info } = await sharp(input)
    .autoOrient()
    .resize({ width: Math.max(...files.map((file) => file.width)), withoutEnlargement: true })
    .raw({ depth: "uchar" })
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  const stem = `${dirname(source)}/${basename(source, extname(source))}`;
  const made = await Promise.all(
    files.map(async ({ width: w, format, thumbnail }) => {
      const h = Math.max(1, Math.round((height * w) / width));
      const src =
        (thumbnail ? `${THUMBNAILS_FOLDER}/` : "") + processedFileName(stem, hash, w, format);
      const pixels = sharp(data, { raw });
      const sized =
        w === raw.width && h === raw.height
          ? pixels
          : pixels.resize({ width: w, height: h, fit: "fill" });
      mkdirSync(dirname(join(outDir, src)), { recursive: true });
      await encode(sized, format).toFile(join(outDir, src));
      return { thumbnail, variant: { src, width: w, height: h, format } };
    }),
  );
  const sorted = (thumbnails: boolean) =>
    made
      .filter((file) => file.thumbnail === thumbnails)
      .map((file) => file.variant)
      .sort(
        (a, b) => a.width - b.width || Number(b.format === "webp") - Number(a.format === "webp"),
      );
  const share: ImageVariant[] = [];
  if (isSharePicture(source)) {
    // Cropped to the card's shape around what draws the eye; JPEG, which every card reader takes.
    const src = processedFileName(`${stem}-share`, hash, SHARE_SIZE.width, "jpeg");
    await sharp(input)
      .autoOrient()
      .resize({ ...SHARE_SIZE, fit: "cover", position: "attention" })
      .flatten({ background: "#ffffff" })
      .jpeg(ENCODING.jpeg)
      .toFile(join(outDir, src));
    share.push({ src, ...SHARE_SIZE, format: "jpeg" });
  }
  return { hash, width, height, variants: sorted(false), thumbs: sorted(true), share };
}

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
    share: from.share.map((variant) => {
      const src = processedFileName(`${stem}-share`, from.hash, variant.width, variant.format);
      copyFileSync(join(outDir, variant.src), join(outDir, src));
      return { ...variant, src };
    }),
  };
}

/**
 * What a picture's web sizes are made of: its bytes, the processing settings and the files its
 * role needs (a photo of an album that a recent event comes to show gets a page's sizes).
 */
function pictureHash(dataDir: string, source: string, onPages: ReadonlySet<string>): string {
  const plan = plannedFiles(
    source,
    pictureRole(source, onPages),
    Number.MAX_SAFE_INTEGER,
    fallbackFormat(source),
  );
  return (
    createHash("sha256")
      .update(SETTINGS)
      .update(JSON.stringify(plan))
      // Only the pictures that get a share size are made again when it changes.
      .update(isSharePicture(source) ? JSON.stringify(SHARE_SIZE) : "")
      .update(readFileSync(join(dataDir, source)))
      .digest("hex")
  );
}

/**
 * True when a manifest entry was made of the picture's bytes as they are now, with the processing
 * as it is: for whichever role the build gave it (a later moment may give another, once a recent
 * event has left its window).
 */
export function madeFromBytes(dataDir: string, source: string, entry?: ImageEntry): boolean {
  return (
    entry !== undefined &&
    [new Set<string>(), new Set([source])].some(
      (onPages) => pictureHash(dataDir, source, onPages) === entry.hash,
    )
  );
}

export interface ImagesResult {
  manifest: ImageManifest;
  made: string[];
  unchanged: number;
  removed: number;
  bytes: number;
}

export interface ImagesOptions {
  /** The album pictures the pages show outside their album (albumPicturesOnPages). */
  onPages?: ReadonlySet<string>;
  onProgress?(done: number, total: number): void;
  now?: Date;
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
  options: ImagesOptions = {},
): Promise<ImagesResult> {
  const busy = markBusy(outDir);
  try {
    return await makeImages(dataDir, outDir, {
      onPages: options.onPages ?? new Set(),
      onProgress: options.onProgress ?? (() => {}),
      now: options.now ?? new Date(),
    });
  } finally {
    busy.done();
  }
}

async function makeImages(
  dataDir: string,
  outDir: string,
  { onPages, onProgress, now }: Required<ImagesOptions>,
): Promise<ImagesResult> {
  const intact = (entry: ImageEntry) =>
    filesOf(entry).every((src) => existsSync(join(outDir, src)));
  const known = new Map<string, ImageEntry>();
  // The hash says what is made, so entries of the same hash hold the same files.
  const knownContent = new Map<string, ImageEntry[]>();
  for (const { source, entry } of knownEntries(outDir)) {
    known.set(`${source} ${entry.hash}`, entry);
    knownContent.set(entry.hash, [...(knownContent.get(entry.hash) ?? []), entry]);
  }

  const sources = imageSources(dataDir);
  const manifest: ImageManifest = {};
  const todo: { source: string; hash: string }[] = [];
  let unchanged = 0;
  for (const source of sources) {
    const hash = pictureHash(dataDir, source, onPages);
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
      const same = sameContent(next.hash);
      try {
        if (same) {
          manifest[next.source] = copyEntry(outDir, await same, next.source);
        } else {
          const role = pictureRole(next.source, onPages);
          const making = processImage(dataDir, outDir, next.source, next.hash, role);
          byContent.set(next.hash, making);
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
