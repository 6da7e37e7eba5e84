import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { afterEach, describe, expect, it } from "vitest";
import { clusterOfThisFile } from "../../test/support/postgres-cluster.ts";
import { postgresAtVersion, sqliteAtVersion } from "../../test/support/store-versions.ts";
import { MIGRATIONS } from "./migrations.ts";
import { openPostgresStore, sqliteStore } from "./open-store.ts";
import { FLAG_COLUMNS, JSON_COLUMNS, MOMENT_COLUMNS } from "./rows.ts";

/**
 * The schema the two databases' migrations build, held to one another table by table and column
 * by column: each column's family of type (a moment, a flag, JSON...: what the store writes and
 * reads in it), whether it may be empty, its default, and each table's indexes and triggers. Built
 * from scratch and from every older version of each, the same: a column changed in one database
 * only, or a step that leaves an older database otherwise than a new one, fails here.
 */

interface Column {
  family: string;
  notNull: boolean;
  primaryKey: boolean;
  default: string | null;
}
interface Table {
  columns: Record<string, Column>;
  /** `unique? name (columns, included ones too) where <predicate's words>` */
  indexes: string[];
  triggers: string[];
}
type Schema = Record<string, Table>;

const cluster = clusterOfThisFile();
const NOW = new Date("2026-11-21T17:00:00Z");
let dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs = [];
});

/** A predicate's names and values, in order: both databases' spellings of it read the same. */
function predicate(text: string | undefined): string {
  if (!text) return "";
  const noise = new Set(["and", "or", "is", "in", "any", "array", "text", "null", "not"]);
  const words = text.toLowerCase().match(/'[^']*'|[a-z_]+/g) ?? [];
  return ` where ${words.filter((word) => !noise.has(word)).join(" ")}`;
}

/** A default in the store's neutral words: a flag's 1 or 0, text without its cast. */
function defaultOf(column: string, text: string | null): string | null {
  if (text === null) return null;
  const plain = text.replace(/::[a-z ]+$/i, "");
  if (FLAG_COLUMNS.has(column)) return plain === "true" || plain === "1" ? "1" : "0";
  return plain;
}

function sqliteFamily(column: string, declared: string): string {
  const type = declared.toUpperCase();
  if (type === "INTEGER") return FLAG_COLUMNS.has(column) ? "flag" : "integer";
  if (type === "TEXT") {
    return MOMENT_COLUMNS.has(column) ? "moment" : JSON_COLUMNS.has(column) ? "json" : "text";
  }
  return type === "BLOB" ? "bytes" : `unknown ${declared}`;
}

const POSTGRES_FAMILIES: Record<string, string> = {
  integer: "integer",
  bigint: "integer",
  text: "text",
  "timestamp with time zone": "moment",
  boolean: "flag",
  jsonb: "json",
  bytea: "bytes",
};

function sqliteSchema(file: string): Schema {
  const db = new DatabaseSync(file, { readOnly: true });
  const all = <T>(text: string, ...params: string[]) => db.prepare(text).all(...params) as T[];
  const schema: Schema = {};
  const tables = all<{ name: string }>(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
  );
  for (const { name } of tables) {
    const columns = all<{
      name: string;
      type: string;
      notnull: number;
      dflt_value: string | null;
      pk: number;
    }>(`PRAGMA table_info("${name}")`);
    const indexes = all<{ name: string; unique: number; origin: string }>(
      `PRAGMA index_list("${name}")`,
    )
      .filter((index) => index.origin !== "pk")
      .map((index) => {
        const keys = all<{ name: string }>(`PRAGMA index_info("${index.name}")`).map((k) => k.name);
        const [created] = all<{ sql: string | null }>(
          "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?",
          index.name,
        );
        const where = /\bWHERE\b([\s\S]*)$/i.exec(created?.sql ?? "")?.[1];
        const named = index.origin === "c" ? `${index.name} ` : "";
        return `${index.unique ? "unique " : ""}${named}(${keys.join(", ")})${predicate(where)}`;
      });
    const triggers = all<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?",
      name,
    ).map((trigger) => trigger.name);
    schema[name] = {
      columns: Object.fromEntries(
        columns.map((c) => [
          c.name,
          {
            family: sqliteFamily(c.name, c.type),
            // An INTEGER PRIMARY KEY is the rowid: never empty, though SQLite does not say so.
            notNull: c.notnull === 1 || c.pk > 0,
            primaryKey: c.pk > 0,
            default: defaultOf(c.name, c.dflt_value),
          },
        ]),
      ),
      indexes: indexes.sort(),
      triggers: triggers.sort(),
    };
  }
  db.close();
  return schema;
}

