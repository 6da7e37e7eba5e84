import { mkdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { basename, extname, join } from "node:path";
import sharp from "sharp";
import { imageSources, processImages, THUMB_WIDTH, WIDTHS } from "../cli/images/process-images.ts";
import { MEDIA_FOLDERS } from "../core/rules/media.ts";

/** The same resizes as lodge images, by sharp alone: no hashing, no manifest, no reuse. */
async function sharpAlone(dataDir: string, outDir: string, sources: string[]): Promise<void> {
  const queue = [...sources];
  const worker = async () => {
    for (let source = queue.shift(); source; source = queue.shift()) {
      const input = readFileSync(join(dataDir, source));
      const { width = 0 } = await sharp(input).metadata();
      const fallback = extname(source).toLowerCase() === ".png" ? "png" : "jpeg";
      const widths = [...new Set(WIDTHS.map((w) => Math.min(w, width)))];
      if (source.startsWith(`${MEDIA_FOLDERS.albums}/`)) widths.push(Math.min(THUMB_WIDTH, width));
      for (const w of widths) {
        for (const format of ["webp", fallback] as const) {
          const p = sharp(input).autoOrient().resize({ width: w, withoutEnlargement: true });
          const out = join(
            outDir,
            `${basename(source)}-${w}-${Math.random().toString(36).slice(2)}.${format}`,
          );
          await (format === "webp"
            ? p.webp({ quality: 72 })
            : format === "png"
              ? p.png({ palette: true, compressionLevel: 9 })
              : p.jpeg({ quality: 74, progressive: true })
          ).toFile(out);
        }
      }
    }
  };
  await Promise.all(Array.from({ length: availableParallelism() }, worker));
}

export async function benchImages(dataDir: string, scratch: string) {
  const sources = imageSources(dataDir);
  let started = performance.now();
  const result = await processImages(dataDir, join(scratch, "images-lodge"));
  const lodgeSeconds = (performance.now() - started) / 1000;
  started = performance.now();
  await processImages(dataDir, join(scratch, "images-lodge"));
  const rerunSeconds = (performance.now() - started) / 1000;
  mkdirSync(join(scratch, "images-sharp"), { recursive: true });
  started = performance.now();
  await sharpAlone(dataDir, join(scratch, "images-sharp"), sources);
  const sharpSeconds = (performance.now() - started) / 1000;
  const files = Object.values(result.manifest).reduce(
    (n, e) => n + e.variants.length + e.thumbs.length,
    0,
  );
  return { pictures: sources.length, files, lodgeSeconds, sharpSeconds, rerunSeconds };
}
