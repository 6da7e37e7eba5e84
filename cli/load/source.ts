import { parse as parseCsv } from "csv-parse/sync";
import matter from "gray-matter";
import { isMap, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { Problem } from "./problems.ts";

export interface Position {
  line: number;
  column: number;
}

/** A parsed data file that can say where any value in it was written. */
export interface Source {
  file: string;
  value: unknown;
  /** Where the value at `path` starts; the nearest enclosing value when it is missing. */
  position(path: readonly PropertyKey[]): Position;
  /** Where the key `key` of the object at `path` is written (for unknown-key warnings). */
  keyPosition(path: readonly PropertyKey[], key: string): Position;
  /** Syntax errors: the file could not be read as YAML, JSON or CSV. */
  problems: Problem[];
}

const START: Position = { line: 1, column: 1 };

/** YAML or JSON (JSON is read by the YAML parser, so positions work the same). */
export function yamlSource(file: string, text: string, lineOffset = 0): Source {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const at = (offset: number): Position => {
    const { line, col } = lineCounter.linePos(offset);
    return { line: line + lineOffset, column: col };
  };
  const walk = (path: readonly PropertyKey[]): { node: Node | null; keyNode?: Node } => {
    let node = doc.contents as Node | null;
    for (const key of path) {
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => String((item.key as { value?: unknown })?.value ?? item.key) === String(key),
        );
        if (!pair) break;
        node = (pair.value as Node | null) ?? (pair.key as Node);
      } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
        node = node.items[key] as Node;
      } else break;
    }
    return { node };
  };
  const problems: Problem[] = doc.errors.map((error) => {
    const pos = at(error.pos[0]);
    return {
      severity: "error",
      file,
      ...pos,
      message: `this is not valid YAML: ${error.message.split("\n")[0]}`,
    };
  });
  return {
    file,
    value: problems.length > 0 ? undefined : doc.toJS(),
    position(path) {
      const { node } = walk(path);
      return node?.range ? at(node.range[0]) : { line: 1 + lineOffset, column: 1 };
    },
    keyPosition(path, key) {
      const { node } = walk(path);
      if (isMap(node)) {
        const pair = node.items.find(
          (item) => String((item.key as { value?: unknown })?.value) === key,
        );
        const keyNode = pair?.key as Node | undefined;
        if (keyNode?.range) return at(keyNode.range[0]);
      }
      return node?.range ? at(node.range[0]) : START;
    },
    problems,
  };
}

/** Splits a CSV line into the columns (1-based) where its fields start, honouring quotes. */
function fieldColumns(line: string): number[] {
  const columns = [1];
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === "," && !quoted) columns.push(i + 2);
  }
  return columns;
}

/**
 * A CSV with a header row. Copes with a BOM, CRLF line ends, quoted fields, stray spaces and blank
 * lines. `value` is the list of rows as objects keyed by the header; header names it does not know
 * are kept so the schema can warn about them.
 */
export function csvSource(file: string, text: string): Source {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const problems: Problem[] = [];
  let header: string[] = [];
  const rowLines: number[] = [];
  let rows: Record<string, string>[] = [];
  try {
    const records = parseCsv(text, {
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    header = records[0]?.record ?? [];
    for (const { record, info } of records.slice(1)) {
      const line = info.lines;
      rowLines.push(line);
      if (record.length > header.length) {
        problems.push({
          severity: "error",
          file,
          line,
          column: fieldColumns(lines[line - 1] ?? "")[header.length] ?? 1,
          entry: `row ${rowLines.length}`,
          message: `expected ${header.length} columns (${header.join(",")}), found ${record.length}; put a value that contains a comma in double quotes`,
        });
      }
      rows.push(Object.fromEntries(header.map((name, i) => [name, record[i] ?? ""])));
    }
  } catch (error) {
    const e = error as { message: string; lines?: number };
    problems.push({
      severity: "error",
      file,
      line: e.lines ?? 1,
      column: 1,
      message: `this is not valid CSV: ${e.message}`,
    });
    rows = [];
  }
  return {
    file,
    // Rows with too many columns are reported but the rest is still checked, so every problem shows.
    value: problems.some((p) => p.message.startsWith("this is not valid CSV")) ? undefined : rows,
    position(path) {
      const [row, field] = path;
      if (typeof row !== "number" || rowLines[row] === undefined) return START;
      const line = rowLines[row];
      const index = header.indexOf(String(field));
      const column = index < 0 ? 1 : (fieldColumns(lines[line - 1] ?? "")[index] ?? 1);
      return { line, column };
    },
    keyPosition(_path, key) {
      return { line: 1, column: fieldColumns(lines[0] ?? "")[header.indexOf(key)] ?? 1 };
    },
    problems,
  };
}

/** A Markdown file with YAML front matter: `value` is the front matter, `body` the Markdown. */
export function markdownSource(file: string, text: string): Source & { body: string } {
  // Options make gray-matter skip its cache, whose second answer for the same text has no `matter`.
  const parsed = matter(text, {});
  // The front matter starts on the line after the opening '---'.
  const offset = parsed.matter
    ? text.slice(0, text.indexOf(parsed.matter)).split("\n").length - 1
    : 0;
  const source = yamlSource(file, parsed.matter ?? "", offset);
  return {
    ...source,
    value: source.problems.length > 0 ? undefined : (source.value ?? {}),
    body: parsed.content,
  };
}
