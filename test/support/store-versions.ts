import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";
import postgres from "postgres";
import { MIGRATIONS } from "../../server/store/migrations.ts";

/**
 * Databases as a release at migration `version` left them (0: before the first), for the tests of
 * what opening them with this lodge does: the store brings them up to date.
 */

/** A SQLite database in `path` at `version`, still open. */
export function sqliteAtVersion(path: string, version: number): DatabaseSync {
  mkdirSync(dirname(path), { recursive: true });
  const db = new DatabaseSync(path);
  db.exec(
    "CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  for (const step of MIGRATIONS.sqlite.filter((m) => m.version <= version)) {
    db.exec(step.sql);
    db.prepare("INSERT INTO schema_migrations VALUES (?, ?, '2026-01-01')").run(
      step.version,
      step.name,
    );
  }
  return db;
}

/** The PostgreSQL database (or schema) at `place` at `version`, and a connection to it. */
export async function postgresAtVersion(place: string, version: number) {
  const sql = postgres(place, { max: 1, onnotice: () => {} });
  await sql`CREATE TABLE schema_migrations (version integer PRIMARY KEY, name text NOT NULL,
    applied_at timestamptz NOT NULL)`;
  for (const step of MIGRATIONS.postgres.filter((m) => m.version <= version)) {
    await sql.unsafe(step.sql);
    await sql`INSERT INTO schema_migrations VALUES (${step.version}, ${step.name}, '2026-01-01')`;
  }
  return sql;
}
