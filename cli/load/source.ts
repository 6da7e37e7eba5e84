import { readFileSync } from "node:fs";
import { parse as parseCsv } from "csv-parse/sync";
import matter from "gray-matter";
import { isMap, isSeq, LineCounter, type Node, parseDocument, type YAMLError } from "yaml";
import { listed } from "../../core/rules/words.ts";
import { type Problem, WHOLE_FILE } from "./problems.ts";

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
  /** A CSV file's columns, as the schema knows them (the header's names mapped to known ones). */
  header?: string[];
}

const START: Position = { line: 1, column: 1 };

/** A line of the file and a caret under `column`; tabs shown as '→' so the caret stays under. */
function excerpt(lines: readonly string[], index: number, column: number): string {
  const text = (lines[index] ?? "").replaceAll("\t", "→");
  return `    ${text}\n    ${" ".repeat(Math.max(column - 1, 0))}^`;
}

/**
 * What is wrong with a file the YAML parser refused, once per real problem: after the first
 * syntax error the parser reads the rest of the file out of step and reports on nearly every
 * token, so only that first one is told (and each duplicate key, which stands alone). Lines
 * indented with tabs, the usual cause, are said to be that.
 */
function syntaxProblems(
  file: string,
  text: string,
  errors: readonly YAMLError[],
  at: (offset: number) => Position,
  lineOffset: number,
): Problem[] {
  if (errors.length === 0) return [];
  const lines = text.split(/\r?\n/);
  const tabbed = lines.flatMap((line, index) => (/^ *\t/.test(line) ? [index] : []));
  const [first] = tabbed;
  if (first !== undefined) {
    const column = (lines[first] ?? "").indexOf("\t") + 1;
    const others = tabbed.slice(1).map((index) => index + 1 + lineOffset);
    const also =
      others.length === 0
        ? ""
        : ` (line${others.length > 1 ? "s" : ""} ${listed(others.slice(0, 10).map(String))}${others.length > 10 ? ` and ${others.length - 10} more` : ""} too)`;
    return [
      {
        severity: "error",
        file,
        line: first + 1 + lineOffset,
        column,
        message: `YAML does not allow tabs for indentation; use spaces${also}`,
        excerpt: excerpt(lines, first, column),
      },
    ];
  }
  const told = errors.filter((error, i) => i === 0 || error.code === "DUPLICATE_KEY");
  return told.map((error) => {
    const pos = at(error.pos[0]);
    return {
      severity: "error",
      file,
      ...pos,
      message: `this is not valid YAML: ${error.message.split("\n")[0]}`,
      excerpt: excerpt(lines, pos.line - 1 - lineOffset, pos.column),
    };
  });
}

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
  const problems = syntaxProblems(file, text, doc.errors, at, lineOffset);
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

/** What a column is called in lodge's files, and other names spreadsheets give it. */
export type ColumnNames = Record<string, readonly string[]>;

const squash = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, "");

/**
 * The header's names as the schema knows them: case, spaces and underscores aside ('IMGURL',
 * 'Img Url'), and the other names of `columns` ('Worshipful Master' for name). Each other name
 * is said once, as a note on the header.
 */
function knownHeader(file: string, header: string[], columns: ColumnNames) {
  const notes: Problem[] = [];
  const taken = new Set<string>();
  const names = header.map((cell, i) => {
    const key = squash(cell);
    const known = Object.entries(columns).find(
      ([name, others]) => squash(name) === key || others.some((other) => squash(other) === key),
    )?.[0];
    // A second column of the same meaning (a roll's 'Mobile' after its 'Phone') keeps its own
    // name: the first is read, and the second is not taken for it.
    if (known === undefined || taken.has(known)) return cell;
    taken.add(known);
    if (known === cell) return cell;
    if (squash(known) !== key) {
      notes.push({
        severity: "note",
        file,
        line: 1,
        column: fieldColumns(header.join(","))[i] ?? 1,
        message: `the column "${cell}" is read as ${known}`,
      });
    }
    return known;
  });
  return { names, notes };
}

