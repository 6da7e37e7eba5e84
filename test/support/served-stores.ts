import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { openPostgresStore, openStore, sqliteStore } from "../../server/store/open-store.ts";
import { threadedSqliteStore } from "../../server/store/sqlite-thread.ts";
import type { Store } from "../../server/store/store.ts";
import { NOW } from "./api-harness.ts";
import { clusterOfThisFile } from "./postgres-cluster.ts";

/** A store as the app's tests serve it: a new place for it, opening it, and how many instances share it. */
export interface ServedStore {
  name: string;
  place: () => Promise<string>;
  open: (place: string) => Promise<Store>;
  instances: number;
}

/**
 * The two stores a test of the app runs on, for `describe.each`: a SQLite file in a temporary
 * folder named after `prefix`, which one process uses (as `lodge serve` is run), and a database
 * on a PostgreSQL cluster of the calling file (call this at its top level), shared by two instances.
 */
export function servedStoresOfThisFile(prefix: string): ServedStore[] {
  const cluster = clusterOfThisFile();
  return [
    {
      name: "SQLite",
      place: async () => join(mkdtempSync(join(tmpdir(), `${prefix}-`)), "lodge.db"),
      open: async (place) => openStore(place, NOW),
      instances: 1,
    },
    {
      name: "PostgreSQL",
      place: () => cluster().place(),
      open: (place) => openPostgresStore(place, NOW),
      instances: 2,
    },
  ];
}

/** A store a store test runs on: a new place for it, and opening it there. */
export interface StoreKind {
  name: string;
  place: () => Promise<string>;
  open: (place: string) => Promise<Store>;
}

/**
 * The three stores a store test runs on, for `describe.each`: SQLite in this thread, SQLite on
 * its own thread (lodge serve's), each a file in a temporary folder named after `prefix` and
 * removed after each test, and PostgreSQL on a cluster of the calling file (call this at its top
 * level), all opened at `now`.
 */
export function storeKindsOfThisFile(prefix: string, now: Date): StoreKind[] {
  const cluster = clusterOfThisFile();
  let dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    dirs = [];
  });
  const file = async () => {
    const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    dirs.push(dir);
    return join(dir, "lodge.db");
  };
  return [
    { name: "SQLite", place: file, open: async (place) => sqliteStore(place, now) },
    {
      name: "SQLite on its own thread",
      place: file,
      open: async (place) => threadedSqliteStore(place, now),
    },
    {
      name: "PostgreSQL",
      place: () => cluster().place(),
      open: (place) => openPostgresStore(place, now),
    },
  ];
}
