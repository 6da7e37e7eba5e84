import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import {
  ALBUM_COVER,
  isGalleryPicture,
  isSitePath,
  MEDIA_FOLDERS,
  type MediaKind,
  mediaBase,
  type ServedKind,
} from "../../core/rules/media.ts";
import type { Album, AlbumPicture, LodgeData } from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { type EntryNamer, locate, wholeFile } from "./check.ts";
import { FILES, pastMasterEntries } from "./files.ts";
import { imageSize } from "./image-size.ts";
import type { Loaded } from "./load-data.ts";
import type { Problem } from "./problems.ts";
import type { Source } from "./source.ts";

export { ALBUM_COVER, MEDIA_FOLDERS };

interface Reference {
  source: Source | undefined;
  name: EntryNamer;
  path: (string | number)[];
  /** Which kind of media it is, and so which base of lodge.yaml's `media` serves it. */
  kind: MediaKind;
  folder: string;
  file: string;
}

/** True for a file name kept in data/, false for an address served from elsewhere. */
function isLocal(name: string): boolean {
  return name !== "" && !/^[a-z]+:\/\//i.test(name) && !name.startsWith("//");
}

function references(data: LodgeData, sources: Loaded["sources"]): Reference[] {
  const refs: Reference[] = [];
  const add = (
    source: Source | undefined,
    name: EntryNamer,
    path: (string | number)[],
    folder: string,
    file: string,
  ) => {
    if (isLocal(file)) refs.push({ source, name, path, kind: kindOf(folder), folder, file });
  };
  data.events.forEach((e, i) => {
    add(
      sources.events,
      FILES.events.name,
      [i, "spotlightImage"],
      MEDIA_FOLDERS.eventImages,
      e.spotlightImage,
    );
  });
  data.officers.forEach((o, i) => {
    add(sources.officers, FILES.officers.name, [i, "image"], MEDIA_FOLDERS.officers, o.image);
    add(sources.officers, FILES.officers.name, [i, "jewel"], MEDIA_FOLDERS.jewels, o.jewel);
  });
  for (const [slug, list] of Object.entries(data.pastMasters)) {
    list.forEach((m, i) => {
      add(
        sources.pastMasters[slug],
        pastMasterEntries(slug),
        [i, "imgUrl"],
        MEDIA_FOLDERS.pastMasters,
        m.imgUrl,
      );
    });
  }
  add(
    sources.lodge,
    wholeFile,
    ["defaultPortrait"],
    MEDIA_FOLDERS.images,
    data.lodge.defaultPortrait,
  );
  const petition = data.lodge.links.petition;
  if (petition.startsWith("/media/")) {
    add(
      sources.lodge,
      wholeFile,
      ["links", "petition"],
      MEDIA_FOLDERS.media,
      petition.slice("/media/".length),
    );
  }
  data.history.forEach((h, i) => {
    add(sources.history, FILES.history.name, [i, "imageSrc"], MEDIA_FOLDERS.history, h.imageSrc);
  });
  data.socialEvents.forEach((s, i) => {
    add(
      sources.socialEvents,
      FILES.socialEvents.name,
      [i, "eventImageUrl"],
      MEDIA_FOLDERS.socialEvents,
      s.eventImageUrl,
    );
  });
  for (const [slug, page] of Object.entries(data.pages)) {
    if (page.image)
      add(sources.pages[slug], wholeFile, ["image", "src"], MEDIA_FOLDERS.images, page.image.src);
  }
  data.albums.forEach((a, i) => {
    add(
      sources.albums,
      FILES.albums.name,
      [i, "albumName"],
      join(MEDIA_FOLDERS.albums, a.albumName),
      ALBUM_COVER,
    );
  });
  data.recentEvents.forEach((r, i) => {
    r.imageUrls.forEach((file, j) => {
      add(
        sources.recentEvents,
        FILES.recentEvents.name,
        [i, "imageUrls", j],
        join(MEDIA_FOLDERS.albums, r.albumName),
        file,
      );
    });
  });
  add(
    sources.bulletins,
    FILES.bulletins.name,
    ["current"],
    MEDIA_FOLDERS.bulletins,
    data.bulletins.current,
  );
  data.bulletins.past.forEach((b, i) => {
    add(
      sources.bulletins,
      FILES.bulletins.name,
      ["past", i, "filename"],
      MEDIA_FOLDERS.bulletins,
      b.filename,
    );
  });
  return refs;
}

