import { dayText, readDay } from "../../core/rules/time.ts";
import {
  ENTITIES,
  ENTITY_LIST,
  type EntityKey,
  entityOf,
  type Legacy,
} from "../../core/schemas/index.ts";
import { knownKeys } from "../load/check.ts";

/** The kinds of content the site this product replaces kept as JSON lists: the entity table's. */
export type LegacyKind = {
  [K in EntityKey]: (typeof ENTITIES)[K] extends { legacy: Legacy } ? K : never;
}[EntityKey];

/** The legacy kinds in the entity table's order, each with how the old site kept it. */
export const LEGACY_KINDS = ENTITY_LIST.flatMap((entity) =>
  entity.legacy ? [{ ...entity, kind: entity.key as LegacyKind, legacy: entity.legacy }] : [],
);

/** The schema of one entry of a kind: a list's entry, or a past bulletin of bulletins.yaml. */
export function entrySchema(kind: LegacyKind) {
  const entity = entityOf(kind);
  return entity.under?.entry ?? entity.entry;
}

const legacyOf = (kind: LegacyKind): Legacy => ENTITIES[kind].legacy;

/** One renaming, to be said once per file: 'isRsvpBtn is read as isRsvp (8 entries)'. */
export type Renaming = { from: string; to: string; count: number };

function fieldNamer(known: readonly string[], renamed: Record<string, string>) {
  const byLower = new Map<string, string>([
    ...Object.entries(renamed).map(([from, to]) => [from.toLowerCase(), to] as const),
    ...known.map((name) => [name.toLowerCase(), name] as const),
  ]);
  return (key: string) => byLower.get(key.toLowerCase()) ?? key;
}

function renameKeys(
  entry: Record<string, unknown>,
  name: (key: string) => string,
  seen: Map<string, Renaming>,
  original: Record<string, string>,
  prefix = "",
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    const to = name(key);
    // A field written both ways keeps the one under lodge's name.
    if (to !== key && to in entry) {
      out[key] = value;
      continue;
    }
    if (to !== key) {
      original[prefix + to] = key;
      const id = `${prefix}${key}>${to}`;
      const renaming = seen.get(id) ?? { from: prefix + key, to: prefix + to, count: 0 };
      renaming.count++;
      seen.set(id, renaming);
    }
    out[to] = value;
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The entries of a list of `kind` with the old site's field names read as lodge's, and the
 * renamings made, each once with the number of entries it was made in.
 */
export function renameFields(
  kind: LegacyKind,
  list: readonly unknown[],
): {
  entries: unknown[];
  renamings: Renaming[];
  originalPath: (path: PropertyKey[]) => PropertyKey[];
} {
  const seen = new Map<string, Renaming>();
  const { renamed, nested = {} } = legacyOf(kind);
  // A field written in another case ('AltText', 'imgURL') is read as the one of the schema it spells.
  const schema = entrySchema(kind);
  const name = fieldNamer(knownKeys(schema), renamed);
  const inner = Object.entries(nested).map(
    ([field, names]) => [field, fieldNamer(knownKeys(schema, [field]), names)] as const,
  );
  // Per entry, each renamed field's dotted path and the name the file gave it.
  const originals: Record<string, string>[] = [];
  const entries = list.map((item, i) => {
    const original: Record<string, string> = {};
    originals[i] = original;
    if (!isObject(item)) return item;
    const entry = renameKeys(item, name, seen, original);
    for (const [field, named] of inner) {
      const value = entry[field];
      if (isObject(value)) entry[field] = renameKeys(value, named, seen, original, `${field}.`);
    }
    return entry;
  });
  /** A path into the renamed entries as a path into the file: [3, "isRsvp"] -> [3, "isRsvpBtn"]. */
  const originalPath = (path: PropertyKey[]): PropertyKey[] => {
    const [index, ...keys] = path;
    const original = typeof index === "number" ? originals[index] : undefined;
    if (index === undefined || !original) return path;
    return [index, ...keys.map((key, k) => original[keys.slice(0, k + 1).join(".")] ?? key)];
  };
  return { entries, renamings: [...seen.values()], originalPath };
}

/**
 * An entry as the import writes it: as the old file had it (so an unknown field stays for lodge
 * validate to point at), except dates, times and counts, which are written as the schema read
 * them ('2024/12/4 19:00' as '2024/12/04 19:00', "3" as 3), and a recent event's day as
 * 'YYYY/MM/DD'. Returns the fields it changed.
 */
export function normalised(
  kind: LegacyKind,
  entry: Record<string, unknown>,
  parsed: Record<string, unknown>,
): { entry: Record<string, unknown>; changed: string[] } {
  const out = { ...entry };
  const changed: string[] = [];
  for (const field of legacyOf(kind).rewritten ?? []) {
    if (!(field in entry) || parsed[field] === undefined) continue;
    if (parsed[field] !== entry[field]) {
      out[field] = parsed[field];
      changed.push(field);
    }
  }
  if (kind === "recentEvents" && typeof entry.eventDate === "string") {
    const day = readDay(entry.eventDate);
    const text = day.ok ? dayText(day.value) : entry.eventDate;
    if (text !== entry.eventDate) {
      out.eventDate = text;
      changed.push("eventDate");
    }
  }
  return { entry: out, changed };
}
