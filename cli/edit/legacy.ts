import { readdirSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { check, type EntryNamer, listEntries } from "../load/check.ts";
import { type Problem, WHOLE_FILE } from "../load/problems.ts";
import { readSource } from "../load/source.ts";
import { type AssetCopy, type Claims, type ImagesTree, localiseAssets } from "./legacy-assets.ts";
import {
  entrySchema,
  LEGACY_KINDS,
  type LegacyKind,
  normalised,
  type Renaming,
  renameFields,
} from "./legacy-fields.ts";

export type { LegacyKind };

/**
 * How the entries of an old site's file are named in messages: as those of the data file of
 * their kind ('events[1]'), or, for a kind kept in several lists or under a field (past
 * masters, past bulletins), by the old file's name.
 */
function namer(kind: LegacyKind, file: string): EntryNamer {
  const entity = LEGACY_KINDS.find((k) => k.kind === kind);
  const names = entity?.names ?? [];
  return listEntries(entity?.holds === "list" ? entity.base : file, ...names);
}

const isObject = (item: unknown): item is Record<string, unknown> =>
  typeof item === "object" && item !== null && !Array.isArray(item);

/**
 * Which kind a list holds, and its entries with the old site's field names read as lodge's: the
 * signature that most of its entries carry once renamed.
 */
export function kindOf(
  list: unknown[],
): ({ kind: LegacyKind } & ReturnType<typeof renameFields>) | undefined {
  const count = list.filter(isObject).length;
  if (count === 0) return undefined;
  // No kind's entries carry all of another kind's signature, so the order they are tried in
  // does not matter.
  for (const { kind, legacy } of LEGACY_KINDS) {
    const keys = legacy.signature;
    const renamed = renameFields(kind, list);
    const carrying = renamed.entries.filter((o) => isObject(o) && keys.every((k) => k in o));
    if (carrying.length * 2 > count) return { kind, ...renamed };
  }
  return undefined;
}

/** The list a file holds: the file itself, or the one list of an object such as { "events": [...] }. */
function listOf(value: unknown): unknown[] | undefined {
  if (Array.isArray(value)) return value;
  if (!isObject(value)) return undefined;
  const lists = Object.values(value).filter(Array.isArray);
  return lists.length === 1 ? lists[0] : undefined;
}

export interface LegacyFile {
  file: string;
  /** The file's name without '.json', as --list names it. */
  name: string;
  kind?: LegacyKind;
  /** The entries that passed their schema, as the import writes them. */
  entries: Record<string, unknown>[];
  /** Entries left out, and files not read, with the reason. */
  skipped: Problem[];
  /** Old field names read as lodge's, each once. */
  renamings: Renaming[];
  /** How many entries had each field rewritten the way lodge writes it (dates, times, counts). */
  normalised: Record<string, number>;
  /** Pictures and PDFs the entries name, to bring into the data folder. */
  copies: AssetCopy[];
  /** Not read: --skip names it. */
  leftOut?: true;
}

/**
 * Reads every JSON file of a folder but those `skip` names, tells its kind by content (the old
 * site's field names read as lodge's), keeps the entries that pass their schema with dates, times
 * and counts written as lodge writes them, and the pictures they name found in the old app's
 * images tree and named by their file names; the others are reported with the reason.
 */
export function readLegacy(
  dir: string,
  display: (path: string) => string,
  pictures: { tree: ImagesTree; claims: Claims },
  skip: ReadonlySet<string> = new Set(),
): LegacyFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = display(join(dir, name));
      const base = { file, name: name.slice(0, -".json".length), entries: [], renamings: [] };
      const empty = { ...base, normalised: {}, copies: [] };
      if (skip.has(name)) return { ...empty, skipped: [], leftOut: true };
      const source = readSource(join(dir, name), file);
      const errors = source.problems.filter((p) => p.severity === "error");
      if (errors.length > 0) return { ...empty, skipped: source.problems };
      const list = listOf(source.value);
      const found = list ? kindOf(list) : undefined;
      if (!list || !found) {
        return {
          ...empty,
          skipped: [
            {
              severity: "warning" as const,
              file,
              ...WHOLE_FILE,
              message:
                "not a list of events, outings, officers, past masters, bulletins, albums, recent events or history entries; skipped",
            },
          ],
        };
      }
      const { kind, entries, renamings, originalPath } = found;
      const entryOf = namer(kind, base.name);
      // Problems point at the fields as the file names them.
      const renamed = {
        ...source,
        value: entries,
        position: (path: readonly PropertyKey[]) => source.position(originalPath([...path])),
        keyPosition: (path: readonly PropertyKey[], key: string) =>
          source.keyPosition(originalPath([...path]), String(originalPath([...path, key]).at(-1))),
      };
      const { problems } = check(renamed, z.array(entrySchema(kind)), entryOf);
      // Entries with an error are left out; unknown fields are kept for lodge validate to point at.
      const bad = new Set(problems.filter((p) => p.severity === "error").map((p) => p.entry));
      const counts: Record<string, number> = {};
      const copies: AssetCopy[] = [];
      const kept = entries.flatMap((item, i) => {
        if (!isObject(item) || bad.has(entryOf([i], entries).entry)) return [];
        const parsed = entrySchema(kind).safeParse(item);
        const written = normalised(
          kind,
          item,
          parsed.success ? (parsed.data as Record<string, unknown>) : {},
        );
        for (const field of written.changed) counts[field] = (counts[field] ?? 0) + 1;
        const local = localiseAssets(kind, written.entry, pictures.tree, pictures.claims);
        copies.push(...local.copies);
        return [local.entry];
      });
      return {
        ...base,
        kind,
        entries: kept,
        skipped: [...source.problems, ...problems],
        renamings,
        normalised: counts,
        copies,
      };
    });
}
