#!/usr/bin/env node
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
/**
 * Generates the sample lodge's media: every picture and PDF its data files name, drawn from SVG
 * (gradients, geometric shapes, large labels, Masonic symbols; never people) so the sample is
 * complete without shipping photographs. It reads the data as every command does (loadData) and
 * finds the files it names by the entity table's media fields, so it stays right when the data
 * or the fields change; files that already exist are kept unless --force is given.
 *
 *   node cli/sample-media.ts [DATA_DIR] [--force]
 */
import { PLACEHOLDER_DOCUMENT } from "./init/placeholders.ts";
import { loadData } from "./load/load-data.ts";
import { formatProblem, type Problem, sortProblems } from "./load/problems.ts";
import { collectMedia, type MediaItem } from "./sample-media/items.ts";
import { tinyPdf } from "./sample-media/pdf.ts";
import { heroSvg, jewelSvg, logoSvg, photoSvg, portraitSvg } from "./sample-media/pictures.ts";

async function render(item: MediaItem, placeholder: boolean): Promise<Buffer> {
  switch (item.kind) {
    case "pdf":
      return placeholder
        ? tinyPdf(item.label, item.sub, PLACEHOLDER_DOCUMENT)
        : tinyPdf(item.label, item.sub);
    case "photo":
      return sharp(photoSvg(item)).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "portrait":
      return sharp(portraitSvg(item)).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "hero":
      return sharp(heroSvg()).jpeg({ quality: 70, mozjpeg: true }).toBuffer();
    case "jewel":
      return sharp(jewelSvg(item)).png({ palette: true, compressionLevel: 9 }).toBuffer();
    case "logo":
      return sharp(logoSvg(item)).png({ palette: true, compressionLevel: 9 }).toBuffer();
  }
}

/**
 * Draws every media file the lodge in `dataDir` names and lacks (all of them with `force`). Data
 * with errors draws nothing: its errors are returned instead (lodge validate says the same).
 */
export async function generateSampleMedia(
  dataDir: string,
  force: boolean,
  /** A new lodge's (lodge init): its documents say they are placeholders to replace. */
  placeholder = false,
): Promise<{ written: number; skipped: number; bytes: number; errors: Problem[] }> {
  const { data, problems } = loadData(dataDir);
  const errors = sortProblems(problems).filter((p) => p.severity === "error");
  if (!data) return { written: 0, skipped: 0, bytes: 0, errors };
  const items = collectMedia(data);
  let written = 0;
  let skipped = 0;
  let bytes = 0;
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const target = path.join(dataDir, item.file);
      if (!force && existsSync(target)) {
        skipped++;
        continue;
      }
      const data = await render(item, placeholder);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, data);
      written++;
      bytes += data.length;
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return { written, skipped, bytes, errors };
}

async function main(argv: string[]): Promise<void> {
  const force = argv.includes("--force");
  const unknown = argv.filter((arg) => arg.startsWith("-") && arg !== "--force");
  const dataDir = argv.find((arg) => !arg.startsWith("-")) ?? "data";
  if (unknown.length > 0 || !existsSync(dataDir) || !statSync(dataDir).isDirectory()) {
    const why =
      unknown.length > 0 ? `unknown option ${unknown.join(", ")}` : `${dataDir} is not a folder`;
    console.error(`Cannot generate sample media: ${why}.`);
    console.error("Usage: node cli/sample-media.ts [DATA_DIR] [--force]");
    process.exitCode = 1;
    return;
  }
  const { written, skipped, bytes, errors } = await generateSampleMedia(dataDir, force);
  if (errors.length > 0) {
    for (const problem of errors) console.error(formatProblem(problem));
    console.error(
      `Cannot generate sample media: ${dataDir} has errors (listed above); fix them first.`,
    );
    process.exitCode = 1;
    return;
  }
  const size = `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  console.log(
    `Sample media in ${dataDir}: ${written} files written (${size}), ${skipped} already present${force ? "" : " and kept"}.`,
  );
}

if (import.meta.main) {
  await main(process.argv.slice(2));
}