/** Which base of lodge.yaml's `media` serves a kind: every folder of images/ but social events' is under `images`. */
function servedKind(kind: MediaKind): ServedKind {
  return kind === "albums" || kind === "bulletins" || kind === "socialEvents" ? kind : "images";
}

/** The kind of media a data folder holds (an album's folder is of the albums). */
function kindOf(folder: string): MediaKind {
  const kinds = Object.entries(MEDIA_FOLDERS) as [MediaKind, string][];
  return (
    kinds.find(([, f]) => f === folder)?.[0] ??
    kinds.find(([, f]) => folder.startsWith(`${f}/`))?.[0] ??
    "images"
  );
}

/**
 * Every media file the data names but the data folder does not hold. Where lodge.yaml's `media`
 * serves that kind from the lodge's own site, each is a warning (the page would link to nothing).
 * Where it serves it from a bucket or another address, the file is taken to be there, as on the
 * old site, and the pages link to it there: one note per address says how many, instead of a
 * warning per picture.
 */
export function checkMedia(
  dir: string,
  data: LodgeData,
  sources: Loaded["sources"],
  cwd: string,
): Problem[] {
  const missing = references(data, sources).filter(
    (ref) => !existsSync(join(dir, ref.folder, ref.file)),
  );
  const remote = new Map<ServedKind, { count: number; pdfs: number }>();
  const problems: Problem[] = [];
  for (const ref of missing) {
    if (!isSitePath(mediaBase(data.lodge.media, ref.kind))) {
      const key = servedKind(ref.kind);
      const served = remote.get(key) ?? { count: 0, pdfs: 0 };
      served.count++;
      if (/\.pdf$/i.test(ref.file)) served.pdfs++;
      remote.set(key, served);
    } else if (ref.source) {
      problems.push({
        severity: "warning",
        ...locate(ref.source, ref.name, ref.path),
        message: `${relative(cwd, join(dir, ref.folder, ref.file))} not found; add the file or correct the name`,
      });
    }
  }
  for (const [key, { count, pdfs }] of remote) {
    const noun = pdfs === count ? ["PDF", "PDFs"] : ["picture", "pictures"];
    problems.push({
      severity: "note",
      file: sources.lodge?.file ?? "lodge.yaml",
      ...(sources.lodge?.position(["media", key]) ?? { line: 1, column: 1 }),
      message: `${count === 1 ? `1 ${noun[0]} is` : `${count} ${noun[1]} are`} served from ${data.lodge.media[key]} and not kept locally; the pages link to ${count === 1 ? "it" : "them"} there`,
    });
  }
  return problems;
}

/**
 * The image manifest of the albums: the pictures in each album's folder (covers left out), in
 * file-name order, with their sizes. A picture whose size cannot be read is left out, with a
 * warning naming it.
 */
export function readAlbumPictures(
  dir: string,
  albums: readonly Album[],
  cwd: string,
): { pictures: Record<string, AlbumPicture[]>; problems: Problem[] } {
  const pictures: Record<string, AlbumPicture[]> = {};
  const problems: Problem[] = [];
  for (const album of albums) {
    const folder = join(dir, MEDIA_FOLDERS.albums, album.albumName);
    const files = existsSync(folder)
      ? readdirSync(folder)
          .filter(isGalleryPicture)
          .sort((a, b) => a.localeCompare(b, "en", { numeric: true }))
      : [];
    pictures[album.albumName] = files.flatMap((file) => {
      const size = imageSize(join(folder, file));
      if (size && size.width > 0 && size.height > 0) return [{ file, ...size }];
      problems.push({
        severity: "warning",
        file: shownPath(cwd, join(folder, file)),
        line: 1,
        column: 1,
        message:
          "lodge cannot read this picture's size, so the album leaves it out; save it as JPEG, PNG, GIF or WebP",
      });
      return [];
    });
  }
  return { pictures, problems };
}
