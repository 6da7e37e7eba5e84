import type { ImageEntry, ImageManifest, ImageVariant } from "../schemas/image-manifest.ts";
import {
  isAddress,
  MEDIA_FOLDERS,
  type MediaBases,
  type MediaKind,
  mediaUrl,
  processedUrl,
} from "./media.ts";

/** What a `<picture>` needs to show one picture at the size it is shown, in the best format. */
export type Picture = {
  /** The largest JPEG or PNG, for a browser that reads no srcset. */
  src: string;
  /** Its size in pixels, so the page keeps the picture's place before it loads. */
  width: number;
  height: number;
  /** `srcset` of the WebP sizes; absent for a picture `lodge images` did not make. */
  webp?: string;
  /** `srcset` of the JPEG or PNG sizes; absent likewise. */
  srcSet?: string;
};

/** One file of a picture: the lightbox shows the largest. */
export type PictureFile = { src: string; width: number; height: number };

const byWidth = (a: ImageVariant, b: ImageVariant) => a.width - b.width;

function srcSet(bases: MediaBases, variants: readonly ImageVariant[]): string | undefined {
  if (variants.length === 0) return undefined;
  return [...variants]
    .sort(byWidth)
    .map((v) => `${processedUrl(bases, v.src)} ${v.width}w`)
    .join(", ");
}

/** A picture from the sizes `lodge images` made of it (web sizes, or an album's thumbnails). */
export function pictureOf(
  bases: MediaBases,
  variants: readonly ImageVariant[],
): Picture | undefined {
  const webp = variants.filter((v) => v.format === "webp");
  const fallback = variants.filter((v) => v.format !== "webp");
  const largest = [...(fallback.length > 0 ? fallback : webp)].sort(byWidth).at(-1);
  if (!largest) return undefined;
  return {
    src: processedUrl(bases, largest.src),
    width: largest.width,
    height: largest.height,
    webp: srcSet(bases, webp),
    srcSet: srcSet(bases, fallback),
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
  return manifest[`${MEDIA_FOLDERS[kind]}/${file}`];
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
