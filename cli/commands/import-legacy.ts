import { existsSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import {
  changeLines,
  copyLines,
  existingFiles,
  planLegacyImport,
  planLines,
  planReport,
  skippedProblems,
  writeLegacyImport,
} from "../edit/legacy-import.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { plural } from "../load/summary.ts";

const listOption = z
  .string()
  .regex(/^[^=]+=[a-z0-9-]+$/, {
    error: "give FILE=SLUG, e.g. --list uh-masters.json=university-heights",
  })
  .transform((value) => {
    const [file = "", slug = ""] = value.split("=");
    return [file.replace(/\.json$/, ""), slug] as const;
  });

const optionsSchema = z.object({
  data: dataDir,
  force: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
  list: z.array(listOption).default([]),
  skip: z
    .array(z.string().min(1, { error: "give a file of the folder, e.g. --skip old.json" }))
    .default([]),
  images: z.string().min(1, { error: "give the old app's images folder" }).optional(),
});

function importLegacy(ctx: Context, from: string, raw: unknown): void {
  const options = parseOptions(optionsSchema, raw);
  const source = resolve(ctx.cwd, from);
  if (!existsSync(source)) throw new UserError(`${from}: no such folder. Nothing was imported.`);
  const images = options.images === undefined ? undefined : resolve(ctx.cwd, options.images);
  if (images && !(existsSync(images) && statSync(images).isDirectory())) {
    throw new UserError(
      `--images ${options.images}: no such folder; give the old app's images folder, e.g. old-site/src/assets/images. Nothing was imported.`,
    );
  }
  const dir = resolve(ctx.cwd, options.data);
  const display = (path: string) => shownPath(ctx.cwd, path);
  const plan = planLegacyImport(
    source,
    dir,
    { lists: new Map(options.list), skip: options.skip, ...(images ? { images } : {}) },
    display,
  );

  const existing = existingFiles(plan, dir).map((target) => display(join(dir, target)));
  const replaced = `${existing.join(", ")} already ${existing.length === 1 ? "exists" : "exist"}`;
  if (existing.length > 0 && !options.force && !options.dryRun) {
    throw new UserError(
      `${replaced}; add --force to replace ${existing.length === 1 ? "it" : "them"}. Nothing was imported.`,
    );
  }
  const written = options.dryRun ? {} : writeLegacyImport(plan, dir);
  const skipped = skippedProblems(plan);
  // What lodge makes of the lodge now, told once: e.g. how many pictures only its buckets hold.
  const notes = options.dryRun
    ? []
    : sortProblems(loadData(dir, ctx.cwd).problems.filter((p) => p.severity === "note"));
  if (options.json) {
    ctx.out(JSON.stringify({ ...planReport(plan, dir, display), skipped, notes }, null, 2));
    return;
  }
  for (const line of planLines(plan, dir, display)) ctx.out(line);
  if (written.currentBulletin !== undefined) {
    ctx.out(
      `The current bulletin is set to ${written.currentBulletin || "nothing"}; change it in ${display(join(dir, "bulletins.yaml"))} if needed.`,
    );
  }
  for (const line of plan.files.flatMap(changeLines)) ctx.out(line);
  for (const line of copyLines(plan, display, dir, !options.dryRun)) ctx.out(line);
  for (const problem of skipped) ctx.out(`skipped  ${formatProblem(problem)}`);
  for (const note of notes) ctx.out(formatProblem(note));
  const skippedFiles = plan.files.filter((f) => !f.kind).length;
  const skippedEntries = skipped.filter((p) => p.severity === "error" && p.entry).length;
  const count = [...plan.writes.values()].reduce((n, w) => n + w.entries.length, 0);
  const read = `${plural(count, "entry", "entries")} from ${plural(plan.files.length - skippedFiles, "file")}`;
  const left = `skipped ${plural(skippedEntries, "entry", "entries")} and ${plural(skippedFiles, "file")}`;
  if (options.dryRun) {
    if (existing.length > 0) ctx.out(`${replaced}: the import needs --force to replace them.`);
    ctx.out(`Would import ${read} into ${display(dir)}; ${left}. Nothing was written (--dry-run).`);
    return;
  }
  ctx.out(`Imported ${read} into ${display(dir)}; ${left}. Run lodge validate, then lodge build.`);
}

const collect = (value: string, previous: string[]) => [...previous, value];

export function importLegacyCommand(ctx: Context): Command {
  return new Command("legacy")
    .description(
      "import the old site's content kept as JSON files (events, outings, officers, past masters, bulletins, albums, recent events, history)",
    )
    .argument("<dir>", "the folder of JSON files, e.g. the old site's src/data")
    .option(
      "--list <file=slug>",
      "put a file of past masters in this list of lodge.yaml; repeat for each file",
      collect,
      [],
    )
    .option(
      "--skip <file>",
      "leave out a file of the folder (an older export beside the current one); repeat for each file",
      collect,
      [],
    )
    .option(
      "--images <dir>",
      "the old app's images folder, where it is not src/assets/images beside the JSON files",
    )
    .option("--force", "replace data files (and pictures) that already exist")
    .option("--dry-run", "print what would be imported, write nothing")
    .option("--json", "print what was imported and skipped as JSON")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nEach file's kind is told from its fields, not its name; the old site's renamed fields (isRsvpBtn...) are read as lodge's and said once. A file of past masters goes in the list of lodge.yaml whose masters or name it has, or the one --list names. The pictures the data names are looked for in the old app's images folder (src/assets/images, found from the JSON files' folder, or --images DIR) the way its pages found them, and copied into data/images.\n\nExamples:\n  lodge import legacy old-site/src/data --data data --force\n  lodge import legacy old-site/src/data --skip pastMasterListUH-2019.json --force\n  lodge import legacy old-site/src/data --list uh.json=university-heights --force",
    )
    .action((from: string, raw) => importLegacy(ctx, from, raw));
}
