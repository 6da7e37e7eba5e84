import { existsSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import {
  isGalleryPicture,
  isSitePath,
  MEDIA_FOLDERS,
  type MediaKind,
  mediaBase,
  type ServedKind,
} from "../../core/rules/media.ts";
import { type MediaReference, mediaReferences } from "../../core/rules/media-references.ts";
import type { Album, AlbumPicture, LodgeData } from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { locate } from "./check.ts";
import { type Sources, sourceOf } from "./files.ts";
import { imageSize } from "./image-size.ts";
import { type Problem, WHOLE_FILE } from "./problems.ts";

/** True for a file name kept in data/, false for an address served from elsewhere. */
function isLocal(name: string): boolean {
  return name !== "" && !/^[a-z]+:\/\//i.test(name) && !name.startsWith("//");
}

/** Which base of lodge.yaml's `media` serves a kind: every folder of images/ but social events' is under `images`. */
function servedKind(kind: MediaKind): ServedKind {
  return kind === "albums" || kind === "bulletins" || kind === "socialEvents" ? kind : "images";
}

/**
 * The kinds of media the site this product replaces kept in buckets of their own, what names
 * them (one album names its cover and the pictures its recent events show), and what they are.
 */
const BUCKET_KINDS: Partial<
  Record<ServedKind, { by: readonly [string, string]; files: readonly [string, string] }>
> = {
  albums: { by: ["album", "albums"], files: ["picture", "pictures"] },
  bulletins: { by: ["bulletin", "bulletins"], files: ["PDF", "PDFs"] },
  socialEvents: { by: ["social outing", "social outings"], files: ["picture", "pictures"] },
};

const counted = (n: number, [one, many]: readonly [string, string]) =>
  `${n} ${n === 1 ? one : many}`;

/**
 * Every media file the data names but the data folder does not hold. Where lodge.yaml's `media`
 * serves that kind from the lodge's own site, each is a warning (the page would link to nothing),
 * but for the kinds the old site kept in buckets (albums, bulletins, outings' pictures): when a
 * folder of those misses more than one, one warning says how many and the likely cause, a bucket
 * `media` does not name yet, instead of a line per picture (288 for a lodge of 56 albums). Where
 * `media` serves the kind from a bucket or another address, the file is taken to be there, as on
 * the old site, and the pages link to it there: one note per address says how many.
 */
export function checkMedia(dir: string, data: LodgeData, sources: Sources, cwd: string): Problem[] {
  const missing = mediaReferences(data).filter(
    (ref) => isLocal(ref.file) && !existsSync(join(dir, ref.folder, ref.file)),
  );
  const remote = new Map<ServedKind, { count: number; pdfs: number }>();
  const local = new Map<ServedKind, MediaReference[]>();
  const problems: Problem[] = [];
  for (const ref of missing) {
    const key = servedKind(ref.kind);
    if (!isSitePath(mediaBase(data.lodge.media, ref.kind))) {
      const served = remote.get(key) ?? { count: 0, pdfs: 0 };
      served.count++;
      if (/\.pdf$/i.test(ref.file)) served.pdfs++;
      remote.set(key, served);
    } else {
      local.set(key, [...(local.get(key) ?? []), ref]);
    }
  }
  const lodgeFile = (key: ServedKind) => ({
    file: sources.lodge?.file ?? "lodge.yaml",
    ...(sources.lodge?.position(["media", key]) ?? { line: 1, column: 1 }),
  });
  for (const [key, refs] of local) {
    const bucket = BUCKET_KINDS[key];
    if (bucket && refs.length > 1) {
      // An album is named by its folder (its cover and its recent events' pictures); a bulletin
      // or an outing by its entry.
      const by = new Set(refs.map((ref) => (key === "albums" ? ref.folder : ref.entry)));
      const folder = relative(cwd, join(dir, MEDIA_FOLDERS[refs[0]?.kind ?? "images"]));
      problems.push({
        severity: "warning",
        ...lodgeFile(key),
        message: `${counted(by.size, bucket.by)} name ${counted(refs.length, bucket.files)} that ${refs.length === 1 ? "is" : "are"} not in ${folder}/: if the old site kept them in a bucket, set media.${key} to its address (https://storage.googleapis.com/BUCKET/)`,
        missingFile: true,
      });
      continue;
    }
    for (const ref of refs) {
      const { source, name } = sourceOf(sources, ref.entity, ref.slug);
      if (!source) continue;
      problems.push({
        severity: "warning",
        ...locate(source, name, ref.path),
        message: `${relative(cwd, join(dir, ref.folder, ref.file))} not found; add the file or correct the name`,
        missingFile: true,
      });
    }
  }
  for (const [key, { count, pdfs }] of remote) {
    const noun = pdfs === count ? ["PDF", "PDFs"] : ["picture", "pictures"];
    problems.push({
      severity: "note",
      ...lodgeFile(key),
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
        ...WHOLE_FILE,
        message:
          "lodge cannot read this picture's size, so the album leaves it out; save it as JPEG, PNG, GIF or WebP",
      });
      return [];
    });
  }
  return { pictures, problems };
}
