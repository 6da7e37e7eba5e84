import type { MediaKind } from "../../../core/rules/media.ts";
import { SITE_IMAGES } from "../../../core/rules/media.ts";
import {
  findPicture,
  largestFile,
  manifestEntry,
  type Picture,
  type PictureFile,
  pictureOf,
  smallestFallback,
} from "../../../core/rules/pictures.ts";
import { images } from "../../generated/images.ts";
import { lodge } from "../../generated/lodge.ts";
import { media } from "./media.ts";

/*
 * The pictures of the pages, for their build-time loaders: a page's data carries only its own
 * pictures, and the browser never downloads the whole manifest (`.server` keeps this module out
 * of the browser's bundle).
 */

export type { Picture, PictureFile };

/** The sizes `lodge images` made of a data file, or the file itself shown at `shown` size. */
export function picture(
  kind: MediaKind,
  file: string,
  shown: { width: number; height: number },
): Picture | undefined {
  return findPicture(images, lodge.media, kind, file, shown);
}

/** An album picture's grid thumbnail; the picture itself until `lodge images` made one. */
export function thumbnail(file: string, shown: { width: number; height: number }): Picture {
  const entry = manifestEntry(images, "albums", file);
  return (
    (entry && pictureOf(lodge.media, entry.thumbs)) ?? {
      src: media("albums", file),
      ...shown,
    }
  );
}

/**
 * An album picture for the lightbox: at its largest, and the thumbnail of its strip; the picture
 * itself for both until `lodge images` made them.
 */
export function lightboxFiles(
  file: string,
  shown: { width: number; height: number },
): { full: PictureFile; thumb: string } {
  const entry = manifestEntry(images, "albums", file);
  const full = (entry && largestFile(lodge.media, entry.variants)) ?? {
    src: media("albums", file),
    ...shown,
  };
  return { full, thumb: (entry && largestFile(lodge.media, entry.thumbs)?.src) ?? full.src };
}

/** The logo, for the header and as the favicon. */
export function logo(): { picture: Picture | undefined; icon: string } {
  const entry = manifestEntry(images, "site", SITE_IMAGES.logo);
  const picture = findPicture(images, lodge.media, "site", SITE_IMAGES.logo, {
    width: 48,
    height: 48,
  });
  return {
    picture,
    icon:
      (entry && smallestFallback(lodge.media, entry.variants)?.src) ??
      media("site", SITE_IMAGES.logo),
  };
}