/**
 * A CSV with a header row, as spreadsheets save it: a BOM, CRLF line ends, quoted fields, stray
 * spaces, blank lines and empty columns at the end of every line are all fine. `value` is the
 * list of rows as objects keyed by the header; `columns` maps other spellings of the header's
 * names to the known ones, and names it does not know are kept so the schema can warn about them.
 */
export function csvSource(file: string, text: string, columns: ColumnNames = {}): Source {
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
    const cells = [...(records[0]?.record ?? [])];
    // Spreadsheets save the empty columns right of the table as commas at the end of every line,
    // the header's too; those are ignored, a row longer than the header's line is not.
    const width = cells.length;
    while (cells.length > 0 && cells.at(-1) === "") cells.pop();
    const known = knownHeader(file, cells, columns);
    header = known.names;
    problems.push(...known.notes);
    for (const { record, info } of records.slice(1)) {
      const line = info.lines;
      if (record.every((cell) => cell === "")) continue;
      rowLines.push(line);
      if (record.length > width || record.slice(header.length).some((cell) => cell !== "")) {
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
    header,
  };
}

/** How to save a spreadsheet so lodge reads every letter as written. */
export const SAVE_AS_UTF8 =
  "in Excel choose File > Save As > 'CSV UTF-8 (Comma delimited)'; in LibreOffice tick 'Edit filter settings' and choose 'Unicode (UTF-8)'";

const utf8 = new TextDecoder("utf-8", { fatal: true });
const windows1252 = new TextDecoder("windows-1252");

/**
 * A data file's text. Files are UTF-8 (a BOM, as Excel writes one, is dropped). A file that is
 * not is most likely a spreadsheet Excel saved as 'CSV (Comma delimited)', in Windows-1252: it
 * is read so, and a warning says how to save it as UTF-8. A file that is neither (or UTF-16) is
 * refused with that sentence, never read with its letters garbled ('Jos\uFFFD Mart\uFFFDnez').
 */
export function decodeText(
  file: string,
  bytes: Uint8Array,
): { text?: string; encoding?: "UTF-8" | "Windows-1252"; problems: Problem[] } {
  const at = { file, ...WHOLE_FILE };
  const refuse = (why: string) => ({
    problems: [
      {
        severity: "error" as const,
        ...at,
        message: `${why}, so lodge cannot read its letters as written; save it as UTF-8 (${SAVE_AS_UTF8}) and try again`,
      },
    ],
  });
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return refuse("this file is saved as UTF-16 ('Unicode Text')");
  }
  try {
    return { text: utf8.decode(bytes).replace(/^\uFEFF/, ""), encoding: "UTF-8", problems: [] };
  } catch {
    const text = windows1252.decode(bytes);
    // Bytes Windows-1252 leaves undefined come out as C1 controls: then it is not that either.
    if (/[\u0080-\u009f]/.test(text)) return refuse("this file is not saved as UTF-8");
    // A name with a letter outside ASCII shows best that the letters came out right.
    const fields = text.split(/[,;\t\r\n"]/).map((field) => field.trim());
    const example =
      fields.find((field) => /(?!\p{ASCII})\p{L}/u.test(field)) ??
      fields.find((field) => /\P{ASCII}/u.test(field));
    return {
      text,
      encoding: "Windows-1252",
      problems: [
        {
          severity: "warning",
          ...at,
          message: `this file is saved as Windows-1252 (Excel's 'CSV (Comma delimited)'), not UTF-8; lodge read it so${example ? ` ("${example}")` : ""}, but to be sure every tool does, save it as UTF-8: ${SAVE_AS_UTF8}`,
        },
      ],
    };
  }
}

/**
 * A data file read from disk as its kind says (CSV by its ending, else YAML or JSON), with what
 * decoding it found (see decodeText) among its problems.
 */
export function readSource(path: string, file: string, columns?: ColumnNames): Source {
  const decoded = decodeText(file, readFileSync(path));
  if (decoded.text === undefined) {
    return {
      file,
      value: undefined,
      position: () => START,
      keyPosition: () => START,
      problems: decoded.problems,
    };
  }
  const source = path.endsWith(".csv")
    ? csvSource(file, decoded.text, columns)
    : yamlSource(file, decoded.text);
  return { ...source, problems: [...decoded.problems, ...source.problems] };
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
