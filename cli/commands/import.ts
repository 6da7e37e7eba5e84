import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { pastMasterSchema } from "../../core/schemas/past-master.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { mergePastMasters, pastMastersCsv } from "../edit/past-masters-file.ts";
import { UserError } from "../errors.ts";
import { check, listEntries } from "../load/check.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { requireData } from "../load/require-data.ts";
import { csvSource } from "../load/source.ts";
import { importLegacyCommand } from "./import-legacy.ts";

const optionsSchema = z.object({
  data: dataDir,
  lodge: z.string({ error: "give the list's slug, e.g. --lodge golden-square" }).min(1),
  replace: z.boolean().default(false),
});

const REQUIRED_COLUMNS = ["number", "name", "term"];

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
  const text = readFileSync(path, "utf8");
  const source = csvSource(file, text);
  const header =
    text
      .replace(/^\uFEFF/, "")
      .split(/\r?\n/)[0]
      ?.split(",")
      .map((c) => c.trim().replace(/^"|"$/g, "")) ?? [];
  const missing = REQUIRED_COLUMNS.filter((c) => !header.includes(c));
  if (missing.length > 0) {
    throw new UserError(
      `${file}:1:1  the first line must name the columns number,name,term (imgUrl is optional); ${missing.join(", ")} ${missing.length === 1 ? "is" : "are"} missing. Nothing was written.`,
    );
  }
  const { value, problems: rowProblems } = check(
    source,
    z.array(pastMasterSchema),
    listEntries("row", "number", "name"),
  );
  const errors = sortProblems(rowProblems).filter((p) => p.severity === "error");
  for (const problem of sortProblems(rowProblems)) ctx.out(formatProblem(problem));
  if (!value || errors.length > 0) {
    throw new UserError(
      `${file} has ${errors.length === 1 ? "a bad row" : `${errors.length} bad rows`} (listed above). Nothing was written.`,
    );
  }
  const merge = mergePastMasters(data.pastMasters[options.lodge] ?? [], value, options.replace);
  const target = join(dir, "past-masters", `${options.lodge}.csv`);
  writeFileSync(target, pastMastersCsv(merge.list));
  const counts = [
    `${merge.added.length} added`,
    `${merge.changed.length} changed`,
    `${merge.unchanged.length} unchanged`,
  ];
  if (options.replace) counts.push(`${merge.removed.length} removed`);
  ctx.out(
    `${relative(ctx.cwd, target) || target}: ${counts.join(", ")}; ${merge.list.length} past masters in all.`,
  );
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
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExample:\n  lodge import past-masters masters.csv --lodge golden-square\n\nRows are merged by number and term; every bad row is listed with its line, and then nothing is written.",
    )
    .action((file: string, raw) => importPastMasters(ctx, file, raw));
  return new Command("import")
    .description("import content kept elsewhere into the data folder")
    .addCommand(pastMasters)
    .addCommand(importLegacyCommand(ctx));
}
