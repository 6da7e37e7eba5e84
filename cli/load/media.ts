import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { ALBUM_COVER, isGalleryPicture, MEDIA_FOLDERS } from "../../core/rules/media.ts";
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
    if (isLocal(file)) refs.push({ source, name, path, folder, file });
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

/** Warns about every media file the data names but the data folder does not hold. */
export function checkMedia(
  dir: string,
  data: LodgeData,
  sources: Loaded["sources"],
  cwd: string,
): Problem[] {
  return references(data, sources)
    .filter((ref) => !existsSync(join(dir, ref.folder, ref.file)))
    .flatMap((ref) =>
      ref.source
        ? [
            {
              severity: "warning" as const,
              ...locate(ref.source, ref.name, ref.path),
              message: `${relative(cwd, join(dir, ref.folder, ref.file))} not found; add the file or correct the name`,
            },
          ]
        : [],
    );
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
