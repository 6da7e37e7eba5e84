import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { albumPicturesOnPages } from "../../core/rules/pictures.ts";
import { buildMoment } from "../../site/app/lib/build-moment.ts";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { UserError } from "../errors.ts";
import { busyProcesses, removeUnused, UNUSED_DAYS } from "../images/cache.ts";
import { processImages } from "../images/process-images.ts";
import { imagesProgress, imagesSummary, pruneReport } from "../images/report.ts";
import { requireData } from "../load/require-data.ts";

const optionsSchema = z.object({
  data: dataDir,
  out: z.string().min(1).default("var/images"),
  prune: z.boolean().default(false),
});

/** `lodge images --prune`: removes what no lodge uses, unless a build is making pictures there. */
function prune(ctx: Context, out: string): void {
  const where = shownPath(ctx.cwd, out);
  const busy = busyProcesses(out);
  if (busy.length > 0) {
    throw new UserError(
      `A build is making pictures in ${where} now (process ${busy.join(", ")}); run lodge images --prune once it is done. Nothing was removed.`,
    );
  }
  for (const line of pruneReport(removeUnused(out), where)) ctx.out(line);
}

export function imagesCommand(ctx: Context): Command {
  return new Command("images")
    .description(
      "make the web sizes the pages show of every picture (WebP, one JPEG or PNG) and album thumbnails",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option(
      "--out <dir>",
      "where the processed pictures and the manifests of the lodges using them go",
      "var/images",
    )
    .option(
      "--prune",
      "make nothing: remove the pictures no lodge uses any more, and forget lodges whose data folder is gone",
    )
    .addHelpText(
      "after",
      `\nOnly pictures that changed since the last run are processed again; lodge build runs this for you. Several lodges may share the folder: each one's pictures are kept while it uses them, and a picture no lodge has used for ${UNUSED_DAYS} days is removed by the next run (at once with --prune).\n\nExample:\n  lodge images --data data`,
    )
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const out = resolve(ctx.cwd, options.out);
      if (options.prune) return prune(ctx, out);
      const started = performance.now();
      // A wrong --data must not look like a lodge without pictures.
      if (!existsSync(join(resolve(ctx.cwd, options.data), "lodge.yaml"))) {
        throw new UserError(
          `${options.data} holds no lodge.yaml, so it is not a lodge's data folder; give it with --data DIR. Nothing was changed.`,
        );
      }
      // What the pages show decides the sizes made (a recent event's slides are an album's photos).
      const data = requireData(ctx, options.data, "No picture was made.");
      const progress = imagesProgress(ctx);
      const result = await processImages(resolve(ctx.cwd, options.data), out, {
        onPages: albumPicturesOnPages(data.recentEvents, buildMoment(), data.lodge.timeZone),
        onProgress: progress.onProgress,
      });
      progress.done();
      ctx.out(imagesSummary(result, shownPath(ctx.cwd, out), (performance.now() - started) / 1000));
    });
}
