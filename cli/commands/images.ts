import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { processImages } from "../images/process-images.ts";

const optionsSchema = z.object({ data: dataDir, out: z.string().min(1).default("var/images") });

/** A text progress bar: [#########-----------] 45/100. */
function bar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} pictures`;
}

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
      let reported = 0;
      const result = await processImages(
        resolve(ctx.cwd, options.data),
        resolve(ctx.cwd, options.out),
        (done, total) => {
          if (ctx.status) ctx.status(bar(done, total));
          else if (total > 0 && done < total && Math.floor((done / total) * 4) > reported) {
            reported = Math.floor((done / total) * 4);
            ctx.out(`${done}/${total} pictures`);
          }
        },
      );
      ctx.status?.("");
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const mb = (result.bytes / 1024 / 1024).toFixed(1);
      ctx.out(
        `Pictures in ${shownPath(ctx.cwd, resolve(ctx.cwd, options.out))}: ${result.made.length} made (${mb} MB), ${result.unchanged} unchanged, ${result.removed} old files removed (${seconds} s).`,
      );
    });
}
