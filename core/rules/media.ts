import type { Lodge } from "../schemas/lodge.ts";

/**
 * Where each kind of media file lives inside the data folder, and so where the site finds it: the
 * one place that says so. The CLI checks and copies these folders; the site links to them.
 */
export const MEDIA_FOLDERS = {
  eventImages: "images/events",
  officers: "images/officers",
  jewels: "images/jewels",
  pastMasters: "images/past-masters",
  history: "images/history",
  socialEvents: "images/social-events",
  /** The site's own pictures: logo and hero. */
  site: "images/site",
  images: "images",
  albums: "albums",
  bulletins: "bulletins",
  /** Files served as they are under /media/ (e.g. the petition PDF). */
  media: "media",
} as const;

export type MediaKind = keyof typeof MEDIA_FOLDERS;
export type MediaBases = Lodge["media"];

/** The name an album's cover has in its folder. */
export const ALBUM_COVER = "_cover.jpg";

/**
 * True for a picture a page may be shared with (a share card's picture, og:image): the site's
 * hero, events' and outings' pictures, albums' covers. `lodge images` makes their 1200x630 size.
 */
export function isSharePicture(source: string): boolean {
  return (
    source === `${MEDIA_FOLDERS.site}/hero.jpg` ||
    source.startsWith(`${MEDIA_FOLDERS.eventImages}/`) ||
    source.startsWith(`${MEDIA_FOLDERS.socialEvents}/`) ||
    (source.startsWith(`${MEDIA_FOLDERS.albums}/`) && source.endsWith(`/_cover.jpg`))
  );
}

/** Picture files a gallery shows, by their ending. */
const PICTURE = /\.(jpe?g|png|webp|gif|avif)$/i;

/**
 * True for a file of an album folder that its gallery shows: a picture whose name does not
 * contain 'cover' (SPEC 5: covers are the album's tile, not one of its photos).
 */
export function isGalleryPicture(name: string): boolean {
  return PICTURE.test(name) && !/cover/i.test(name);
}

/** The site's address for the files of data/media/. */
export const MEDIA_PATH = "/media/";

/** The lodge's logo and the home page's hero picture, in the site folder. */
export const SITE_IMAGES = { logo: "logo.png", hero: "hero.jpg" } as const;

/** True for a full address (served from elsewhere), false for a file name kept in data/. */
export function isAddress(name: string): boolean {
  return /^[a-z]+:\/\//i.test(name) || name.startsWith("//") || name.startsWith("/");
}

function withSlash(base: string): string {
  return base.endsWith("/") ? base : `${base}/`;
}

/**
 * Which address base serves each data folder (lodge.yaml `media`), and the folder's path under it.
 * Social-event pictures have their own base; every other folder of images/ sits under `images`.
 */
export function mediaBase(bases: MediaBases, kind: MediaKind): string {
  switch (kind) {
    case "socialEvents":
      return withSlash(bases.socialEvents);
    case "albums":
      return withSlash(bases.albums);
    case "bulletins":
      return withSlash(bases.bulletins);
    case "media":
      return MEDIA_PATH;
    default: {
      const under = MEDIA_FOLDERS[kind].slice(MEDIA_FOLDERS.images.length + 1);
      return withSlash(bases.images) + (under ? `${under}/` : "");
    }
  }
}

/**
 * The address of a media file the data names: a full address is kept as it is, a file name is
 * served from its kind's base. Empty stays empty. Each path segment is URL-encoded.
 */
export function mediaUrl(bases: MediaBases, kind: MediaKind, file: string): string {
  if (file === "" || isAddress(file)) return file;
  const path = file.split("/").map(encodeURIComponent).join("/");
  return mediaBase(bases, kind) + path;
}

/** The folder of `lodge images`' output that holds album thumbnails ('thumbnails/albums/x/a-1f2e3d4c-400.webp'). */
export const THUMBNAILS_FOLDER = "thumbnails";

/** The kinds of lodge.yaml `media`: each is served from one base, on the site or in a bucket. */
export type ServedKind = keyof MediaBases;

/**
 * Where a file `lodge images` made is served, from its path in the images folder: beside its
 * original, under the same base ('images/events/a-1f2e3d4c-640.webp' under `images`), album
 * thumbnails under `thumbnails` by album and name, as the thumbnails bucket holds them. `path` is
 * the file's path under that base, not yet URL-encoded. The one place that says so: the build
 * copies the files there, `lodge publish` uploads them there and the site links to them there.
 */
export function processedPlace(
  bases: MediaBases,
  file: string,
): { kind: ServedKind; base: string; path: string } {
  const under = (folder: string) =>
    file.startsWith(`${folder}/`) ? file.slice(folder.length + 1) : undefined;
  const thumb = under(`${THUMBNAILS_FOLDER}/${MEDIA_FOLDERS.albums}`);
  if (thumb !== undefined) {
    return { kind: "thumbnails", base: withSlash(bases.thumbnails), path: thumb };
  }
  const album = under(MEDIA_FOLDERS.albums);
  if (album !== undefined) return { kind: "albums", base: mediaBase(bases, "albums"), path: album };
  const social = under(MEDIA_FOLDERS.socialEvents);
  if (social !== undefined) {
    return { kind: "socialEvents", base: mediaBase(bases, "socialEvents"), path: social };
  }
  const image = under(MEDIA_FOLDERS.images);
  if (image !== undefined) return { kind: "images", base: mediaBase(bases, "images"), path: image };
  throw new Error(`${file} is not a file lodge images makes`);
}

/**
 * The name `lodge images` gives one size of a picture: the source's name, the first 8 hex digits
 * of its content hash, the width ('hall-1889-1f2e3d4c-640.webp'). A new picture gets new names,
 * so a file under such a name never changes.
 */
export function processedFileName(
  stem: string,
  hash: string,
  width: number,
  format: "webp" | "jpeg" | "png",
): string {
  return `${stem}-${hash.slice(0, 8)}-${width}.${format === "jpeg" ? "jpg" : format}`;
}

/** True for the name of a file `lodge images` made (see processedFileName). */
export function isProcessedFileName(name: string): boolean {
  return /-[0-9a-f]{8}-\d+\.(webp|jpg|png)$/.test(name);
}

/** The address of a file `lodge images` made (see processedPlace). */
export function processedUrl(bases: MediaBases, file: string): string {
  const { base, path } = processedPlace(bases, file);
  return base + path.split("/").map(encodeURIComponent).join("/");
}

/** True for a base that is a path on the site itself, not the address of a bucket. */
export function isSitePath(base: string): boolean {
  return base.startsWith("/") && !base.startsWith("//");
}

/**
 * Every data folder of media files and the base it is served from (lodge.yaml `media`, or
 * /media/ for data/media/): on the site, where the build copies it, or a bucket's address, where
 * `lodge publish` uploads it. A folder nested in another one served elsewhere is left out of the
 * outer one (`skip`, relative to the outer folder).
 */
export function mediaFolders(
  bases: MediaBases,
): { kind: ServedKind | "media"; folder: string; base: string; skip: string[] }[] {
  const kinds = ["images", "socialEvents", "albums", "bulletins", "media"] as const;
  return kinds.map((kind) => ({
    kind,
    folder: MEDIA_FOLDERS[kind],
    base: mediaBase(bases, kind),
    skip:
      kind === "images" ? [MEDIA_FOLDERS.socialEvents.slice(MEDIA_FOLDERS.images.length + 1)] : [],
  }));
}
