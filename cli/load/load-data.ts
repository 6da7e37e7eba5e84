import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { marked } from "marked";
import { z } from "zod";
import {
  ENTITIES,
  ENTITY_LIST,
  type Entity,
  type EntityKey,
  entityOf,
  type LodgeData,
  lodgeDataSchema,
  pageFrontMatterSchema,
  REQUIRED_PAGES,
} from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { checkPlaceholders } from "../init/placeholders.ts";
import { check, wholeFile } from "./check.ts";
import {
  contentFiles,
  entryNamer,
  FILE_ENTITIES,
  type FileEntityKey,
  KNOWN_ENTRIES,
  type Sources,
  sourceOf,
} from "./files.ts";
import { checkMedia, readAlbumPictures } from "./media.ts";
import { type Problem, WHOLE_FILE } from "./problems.ts";
import { markdownSource, readSource } from "./source.ts";
import { checkSuspicious } from "./suspicious.ts";

export interface Loaded {
  /** Present only when there is no error. */
  data?: LodgeData;
  problems: Problem[];
  /** The parsed files, so later checks can point into them. */
  sources: Sources;
  /** How many entries of each kind were read (for the summary). */
  counts: Record<string, number>;
}

/** Splits a Markdown body into blocks at lines of '***' and renders each to HTML. */
export function markdownBlocks(markdown: string): string[] {
  return markdown
    .split(/^\s*\*\*\*\s*$/m)
    .map((block) => block.trim())
    .filter((block) => block !== "")
    .map((block) => (marked.parse(block, { async: false }) as string).trim());
}

/** Descriptions may be written in HTML or in Markdown; Markdown is rendered here, once. */
export function toHtml(text: string): string {
  const trimmed = text.trim();
  if (trimmed === "" || trimmed.startsWith("<")) return trimmed;
  return (marked.parse(trimmed, { async: false }) as string).trim();
}

/** How many entries an entity's value has (a file that could not be read: none). */
function entriesIn({ holds, under }: Entity, value: unknown): number {
  const length = (list: unknown) => (Array.isArray(list) ? list.length : 0);
  if (value === null || typeof value !== "object") return 0;
  const fields = value as Record<string, unknown>;
  switch (holds) {
    case "list":
      return length(value);
    case "lists":
      return Object.values(fields).reduce<number>((n, list) => n + length(list), 0);
    case "bySlug":
      return Object.keys(fields).length;
    case "one":
      return under ? length(fields[under.field]) : Object.keys(fields).length;
  }
}

/** A recent event's description, which may be written in Markdown, as HTML. */
function withHtml(event: Record<string, unknown>): Record<string, unknown> {
  const { description } = event;
  return typeof description === "string" ? { ...event, description: toHtml(description) } : event;
}

/**
 * Of a value that did not pass its schema, the entries that do on their own: a list's good
 * entries, each past-master list's; nothing of a file that is one value (lodge.yaml).
 */
function passing(entity: Entity, raw: unknown): unknown {
  const good = (list: unknown) =>
    Array.isArray(list) ? list.filter((entry) => entity.entry.safeParse(entry).success) : [];
  if (entity.holds === "list") return good(raw);
  if (entity.holds === "lists") return good(raw);
  return undefined;
}

/**
 * What to say of a --data folder that is not a lodge's data folder: it does not exist, or it holds
 * none of a lodge's files. Where the folder above it (`lodge init` makes the data folder itself, so
 * `--data <lodge>/data` is one folder too deep) or its `data` folder (`--data .` from the sample's
 * checkout) is one, that folder by name; else how to give one or make one.
 */
function notDataFolderMessage(dir: string, display: (path: string) => string): string {
  const what = !existsSync(dir)
    ? "no such folder"
    : statSync(dir).isDirectory()
      ? "holds none of a lodge's files"
      : "this is a file, not a folder";
  for (const near of [dirname(resolve(dir)), join(dir, "data")]) {
    if (contentFiles(near, "lodge").found.length > 0) {
      const shown = display(near) || ".";
      return `${what}; ${shown} is a lodge's data folder: give --data ${shown}`;
    }
  }
  return `${what}; give the lodge's data folder with --data DIR, or make a new lodge with lodge init DIR`;
}

/** Whether `dir` holds anything a lodge's data folder holds. */
function holdsLodgeData(dir: string): boolean {
  return (
    existsSync(dir) &&
    statSync(dir).isDirectory() &&
    readdirSync(dir).some((name) => KNOWN_ENTRIES.has(name))
  );
}

