import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import {
  type MediaBases,
  mediaFolders,
  processedPlace,
  type ServedKind,
} from "../../core/rules/media.ts";
import type { ImageManifest } from "../../core/schemas/image-manifest.ts";

/** One file the site links to, and where it is served. */
export interface MediaFile {
  kind: ServedKind | "media";
  /** The base it is served from: a path on the site ('/media/images/') or a bucket's address. */
  base: string;
  /** Its path under the base, with forward slashes, not URL-encoded. */
  path: string;
  /** The file on this machine. */
  file: string;
}

/** The pictures `lodge images` made, and the folder it made them in (var/images). */
export interface ProcessedImages {
  dir: string;
  manifest: ImageManifest;
}

/** Every file under `dir` (but not under `skip`), relative to it with forward slashes; no dot files. */
function filesIn(dir: string, skip: readonly string[]): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter(
      (path) =>
        !path.split("/").some((part) => part.startsWith(".")) &&
        !skip.some((folder) => path.startsWith(`${folder}/`)),
    )
    .sort();
}

/**
 * Every media file the site links to, where it is served: the files of data's media folders that
 * `lodge images` made no web sizes of, and every web size and thumbnail it made. The one list the
 * build copies into the site (bases on the site) and `lodge publish` uploads (bases in buckets).
 */
export function mediaFiles(
  dataDir: string,
  images: ProcessedImages,
  bases: MediaBases,
): MediaFile[] {
  const files: MediaFile[] = [];
  for (const { kind, folder, base, skip } of mediaFolders(bases)) {
    for (const path of filesIn(join(dataDir, folder), skip)) {
      if (images.manifest[`${folder}/${path}`] !== undefined) continue;
      files.push({ kind, base, path, file: join(dataDir, folder, ...path.split("/")) });
    }
  }
  for (const entry of Object.values(images.manifest)) {
    for (const made of [...entry.variants, ...entry.thumbs, ...entry.share]) {
      const place = processedPlace(bases, made.src);
      files.push({ ...place, file: join(images.dir, ...made.src.split("/")) });
    }
  }
  return files;
}
