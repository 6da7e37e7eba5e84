import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { serveReadiness } from "../load/serve-readiness.ts";
import { summarize } from "../load/summary.ts";

const optionsSchema = z.object({ data: dataDir, json: z.boolean().default(false) });

export function validateCommand(ctx: Context): Command {
  return new Command("validate")
    .description("check every content file of the lodge and list every problem at once")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--json", "print the problems and counts as JSON")
    .addHelpText(
      "after",
      "\nExits 1 when there is an error; warnings alone exit 0. What lodge serve would refuse is a warning too.\n\nExample:\n  lodge validate --data data",
    )
    .action((raw) => {
      const options = parseOptions(optionsSchema, raw);
      const loaded = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
      const { counts } = loaded;
      const sorted = sortProblems([
        ...loaded.problems,
        ...serveReadiness(loaded, ctx.env ?? process.env),
      ]);
      const errors = sorted.filter((p) => p.severity === "error").length;
      if (options.json) {
        ctx.out(
          JSON.stringify(
            {
              ok: errors === 0,
              errors,
              warnings: sorted.filter((p) => p.severity === "warning").length,
              counts,
              problems: sorted,
            },
            null,
            2,
          ),
        );
      } else {
        for (const problem of sorted) ctx.out(formatProblem(problem));
        ctx.out(summarize(options.data, counts, sorted));
      }
      if (errors > 0) ctx.exitCode = 1;
    });
}
