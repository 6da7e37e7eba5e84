import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { lodgePlaces, OWN_PLACES } from "../../core/places.ts";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { GENERATED_DIR } from "../emit/emit-modules.ts";
import { UserError } from "../errors.ts";
import { UNUSED_DAYS } from "../images/cache.ts";
import { imagesProgress } from "../images/report.ts";
import { loadData } from "../load/load-data.ts";
import { forBuild, formatProblem, placeholdersRefusal, sortProblems } from "../load/problems.ts";
import { buildLodge } from "../site/build-lodge.ts";

const optionsSchema = z.object({
  data: dataDir,
  out: z.string().min(1, { error: "give the output folder, e.g. --out dist" }).optional(),
  images: z.string().min(1, { error: "give the pictures' folder, e.g. --images var/images" }),
  modulesOnly: z.boolean().default(false),
  draft: z.boolean().default(false),
});

/** Where `lodge build` and `lodge dev` keep the pictures they make, as `lodge images` does. */
export const imagesOption = {
  flags: "--images <dir>",
  description: `where the web sizes of the pictures are kept between builds (made only when changed; lodges may share it: what none has used for ${UNUSED_DAYS} days is removed)`,
  default: "var/images",
} as const;

/** Said once per build of a lodge without `siteUrl`. */
export const NO_SITE_URL =
  "lodge.yaml gives no siteUrl, so the pages are built without their canonical address and share picture, and without sitemap.xml, the news feed or the calendar's Subscribe link; set siteUrl to the site's address, e.g. https://www.example.org.";

export function buildCommand(ctx: Context): Command {
  return new Command("build")
    .description(
      "validate the lodge's data, make the web sizes of its pictures, write the typed data modules, and build the static site: one HTML file per page",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option(
      "--out <dir>",
      `the folder to write the site to, replaced as a whole (default: the lodge's own: ${OWN_PLACES})`,
    )
    .option(imagesOption.flags, imagesOption.description, imagesOption.default)
    .option("--modules-only", "write the data modules only, without pictures or the site")
    .option(
      "--draft",
      "build even while the data holds what lodge init put in to replace (the address, starter text, drawn documents); lodge publish refuses a draft",
    )
    .addHelpText("after", "\nExample:\n  lodge build --data data --out dist")
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const dataPath = resolve(ctx.cwd, options.data);
      const loaded = loadData(dataPath, ctx.cwd);
      const sorted = sortProblems(forBuild(loaded.problems, options.draft));
      for (const problem of sorted) ctx.out(formatProblem(problem));
      const errors = sorted.filter((p) => p.severity === "error");
      const { data } = loaded;
      if (data && errors.length > 0 && errors.every((p) => p.placeholder)) {
        throw new UserError(placeholdersRefusal(options.data, loaded.problems));
      }
      if (!data || errors.length > 0) {
        throw new UserError(
          `${options.data} has ${errors.length === 1 ? "an error" : `${errors.length} errors`} (listed above). Nothing was built.`,
        );
      }
      if (!data.lodge.siteUrl && !options.modulesOnly) ctx.out(NO_SITE_URL);
      const own = lodgePlaces(dataPath, ctx.cwd);
      const outDir = resolve(ctx.cwd, options.out ?? own.dist);
      const out = shownPath(ctx.cwd, outDir);
      const progress = imagesProgress(ctx);
      const { site } = await buildLodge(data, {
        cwd: ctx.cwd,
        dataDir: dataPath,
        generatedDir: ctx.generatedDir ?? own.generated ?? GENERATED_DIR,
        ownOut: shownPath(ctx.cwd, own.dist),
        draft: options.draft,
        imagesDir: resolve(ctx.cwd, options.images),
        outDir: options.modulesOnly ? undefined : outDir,
        onImagesProgress: progress.onProgress,
        log: (line) => {
          progress.done();
          ctx.out(line);
        },
      }).catch((error: unknown) => {
        if (error instanceof UserError) {
          throw new UserError(`${error.message}\nNothing was written to ${out}.`);
        }
        throw error;
      });
      if (site) {
        ctx.out(
          `Built the site in ${shownPath(ctx.cwd, outDir)}: ${site.pages.length} pages and ${site.mediaFiles} media files (${site.seconds.toFixed(1)} s).`,
        );
      }
    });
}
