import { createHash } from "node:crypto";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { availableParallelism } from "node:os";
import { basename, dirname, extname, join, relative } from "node:path";
import sharp from "sharp";
import { MEDIA_FOLDERS, processedFileName, THUMBNAILS_FOLDER } from "../../core/rules/media.ts";
import {
  type ImageEntry,
  type ImageManifest,
  type ImageVariant,
  imageManifestSchema,
} from "../../core/schemas/image-manifest.ts";
import { UserError } from "../errors.ts";

/** Web widths made of every picture (never wider than the source); 160 for logos and jewels. */
export const WIDTHS = [160, 320, 640, 1024, 1600] as const;
/** Width of an album's grid thumbnails. */
export const THUMB_WIDTH = 400;
const QUALITY = { webp: 72, jpeg: 74 } as const;
/** Bumped whenever the processing changes, so every picture is made again. */
const SETTINGS = JSON.stringify({ v: 3, WIDTHS, THUMB_WIDTH, QUALITY });
const IMAGE = /\.(jpe?g|png|webp)$/i;

export const MANIFEST = "manifest.json";

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

/** The manifest of the last run into `outDir`; empty when there was none (or it is unreadable). */
export function readManifest(outDir: string): ImageManifest {
  try {
    return imageManifestSchema.parse(JSON.parse(readFileSync(join(outDir, MANIFEST), "utf8")));
  } catch {
    return {};
  }
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

const filesOf = (entry: ImageEntry) => [...entry.variants, ...entry.thumbs].map((v) => v.src);

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
 * Turns every picture of the data folder into web sizes with content-hashed names, reusing the
 * outputs of pictures that did not change since the last run, and writes the manifest the site
 * build reads for srcset, width and height. Pictures are processed on every core.
 */
export async function processImages(
  dataDir: string,
  outDir: string,
  onProgress: (done: number, total: number) => void = () => {},
): Promise<ImagesResult> {
  const previous = readManifest(outDir);
  const sources = imageSources(dataDir);
  const manifest: ImageManifest = {};
  const todo: { source: string; hash: string }[] = [];
  let unchanged = 0;
  for (const source of sources) {
    const hash = pictureHash(dataDir, source);
    const old = previous[source];
    if (old?.hash === hash && filesOf(old).every((src) => existsSync(join(outDir, src)))) {
      manifest[source] = old;
      unchanged++;
    } else {
      todo.push({ source, hash });
    }
  }
  let done = unchanged;
  onProgress(done, sources.length);
  // The same bytes are made once (a photo in two albums, a renamed file): later pictures with
  // them get copies of the files.
  const byContent = new Map<string, Promise<ImageEntry>>();
  const contentKey = (source: string, hash: string) => `${hash} ${isAlbumPicture(source)}`;
  for (const [source, entry] of Object.entries(previous)) {
    if (filesOf(entry).every((src) => existsSync(join(outDir, src)))) {
      byContent.set(contentKey(source, entry.hash), Promise.resolve(entry));
    }
  }
  const queue = [...todo];
  const unreadable: string[] = [];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const key = contentKey(next.source, next.hash);
      const same = byContent.get(key);
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

  const keep = new Set(Object.values(manifest).flatMap(filesOf));
  let removed = 0;
  for (const entry of Object.values(previous)) {
    for (const src of filesOf(entry)) {
      if (!keep.has(src) && existsSync(join(outDir, src))) {
        rmSync(join(outDir, src));
        removed++;
      }
    }
  }
  const sorted = Object.fromEntries(
    Object.keys(manifest)
      .sort()
      .map((k) => [k, manifest[k] as ImageEntry]),
  );
  mkdirSync(outDir, { recursive: true });
  // Written whole under another name first: a build reading the manifest never sees half of it.
  const text = `${JSON.stringify(sorted, null, 2)}\n`;
  const path = join(outDir, MANIFEST);
  if (!existsSync(path) || readFileSync(path, "utf8") !== text) {
    const partial = `${path}.${process.pid}.tmp`;
    writeFileSync(partial, text);
    renameSync(partial, path);
  }
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
