import { relative, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { emitModules } from "../emit/emit-modules.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";

const optionsSchema = z.object({ data: dataDir });

export function buildCommand(ctx: Context): Command {
  return new Command("build")
    .description(
      "validate the lodge's data and write the typed data modules the site is built from",
    )
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText("after", "\nExample:\n  lodge build --data data")
    .action((raw) => {
      const options = parseOptions(optionsSchema, raw);
      const { data, problems } = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
      const sorted = sortProblems(problems);
      for (const problem of sorted) ctx.out(formatProblem(problem));
      if (!data) {
        const errors = sorted.filter((p) => p.severity === "error").length;
        throw new UserError(
          `${options.data} has ${errors === 1 ? "an error" : `${errors} errors`} (listed above). Nothing was built.`,
        );
      }
      const { written, unchanged } = emitModules(data, ctx.generatedDir);
      const where = relative(ctx.cwd, ctx.generatedDir) || ctx.generatedDir;
      ctx.out(
        `Wrote ${written.length + unchanged.length} data modules to ${where} (${written.length} changed, ${unchanged.length} unchanged).`,
      );
    });
}
