import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";
import { encode, imageSources, processImages } from "../cli/images/process-images.ts";
import { loadData } from "../cli/load/load-data.ts";
import { albumPicturesOnPages, type PictureRole, pictureRole } from "../core/rules/pictures.ts";
import type { ImageManifest, ImageVariant } from "../core/schemas/image-manifest.ts";
import { buildMoment } from "../site/app/lib/build-moment.ts";

/** One file lodge images made: of which picture, how wide and high, in which format. */
type Output = { source: string } & Omit<ImageVariant, "src">;

/** libuv's thread pool, which runs sharp's work: as many files at once as sharp can make. */
const SHARP_THREADS = 4;

/**
 * The same files as lodge images made, by sharp alone: each file straight from its picture (read,
 * decoded, resized, encoded), as many at once as sharp runs; no hashing, no manifest, no reuse.
 */
async function sharpAlone(dataDir: string, outDir: string, outputs: Output[]): Promise<void> {
  const queue = [...outputs];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const { source, width, height, format } = next;
      const resized = sharp(join(dataDir, source))
        .autoOrient()
        .resize({ width, height, fit: "fill" });
      await encode(resized, format).toFile(join(outDir, `${queue.length}.${format}`));
    }
  };
  await Promise.all(Array.from({ length: SHARP_THREADS }, worker));
}

/** Pictures, files and MB made for each role, and for all of them. */
function byRole(manifest: ImageManifest, onPages: ReadonlySet<string>, outDir: string) {
  const rows = new Map<PictureRole | "all", { pictures: number; files: number; bytes: number }>();
  for (const [source, entry] of Object.entries(manifest)) {
    const files = [...entry.variants, ...entry.thumbs];
    const bytes = files.reduce((n, file) => n + statSync(join(outDir, file.src)).size, 0);
    for (const key of [pictureRole(source, onPages), "all"] as const) {
      const row = rows.get(key) ?? { pictures: 0, files: 0, bytes: 0 };
      rows.set(key, {
        pictures: row.pictures + 1,
        files: row.files + files.length,
        bytes: row.bytes + bytes,
      });
    }
  }
  const order = ["photo", "spotlight", "hero", "icon", "album", "all"];
  return [...rows]
    .map(([role, row]) => ({ role, ...row }))
    .sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
}

/**
 * lodge images on a lodge's pictures from nothing, then again with nothing changed, and sharp
 * alone making the same files, in the same run.
 */
export async function benchImages(dataDir: string, scratch: string) {
  const { data } = loadData(dataDir);
  if (!data) throw new Error(`${dataDir} has errors: run lodge validate`);
  const onPages = albumPicturesOnPages(data.recentEvents, buildMoment(), data.lodge.timeZone);
  const lodgeDir = join(scratch, "images-lodge");
  const timed = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    await run();
    return (performance.now() - started) / 1000;
  };
  let manifest: ImageManifest = {};
  const lodgeSeconds = await timed(async () => {
    manifest = (await processImages(dataDir, lodgeDir, { onPages })).manifest;
  });
  const rerunSeconds = await timed(() => processImages(dataDir, lodgeDir, { onPages }));
  const outputs = Object.entries(manifest).flatMap(([source, entry]) =>
    [...entry.variants, ...entry.thumbs].map(({ width, height, format }) => ({
      source,
      width,
      height,
      format,
    })),
  );
  const sharpDir = join(scratch, "images-sharp");
  mkdirSync(sharpDir, { recursive: true });
  const sharpSeconds = await timed(() => sharpAlone(dataDir, sharpDir, outputs));
  const sourceMB =
    imageSources(dataDir).reduce((n, s) => n + statSync(join(dataDir, s)).size, 0) / 2 ** 20;
  return {
    roles: byRole(manifest, onPages, lodgeDir),
    sourceMB,
    files: outputs.length,
    lodgeSeconds,
    sharpSeconds,
    rerunSeconds,
  };
}
