import { albumPicturesOnPages } from "../../core/rules/pictures.ts";
import type { ImageManifest, LodgeData } from "../../core/schemas/index.ts";
import { buildMoment } from "../../site/app/lib/build-moment.ts";
import { shownPath } from "../context.ts";
import { emitModules } from "../emit/emit-modules.ts";
import { readManifest } from "../images/cache.ts";
import { type ImagesResult, processImages } from "../images/process-images.ts";
import { imagesSummary } from "../images/report.ts";
import { buildSite, type SiteBuildResult } from "./build-site.ts";
import { writeSiteFiles } from "./site-files.ts";

export interface LodgeBuildOptions {
  cwd: string;
  dataDir: string;
  generatedDir: string;
  /** Where the pictures `lodge images` makes are kept between builds (var/images). */
  imagesDir: string;
  /** The folder to write the site to; left out, only the data modules are written. */
  outDir?: string;
  /** Progress of the pictures being made. */
  onImagesProgress?(done: number, total: number): void;
  /** Told one line per step done. */
  log?(line: string): void;
  /** Built with --draft (placeholders allowed). */
  draft?: boolean;
  /** The lodge's own output folder as shown, named when another lodge's is refused. */
  ownOut?: string;
}

export interface LodgeBuildResult {
  modules: { written: string[]; unchanged: string[] };
  /** Absent when only the data modules were written. */
  images?: ImagesResult;
  site?: SiteBuildResult & { seconds: number };
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/**
 * Builds the site of valid lodge data, for `lodge build` and `lodge dev` alike: makes the web sizes
 * of every picture (only those that changed), writes the typed data modules with the manifest of
 * the pictures, then builds the site. With no `outDir` the pictures are not made: the modules get
 * the manifest of the last run, enough to type-check the site.
 */
export async function buildLodge(
  data: LodgeData,
  options: LodgeBuildOptions,
): Promise<LodgeBuildResult> {
  const log = options.log ?? (() => {});
  const shown = (path: string) => shownPath(options.cwd, path);
  // One moment for the pictures and the pages: which recent events they show.
  const moment = buildMoment();
  let images: ImagesResult | undefined;
  let manifest: ImageManifest;
  if (options.outDir) {
    const started = performance.now();
    images = await processImages(options.dataDir, options.imagesDir, {
      onPages: albumPicturesOnPages(data.recentEvents, moment, data.lodge.timeZone),
      onProgress: options.onImagesProgress,
    });
    manifest = images.manifest;
    log(imagesSummary(images, shown(options.imagesDir), seconds(started)));
  } else {
    manifest = readManifest(options.imagesDir, options.dataDir);
  }

  const modules = emitModules(data, options.generatedDir, manifest);
  log(
    `Wrote ${modules.written.length + modules.unchanged.length} data modules to ${shown(options.generatedDir)} (${modules.written.length} changed, ${modules.unchanged.length} unchanged).`,
  );
  if (!options.outDir) return { modules };

  const started = performance.now();
  const site = await buildSite({
    cwd: options.cwd,
    dataDir: options.dataDir,
    generatedDir: options.generatedDir,
    outDir: options.outDir,
    lodge: data.lodge,
    draft: options.draft,
    ownOut: options.ownOut,
    images: { dir: options.imagesDir, manifest },
    moment,
  });
  await writeSiteFiles(options.outDir, options.dataDir, data, site.pages, moment);
  return { modules, images, site: { ...site, seconds: seconds(started) } };
}
