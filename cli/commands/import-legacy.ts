import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { Command } from "commander";
import { parse, stringify } from "yaml";
import { z } from "zod";
import type { PastMaster } from "../../core/schemas/past-master.ts";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { type LegacyKind, readLegacy } from "../edit/legacy.ts";
import { pastMastersCsv } from "../edit/past-masters-file.ts";
import { UserError } from "../errors.ts";
import { formatProblem } from "../load/problems.ts";
import { plural } from "../load/summary.ts";

const optionsSchema = z.object({
  data: dataDir,
  force: z.boolean().default(false),
  json: z.boolean().default(false),
});

const TARGETS: Record<
  Exclude<LegacyKind, "pastMasters">,
  { file: string; what: [string, string?] }
> = {
  events: { file: "events.yaml", what: ["event"] },
  socialEvents: { file: "social-events.yaml", what: ["social outing"] },
  officers: { file: "officers.yaml", what: ["officer"] },
  bulletins: { file: "bulletins.yaml", what: ["past bulletin"] },
  albums: { file: "albums.yaml", what: ["album"] },
  recentEvents: { file: "recent-events.yaml", what: ["recent event"] },
  history: { file: "history.yaml", what: ["history entry", "history entries"] },
};

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** The past-master list a file holds, by its name: a slug of lodge.yaml in it, else 'main'. */
function pastMasterSlug(file: string, slugs: string[], taken: Set<string>): string {
  const name = squash(basename(file, ".json"));
  const named = slugs.find((slug) => slug !== "main" && name.includes(squash(slug)));
  if (named) return named;
  if (!taken.has("main")) return "main";
  return basename(file, ".json")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
}

function importLegacy(ctx: Context, from: string, raw: unknown): void {
  const options = parseOptions(optionsSchema, raw);
  const source = resolve(ctx.cwd, from);
  if (!existsSync(source)) throw new UserError(`${from}: no such folder. Nothing was imported.`);
  const dir = resolve(ctx.cwd, options.data);
  const display = (path: string) => shownPath(ctx.cwd, path);
  const lodgeFile = join(dir, "lodge.yaml");
  const slugs = existsSync(lodgeFile)
    ? ((parse(readFileSync(lodgeFile, "utf8"))?.pastMasters ?? []) as { slug: string }[]).map(
        (l) => l.slug,
      )
    : [];

  const files = readLegacy(source, display);
  const writes = new Map<string, { entries: unknown[]; from: string[]; what: [string, string?] }>();
  const taken = new Set<string>();
  for (const legacy of files) {
    if (!legacy.kind) continue;
    let target: string;
    let what: [string, string?];
    if (legacy.kind === "pastMasters") {
      const slug = pastMasterSlug(legacy.file, slugs, taken);
      taken.add(slug);
      target = join("past-masters", `${slug}.csv`);
      what = [`past master (${slug})`, `past masters (${slug})`];
    } else {
      ({ file: target, what } = TARGETS[legacy.kind]);
    }
    const write = writes.get(target) ?? { entries: [], from: [], what };
    write.entries.push(...legacy.entries);
    write.from.push(legacy.file);
    writes.set(target, write);
  }

  const existing = [...writes.keys()].filter((target) => existsSync(join(dir, target)));
  if (existing.length > 0 && !options.force) {
    throw new UserError(
      `${existing.map((t) => display(join(dir, t))).join(", ")} already ${existing.length === 1 ? "exists" : "exist"}; add --force to replace ${existing.length === 1 ? "it" : "them"}. Nothing was imported.`,
    );
  }

  let imported = 0;
  const report: { from: string[]; to: string; entries: number }[] = [];
  // --json: the same facts as one JSON document at the end, instead of lines.
  const say = options.json ? () => {} : ctx.out;
  for (const [target, write] of writes) {
    const path = join(dir, target);
    mkdirSync(dirname(path), { recursive: true });
    if (target.endsWith(".csv")) {
      writeFileSync(
        path,
        pastMastersCsv(write.entries.map((m) => ({ imgUrl: "", ...(m as object) }) as PastMaster)),
      );
    } else if (target === "bulletins.yaml") {
      const past = write.entries as { year: number; filename: string }[];
      const current = existsSync(path)
        ? ((parse(readFileSync(path, "utf8")) as { current?: string })?.current ?? "")
        : ([...past].sort((a, b) => b.year - a.year)[0]?.filename ?? "");
      writeFileSync(path, stringify({ current, past }, { lineWidth: 0 }));
      say(
        `The current bulletin is set to ${current || "nothing"}; change it in ${display(path)} if needed.`,
      );
    } else {
      writeFileSync(path, stringify(write.entries, { lineWidth: 0 }));
    }
    imported += write.entries.length;
    report.push({ from: write.from, to: display(path), entries: write.entries.length });
    say(
      `${write.from.join(", ")}: ${plural(write.entries.length, ...write.what)} -> ${display(path)}`,
    );
  }
  const skipped = files.flatMap((f) => f.skipped);
  for (const problem of skipped) say(`skipped  ${formatProblem(problem)}`);
  const skippedFiles = files.filter((f) => !f.kind).length;
  const skippedEntries = skipped.filter((p) => p.severity === "error" && p.entry).length;
  if (options.json) {
    ctx.out(JSON.stringify({ imported: report, skipped }, null, 2));
    return;
  }
  say(
    `Imported ${plural(imported, "entry", "entries")} from ${plural(files.length - skippedFiles, "file")} into ${display(dir)}; skipped ${plural(skippedEntries, "entry", "entries")} and ${plural(skippedFiles, "file")}. Run lodge validate, then lodge build.`,
  );
}

export function importLegacyCommand(ctx: Context): Command {
  return new Command("legacy")
    .description(
      "import content kept as JSON files (events, outings, officers, past masters, bulletins, albums, recent events, history)",
    )
    .argument("<dir>", "the folder of JSON files")
    .option("--force", "replace data files that already exist")
    .option("--json", "print what was imported and skipped as JSON")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExample:\n  lodge import legacy old-site/assets/data --data data\n\nEach file's kind is told from its fields, not its name; past-master files are matched to lodge.yaml's lists by name.",
    )
    .action((from: string, raw) => importLegacy(ctx, from, raw));
}
