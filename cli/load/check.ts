import type { z } from "zod";
import type { Problem } from "./problems.ts";
import type { Source } from "./source.ts";

/** Names the entry a path points into, e.g. 'events[3] (2024/11/20 Stated Meeting)', and how deep it is. */
export type EntryNamer = (
  path: readonly PropertyKey[],
  raw: unknown,
) => { entry?: string; depth: number };

/** Entries of a top-level list, named by the fields that tell them apart. */
export function listEntries(list: string, ...fields: string[]): EntryNamer {
  return (path, raw) => {
    const index = path[0];
    if (typeof index !== "number") return { depth: 0 };
    const item = Array.isArray(raw)
      ? (raw[index] as Record<string, unknown> | undefined)
      : undefined;
    const label = fields
      .map((f) => item?.[f])
      .filter((v) => v !== undefined && v !== null && v !== "")
      .join(" ");
    return { entry: label ? `${list}[${index}] (${label})` : `${list}[${index}]`, depth: 1 };
  };
}

export const wholeFile: EntryNamer = () => ({ depth: 0 });

export function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, key) =>
      typeof key === "number" ? `${name}[${key}]` : name ? `${name}.${String(key)}` : String(key),
    "",
  );
}

/** Where a value is and how to name it: file, line, column, entry and field. */
export function locate(source: Source, name: EntryNamer, path: readonly PropertyKey[]) {
  const { entry, depth } = name(path, source.value);
  return {
    file: source.file,
    ...source.position(path),
    entry,
    field: fieldName(path.slice(depth)) || undefined,
  };
}

/** The keys an object schema knows at `path` (an unknown key's likely spelling, an entry's fields). */
export function knownKeys(schema: z.ZodType, path: readonly PropertyKey[] = []): string[] {
  let def = (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
  const inner = () => {
    for (;;) {
      const next = (def.innerType ?? (def.type === "pipe" ? def.in : undefined)) as
        | typeof schema
        | undefined;
      if (!next) return;
      def = (next as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;
    }
  };
  inner();
  for (const key of path) {
    const next =
      def.type === "object"
        ? (def.shape as Record<string, unknown>)[String(key)]
        : def.type === "array"
          ? def.element
          : undefined;
    if (!next) return [];
    def = (next as { _zod: { def: Record<string, unknown> } })._zod.def;
    inner();
  }
  return def.type === "object" ? Object.keys(def.shape as object) : [];
}

/** Edit distance between two texts: how many letters to add, remove or change. */
export function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let previous = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const current = row[j] ?? 0;
      row[j] = Math.min(
        current + 1,
        (row[j - 1] ?? 0) + 1,
        previous + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
      previous = current;
    }
  }
  return row[b.length] ?? 0;
}

function suggestion(key: string, known: string[]): string {
  const best = known
    .map((k) => ({ k, d: distance(key.toLowerCase(), k.toLowerCase()) }))
    .sort((a, b) => a.d - b.d)[0];
  return best && best.d <= Math.max(2, Math.floor(key.length / 3))
    ? `; did you mean "${best.k}"?`
    : "";
}

function withoutKeys(value: unknown, path: readonly PropertyKey[], keys: readonly string[]): void {
  let node = value as Record<PropertyKey, unknown> | undefined;
  for (const key of path) node = node?.[key] as Record<PropertyKey, unknown> | undefined;
  if (node && typeof node === "object") for (const key of keys) delete node[key];
}

/**
 * Validates a source against its schema and locates every issue in the file. Unknown keys are
 * warnings (the value is read without them); everything else is an error. `input` is the value
 * as the file has it, without the unknown keys: what `value` was parsed from.
 */
export function check<S extends z.ZodType>(
  source: Source,
  schema: S,
  name: EntryNamer,
): { value?: z.output<S>; input?: unknown; problems: Problem[] } {
  if (source.value === undefined) return { problems: source.problems };
  const result = schema.safeParse(source.value);
  if (result.success) {
    return { value: result.data, input: source.value, problems: [...source.problems] };
  }

  const problems: Problem[] = [...source.problems];
  let cleaned: unknown;
  let onlyUnknownKeys = true;
  for (const issue of result.error.issues) {
    const { entry, depth } = name(issue.path, source.value);
    if (issue.code === "unrecognized_keys") {
      cleaned ??= structuredClone(source.value);
      withoutKeys(cleaned, issue.path, issue.keys);
      const known = knownKeys(schema, issue.path);
      for (const key of issue.keys) {
        problems.push({
          severity: "warning",
          file: source.file,
          ...source.keyPosition(issue.path, key),
          entry,
          field: fieldName([...issue.path.slice(depth), key]) || undefined,
          message: `unknown field, ignored${suggestion(key, known)}`,
        });
      }
      continue;
    }
    onlyUnknownKeys = false;
    problems.push({
      severity: "error",
      ...locate(source, name, issue.path),
      message: issue.message,
    });
  }
  if (!onlyUnknownKeys || source.problems.some((p) => p.severity === "error")) return { problems };
  const again = schema.safeParse(cleaned);
  return again.success ? { value: again.data, input: cleaned, problems } : { problems };
}
