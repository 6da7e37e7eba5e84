import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { marked } from "marked";
import { z } from "zod";
import {
  type LodgeData,
  PAST_MASTER_COLUMNS,
  type Page,
  pageFrontMatterSchema,
  pastMasterSchema,
  REQUIRED_PAGES,
} from "../../core/schemas/index.ts";
import { shownPath } from "../context.ts";
import { check, wholeFile } from "./check.ts";
import { FILES, KNOWN_ENTRIES, pastMasterEntries, YAML_EXTENSIONS } from "./files.ts";
import { checkMedia, readAlbumPictures } from "./media.ts";
import type { Problem } from "./problems.ts";
import { markdownSource, readSource, type Source } from "./source.ts";
import { checkSuspicious } from "./suspicious.ts";

export interface Loaded {
  /** Present only when there is no error. */
  data?: LodgeData;
  problems: Problem[];
  /** The parsed files, so later checks can point into them. */
  sources: Partial<Record<keyof typeof FILES, Source>> & {
    pastMasters: Record<string, Source>;
    pages: Record<string, Source>;
  };
  /** How many entries of each kind were read (for the summary). */
  counts: Record<string, number>;
}

function read(dir: string, base: string, extensions: string[], display: (path: string) => string) {
  const found = extensions.map((ext) => join(dir, base + ext)).filter((path) => existsSync(path));
  return { found, display: found.map(display) };
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

/**
 * Reads and validates every content file of a lodge. Never throws for bad data: every problem
 * found is returned at once, located in its file. `now` decides what is in the past.
 */
export function loadData(dir: string, cwd = process.cwd(), now = new Date()): Loaded {
  const display = (path: string) => shownPath(cwd, path);
  const problems: Problem[] = [];
  const sources: Loaded["sources"] = { pastMasters: {}, pages: {} };
  const counts: Record<string, number> = {};
  const values: Record<string, unknown> = {};

  if (!existsSync(dir)) {
    return {
      problems: [
        {
          severity: "error",
          file: display(dir),
          line: 1,
          column: 1,
          message: "no such folder; give the lodge's data folder with --data DIR",
        },
      ],
      sources,
      counts,
    };
  }

  for (const [key, spec] of Object.entries(FILES) as [
    keyof typeof FILES,
    (typeof FILES)[keyof typeof FILES],
  ][]) {
    const { found, display: shown } = read(dir, spec.base, YAML_EXTENSIONS, display);
    if (found.length > 1) {
      problems.push({
        severity: "error",
        file: shown[1] ?? "",
        line: 1,
        column: 1,
        message: `${shown.join(" and ")} hold the same content; keep one of them`,
      });
    }
    const path = found[0];
    if (path === undefined) {
      if ("required" in spec) {
        problems.push({
          severity: "error",
          file: display(join(dir, `${spec.base}.yaml`)),
          line: 1,
          column: 1,
          message:
            "file not found; every lodge needs one (the sample lodge in data/ has an example)",
        });
      }
      values[key] = "required" in spec ? undefined : [];
      continue;
    }
    const source = readSource(path, display(path));
    sources[key] = source;
    const result = check(source, spec.schema as z.ZodType, spec.name);
    problems.push(...result.problems);
    values[key] = result.value;
  }

  const lodge = values.lodge as LodgeData["lodge"] | undefined;
  const pastMasters: Record<string, unknown> = {};
  for (const list of lodge?.pastMasters ?? []) {
    const base = join("past-masters", list.slug);
    const { found } = read(dir, base, [".csv", ...YAML_EXTENSIONS], display);
    const path = found[0];
    if (path === undefined) {
      const lodgeSource = sources.lodge;
      const index = lodge?.pastMasters.indexOf(list) ?? 0;
      problems.push({
        severity: "error",
        file: lodgeSource?.file ?? "lodge.yaml",
        ...(lodgeSource?.position(["pastMasters", index, "slug"]) ?? { line: 1, column: 1 }),
        field: `pastMasters[${index}].slug`,
        message: `no file ${display(join(dir, `${base}.csv`))} holds this list; add it (header number,name,term,imgUrl) or correct the slug`,
      });
      continue;
    }
    const source = readSource(path, display(path), PAST_MASTER_COLUMNS);
    sources.pastMasters[list.slug] = source;
    const result = check(source, z.array(pastMasterSchema), pastMasterEntries(list.slug));
    problems.push(...result.problems);
    pastMasters[list.slug] = result.value;
  }

  const pages: Record<string, Page> = {};
  const pagesDir = join(dir, "pages");
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
        pages[slug] = {
          ...result.value,
          slug,
          blocks: markdownBlocks(source.body).map((content) => ({
            content,
            imageSrc: "",
            imageCaption: "",
            altText: "",
          })),
        };
      }
    }
  }

  for (const slug of REQUIRED_PAGES) {
    if (sources.pages[slug]) continue;
    problems.push({
      severity: "error",
      file: display(join(pagesDir, `${slug}.md`)),
      line: 1,
      column: 1,
      message: `file not found; the site's ${slug} page is made from it (lodge init writes one to start from)`,
    });
  }

  for (const name of readdirSync(dir).sort()) {
    if (!KNOWN_ENTRIES.has(name) && !name.startsWith(".")) {
      problems.push({
        severity: "warning",
        file: display(join(dir, name)),
        line: 1,
        column: 1,
        message: "lodge does not read this; check the name against the content files in the README",
      });
    }
  }

  const recentEvents = (values.recentEvents as LodgeData["recentEvents"] | undefined)?.map(
    (event) => ({
      ...event,
      description: toHtml(event.description),
    }),
  );
  const candidate = { ...values, recentEvents, pastMasters, pages } as Record<string, unknown>;
  for (const [key, value] of Object.entries(candidate)) {
    counts[key] = Array.isArray(value)
      ? value.length
      : value && typeof value === "object"
        ? Object.keys(value).length
        : 0;
  }
  counts.pastMasters = Object.values(pastMasters).reduce<number>(
    (n, list) => n + ((list as unknown[])?.length ?? 0),
    0,
  );
  counts.pastMasterLists = Object.keys(pastMasters).length;
  counts.bulletins = (values.bulletins as LodgeData["bulletins"] | undefined)?.past.length ?? 0;

  // Every required file missing or broken has put an error here, so no error means complete data.
  const hasErrors = problems.some((p) => p.severity === "error");
  let data: LodgeData | undefined;
  if (!hasErrors) {
    const albums = readAlbumPictures(dir, candidate.albums as LodgeData["albums"], cwd);
    data = { ...candidate, albumPictures: albums.pictures } as LodgeData;
    problems.push(
      ...checkSuspicious(data, sources, now),
      ...checkMedia(dir, data, sources, cwd),
      ...albums.problems,
    );
  }
  // The checks across entries find errors too (two events with one id): what validate calls an
  // error, every command refuses.
  return {
    data: problems.some((p) => p.severity === "error") ? undefined : data,
    problems,
    sources,
    counts,
  };
}
