import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgresStore, openStore } from "../../server/store/open-store.ts";
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
