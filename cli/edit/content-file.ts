import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, extname } from "node:path";
import {
  Document,
  isMap,
  isScalar,
  isSeq,
  type Node,
  parseDocument,
  Scalar,
  visit,
  YAMLSeq,
} from "yaml";
import { type EntityKey, entityOf } from "../../core/schemas/index.ts";
import { UserError } from "../errors.ts";
import { knownKeys } from "../load/check.ts";
import { contentFiles } from "../load/files.ts";
import { readSource } from "../load/source.ts";

/**
 * The one module that reads and writes a lodge's content files for the commands that change
 * them (add-event, add-meetings, edit-event, the imports), whatever the file's format: YAML
 * (.yaml, .yml) keeps its comments, blank lines and layout; JSON and CSV are written whole in
 * their own format. The file is the one the loader reads (contentFiles), so a lodge that keeps
 * its events in events.json gets them there, never in a second events.yaml.
 */

/** Quotes times such as 18:30 in a YAML node, as YAML 1.1 readers would take them for numbers. */
function quoteTimes(node: Node): void {
  visit(node, {
    Scalar(_, scalar) {
      if (
        isScalar(scalar) &&
        typeof scalar.value === "string" &&
        /^\d{1,2}:\d{2}$/.test(scalar.value)
      ) {
        scalar.type = Scalar.QUOTE_DOUBLE;
      }
    },
  });
}

/**
 * Gives a new entry's fields the style the file writes the same fields in (`models`: the file's
 * other entries, the nearest first): the quotes of its text, flow lists such as [Pizza], down
 * into nested fields. A field no entry has keeps the writer's default.
 */
function styleLike(node: Node, models: readonly Node[]): void {
  if (!isMap(node)) return;
  for (const pair of node.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    const same = models.flatMap((model) => {
      const found = isMap(model) ? model.get(key, true) : undefined;
      return found ? [found as Node] : [];
    });
    const [model] = same;
    const value = pair.value as Node | null;
    if (!model || !value) continue;
    if (isScalar(value) && isScalar(model) && typeof value.value === typeof model.value) {
      // A time stays quoted: YAML 1.1 readers would take 18:30 for a number.
      if (model.type !== Scalar.PLAIN || value.type === undefined) value.type = model.type;
    } else if ((isSeq(value) || isMap(value)) && (isSeq(model) || isMap(model))) {
      if (value.items.length > 0) value.flow = model.flow;
      for (const item of isSeq(value) ? value.items : []) {
        const first = isSeq(model) ? model.items[0] : undefined;
        if (isScalar(item) && isScalar(first) && typeof item.value === typeof first.value) {
          item.type = first.type;
        }
      }
      styleLike(value, same);
    }
  }
}

/** How lodge writes YAML: lines never folded, flow lists as [a, b] as people type them. */
const WRITE = { lineWidth: 0, flowCollectionPadding: false } as const;

/** A value as the text of a YAML data file: times quoted, lines never folded. */
export function yamlText(value: unknown): string {
  const doc = new Document(value);
  if (doc.contents) quoteTimes(doc.contents);
  return doc.toString(WRITE);
}

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A list as CSV text: a header of `columns`, then one row an entry, '\n' line ends. */
export function csvText(columns: readonly string[], rows: readonly unknown[]): string {
  const cells = (row: unknown) =>
    columns.map((column) => {
      const value = (row as Record<string, unknown>)[column];
      return csvField(value === undefined || value === null ? "" : String(value));
    });
  return `${[columns.join(","), ...rows.map((row) => cells(row).join(","))].join("\n")}\n`;
}

/** A value as the text of a file of `path`'s format: YAML, JSON, or (for a list) CSV. */
function textAs(path: string, key: EntityKey, value: unknown, indent: string | number = 2): string {
  switch (extname(path)) {
    case ".json":
      return `${JSON.stringify(value, null, indent)}\n`;
    case ".csv":
      return csvText(knownKeys(entityOf(key).entry), value as unknown[]);
    default:
      return yamlText(value);
  }
}

