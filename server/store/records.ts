import { identityOf, type LodgeIdentity } from "../../core/places.ts";
import { read, write } from "../db/database.ts";
import { name, postgresOnly, sql, values } from "../db/sql.ts";
import { dumpCounts, dumpRows, lodgeIdentityOf, TABLE_KEYS } from "./rows.ts";

/** The database as a whole: the lodge it belongs to, and every row, for `lodge migrate-store`. */

/** The tables a store keeps, in the order a copy writes them. */
export const STORE_TABLES = [
  "event_rsvps",
  "social_rsvps",
  "contact_messages",
  "outbox",
  "idempotency_keys",
  "spent_form_tokens",
  "reminders",
  "erasures",
  "waitlist",
  "members",
  "member_answers",
  "summonses",
  "caterer_mail",
  "visitors",
  "attendance",
  "almoner_notices",
  "friends",
  "bounces",
  "announcements",
] as const;
export type StoreTable = (typeof STORE_TABLES)[number];

/**
 * Every row of every table, ids included: moments as Date, flags as boolean, JSON parsed, mail
 * bodies as Buffer, whichever database they came from.
 */
export type StoreDump = Record<StoreTable, Record<string, unknown>[]>;

/** Rows copied, table by table. */
export type CopyCounts = Record<StoreTable, number>;

/** Rows a statement writes at most: under both databases' limits of parameters. */
const ROWS_AT_ONCE = 500;

export const recordOperations = {
  /** The lodge the database belongs to, once a server of one has used it. */
  lodgeIdentity: read(async (query) => {
    const row = await query.one(sql`SELECT value FROM lodge_meta WHERE key = 'lodge'`);
    return row ? lodgeIdentityOf(row.value) : undefined;
  }),
  /** Records the lodge the database belongs to (its name may have changed since). */
  claimLodge: write(async (tx, identity: LodgeIdentity) => {
    await tx.run(sql`INSERT INTO lodge_meta ${values({ key: "lodge", value: identityOf(identity) })}
      ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
  }),
  /** Every row of every table (cancelled and replaced RSVPs, sent mail and all). */
  dump: read(async (query) => {
    const dump = {} as StoreDump;
    for (const table of STORE_TABLES) {
      dump[table] = dumpRows(table, await query.all(sql`SELECT * FROM ${name(table)}`));
    }
    return dump;
  }),
  /**
   * Writes `dump` into this store in one transaction, ids kept, so that new rows number on
   * after them. Refuses (writing nothing) when the store already holds any row.
   */
  restore: write(async (tx, dump: StoreDump) => {
    for (const table of STORE_TABLES) {
      if (await tx.one(sql`SELECT 1 AS found FROM ${name(table)} LIMIT 1`)) {
        throw new Error(`the database already holds data (${table}); copy into an empty one`);
      }
    }
    for (const table of STORE_TABLES) {
      const rows = dump[table];
      for (let i = 0; i < rows.length; i += ROWS_AT_ONCE) {
        await tx.run(sql`INSERT INTO ${name(table)} ${values(rows.slice(i, i + ROWS_AT_ONCE))}`);
      }
      // PostgreSQL numbers on from its sequence; SQLite from the highest id.
      if (!TABLE_KEYS[table]) {
        await tx.run(
          postgresOnly(sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'),
          (SELECT COALESCE(MAX(id), 0) + 1 FROM ${name(table)}), false)`),
        );
      }
    }
  }),
};

/**
 * Copies `dump` (another store's) into an empty store, in one transaction, ids kept; then reads
 * the copy back and checks that each table holds as many rows.
 */
export async function copyInto(
  dump: StoreDump,
  to: { restore(dump: StoreDump): Promise<void>; dump(): Promise<StoreDump> },
): Promise<CopyCounts> {
  await to.restore(dump);
  const expected = dumpCounts(dump);
  const found = dumpCounts(await to.dump());
  const wrong = STORE_TABLES.filter((table) => found[table] !== expected[table]);
  if (wrong.length > 0) {
    const counts = wrong.map((t) => `${t} ${found[t]} of ${expected[t]}`).join(", ");
    throw new Error(`the copy does not hold what was copied: ${counts}`);
  }
  return expected;
}
