import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { repeats } from "../../core/rules/repeats.ts";
import { type PastMaster, pastMasterSchema } from "../../core/schemas/past-master.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import {
  entryKey,
  type MergeResult,
  mergePastMasters,
  pastMastersCsv,
} from "../edit/past-masters-file.ts";
import { UserError } from "../errors.ts";
import { check, type EntryNamer, listEntries, locate } from "../load/check.ts";
import { formatProblem, type Problem, sortProblems } from "../load/problems.ts";
import { requireData } from "../load/require-data.ts";
import { csvSource, type Source } from "../load/source.ts";
import { importLegacyCommand } from "./import-legacy.ts";

const optionsSchema = z.object({
  data: dataDir,
  lodge: z.string({ error: "give the list's slug, e.g. --lodge golden-square" }).min(1),
  replace: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
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
  const rows = listEntries("row", "number", "name");
  const { value, problems: rowProblems } = check(source, z.array(pastMasterSchema), rows);
  const problems = sortProblems([...rowProblems, ...repeatedRows(source, rows, value ?? [])]);
  const errors = problems.filter((p) => p.severity === "error");
  if (options.json) {
    if (errors.length > 0) ctx.out(JSON.stringify({ written: false, problems }, null, 2));
  } else {
    for (const problem of problems) ctx.out(formatProblem(problem));
  }
  if (!value || errors.length > 0) {
    throw new UserError(
      `${file} has ${errors.length === 1 ? "a bad row" : `${errors.length} bad rows`} (${options.json ? "in the JSON above" : "listed above"}). Nothing was written.`,
    );
  }
  const merge = mergePastMasters(data.pastMasters[options.lodge] ?? [], value, options.replace);
  const target = join(dir, "past-masters", `${options.lodge}.csv`);
  const shown = relative(ctx.cwd, target) || target;
  const changes = merge.added.length + merge.changed.length + merge.removed.length;
  const written = changes > 0 && !options.dryRun;
  // Nothing new leaves the file as the webmaster last saw it, byte for byte.
  if (written) writeFileSync(target, pastMastersCsv(merge.list));
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
  for (const line of changeLines(merge, options.dryRun)) ctx.out(line);
  ctx.out(summary(shown, merge, options.replace, options.dryRun, changes));
}

/**
 * Rows naming the same past master (number and term) twice: a bad row when they disagree, since
 * either could be the right one; a warning when one repeats the other, which is imported once.
 */
function repeatedRows(source: Source, rows: EntryNamer, list: readonly PastMaster[]): Problem[] {
  return repeats(list, entryKey).map(([earlier, index]) => {
    const [other, row] = [list[earlier], list[index]] as [PastMaster, PastMaster];
    const line = source.position([earlier]).line;
    const same = other.name === row.name && other.imgUrl === row.imgUrl;
    return {
      severity: same ? "warning" : "error",
      ...locate(source, rows, [index]),
      message: same
        ? `repeats line ${line}; imported once`
        : `same number and term as line ${line} (${other.name}); keep the right one and delete the other`,
    };
  });
}

const described = (m: PastMaster) => `${m.number} ${m.name} (${m.term})`;

/** One line per past master the import adds, changes or removes, in the list's order. */
function changeLines(merge: MergeResult, dryRun: boolean): string[] {
  const verb = (done: string, planned: string) => (dryRun ? `would ${planned}` : done);
  const differences = ({ was, now }: MergeResult["changed"][number]) =>
    [
      was.name !== now.name ? `name was ${was.name}` : "",
      was.term !== now.term ? `term was written ${was.term}` : "",
      was.imgUrl !== now.imgUrl ? `portrait was ${was.imgUrl || "none"}` : "",
    ]
      .filter(Boolean)
      .join(", ");
  const lines = new Map<PastMaster, string>([
    ...merge.added.map((m) => [m, `${verb("added", "add")} ${described(m)}`] as const),
    ...merge.changed.map(
      (c) =>
        [c.now, `${verb("changed", "change")} ${described(c.now)}: ${differences(c)}`] as const,
    ),
  ]);
  return [
    ...merge.list.flatMap((m) => lines.get(m) ?? []),
    ...merge.removed.map((m) => `${verb("removed", "remove")} ${described(m)}`),
  ];
}

function summary(
  shown: string,
  merge: MergeResult,
  replace: boolean,
  dryRun: boolean,
  changes: number,
): string {
  const total = `${merge.list.length} past master${merge.list.length === 1 ? "" : "s"} in all`;
  if (changes === 0) {
    return `${shown}: nothing to change, ${merge.unchanged.length} unchanged; ${total}. Nothing was written.`;
  }
  const counts = [
    `${merge.added.length} added`,
    `${merge.changed.length} changed`,
    `${merge.unchanged.length} unchanged`,
  ];
  if (replace) counts.push(`${merge.removed.length} removed`);
  return dryRun
    ? `${shown} would have ${counts.join(", ")}; ${total}. Nothing was written (--dry-run).`
    : `${shown}: ${counts.join(", ")}; ${total}.`;
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
      "\nExample:\n  lodge import past-masters masters.csv --lodge golden-square --dry-run\n  lodge import past-masters masters.csv --lodge golden-square\n\nRows are merged by number and term; every bad row is listed with its line, and then nothing is written.",
    )
    .action((file: string, raw) => importPastMasters(ctx, file, raw));
  return new Command("import")
    .description("import content kept elsewhere into the data folder")
    .addCommand(pastMasters)
    .addCommand(importLegacyCommand(ctx));
}
