import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { isProcessedFileName } from "../../core/rules/media.ts";
import {
  type ImageEntry,
  type ImageManifest,
  imageManifestSchema,
  type LodgeImages,
  lodgeImagesSchema,
} from "../../core/schemas/image-manifest.ts";

/**
 * The pictures' folder (var/images) may serve several lodges: their web sizes are named by
 * picture and content hash, so two lodges with the same picture share its files. Each lodge
 * that uses the folder has its manifest under lodges/; a file is in use while a lodge's manifest
 * names it, and its modification time says when a build last used it. A file no lodge uses any
 * more is removed once it has gone unused this many days, or at once by `lodge images --prune`.
 */
export const UNUSED_DAYS = 90;

const LODGES = "lodges";

/** The one manifest of the folder before it served several lodges: read once, then removed. */
const SINGLE_MANIFEST = "manifest.json";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The files a manifest entry names: its web sizes, thumbnails and share size. */
export const filesOf = (entry: ImageEntry) =>
  [...entry.variants, ...entry.thumbs, ...entry.share].map((variant) => variant.src);

/** Where a lodge's manifest is kept: named after its data folder, told apart by the full path. */
export function lodgeManifestFile(imagesDir: string, dataDir: string): string {
  const path = resolve(dataDir);
  const name = basename(path).replace(/[^A-Za-z0-9._-]+/g, "-") || "lodge";
  const id = createHash("sha256").update(path).digest("hex").slice(0, 10);
  return join(imagesDir, LODGES, `${name}-${id}.json`);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined;
  }
}

/** Every lodge manifest in the folder that can be read (an unreadable one counts as none). */
function lodgeManifests(imagesDir: string): { file: string; lodge: LodgeImages }[] {
  const dir = join(imagesDir, LODGES);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .flatMap((name) => {
      const parsed = lodgeImagesSchema.safeParse(readJson(join(dir, name)));
      return parsed.success ? [{ file: join(dir, name), lodge: parsed.data }] : [];
    });
}

/** The manifest of the last run for this lodge's data folder; empty when there was none. */
export function readManifest(imagesDir: string, dataDir: string): ImageManifest {
  const parsed = lodgeImagesSchema.safeParse(readJson(lodgeManifestFile(imagesDir, dataDir)));
  return parsed.success ? parsed.data.pictures : {};
}

/**
 * Every manifest entry the folder knows, from every lodge (and the folder's old single manifest),
 * for pictures a build can reuse instead of making them again.
 */
export function knownEntries(imagesDir: string): { source: string; entry: ImageEntry }[] {
  const single = imageManifestSchema.safeParse(readJson(join(imagesDir, SINGLE_MANIFEST)));
  return [
    ...lodgeManifests(imagesDir).map(({ lodge }) => lodge.pictures),
    ...(single.success ? [single.data] : []),
  ].flatMap((manifest) => Object.entries(manifest).map(([source, entry]) => ({ source, entry })));
}

/** Writes a lodge's manifest whole under another name first: a reader never sees half of it. */
export function writeManifest(imagesDir: string, dataDir: string, pictures: ImageManifest): void {
  const file = lodgeManifestFile(imagesDir, dataDir);
  const lodge: LodgeImages = { dataDir: resolve(dataDir), pictures };
  const text = `${JSON.stringify(lodge, null, 2)}\n`;
  mkdirSync(dirname(file), { recursive: true });
  if (existsSync(file) && readFileSync(file, "utf8") === text) return;
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

/** Marks the files of a manifest as used now (their modification time). */
export function markUsed(imagesDir: string, pictures: ImageManifest, now: Date): void {
  for (const src of Object.values(pictures).flatMap(filesOf)) {
    try {
      utimesSync(join(imagesDir, src), now, now);
    } catch {
      // A file gone meanwhile is made again by the next build that needs it.
    }
  }
}

/** Every file of web sizes in the folder, as paths relative to it with forward slashes. */
function madeFiles(imagesDir: string): string[] {
  if (!existsSync(imagesDir)) return [];
  return readdirSync(imagesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && isProcessedFileName(entry.name))
    .map((entry) => relative(imagesDir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.startsWith(`${LODGES}/`))
    .sort();
}

/** Removes the folders left empty under `dir` (never `dir` itself). */
function removeEmptyFolders(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name === LODGES) continue;
    const path = join(dir, entry.name);
    removeEmptyFolders(path);
    if (readdirSync(path).length === 0) rmdirSync(path);
  }
}

export interface Removed {
  /** The files removed, relative to the folder. */
  files: string[];
  bytes: number;
  /** The data folders of lodges forgotten because their folder is gone. */
  lodges: string[];
  /** How many lodges use the folder still. */
  kept: number;
}

/**
 * Forgets the lodges whose data folder is gone and the folder's old single manifest, then
 * removes every file of web sizes no remaining lodge uses and not used since `before` (all of
 * them when `before` is left out). Only files named as `lodge images` names them are touched.
 */
export function removeUnused(imagesDir: string, before?: Date): Removed {
  const lodges: string[] = [];
  const used = new Set<string>();
  let kept = 0;
  for (const { file, lodge } of lodgeManifests(imagesDir)) {
    if (existsSync(lodge.dataDir)) {
      kept++;
      for (const src of Object.values(lodge.pictures).flatMap(filesOf)) used.add(src);
    } else {
      rmSync(file, { force: true });
      lodges.push(lodge.dataDir);
    }
  }
  rmSync(join(imagesDir, SINGLE_MANIFEST), { force: true });
  const files: string[] = [];
  let bytes = 0;
  for (const src of madeFiles(imagesDir)) {
    if (used.has(src)) continue;
    const path = join(imagesDir, src);
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat || (before && stat.mtime >= before)) continue;
    rmSync(path, { force: true });
    files.push(src);
    bytes += stat.size;
  }
  if (files.length > 0) removeEmptyFolders(imagesDir);
  return { files, bytes, lodges, kept };
}

/** The moment before which a file unused since is old enough to go. */
export function unusedSince(now: Date): Date {
  return new Date(now.getTime() - UNUSED_DAYS * DAY_MS);
}

const BUSY = /^\.busy-(\d+)$/;

/**
 * Marks the folder as being written by this process until `done` is called: `lodge images
 * --prune` waits for no one and so refuses while another process is making pictures there.
 */
export function markBusy(imagesDir: string): { done(): void } {
  mkdirSync(imagesDir, { recursive: true });
  const file = join(imagesDir, `.busy-${process.pid}`);
  writeFileSync(file, "");
  return { done: () => rmSync(file, { force: true }) };
}

/** The other live processes making pictures in the folder now. */
export function busyProcesses(imagesDir: string): number[] {
  if (!existsSync(imagesDir)) return [];
  return readdirSync(imagesDir)
    .map((name) => Number(BUSY.exec(name)?.[1]))
    .filter((pid) => Number.isInteger(pid) && pid !== process.pid && isRunning(pid));
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
