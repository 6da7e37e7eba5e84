import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { z } from "zod";
import { pastMasterSchema } from "../../core/schemas/past-master.ts";
import { check, type EntryNamer, listEntries } from "../load/check.ts";
import { FILES } from "../load/files.ts";
import type { Problem } from "../load/problems.ts";
import { yamlSource } from "../load/source.ts";

/** The kinds of content the site this product replaces kept as JSON lists. */
export type LegacyKind =
  | "events"
  | "socialEvents"
  | "officers"
  | "pastMasters"
  | "bulletins"
  | "albums"
  | "recentEvents"
  | "history";

/** How each kind is told apart by its fields, most specific first (a social outing has a date and a name too). */
const SIGNATURES: [LegacyKind, string[]][] = [
  ["recentEvents", ["eventName", "imageUrls"]],
  ["socialEvents", ["date", "name", "locationAddress"]],
  ["events", ["date", "name", "rsvpOptions"]],
  ["officers", ["name", "office"]],
  ["pastMasters", ["number", "name", "term"]],
  ["bulletins", ["year", "displayName", "filename"]],
  ["albums", ["albumName", "title"]],
  ["history", ["year", "content"]],
];

const ENTRY_SCHEMAS = {
  events: FILES.events.schema,
  socialEvents: FILES.socialEvents.schema,
  officers: FILES.officers.schema,
  pastMasters: z.array(pastMasterSchema),
  bulletins: FILES.bulletins.schema.shape.past,
  albums: FILES.albums.schema,
  recentEvents: FILES.recentEvents.schema,
  history: FILES.history.schema,
} as const;

function namer(kind: LegacyKind, file: string): EntryNamer {
  if (kind === "pastMasters") return listEntries(file, "number", "name");
  if (kind === "bulletins") return listEntries(file, "year", "displayName");
  return FILES[kind].name;
}

/** Which kind a list holds: the signature that most of its entries carry. */
export function kindOf(list: unknown[]): LegacyKind | undefined {
  const objects = list.filter(
    (item): item is Record<string, unknown> => typeof item === "object" && item !== null,
  );
  if (objects.length === 0) return undefined;
  return SIGNATURES.find(
    ([, keys]) => objects.filter((o) => keys.every((k) => k in o)).length * 2 > objects.length,
  )?.[0];
}

export interface LegacyFile {
  file: string;
  kind?: LegacyKind;
  entries: unknown[];
  /** Entries left out, and files not read, with the reason. */
  skipped: Problem[];
}

/**
 * Reads every JSON file of a folder, tells its kind by content, and keeps the entries that pass
 * their schema; the others are reported with the reason.
 */
export function readLegacy(dir: string, display: (path: string) => string): LegacyFile[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort()
    .map((name) => {
      const file = display(join(dir, name));
      const source = yamlSource(file, readFileSync(join(dir, name), "utf8"));
      const where = { file, line: 1, column: 1 };
      if (source.problems.length > 0) return { file, entries: [], skipped: source.problems };
      const list = Array.isArray(source.value) ? source.value : undefined;
      const kind = list ? kindOf(list) : undefined;
      if (!list || !kind) {
        return {
          file,
          entries: [],
          skipped: [
            {
              severity: "warning" as const,
              ...where,
              message:
                "not a list of events, outings, officers, past masters, bulletins, albums, recent events or history entries; skipped",
            },
          ],
        };
      }
      const schema = ENTRY_SCHEMAS[kind] as z.ZodType;
      const entryOf = namer(kind, basename(file, ".json"));
      const { problems } = check(source, schema, entryOf);
      // Entries with an error are left out; unknown fields are kept for lodge validate to point at.
      const bad = new Set(problems.filter((p) => p.severity === "error").map((p) => p.entry));
      return {
        file,
        kind,
        entries: list.filter((_, i) => !bad.has(entryOf([i], list).entry)),
        skipped: problems,
      };
    });
}
