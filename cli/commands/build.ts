import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { emitModules } from "../emit/emit-modules.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { buildSite } from "../site/build-site.ts";

const optionsSchema = z.object({
  data: dataDir,
  out: z.string().min(1, { error: "give the output folder, e.g. --out dist" }),
  modulesOnly: z.boolean().default(false),
});

export function buildCommand(ctx: Context): Command {
  return new Command("build")
    .description(
      "validate the lodge's data, write the typed data modules, and build the static site: one HTML file per page",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--out <dir>", "the folder to write the site to (replaced as a whole)", "dist")
    .option("--modules-only", "write the data modules only, without building the site")
    .addHelpText("after", "\nExample:\n  lodge build --data data --out dist")
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      const dataPath = resolve(ctx.cwd, options.data);
      const { data, problems } = loadData(dataPath, ctx.cwd);
      const sorted = sortProblems(problems);
      for (const problem of sorted) ctx.out(formatProblem(problem));
      if (!data) {
        const errors = sorted.filter((p) => p.severity === "error").length;
        throw new UserError(
          `${options.data} has ${errors === 1 ? "an error" : `${errors} errors`} (listed above). Nothing was built.`,
        );
      }
      const { written, unchanged } = emitModules(data, ctx.generatedDir);
      const where = shownPath(ctx.cwd, ctx.generatedDir);
      ctx.out(
        `Wrote ${written.length + unchanged.length} data modules to ${where} (${written.length} changed, ${unchanged.length} unchanged).`,
      );
      if (options.modulesOnly) return;

      const started = performance.now();
      const outDir = resolve(ctx.cwd, options.out);
      const site = await buildSite({
        dataDir: dataPath,
        generatedDir: ctx.generatedDir,
        outDir,
        lodge: data.lodge,
      }).catch((error: unknown) => {
        if (error instanceof UserError) {
          throw new UserError(`${error.message}\nNothing was written to ${options.out}.`);
        }
        throw error;
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      ctx.out(
        `Built the site in ${shownPath(ctx.cwd, outDir)}: ${site.pages.length} pages and ${site.mediaFiles} media files (${seconds} s).`,
      );
    });
}
