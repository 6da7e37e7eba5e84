import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Migration } from "../db/migrate.ts";
import type { Dialect } from "../db/sql.ts";

/**
 * The schema, one step per version and database, in migrations/<dialect>/<version>-<what>.sql;
 * its first line names it (`-- what it does`), as schema_migrations records it. A step is never
 * edited once released: a change is a new step, so every database, however old, reaches the
 * same schema by running the steps it lacks. The two databases' steps differ where their DDL
 * does (PostgreSQL's first is SQLite's second in its types); schema.test.ts holds the schemas
 * they build to one another, column by column.
 */

const FOLDER = join(import.meta.dirname, "migrations");

function stepsOf(dialect: Dialect): readonly Migration[] {
  const folder = join(FOLDER, dialect);
  return readdirSync(folder)
    .filter((file) => /^\d+-.*\.sql$/.test(file))
    .map((file) => {
      const sql = readFileSync(join(folder, file), "utf8");
      return {
        version: Number.parseInt(file, 10),
        name: (/^-- (.+)\n/.exec(sql)?.[1] ?? file).trim(),
        sql,
      };
    })
    .sort((a, b) => a.version - b.version);
}

export const MIGRATIONS: Record<Dialect, readonly Migration[]> = {
  sqlite: stepsOf("sqlite"),
  postgres: stepsOf("postgres"),
};
