import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { writeContent } from "../edit/content-file.ts";
import { conflictProblems, readPastMastersCsv } from "../edit/past-masters-csv.ts";
import { mergePastMasters, mergeReport } from "../edit/past-masters-file.ts";
import { UserError } from "../errors.ts";
import { contentFiles } from "../load/files.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { requireData } from "../load/require-data.ts";
import { importLegacyCommand } from "./import-legacy.ts";

const optionsSchema = z.object({
  data: dataDir,
  lodge: z.string({ error: "give the list's slug, e.g. --lodge golden-square" }).min(1),
  replace: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
});

function importPastMasters(ctx: Context, file: string, raw: unknown): void {
  const options = parseOptions(optionsSchema, raw);
  const dir = resolve(ctx.cwd, options.data);
  const data = requireData(ctx, options.data, "Nothing was written.");
  const slugs = data.lodge.pastMasters.map((list) => list.slug);
  if (!slugs.includes(options.lodge)) {
    throw new UsageError(
      `--lodge: no past-master list "${options.lodge}" in lodge.yaml; use one of ${slugs.join(", ")}`,
    );
  }
  const path = resolve(ctx.cwd, file);
  if (!existsSync(path)) throw new UserError(`${file}: no such file. Nothing was written.`);
  const { source, rows, problems: read, missing } = readPastMastersCsv(path, file);
  if (missing.length > 0) {
    throw new UserError(
      `${file}:1:1  the first line must name the columns number,name,term (imgUrl is optional); ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing. Nothing was written.`,
    );
  }
  // The list's file as the lodge keeps it: CSV, or YAML or JSON.
  const target = contentFiles(dir, "pastMasters", options.lodge).path;
  const shown = relative(ctx.cwd, target) || target;
  const merge =
    rows && mergePastMasters(data.pastMasters[options.lodge] ?? [], rows, options.replace);
  const problems = sortProblems([
    ...read,
    ...(merge ? conflictProblems(source, merge.conflicts, shown) : []),
  ]);
  const errors = problems.filter((p) => p.severity === "error");
  if (options.json) {
    if (errors.length > 0) ctx.out(JSON.stringify({ written: false, problems }, null, 2));
  } else {
    for (const problem of problems) ctx.out(formatProblem(problem));
  }
  if (!merge || errors.length > 0) {
    const what =
      source.value === undefined
        ? "could not be read"
        : `has ${errors.length === 1 ? "a bad row" : `${errors.length} bad rows`}`;
    throw new UserError(
      `${file} ${what} (${options.json ? "in the JSON above" : "listed above"}). Nothing was written.`,
    );
  }
  const changes = merge.added.length + merge.changed.length + merge.removed.length;
  const written = changes > 0 && !options.dryRun;
  // Nothing new leaves the file as the webmaster last saw it, byte for byte.
  if (written) writeContent(dir, "pastMasters", merge.list, options.lodge);
  if (options.json) {
    const report = {
      file: shown,
      lodge: options.lodge,
      dryRun: options.dryRun,
      written,
      added: merge.added,
      changed: merge.changed,
      unchanged: merge.unchanged.length,
      removed: merge.removed,
      total: merge.list.length,
      problems,
    };
    ctx.out(JSON.stringify(report, null, 2));
    return;
  }
  for (const line of mergeReport(merge, shown, options)) ctx.out(line);
}

export function importCommand(ctx: Context): Command {
  const pastMasters = new Command("past-masters")
    .description(
      "import a past-master list from a CSV file (header number,name,term and optional imgUrl)",
    )
    .argument("<file>", "the CSV file, e.g. exported from a spreadsheet")
    .requiredOption(
      "--lodge <slug>",
      "which list: a slug from lodge.yaml's pastMasters, e.g. golden-square",
    )
    .option("--replace", "replace the list instead of merging into it")
    .option("--dry-run", "print what would change, write nothing")
    .option("--json", "print what was added, changed and removed as JSON")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nRows are merged by number and term; every bad row is listed with its line, and then nothing is written.\n\nExamples:\n  lodge import past-masters masters.csv --lodge golden-square --dry-run\n  lodge import past-masters masters.csv --lodge golden-square",
    )
    .action((file: string, raw) => importPastMasters(ctx, file, raw));
  return new Command("import")
    .description("import content kept elsewhere into the data folder")
    .addHelpText(
      "after",
      "\nEach kind has its own help: lodge import past-masters --help, lodge import legacy --help.\n\nExamples:\n  lodge import past-masters masters.csv --lodge main --dry-run\n  lodge import legacy ../old-site/src/assets/data --dry-run",
    )
    .addCommand(pastMasters)
    .addCommand(importLegacyCommand(ctx));
}