/** What the readers of a lodge's files share: its folder, where they say what they found. */
interface Reading {
  dir: string;
  display: (path: string) => string;
  problems: Problem[];
  sources: Loaded["sources"];
}

/**
 * What each file's schema made of it (`values`), and what it was made from (`inputs`, its
 * unknown keys left out), for the files of one entity each (lodge.yaml, events.yaml...).
 */
function readFileEntities({ dir, display, problems, sources }: Reading) {
  const values: Record<string, unknown> = {};
  const inputs: Record<string, unknown> = {};
  for (const entity of FILE_ENTITIES) {
    const key = entity.key as FileEntityKey;
    const { found, path } = contentFiles(dir, key);
    if (found.length > 1) {
      const shown = found.map(display);
      problems.push({
        severity: "error",
        file: shown[1] ?? "",
        ...WHOLE_FILE,
        message: `${shown.join(" and ")} hold the same content; keep one of them`,
      });
    }
    if (found.length === 0) {
      if (entity.required) {
        problems.push({
          severity: "error",
          file: display(path),
          ...WHOLE_FILE,
          message:
            "file not found; every lodge needs one (the sample lodge in data/ has an example)",
        });
      }
      values[key] = entity.required ? undefined : [];
      inputs[key] = values[key];
      continue;
    }
    const source = readSource(path, display(path));
    sources[key] = source;
    const result = check(source, entity.data, entryNamer(key));
    problems.push(...result.problems);
    values[key] = result.value;
    inputs[key] = result.input;
  }
  return { values, inputs };
}

/** The past-master lists lodge.yaml names, each from its CSV file, by slug. */
function readPastMasters(reading: Reading, lodge: LodgeData["lodge"] | undefined) {
  const { dir, display, problems, sources } = reading;
  const values: Record<string, unknown> = {};
  const inputs: Record<string, unknown> = {};
  for (const list of lodge?.pastMasters ?? []) {
    const { found, path } = contentFiles(dir, "pastMasters", list.slug);
    if (found.length === 0) {
      const lodgeSource = sources.lodge;
      const index = lodge?.pastMasters.indexOf(list) ?? 0;
      problems.push({
        severity: "error",
        file: lodgeSource?.file ?? "lodge.yaml",
        ...(lodgeSource?.position(["pastMasters", index, "slug"]) ?? { line: 1, column: 1 }),
        field: `pastMasters[${index}].slug`,
        message: `no file ${display(path)} holds this list; add it (header number,name,term,imgUrl) or correct the slug`,
      });
      continue;
    }
    const source = readSource(path, display(path), ENTITIES.pastMasters.columns);
    sources.pastMasters[list.slug] = source;
    const result = check(
      source,
      z.array(ENTITIES.pastMasters.entry),
      entryNamer("pastMasters", list.slug),
    );
    problems.push(...result.problems);
    values[list.slug] = result.value;
    inputs[list.slug] = result.input;
  }
  return { values, inputs };
}

/** The Markdown pages of pages/, by slug, each in blocks of HTML; the required ones checked. */
function readPages({ dir, display, problems, sources }: Reading): Record<string, unknown> {
  const pages: Record<string, unknown> = {};
  const pagesDir = join(dir, ENTITIES.pages.base);
  if (existsSync(pagesDir)) {
    for (const name of readdirSync(pagesDir)
      .filter((n) => n.endsWith(".md"))
      .sort()) {
      const path = join(pagesDir, name);
      const source = markdownSource(display(path), readFileSync(path, "utf8"));
      const slug = name.slice(0, -3);
      sources.pages[slug] = source;
      const result = check(source, pageFrontMatterSchema, wholeFile);
      problems.push(...result.problems);
      if (result.value) {
        const blocks = markdownBlocks(source.body).map((content) => ({
          content,
          imageSrc: "",
          imageCaption: "",
          altText: "",
        }));
        pages[slug] = { ...(result.input as object), slug, blocks };
      }
    }
  }
  for (const slug of REQUIRED_PAGES) {
    if (sources.pages[slug]) continue;
    problems.push({
      severity: "error",
      file: display(join(pagesDir, `${slug}.md`)),
      ...WHOLE_FILE,
      message: `file not found; the site's ${slug} page is made from it (lodge init writes one to start from)`,
    });
  }
  return pages;
}