async function postgresSchema(place: string): Promise<Schema> {
  const sql = postgres(place, { max: 1, onnotice: () => {} });
  const columns = await sql<
    { table: string; column: string; type: string; nullable: string; default: string | null }[]
  >`SELECT table_name AS table, column_name AS column, data_type AS type,
      is_nullable AS nullable, column_default AS default
    FROM information_schema.columns WHERE table_schema = current_schema()`;
  const keys = await sql<{ table: string; column: string }[]>`
    SELECT t.relname AS table, a.attname AS column FROM pg_index i
    JOIN pg_class t ON t.oid = i.indrelid
    JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = ANY (i.indkey)
    WHERE i.indisprimary AND t.relnamespace = current_schema()::regnamespace`;
  const indexes = await sql<
    { table: string; name: string; definition: string; constraint: boolean }[]
  >`
    SELECT t.relname AS table, c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition,
      EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) AS constraint
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_class c ON c.oid = i.indexrelid
    WHERE NOT i.indisprimary AND t.relnamespace = current_schema()::regnamespace`;
  const triggers = await sql<{ table: string; name: string }[]>`
    SELECT DISTINCT event_object_table AS table, trigger_name AS name
    FROM information_schema.triggers WHERE trigger_schema = current_schema()`;
  await sql.end();
  const schema: Schema = {};
  const tableOf = (name: string) => {
    schema[name] ??= { columns: {}, indexes: [], triggers: [] };
    return schema[name];
  };
  for (const c of columns) {
    tableOf(c.table).columns[c.column] = {
      family: POSTGRES_FAMILIES[c.type] ?? `unknown ${c.type}`,
      notNull: c.nullable === "NO",
      primaryKey: keys.some((key) => key.table === c.table && key.column === c.column),
      default: defaultOf(c.column, c.default),
    };
  }
  for (const index of indexes) {
    const [, unique, on, include, where] =
      /^CREATE (UNIQUE )?INDEX \S+ ON \S+ USING btree \(([^)]*)\)(?: INCLUDE \(([^)]*)\))?(?: WHERE (.*))?$/.exec(
        index.definition,
      ) ?? [];
    const columnsOf = [on, include].filter(Boolean).join(", ");
    const named = index.constraint ? "" : `${index.name} `;
    tableOf(index.table).indexes.push(
      `${unique ? "unique " : ""}${named}(${columnsOf})${predicate(where)}`,
    );
  }
  for (const trigger of triggers) tableOf(trigger.table).triggers.push(trigger.name);
  for (const table of Object.values(schema)) {
    table.indexes.sort();
    table.triggers.sort();
  }
  return schema;
}

/** What differs between the two schemas, one line each, naming the table and column. */
function differences(sqlite: Schema, postgresql: Schema): string[] {
  const found: string[] = [];
  const names = (a: object, b: object) =>
    [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  for (const table of names(sqlite, postgresql)) {
    const [a, b] = [sqlite[table], postgresql[table]];
    if (!a || !b) {
      found.push(`${table}: only in ${a ? "SQLite" : "PostgreSQL"}`);
      continue;
    }
    for (const column of names(a.columns, b.columns)) {
      const [x, y] = [a.columns[column], b.columns[column]];
      if (!x || !y) found.push(`${table}.${column}: only in ${x ? "SQLite" : "PostgreSQL"}`);
      else {
        for (const key of ["family", "notNull", "primaryKey", "default"] as const) {
          if (x[key] !== y[key]) {
            found.push(`${table}.${column}: ${key} ${x[key]} in SQLite, ${y[key]} in PostgreSQL`);
          }
        }
      }
    }
    for (const [what, x, y] of [
      ["index", a.indexes, b.indexes],
      ["trigger", a.triggers, b.triggers],
    ] as const) {
      for (const one of x.filter((item) => !y.includes(item))) {
        found.push(`${table}: ${what} ${one} only in SQLite`);
      }
      for (const one of y.filter((item) => !x.includes(item))) {
        found.push(`${table}: ${what} ${one} only in PostgreSQL`);
      }
    }
  }
  return found;
}

function sqliteFile(): string {
  const dir = mkdtempSync(join(tmpdir(), "lodge-schema-"));
  dirs.push(dir);
  return join(dir, "lodge.db");
}

/** The schema of a SQLite database at `version` (0: new), once the store has opened it. */
async function sqliteFrom(version: number): Promise<Schema> {
  const file = sqliteFile();
  sqliteAtVersion(file, version).close();
  await sqliteStore(file, NOW).close();
  return sqliteSchema(file);
}

/** The same of a PostgreSQL database. */
async function postgresFrom(version: number): Promise<Schema> {
  const place = await cluster().place();
  await (await postgresAtVersion(place, version)).end();
  await (await openPostgresStore(place, NOW)).close();
  return postgresSchema(place);
}

const FROM = { SQLite: sqliteFrom, PostgreSQL: postgresFrom };

describe("the schemas SQLite's and PostgreSQL's migrations build", () => {
  it("are the same, table by table and column by column: type family, nullability, defaults, indexes", async () => {
    expect(differences(await sqliteFrom(0), await postgresFrom(0))).toEqual([]);
  });

  it.each([
    ["SQLite", MIGRATIONS.sqlite],
    ["PostgreSQL", MIGRATIONS.postgres],
  ] as const)(
    "are the same in %s from every older version as from scratch",
    async (name, steps) => {
      const from = FROM[name];
      const scratch = await from(0);
      for (const { version } of steps) {
        const found = differences(await from(version), scratch);
        expect({ version, found }).toEqual({ version, found: [] });
      }
    },
    60_000,
  );

  it("tell a column changed in one database only, whatever changed of it", async () => {
    const sqlite = await sqliteFrom(0);
    const place = await cluster().place();
    await (await openPostgresStore(place, NOW)).close();
    const sql = postgres(place, { max: 1, onnotice: () => {} });
    await sql`ALTER TABLE event_rsvps ALTER COLUMN masonic_title DROP NOT NULL`;
    await sql`ALTER TABLE erasures ALTER COLUMN subject TYPE integer USING 0`;
    await sql`ALTER TABLE outbox ALTER COLUMN attempts SET DEFAULT 1`;
    await sql`ALTER TABLE waitlist ADD COLUMN note text`;
    await sql`DROP INDEX waitlist_offered`;
    await sql.end();
    expect(differences(sqlite, await postgresSchema(place))).toEqual([
      "erasures.subject: family text in SQLite, integer in PostgreSQL",
      "event_rsvps.masonic_title: notNull true in SQLite, false in PostgreSQL",
      "outbox.attempts: default 0 in SQLite, 1 in PostgreSQL",
      "waitlist.note: only in PostgreSQL",
      "waitlist: index waitlist_offered (event_id, attendees) where state 'offered' only in SQLite",
    ]);
  });
});
