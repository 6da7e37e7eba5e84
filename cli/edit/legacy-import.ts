import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { z } from "zod";
import { DEFAULT_TERM_STYLE, termStyle, writeTerm } from "../../core/rules/past-masters.ts";
import { parseDay } from "../../core/rules/time.ts";
import { ENTITIES, type Lodge, type PastMaster } from "../../core/schemas/index.ts";
import { UserError } from "../errors.ts";
import { check } from "../load/check.ts";
import { contentFiles, entryNamer } from "../load/files.ts";
import type { Problem } from "../load/problems.ts";
import { readSource } from "../load/source.ts";
import { plural } from "../load/summary.ts";
import { readContent, writeContent } from "./content-file.ts";
import { type LegacyFile, type LegacyKind, readLegacy } from "./legacy.ts";
import { type AssetCopy, findImagesFolder, ImagesTree } from "./legacy-assets.ts";
import { type ListMatch, matchLists } from "./legacy-lists.ts";

/** One data file the import writes: the entries, the files they came from, and what they are. */
export type Write = {
  kind: LegacyKind;
  /** The past-master list it is. */
  slug?: string;
  entries: Record<string, unknown>[];
  from: string[];
  what: [string, string?];
  /** For a past-master list: why the files were taken for it. */
  why?: string;
};

export interface LegacyPlan {
  /** The folder of JSON files imported. */
  source: string;
  /** The old app's images folder the pictures were looked for in, if one was found or given. */
  images?: string;
  files: LegacyFile[];
  /** Data files to write, by their path in the data folder. */
  writes: Map<string, Write>;
  /** Pictures and PDFs to copy into the data folder, each once. */
  copies: AssetCopy[];
}

/** lodge.yaml of the data folder the import fills: its lists and media say where things go. */
function readLodge(dir: string, display: (path: string) => string): Lodge {
  const { found, path } = contentFiles(dir, "lodge");
  if (found.length === 0) {
    throw new UserError(
      `${display(path)} not found: start the lodge with lodge init ${display(dir)} (it asks for the lodge's name, number and charter date), name its past-master lists in lodge.yaml, then import. Nothing was imported.`,
    );
  }
  const source = readSource(path, display(path));
  const { value } = check(source, ENTITIES.lodge.data, entryNamer("lodge"));
  if (!value) {
    throw new UserError(
      `${display(path)} has errors; run lodge validate --data ${display(dir)} and fix them first. Nothing was imported.`,
    );
  }
  return value;
}

/** The masters a list of lodge.yaml holds already, to know a file of the same masters by them. */
function currentMasters(dir: string, slug: string): PastMaster[] {
  const { found, path } = contentFiles(dir, "pastMasters", slug);
  if (found.length === 0) return [];
  const source = readSource(path, path, ENTITIES.pastMasters.columns);
  const list = z.array(ENTITIES.pastMasters.entry);
  return check(source, list, entryNamer("pastMasters", slug)).value ?? [];
}

/** What the import is told besides the folders: --list, --skip and --images. */
export type LegacyOptions = {
  /** The list of lodge.yaml each named file of past masters goes in, by file name without .json. */
  lists: ReadonlyMap<string, string>;
  /** Files of the folder to leave out, by name (an older export beside the current one). */
  skip: readonly string[];
  /** The old app's images folder, where it is not found from `source`. */
  images?: string;
};

/**
 * What importing the old site's JSON files in `source` into the lodge in `dir` would write: every
 * file read and told by its content but those skipped, each past-master file matched to a list of
 * lodge.yaml (by --list FILE=SLUG, or by what it holds), the pictures the data names looked for in
 * the old app's images folder. Throws, touching nothing, when a past-master file fits no list or
 * a file --skip names is not there.
 */
export function planLegacyImport(
  source: string,
  dir: string,
  options: LegacyOptions,
  display: (path: string) => string,
): LegacyPlan {
  const lodge = readLodge(dir, display);
  const skip = new Set(options.skip.map(skippedName));
  const absent = [...skip].filter((name) => !existsSync(join(source, name)));
  if (absent.length > 0) {
    throw new UserError(
      `${absent.map((name) => `--skip ${name}: ${display(source)} has no file ${name}`).join("\n")}\nNothing was imported.`,
    );
  }
  const images = options.images ?? findImagesFolder(source);
  const tree = new ImagesTree(images);
  const files = readLegacy(source, display, { tree, claims: new Map() }, skip);
  const named = options.lists;
  const lists = files.filter((f) => f.kind === "pastMasters");
  const targets = lodge.pastMasters.map((list) => ({
    ...list,
    masters: currentMasters(dir, list.slug),
  }));
  const { matches, problems } = matchLists(
    lists.map((f) => ({ file: f.file, name: f.name, masters: f.entries as PastMaster[] })),
    targets,
    named,
    parseDay(lodge.charterDate)?.year,
  );
  for (const name of named.keys()) {
    if (!lists.some((f) => f.name === name)) {
      problems.push(`--list ${name}=...: ${display(source)} has no past-master file ${name}.json`);
    }
  }
  if (problems.length > 0) throw new UserError(`${problems.join("\n")}\nNothing was imported.`);

  const writes = new Map<string, Write>();
  for (const legacy of files) {
    if (!legacy.kind) continue;
    const match = matches.find((m) => m.file === legacy.file);
    if (match) writeTermsOneWay(legacy, targets.find((t) => t.slug === match.slug)?.masters ?? []);
    const { file: target, what } = targetOf(dir, legacy.kind, match);
    const write = writes.get(target) ?? {
      kind: legacy.kind,
      ...(match ? { slug: match.slug } : {}),
      entries: [],
      from: [],
      what,
      why: match?.why,
    };
    write.entries.push(...legacy.entries);
    write.from.push(legacy.file);
    writes.set(target, write);
  }
  const copies = new Map<string, AssetCopy>();
  for (const copy of files.flatMap((f) => f.copies)) {
    if (!copies.has(copy.to)) copies.set(copy.to, copy);
  }
  return { source, ...(images ? { images } : {}), files, writes, copies: [...copies.values()] };
}