/** A warning for each entry of the folder that lodge does not read (a misspelt file name). */
function warnUnknownEntries({ dir, display, problems }: Reading): void {
  for (const name of readdirSync(dir).sort()) {
    if (!KNOWN_ENTRIES.has(name) && !name.startsWith(".")) {
      problems.push({
        severity: "warning",
        file: display(join(dir, name)),
        ...WHOLE_FILE,
        message:
          "lodge does not read this; check the name against the content files in docs/content.md",
      });
    }
  }
}

/**
 * What each file holds, whether or not its entries passed: an entry with an error is counted
 * (and told), never dropped from the count.
 */
function writtenEntries(sources: Loaded["sources"]): Record<string, unknown> {
  const written = (source?: { value: unknown }) => source?.value;
  return {
    ...Object.fromEntries(
      FILE_ENTITIES.map(({ key }) => [key, written(sourceOf(sources, key).source)]),
    ),
    pastMasters: Object.fromEntries(
      Object.entries(sources.pastMasters).map(([slug, source]) => [slug, written(source)]),
    ),
    pages: sources.pages,
  };
}

/**
 * Reads and validates every content file of a lodge. Never throws for bad data: every problem
 * found is returned at once, located in its file. What it finds does not depend on the day.
 */
export function loadData(dir: string, cwd = process.cwd()): Loaded {
  const display = (path: string) => shownPath(cwd, path);
  const reading: Reading = { dir, display, problems: [], sources: { pastMasters: {}, pages: {} } };
  const { problems, sources } = reading;
  const counts: Record<string, number> = {};
  if (!holdsLodgeData(dir)) {
    const message = notDataFolderMessage(dir, display);
    problems.push({ severity: "error", file: display(dir), ...WHOLE_FILE, message });
    return { problems, sources, counts };
  }
  const { values, inputs } = readFileEntities(reading);
  const pastMasters = readPastMasters(reading, values.lodge as LodgeData["lodge"] | undefined);
  const pages = readPages(reading);
  warnUnknownEntries(reading);
  const read = writtenEntries(sources);
  for (const entity of ENTITY_LIST) {
    if (entity.kept !== "built") counts[entity.key] = entriesIn(entity, read[entity.key]);
  }
  counts.pastMasterLists = Object.keys(pastMasters.values).length;
  // Every required file missing or broken has put an error here, so no error means complete data.
  const hasErrors = problems.some((p) => p.severity === "error");
  // With errors, the checks across entries and of the media files still run on what passed (a
  // list's good entries), so their warnings are not hidden until the errors are fixed.
  const kept = (key: EntityKey, input: unknown, raw: unknown) =>
    hasErrors && input === undefined ? passing(entityOf(key), raw) : input;
  const writtenLists = read.pastMasters as Record<string, unknown>;
  const parts: Record<string, unknown> = {
    ...Object.fromEntries(FILE_ENTITIES.map(({ key }) => [key, kept(key, inputs[key], read[key])])),
    pastMasters: Object.fromEntries(
      Object.keys(sources.pastMasters).map((slug) => [
        slug,
        kept("pastMasters", pastMasters.inputs[slug], writtenLists[slug]),
      ]),
    ),
    pages,
  };
  const albums = (values.albums as LodgeData["albums"] | undefined) ?? [];
  const data = assemble(reading, parts, albums, hasErrors, cwd);
  // The checks across entries find errors too (two events with one id): what validate calls an
  // error, every command refuses.
  return {
    data: problems.some((p) => p.severity === "error") ? undefined : data,
    problems,
    sources,
    counts,
  };
}

/**
 * The lodge's data made of what the files gave (`parts`) and the albums' pictures, then checked
 * across entries and against the media files; its problems added to the reading's.
 */
function assemble(
  reading: Reading,
  parts: Record<string, unknown>,
  albumList: LodgeData["albums"],
  hasErrors: boolean,
  cwd: string,
): LodgeData | undefined {
  const { dir, problems, sources } = reading;
  const albums = readAlbumPictures(dir, albumList, cwd);
  const parsed = lodgeDataSchema.safeParse({
    ...parts,
    recentEvents: Array.isArray(parts.recentEvents)
      ? (parts.recentEvents as Record<string, unknown>[]).map(withHtml)
      : parts.recentEvents,
    albumPictures: albums.pictures,
  });
  if (!hasErrors && !parsed.success) {
    throw new Error("the files passed their schemas, but the lodge's data as a whole did not", {
      cause: parsed.error,
    });
  }
  const data = parsed.data;
  if (data) {
    problems.push(
      ...checkSuspicious(data, sources),
      ...checkMedia(dir, data, sources, cwd),
      ...albums.problems,
      ...checkPlaceholders(dir, data, sources, cwd),
    );
  }
  return data;
}