function save(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

/**
 * The file of an entity's content in `dir` (the one the loader reads, else a new one) and its
 * value as written there, read as the loader reads it; no value when there is no such file.
 */
export function readContent(
  dir: string,
  key: EntityKey,
  slug?: string,
): { path: string; value?: unknown } {
  const { found, path } = contentFiles(dir, key, slug);
  if (found.length === 0) return { path };
  return { path, value: readSource(path, path, entityOf(key).columns).value };
}

/** Writes an entity's whole content (a list, or bulletins.yaml's value), replacing its file. Returns the file. */
export function writeContent(dir: string, key: EntityKey, value: unknown, slug?: string): string {
  const { path } = contentFiles(dir, key, slug);
  save(path, textAs(path, key, value));
  return path;
}

/**
 * The entries of a content file that holds a list, to change in place: edits keep everything of
 * the file they do not touch. `entries` are the plain values as the file writes them.
 */
export interface ListFile {
  readonly path: string;
  entries(): unknown[];
  /** Puts a new entry at `at`. */
  insert(at: number, entry: unknown): void;
  /** Sets fields of the entry at `index`; an undefined value removes the field. */
  set(index: number, fields: Readonly<Record<string, unknown>>): void;
  /** Moves the entry at `from` to `to` (an index in the list without it). */
  move(from: number, to: number): void;
  /** The file's text with the edits. */
  text(): string;
  /** How `entries` would be written in this file, e.g. to show them before writing. */
  textOf(entries: readonly unknown[]): string;
  /** Writes the edits to the file. */
  save(): void;
}

/**
 * A YAML list edited through its document, so comments and blank lines stay. The file's header
 * comment is attached to its first entry: it stays at the top whatever moves. New and moved
 * entries follow the file's habit of a blank line between entries.
 */
function yamlList(path: string, text: string): ListFile {
  const doc: Document = parseDocument(text);
  if (doc.errors.length > 0) {
    throw new UserError(`${path} is not valid YAML: ${doc.errors[0]?.message}`);
  }
  if (doc.contents === null) doc.contents = new YAMLSeq();
  const list = doc.contents;
  if (!isSeq(list)) throw new UserError(`${path} must hold a list`);
  const items = list.items as Node[];
  const spaced = () => items.slice(1).some((item) => item.spaceBefore);
  const place = (node: Node, at: number, blank: boolean) => {
    const first = items[0];
    if (at === 0 && first) {
      if (first.commentBefore) node.commentBefore = first.commentBefore;
      first.commentBefore = undefined;
      first.spaceBefore = blank;
    }
    node.spaceBefore = blank && at > 0;
    items.splice(at, 0, node);
  };
  const take = (index: number): Node => {
    const [node] = items.splice(index, 1);
    if (!node) throw new Error(`${path} has no entry ${index}`);
    const first = items[0];
    if (index === 0 && first) {
      if (node.commentBefore) first.commentBefore = node.commentBefore;
      node.commentBefore = undefined;
      first.spaceBefore = false;
    }
    return node;
  };
  return {
    path,
    entries: () => items.map((item) => item.toJSON() as unknown),
    insert(at, entry) {
      // An empty list is written '[]' (as lodge init leaves it): its entries go one field a line.
      if (items.length === 0) list.flow = false;
      const node = doc.createNode(entry);
      quoteTimes(node);
      styleLike(node, [...items.slice(0, at).reverse(), ...items.slice(at)]);
      place(node, at, spaced());
    },
    set(index, fields) {
      const node = items[index];
      if (!isMap(node)) throw new Error(`${path} has no entry ${index} that holds fields`);
      for (const [key, value] of Object.entries(fields)) {
        const old = node.get(key, true);
        if (value === undefined) node.delete(key);
        else if (isScalar(old) && typeof value !== "object") old.value = value;
        else {
          const made = doc.createNode({ [key]: value });
          quoteTimes(made);
          styleLike(made, [node, ...items.filter((item) => item !== node)]);
          const [pair] = (made as typeof node).items;
          if (pair) node.add(pair);
        }
      }
    },
    move(from, to) {
      const blank = spaced();
      place(take(from), to, blank);
    },
    text: () => doc.toString(WRITE),
    textOf: (entries) => yamlText(entries).trimEnd(),
    save() {
      save(path, this.text());
    },
  };
}

/**
 * How a JSON file indents: as its first indented line does, or all on one line as it is written;
 * two spaces for a new or empty one.
 */
function jsonIndent(text: string): string | number {
  const indented = /\n([ \t]+)\S/.exec(text);
  if (indented?.[1]) return indented[1];
  return /^\s*\[\s*\S/.test(text) && !/\[\s*\]/.test(text) ? 0 : 2;
}

/** A JSON or CSV list: edited as plain values and written whole, in its format and indentation. */
function plainList(path: string, key: EntityKey, value: unknown, text = ""): ListFile {
  const indent = jsonIndent(text);
  if (!Array.isArray(value)) throw new UserError(`${path} must hold a list`);
  const entries = value as Record<string, unknown>[];
  return {
    path,
    entries: () => entries,
    insert: (at, entry) => entries.splice(at, 0, entry as Record<string, unknown>),
    set(index, fields) {
      const entry = entries[index];
      if (!entry) throw new Error(`${path} has no entry ${index}`);
      for (const [field, v] of Object.entries(fields)) {
        if (v === undefined) delete entry[field];
        else entry[field] = v;
      }
    },
    move(from, to) {
      entries.splice(to, 0, ...entries.splice(from, 1));
    },
    text: () => textAs(path, key, entries, indent),
    textOf: (shown) => textAs(path, key, shown, indent).trimEnd(),
    save() {
      save(path, this.text());
    },
  };
}

/** An entity's list file in `dir` opened for editing; a lodge without one gets a new file. */
export function openList(dir: string, key: EntityKey, slug?: string): ListFile {
  const { found, path } = contentFiles(dir, key, slug);
  if (extname(path) === ".yaml" || extname(path) === ".yml") {
    return yamlList(path, found.length > 0 ? readFileSync(path, "utf8") : "");
  }
  if (found.length === 0) return plainList(path, key, []);
  return plainList(path, key, readContent(dir, key, slug).value, readFileSync(path, "utf8"));
}

/** A list kept as YAML text, edited: for editing text that is not (yet) a file. */
export function yamlListOf(text: string, name = "the list"): ListFile {
  return yamlList(name, text);
}