/** A file --skip names, as the folder names it: 'old/pastMasterListUH-2019' -> 'pastMasterListUH-2019.json'. */
function skippedName(file: string): string {
  const name = basename(file);
  return name.endsWith(".json") ? name : `${name}.json`;
}

/**
 * The data file a kind of list goes to, in the data folder (the one the lodge has, else a new
 * one), and what its entries are called: a past-master list to the one of lodge.yaml it matched.
 */
function targetOf(
  dir: string,
  kind: LegacyKind,
  match?: ListMatch,
): { file: string; what: [string, string?] } {
  // matchLists placed every file of past masters or stopped the import.
  if (kind === "pastMasters" && !match) {
    throw new Error("a file of past masters was not matched to a list");
  }
  const { noun } = ENTITIES[kind];
  const { path } = contentFiles(dir, kind, match?.slug);
  return { file: relative(dir, path), what: [...noun] };
}

/**
 * A file of past masters with its ranges of years written one way: the way the list it replaces
 * writes them, else the way most of the file does.
 */
function writeTermsOneWay(legacy: LegacyFile, current: readonly PastMaster[]): void {
  const style =
    termStyle(current) ?? termStyle(legacy.entries as PastMaster[]) ?? DEFAULT_TERM_STYLE;
  legacy.entries = legacy.entries.map((m) => {
    if (typeof m.term !== "string") return m;
    const term = writeTerm(m.term, style);
    if (term === m.term) return m;
    legacy.normalised.term = (legacy.normalised.term ?? 0) + 1;
    return { ...m, term };
  });
}

/** The data files and pictures the plan would replace: refused unless --force. */
export function existingFiles(plan: LegacyPlan, dir: string): string[] {
  const files = [...plan.writes.keys()].filter((target) => existsSync(join(dir, target)));
  const pictures = plan.copies.filter(
    (copy) =>
      copy.from !== undefined &&
      existsSync(join(dir, copy.to)) &&
      !readFileSync(join(dir, copy.to)).equals(readFileSync(copy.from)),
  );
  return [...files, ...pictures.map((copy) => copy.to)];
}

/** Writes the plan into the data folder; returns the current bulletin it chose, if it wrote bulletins. */
export function writeLegacyImport(plan: LegacyPlan, dir: string): { currentBulletin?: string } {
  let currentBulletin: string | undefined;
  for (const write of plan.writes.values()) {
    if (write.kind !== "bulletins") {
      writeContent(dir, write.kind, write.entries, write.slug);
      continue;
    }
    const past = write.entries as { year: number; filename: string }[];
    const { value } = readContent(dir, "bulletins");
    currentBulletin =
      value === undefined
        ? ([...past].sort((a, b) => b.year - a.year)[0]?.filename ?? "")
        : ((value as { current?: string } | null)?.current ?? "");
    writeContent(dir, "bulletins", { current: currentBulletin, past });
  }
  for (const copy of plan.copies) {
    if (!copy.from) continue;
    mkdirSync(dirname(join(dir, copy.to)), { recursive: true });
    copyFileSync(copy.from, join(dir, copy.to));
  }
  return { currentBulletin };
}

/** What each rewritten field is, as the report counts it: one and many. */
const NORMALISED_AS: Record<string, [string, string]> = {
  date: ["date ('YYYY/MM/DD HH:mm')", "dates ('YYYY/MM/DD HH:mm')"],
  postponedFrom: ["date ('YYYY/MM/DD HH:mm')", "dates ('YYYY/MM/DD HH:mm')"],
  eventDate: ["day ('YYYY/MM/DD')", "days ('YYYY/MM/DD')"],
  rsvpExpirationTime: ["closing time ('HH:mm')", "closing times ('HH:mm')"],
  rsvpExpirationDays: ["number kept as text", "numbers kept as text"],
  number: ["number kept as text", "numbers kept as text"],
  year: ["number kept as text", "numbers kept as text"],
  term: ["term (years written one way)", "terms (years written one way)"],
};

