import { join } from "node:path";
import { openPostgresStore, sqliteStore } from "../server/store/open-store.ts";
import type { Store } from "../server/store/store.ts";
import { startCluster } from "../test/support/postgres-cluster.ts";

/**
 * `measure` run on a SQLite file in `scratch` named `file`, then on PostgreSQL in a durable
 * cluster of its own (stopped after), both opened at `now`: a bench's figures on each store.
 */
export async function onBothStores<T>(
  scratch: string,
  file: string,
  now: Date,
  measure: (name: string, store: Store) => Promise<T>,
): Promise<T[]> {
  const sqlite = sqliteStore(join(scratch, file), now);
  const figures = [await measure("SQLite", sqlite)];
  await sqlite.close();
  const cluster = await startCluster({ durable: true });
  try {
    const postgres = await openPostgresStore(await cluster.place(), now);
    figures.push(await measure("PostgreSQL", postgres));
    await postgres.close();
  } finally {
    await cluster.stop();
  }
  return figures;
}
