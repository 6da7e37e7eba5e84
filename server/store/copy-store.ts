import { dumpCounts } from "./rows.ts";
import { STORE_TABLES, type Store, type StoreDump, type StoreTable } from "./store.ts";

/** Rows copied, table by table. */
export type CopyCounts = Record<StoreTable, number>;

/**
 * Writes every row of `dump` (another store's) into `to`, which must be empty, in one
 * transaction, ids kept; then reads `to` back and checks that each table holds as many rows.
 */
export async function copyInto(dump: StoreDump, to: Store): Promise<CopyCounts> {
  await to.restore(dump);
  const expected = dumpCounts(dump);
  const found = dumpCounts(await to.dump());
  const wrong = STORE_TABLES.filter((table) => found[table] !== expected[table]);
  if (wrong.length > 0) {
    throw new Error(
      `the copy does not hold what was copied: ${wrong.map((t) => `${t} ${found[t]} of ${expected[t]}`).join(", ")}`,
    );
  }
  return expected;
}