/**
 * The lines that tell what a file's import changed on the way: each old field name read as
 * lodge's, once, and what was rewritten the way lodge writes it.
 */
export function changeLines(legacy: LegacyFile): string[] {
  const lines = legacy.renamings.map(
    (r) => `${legacy.file}: ${r.from} is read as ${r.to} (${plural(r.count, "entry", "entries")})`,
  );
  const counts = new Map<string, { count: number; as: [string, string] }>();
  for (const [field, count] of Object.entries(legacy.normalised)) {
    const as = NORMALISED_AS[field] ?? [field, field];
    const seen = counts.get(as[0]) ?? { count: 0, as };
    seen.count += count;
    counts.set(as[0], seen);
  }
  if (counts.size > 0) {
    const parts = [...counts.values()].map(({ count, as }) => plural(count, ...as));
    const list =
      parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
    lines.push(`${legacy.file}: ${list} rewritten as lodge writes them`);
  }
  return lines;
}

/**
 * What the plan writes, by data file: 'FROM: 5 events -> data/events.yaml', and for a past-master
 * list why the file was taken for it.
 */
export function planLines(plan: LegacyPlan, dir: string, display: (path: string) => string) {
  return [
    ...[...plan.writes].map(([target, write]) => {
      const what = plural(write.entries.length, ...write.what);
      const why = write.why ? ` (matched ${write.why})` : "";
      return `${write.from.join(", ")}: ${what} -> ${display(join(dir, target))}${why}`;
    }),
    ...plan.files.filter((f) => f.leftOut).map((f) => `${f.file}: left out (--skip)`),
  ];
}

/** The plan as data, for --json: what goes where, and the pictures copied or not found. */
export function planReport(plan: LegacyPlan, dir: string, display: (path: string) => string) {
  return {
    imported: [...plan.writes].map(([target, write]) => ({
      from: write.from,
      to: display(join(dir, target)),
      entries: write.entries.length,
      ...(write.why ? { matchedBy: write.why } : {}),
    })),
    leftOut: plan.files.filter((f) => f.leftOut).map((f) => f.file),
    copied: plan.copies.map((c) => ({
      named: c.named,
      to: display(join(dir, c.to)),
      found: c.from !== undefined,
      ...(c.from ? { from: display(c.from) } : {}),
      ...(c.candidates ? { candidates: c.candidates.map(display) } : {}),
    })),
  };
}

/** The first few of a list of names, for a line of the report. */
function some(names: readonly string[], shown = 5): string {
  const first = names.slice(0, shown).join(", ");
  return names.length > shown ? `${first}, ... (${names.length - shown} more)` : first;
}

/**
 * Lines about the old app's pictures: copied (or, before, to copy) by folder; each one whose name
 * is in the images tree more than once (both named, neither copied); and those not found, one line
 * per kind, naming the folder searched.
 */
export function copyLines(
  plan: Pick<LegacyPlan, "copies" | "images" | "source">,
  display: (path: string) => string,
  dir: string,
  done = true,
): string[] {
  const byFolder = new Map<string, number>();
  const missing = new Map<string, AssetCopy[]>();
  const lines: string[] = [];
  const ambiguous: string[] = [];
  for (const copy of plan.copies) {
    if (copy.from) {
      byFolder.set(dirname(copy.to), (byFolder.get(dirname(copy.to)) ?? 0) + 1);
    } else if (copy.candidates) {
      const shown = copy.candidates.map(display);
      ambiguous.push(
        `the ${copy.noun[0]} ${copy.named} could be ${shown.slice(0, -1).join(", ")} or ${shown.at(-1)}; neither was copied: copy the right one to ${display(join(dir, copy.to))}`,
      );
    } else {
      missing.set(copy.noun[1], [...(missing.get(copy.noun[1]) ?? []), copy]);
    }
  }
  for (const [folder, count] of byFolder) {
    lines.push(
      `${done ? "copied" : "would copy"} ${plural(count, "file")} of the old app into ${display(join(dir, folder))}`,
    );
  }
  lines.push(...ambiguous);
  if (!plan.images && missing.size > 0) {
    const all = [...missing.values()].flat();
    lines.push(
      `${plural(all.length, "picture")} the data names ${all.length === 1 ? "was" : "were"} not copied (${some(all.map((c) => c.named))}): the old app's images folder (assets/images) is not in ${display(plan.source)} or a folder above it; give it with --images DIR`,
    );
    return lines;
  }
  for (const [many, copies] of missing) {
    const [one] = copies[0]?.noun ?? [many];
    const under = copies.find((c) => c.under)?.under;
    const how = `looked for as named${under ? `, under ${under}/` : ""} and by file name`;
    lines.push(
      `${copies.length === 1 ? `1 ${one} was` : `${copies.length} ${many} were`} not found in ${display(plan.images ?? "")} (${how}): ${some(copies.map((c) => c.named))}; lodge validate lists where each belongs`,
    );
  }
  return lines;
}

/** Every problem the reading of the files found: entries and files skipped, warnings kept. */
export function skippedProblems(plan: LegacyPlan): Problem[] {
  return plan.files.flatMap((f) => f.skipped);
}
