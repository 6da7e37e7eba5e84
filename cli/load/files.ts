import { existsSync } from "node:fs";
import { join } from "node:path";
import { MEDIA_FOLDERS } from "../../core/rules/media.ts";
import { type ENTITIES, ENTITY_LIST, type EntityKey, entityOf } from "../../core/schemas/index.ts";
import { type EntryNamer, listEntries, wholeFile } from "./check.ts";
import type { Source } from "./source.ts";

/** The entities kept in one file each (lodge.yaml, events.yaml...), in the table's order. */
export const FILE_ENTITIES = ENTITY_LIST.filter((entity) => entity.kept === "file");

/** The key of an entity kept in one file. */
export type FileEntityKey = {
  [K in EntityKey]: (typeof ENTITIES)[K]["kept"] extends "file" ? K : never;
}[EntityKey];

/** The parsed files of a lodge, so checks can point into them. */
export type Sources = Partial<Record<FileEntityKey, Source>> & {
  pastMasters: Record<string, Source>;
  pages: Record<string, Source>;
};

/**
 * The files in `dir` that hold an entity's content, in the order of its formats (more than one is
 * an error the loader reports), and the file to write: the one found, else a new one in its
 * first format ('events.yaml', 'past-masters/main.csv'). `slug` names a past-master list or a page.
 */
export function contentFiles(
  dir: string,
  key: EntityKey,
  slug?: string,
): { found: string[]; path: string } {
  const { base, kept, formats } = entityOf(key);
  const stem = kept === "file" ? join(dir, base) : join(dir, base, slug ?? "");
  const found = formats.map((ext) => stem + ext).filter((path) => existsSync(path));
  return { found, path: found[0] ?? stem + (formats[0] ?? "") };
}

/**
 * How a problem names the entry it is in, e.g. 'events[3] (2024/11/20 19:30 Stated Meeting)' or
 * 'past[0] (2024 Summer)'; a past-master list's entries by its slug.
 */
export function entryNamer(key: EntityKey, slug?: string): EntryNamer {
  const { names, under, holds, base } = entityOf(key);
  if (!names) return wholeFile;
  if (!under) return listEntries(holds === "lists" ? (slug ?? base) : base, ...names);
  const inner = listEntries(under.field, ...names);
  return (path, raw) => {
    if (path[0] !== under.field) return { depth: 0 };
    const named = inner(path.slice(1), (raw as Record<string, unknown> | undefined)?.[under.field]);
    return { ...named, depth: named.depth + 1 };
  };
}

/** The file an entity's value was read from, and how its entries are named: where to point. */
export function sourceOf(
  sources: Sources,
  key: EntityKey,
  slug = "",
): { source?: Source; name: EntryNamer } {
  const source =
    key === "pastMasters"
      ? sources.pastMasters[slug]
      : key === "pages"
        ? sources.pages[slug]
        : sources[key as FileEntityKey];
  return { source, name: entryNamer(key, slug) };
}

/** Every file and folder lodge reads in data/; anything else there gets a warning. */
export const KNOWN_ENTRIES = new Set([
  ...FILE_ENTITIES.flatMap((entity) => entity.formats.map((ext) => entity.base + ext)),
  ...ENTITY_LIST.filter((entity) => entity.kept === "lists" || entity.kept === "pages").map(
    (entity) => entity.base,
  ),
  ...Object.values(MEDIA_FOLDERS).map((folder) => folder.split("/")[0] ?? folder),
]);
