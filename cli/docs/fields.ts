import { z } from "zod";
import type { FieldDoc } from "../../core/schemas/common.ts";

/** One field of a content file as docs/content.md and the events.yaml header tell it. */
export type FieldRow = {
  /** 'earlyBirdOptions.cost', 'past[].year': a list's entries are its name and '[]'. */
  path: string;
  /** How deep it sits: 0 for a field of the file's entries. */
  depth: number;
  /** The kind of value: 'text', 'whole number from 0 to 60', 'list of text'... */
  type: string;
  /** Whether the file must give it. */
  required: boolean;
  /** What a field left out is taken as, as the docs write it; undefined for a required one. */
  defaultValue: string | undefined;
  description: string;
  /** Fields of an object, or of a list's entries, follow as rows of their own. */
  nested: boolean;
};

/** A kind of value met in the schemas, and how it may be written. */
export type ValueKind = { kind: string; written: string };

type Def = { type: string; [key: string]: unknown };
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;

/** The schema a wrapper (optional, default, a transform's pipe...) wraps, if it is one. */
function inner(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return def.innerType as z.ZodType;
    case "pipe":
      return def.in as z.ZodType;
    default:
      return undefined;
  }
}

/** The schema and every schema it wraps, outermost first. */
function layers(schema: z.ZodType): z.ZodType[] {
  const all: z.ZodType[] = [];
  for (let at: z.ZodType | undefined = schema; at; at = inner(at)) all.push(at);
  return all;
}

/** The first of the layers' metadata to give `key`, the outermost winning. */
function meta<K extends keyof FieldDoc>(schema: z.ZodType, key: K): FieldDoc[K] | undefined {
  for (const layer of layers(schema)) {
    const value = (z.globalRegistry.get(layer) as FieldDoc | undefined)?.[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

/** The innermost schema: what is left when every wrapper is taken off. */
function core(schema: z.ZodType): z.ZodType {
  return layers(schema).at(-1) ?? schema;
}

/** The object a schema holds, through its wrappers, if it is one. */
export function objectShape(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const def = defOf(core(schema));
  return def.type === "object" ? (def.shape as Record<string, z.ZodType>) : undefined;
}

function listEntry(schema: z.ZodType): z.ZodType | undefined {
  const def = defOf(core(schema));
  return def.type === "array" ? (def.element as z.ZodType) : undefined;
}

/** The kind of value a schema takes, as a person reads it. */
export function typeOf(schema: z.ZodType): string {
  const named = meta(schema, "kind");
  if (named) {
    const range = meta(schema, "range");
    return range ? `${named} ${range}` : named;
  }
  const def = defOf(core(schema));
  switch (def.type) {
    case "string":
      return "text";
    case "number":
      return "number";
    case "boolean":
      return "true or false";
    case "object":
      return "fields";
    case "array": {
      const entry = def.element as z.ZodType;
      return objectShape(entry) ? "list of entries" : `list of ${typeOf(entry)}`;
    }
    case "enum":
      return `one of ${Object.values(def.entries as Record<string, string>).join(", ")}`;
    case "literal":
      return (def.values as unknown[]).map((value) => JSON.stringify(value)).join(" or ");
    case "union":
      return (def.options as z.ZodType[]).map(typeOf).join(" or ");
    default:
      return def.type;
  }
}

/** A value as it is written in a YAML file: '' for empty text, [a, b] for a list. */
export function yamlValue(value: unknown): string {
  if (typeof value === "string") return value === "" ? "''" : value;
  if (Array.isArray(value)) return `[${value.map(yamlValue).join(", ")}]`;
  return String(value);
}

/** What a field left out is taken as, or undefined when the file must give it. */
function defaultOf(schema: z.ZodType): { required: boolean; value: string | undefined } {
  const told = meta(schema, "defaultText");
  for (const layer of layers(schema)) {
    const def = defOf(layer);
    if (def.type === "default" || def.type === "prefault") {
      if (told) return { required: false, value: told };
      const value = def.defaultValue;
      // An object's default is its fields' own, told on their rows.
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        return { required: false, value: "each field's default" };
      }
      return { required: false, value: yamlValue(value) };
    }
    if (def.type === "optional") return { required: false, value: told ?? "none" };
  }
  return { required: true, value: undefined };
}

/**
 * Every field of a content file's entries, in the schema's order, each object's and each list
 * entry's fields after it, one level deeper. A field without a description is listed with an
 * empty one; `undescribed` finds them.
 */
export function fieldRows(schema: z.ZodType, above = "", depth = 0): FieldRow[] {
  const shape = objectShape(schema);
  if (!shape) return [];
  return Object.entries(shape).flatMap(([name, field]) => {
    const path = above ? `${above}.${name}` : name;
    const entry = listEntry(field);
    const nestedIn = objectShape(field) ? field : entry && objectShape(entry) ? entry : undefined;
    const nestedPath = nestedIn === field ? path : `${path}[]`;
    const { required, value } = defaultOf(field);
    const row: FieldRow = {
      path,
      depth,
      type: typeOf(field),
      required,
      defaultValue: value,
      description: meta(field, "description") ?? "",
      nested: nestedIn !== undefined,
    };
    return [row, ...(nestedIn ? fieldRows(nestedIn, nestedPath, depth + 1) : [])];
  });
}

/** The fields of a schema that say nothing of what they do: each needs a description. */
export function undescribed(schema: z.ZodType): string[] {
  return fieldRows(schema)
    .filter((row) => row.description.trim() === "")
    .map((row) => row.path);
}

/** Every kind of value the schemas' fields take that says how it is written, once each. */
export function valueKinds(schemas: readonly z.ZodType[]): ValueKind[] {
  const found = new Map<string, string>();
  const visit = (schema: z.ZodType) => {
    for (const layer of layers(schema)) {
      const doc = z.globalRegistry.get(layer) as FieldDoc | undefined;
      if (doc?.kind && doc.written && !found.has(doc.kind)) found.set(doc.kind, doc.written);
    }
    const shape = objectShape(schema);
    const entry = listEntry(schema);
    if (shape) for (const field of Object.values(shape)) visit(field);
    if (entry) visit(entry);
  };
  for (const schema of schemas) visit(schema);
  return [...found].map(([kind, written]) => ({ kind, written }));
}
