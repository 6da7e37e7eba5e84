import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { UserError } from "../errors.ts";
import { processImages } from "../images/process-images.ts";
import { imagesProgress, imagesSummary } from "../images/report.ts";

const optionsSchema = z.object({ data: dataDir, out: z.string().min(1).default("var/images") });

export function imagesCommand(ctx: Context): Command {
  return new Command("images")
    .description(
      "make web sizes (WebP with JPEG or PNG fallback) and album thumbnails of every picture",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--out <dir>", "where the processed pictures and their manifest go", "var/images")
    .addHelpText(
      "after",
      "\nExample:\n  lodge images --data data\n\nOnly pictures that changed since the last run are processed again; lodge build runs this for you.",
    )
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const started = performance.now();
      const progress = imagesProgress(ctx);
      const out = resolve(ctx.cwd, options.out);
      // A wrong --data must not look like a lodge without pictures: that would empty the cache.
      if (!existsSync(join(resolve(ctx.cwd, options.data), "lodge.yaml"))) {
        throw new UserError(
          `${options.data} holds no lodge.yaml, so it is not a lodge's data folder; give it with --data DIR. Nothing was changed.`,
        );
      }
      const result = await processImages(resolve(ctx.cwd, options.data), out, progress.onProgress);
      progress.done();
      ctx.out(imagesSummary(result, shownPath(ctx.cwd, out), (performance.now() - started) / 1000));
    });
}
