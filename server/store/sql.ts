/**
 * One way to write a statement for both databases: a tagged template whose values become
 * parameters (`?` for SQLite, `$1` for PostgreSQL), whose nested statements and names are
 * spliced in, and whose few clauses only one database has are said once (`postgresOnly`). Each
 * database turns the neutral values into its own: moments, flags, JSON and bytes.
 */

/** The databases a store runs on. */
export type Dialect = "sqlite" | "postgres";

/** A statement, or a part of one. */
export class Sql {
  readonly strings: readonly string[];
  readonly values: readonly unknown[];
  constructor(strings: readonly string[], values: readonly unknown[]) {
    this.strings = strings;
    this.values = values;
  }
}

/** A part written otherwise for each database. */
class Dialectal {
  readonly text: Record<Dialect, Sql>;
  constructor(text: Record<Dialect, Sql>) {
    this.text = text;
  }
}

/** A table's or a column's name, quoted. */
class Name {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
}

export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return new Sql(strings, values);
}

const EMPTY = sql``;

/** A name from the code (never from a visitor) as an identifier. */
export const name = (identifier: string) => new Name(identifier);

/** A part each database writes its own way. */
export const dialectal = (text: Record<Dialect, Sql>): Sql => sql`${new Dialectal(text)}`;

/** A clause only PostgreSQL needs (its row locks: SQLite's one writer holds the whole file). */
export const postgresOnly = (text: Sql): Sql => dialectal({ sqlite: EMPTY, postgres: text });

/** Locks the rows read until the transaction ends (PostgreSQL; SQLite's writer has them all). */
export const FOR_UPDATE = postgresOnly(sql`FOR UPDATE`);

const quoted = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/** `parts` one after another, `separator` between them (each a parameter, or a part): `IN (...)`. */
export function list(parts: readonly unknown[], separator = ", "): Sql {
  if (parts.length === 0) return sql`NULL`;
  return new Sql(["", ...parts.slice(1).map(() => separator), ""], parts);
}

/**
 * `(a, b) VALUES (?, ?), (?, ?)`: the columns of the first row, every row's values. Written flat
 * (no part within a part): an RSVP inserts a few rows, and this runs on the database's thread.
 */
export function values(rows: Record<string, unknown> | readonly Record<string, unknown>[]): Sql {
  const list: readonly Record<string, unknown>[] = Array.isArray(rows) ? rows : [rows];
  const columns = Object.keys(list[0] ?? {});
  const strings = [`(${columns.map(quoted).join(", ")}) VALUES (`];
  const params: unknown[] = [];
  list.forEach((row, r) => {
    columns.forEach((column, c) => {
      params.push(row[column]);
      strings.push(c < columns.length - 1 ? ", " : r < list.length - 1 ? "), (" : ")");
    });
  });
  return new Sql(strings, params);
}

/** `a = ?, b = ?` for an UPDATE. */
export function set(row: Record<string, unknown>): Sql {
  const columns = Object.keys(row);
  const strings = columns.map((column, i) => `${i === 0 ? "" : ", "}${quoted(column)} = `);
  return new Sql([...strings, ""], Object.values(row));
}

/**
 * The id the last row inserted into `table` in this transaction was given, as the database
 * knows it: statements sent behind the insert name it without waiting a round trip for it to
 * come back. SQLite's one writer has just given the table its highest id.
 */
export const insertedId = (table: string): Sql =>
  dialectal({
    sqlite: sql`(SELECT MAX(id) FROM ${name(table)})`,
    postgres: sql`currval(pg_get_serial_sequence(${table}, 'id'))`,
  });

/** A statement as one database takes it: text between its parameters, and the parameters. */
export interface Rendered {
  parts: string[];
  params: unknown[];
}

/** The statement in `dialect`'s text, its values as given (each database encodes its own). */
export function render(statement: Sql, dialect: Dialect): Rendered {
  const rendered: Rendered = { parts: [""], params: [] };
  const append = (text: string) => {
    rendered.parts[rendered.parts.length - 1] += text;
  };
  const walk = (part: Sql) => {
    part.strings.forEach((text, i) => {
      append(text);
      if (i >= part.values.length) return;
      const value = part.values[i];
      if (value instanceof Sql) walk(value);
      else if (value instanceof Dialectal) walk(value.text[dialect]);
      else if (value instanceof Name) append(quoted(value.name));
      else {
        rendered.params.push(value);
        rendered.parts.push("");
      }
    });
  };
  walk(statement);
  return rendered;
}

/** Whether a value goes to a JSON column: a list or a plain object. */
export function isJson(value: unknown): value is object {
  if (value === null || typeof value !== "object") return false;
  const prototype = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}
