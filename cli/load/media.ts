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
import { mediaReferences } from "../../core/rules/media-references.ts";
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
 * Every media file the data names but the data folder does not hold. Where lodge.yaml's `media`
 * serves that kind from the lodge's own site, each is a warning (the page would link to nothing).
 * Where it serves it from a bucket or another address, the file is taken to be there, as on the
 * old site, and the pages link to it there: one note per address says how many, instead of a
 * warning per picture.
 */
export function checkMedia(dir: string, data: LodgeData, sources: Sources, cwd: string): Problem[] {
  const missing = mediaReferences(data).filter(
    (ref) => isLocal(ref.file) && !existsSync(join(dir, ref.folder, ref.file)),
  );
  const remote = new Map<ServedKind, { count: number; pdfs: number }>();
  const problems: Problem[] = [];
  for (const ref of missing) {
    const { source, name } = sourceOf(sources, ref.entity, ref.slug);
    if (!isSitePath(mediaBase(data.lodge.media, ref.kind))) {
      const key = servedKind(ref.kind);
      const served = remote.get(key) ?? { count: 0, pdfs: 0 };
      served.count++;
      if (/\.pdf$/i.test(ref.file)) served.pdfs++;
      remote.set(key, served);
    } else if (source) {
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
        ...WHOLE_FILE,
        message:
          "lodge cannot read this picture's size, so the album leaves it out; save it as JPEG, PNG, GIF or WebP",
      });
      return [];
    });
  }
  return { pictures, problems };
}
