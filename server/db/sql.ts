/**
 * One way to write a statement for both databases: a tagged template whose values become
 * parameters (`?` for SQLite, `$1` for PostgreSQL), whose nested statements and names are
 * spliced in, and whose few clauses only one database has are said once (`postgresOnly`). Each
 * database turns the neutral values into its own: moments, flags, JSON and bytes.
 */

/** The databases a store runs on. */
export type Dialect = "sqlite" | "postgres";

/** What a statement holds besides its parameters: one class, so one check tells them apart. */
class Part {}

/** A statement, or a part of one. */
export class Sql extends Part {
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
  constructor(strings: readonly string[], values: readonly unknown[]) {
    super();
    this.strings = strings;
    this.values = values;
  }
}

/** A part written otherwise for each database. */
class Dialectal extends Part {
  readonly text: Record<Dialect, Sql>;
  constructor(text: Record<Dialect, Sql>) {
    super();
    this.text = text;
  }
}

/** The id the last row inserted into `table` was given, in the transaction (see insertedId). */
export class InsertedId extends Part {
  readonly table: string;
  constructor(table: string) {
    super();
    this.table = table;
  }
}

/** A table's or a column's name, quoted. */
class Name extends Part {
  readonly name: string;
  constructor(name: string) {
    super();
    this.name = name;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

/** `make(key)`, made once per key: the helpers' parts keep one identity per shape. */
function interned<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}

/** A name from the code (never from a visitor) as an identifier. */
export const name = interned((identifier: string) => new Name(identifier));

const quoted = interned((identifier: string) => `"${identifier.replaceAll('"', '""')}"`);

/** A part each database writes its own way (keep it in a constant: its shape is compiled once). */
export const dialectal = (text: Record<Dialect, Sql>): Sql => sql`${new Dialectal(text)}`;

/** A clause only PostgreSQL needs (its row locks: SQLite's one writer holds the whole file). */
export const postgresOnly = (text: Sql): Sql => dialectal({ sqlite: sql``, postgres: text });

/** Locks the rows read until the transaction ends (PostgreSQL; SQLite's writer has them all). */
export const FOR_UPDATE = postgresOnly(sql`FOR UPDATE`);

/** `a, b, c`: each a parameter, for `IN (...)`. */
export function list(parts: readonly unknown[]): Sql {
  return parts.length === 0 ? sql`NULL` : new Sql(listStrings(parts.length), parts);
}
const listStrings = interned((length: number) => [
  "",
  ...Array.from({ length: length - 1 }, () => ", "),
  "",
]);

/** `(a, b) VALUES (?, ?), (?, ?)`: the columns of the first row, every row's values. */
export function values(rows: Record<string, unknown> | readonly Record<string, unknown>[]): Sql {
  const all: readonly Record<string, unknown>[] = Array.isArray(rows) ? rows : [rows];
  const columns = Object.keys(all[0] ?? {});
  const params: unknown[] = [];
  for (const row of all) for (const column of columns) params.push(row[column]);
  const strings = shaped("values", columns, all.length, () => {
    const text = [`(${columns.map(quoted).join(", ")}) VALUES (`];
    for (let r = all.length - 1; r >= 0; r--) {
      for (const c of columns.keys()) text.push(c < columns.length - 1 ? ", " : r ? "), (" : ")");
    }
    return text;
  });
  return new Sql(strings, params);
}

/** `a = ?, b = ?` for an UPDATE. */
export function set(row: Record<string, unknown>): Sql {
  const columns = Object.keys(row);
  const strings = shaped("set", columns, 1, () => [
    ...columns.map((column, i) => `${i === 0 ? "" : ", "}${quoted(column)} = `),
    "",
  ]);
  return new Sql(strings, Object.values(row));
}

/**
 * The strings of a helper's part of this shape, made once: kept with one identity, which the
 * compiled texts are found by (render). Found by comparing the columns, with no key to build:
 * an RSVP's write makes a few, on the database's thread.
 */
function shaped(
  helper: string,
  columns: readonly string[],
  rows: number,
  make: () => string[],
): readonly string[] {
  const first = columns[0] ?? "";
  const known = SHAPES.get(first) ?? [];
  for (const shape of known) {
    if (shape.helper === helper && shape.rows === rows && same(shape.columns, columns)) {
      return shape.strings;
    }
  }
  if (SHAPES.size >= 256) SHAPES.clear();
  const strings = make();
  SHAPES.set(first, [{ helper, rows, columns, strings }, ...known.slice(0, 63)]);
  return strings;
}
interface Shaped {
  helper: string;
  rows: number;
  columns: readonly string[];
  strings: string[];
}
const SHAPES = new Map<string, Shaped[]>();

/**
 * The id the last row inserted into `table` in this transaction (Tx.insert) was given, as the
 * database knows it: PostgreSQL's statements sent behind the insert name it (currval) without
 * waiting a round trip for it to come back; SQLite's run after it, and are given it.
 */
export const insertedId = interned((table: string) => sql`${new InsertedId(table)}`);

/**
 * A statement's text in one database, made once per template and shape: the same object each
 * time, so a connection finds its prepared statement by it (no text to hash or trim per call).
 */
export interface Compiled {
  /** The text with `?` for each parameter (SQLite's). */
  readonly text: string;
  /** The text around the parameters (a template's strings, with `raw`: PostgreSQL's). */
  readonly parts: readonly string[];
  /** Nothing to run: a clause only the other database has (postgresOnly). */
  readonly empty: boolean;
}

/** A statement as one database takes it: its text between the parameters, and the parameters. */
export interface Rendered extends Compiled {
  compiled: Compiled;
  params: unknown[];
}

/** Where a signature has a parameter, and where a part only one database writes. */
const PARAM = Symbol("param");
const EITHER = Symbol("dialectal");

/**
 * Collects the statement's parameters, in order, as `dialect` writes it, and its signature: the
 * templates in it (by identity: a call site's, or a helper's kept one), the names, where the
 * parameters go. The same signature is the same text.
 */
function walk(statement: Sql, dialect: Dialect, signature: unknown[], params: unknown[]): void {
  signature.push(statement.strings);
  for (const value of statement.values) {
    if (!(value instanceof Part)) {
      signature.push(PARAM);
      params.push(value);
    } else if (value instanceof Sql) walk(value, dialect, signature, params);
    else if (value instanceof Dialectal) {
      signature.push(EITHER);
      walk(value.text[dialect], dialect, signature, params);
    } else if (value instanceof Name) signature.push(value.name);
    else if (dialect === "postgres") signature.push(value);
    else {
      signature.push(PARAM);
      params.push(value);
    }
  }
}

/** The text of a statement, by the template it starts with, for each signature met. */
const COMPILED: Record<Dialect, WeakMap<readonly string[], Shape[]>> = {
  sqlite: new WeakMap(),
  postgres: new WeakMap(),
};
interface Shape {
  signature: unknown[];
  compiled: Compiled;
}

function compile(statement: Sql, dialect: Dialect): Compiled {
  const parts = [""];
  const append = (part: Sql) => {
    part.strings.forEach((text, i) => {
      parts[parts.length - 1] += text;
      if (i >= part.values.length) return;
      const value = part.values[i];
      if (value instanceof Sql) append(value);
      else if (value instanceof Dialectal) append(value.text[dialect]);
      else if (value instanceof Name) parts[parts.length - 1] += quoted(value.name);
      else if (value instanceof InsertedId && dialect === "postgres") {
        parts[parts.length - 1] += `currval(pg_get_serial_sequence('${value.table}', 'id'))`;
      } else parts.push("");
    });
  };
  append(statement);
  const text = parts.join("?");
  return { text, parts: Object.assign(parts, { raw: parts }), empty: text.trim() === "" };
}

/** The statement in `dialect`'s text, its values as given (each database encodes its own). */
export function render(statement: Sql, dialect: Dialect): Rendered {
  // Most statements are a template of parameters alone: their text is the template's.
  if (isFlat(statement.values)) {
    let compiled = FLAT[dialect].get(statement.strings);
    if (!compiled) {
      compiled = compile(statement, dialect);
      FLAT[dialect].set(statement.strings, compiled);
    }
    return rendered(compiled, statement.values as unknown[]);
  }
  const signature: unknown[] = [];
  const params: unknown[] = [];
  walk(statement, dialect, signature, params);
  const known = COMPILED[dialect].get(statement.strings) ?? [];
  for (const one of known) {
    if (same(one.signature, signature)) return rendered(one.compiled, params);
  }
  const compiled = compile(statement, dialect);
  // A template met with parts of ever new shapes (lists of every length) keeps the latest.
  COMPILED[dialect].set(statement.strings, [{ signature, compiled }, ...known.slice(0, 63)]);
  return rendered(compiled, params);
}

const rendered = (compiled: Compiled, params: unknown[]): Rendered => ({
  compiled,
  text: compiled.text,
  parts: compiled.parts,
  empty: compiled.empty,
  params,
});

function isFlat(values: readonly unknown[]): boolean {
  for (const value of values) if (value instanceof Part) return false;
  return true;
}

/** The texts of the templates of parameters alone. */
const FLAT: Record<Dialect, WeakMap<readonly string[], Compiled>> = {
  sqlite: new WeakMap(),
  postgres: new WeakMap(),
};

function same(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Whether a value goes to a JSON column: a list or a plain object. */
export function isJson(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
