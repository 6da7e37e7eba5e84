import { z } from "zod";
import { anotherLodges, identityOf, lodgePlaces, sameLodge } from "../../core/places.ts";
import type { Lodge } from "../../core/schemas/index.ts";
import {
  openStore as openDatabase,
  resolveDatabase,
  shownDatabase,
  storeExists,
} from "../../server/store/open-store.ts";
import { type Store, StoreUnavailableError } from "../../server/store/store.ts";
import { type Context, shownPath } from "../context.ts";
import { UserError } from "../errors.ts";

/** The output formats of the secretary's listings. */
export const formatOption = z
  .enum(["table", "csv", "json"], { error: "use table, csv or json" })
  .default("table");

/** --db: the database `lodge serve` keeps; left out, the lodge's own (see server/places.ts). */
export const dbOption = z.string().min(1).optional();

/** The --db flag's help, the same for every secretary's command. */
export const DB_HELP =
  "the database lodge serve keeps: a SQLite file or a postgres:// URL (default: the lodge's own, var/lodge.db for --data data)";

/** A spreadsheet runs a cell that starts with = + - @ as a formula; a leading ' keeps it text. */
export function csvCell(value: string | number): string {
  const text = String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV with CRLF line ends, without the last one. */
export function csv(rows: readonly (string | number)[][]): string {
  return rows.map((row) => row.map(csvCell).join(",")).join("\r\n");
}

/** Columns padded to their widest cell, for a terminal. */
export function table(rows: readonly string[][]): string {
  const widths =
    rows[0]?.map((_, i) => Math.max(...rows.map((row) => (row[i] ?? "").length))) ?? [];
  return rows
    .map((row) =>
      row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join("  ")
        .trimEnd(),
    )
    .join("\n");
}

/** Which lodge's database a secretary's command opens: --db as given, else the lodge's own. */
export interface DatabaseChoice {
  /** --db as given. */
  db?: string | undefined;
  /** --data: the lodge's data folder. */
  data: string;
  /** The lodge, when its data loaded: a database of another lodge is then refused. */
  lodge?: Pick<Lodge, "number" | "name"> | undefined;
}

/** The --db value a command uses: as given, else the lodge's own database, as typed. */
export function databaseOf(ctx: Context, choice: DatabaseChoice): string {
  return choice.db ?? shownPath(ctx.cwd, lodgePlaces(choice.data, ctx.cwd).db);
}

/**
 * The database `lodge serve` keeps, opened beside a running server: both may read and write it,
 * each write waiting for the other's. Refuses a database that does not exist yet.
 */
export function openStore(ctx: Context, db: string, create = false): Store {
  const place = resolveDatabase(db, ctx.cwd);
  if (!create && !storeExists(place)) {
    throw new UserError(
      `${db} does not exist yet: lodge serve creates it when the first RSVP or message arrives (give another with --db FILE).`,
    );
  }
  return openDatabase(place);
}

/** Refuses a database that remembers another lodge than the one the command was given. */
export async function checkLodgeOf(
  ctx: Context,
  store: Pick<Store, "lodgeIdentity">,
  choice: DatabaseChoice & { db: string },
): Promise<void> {
  if (!choice.lodge) return;
  const owner = await store.lodgeIdentity();
  const lodge = identityOf(choice.lodge);
  if (!owner || sameLodge(owner, lodge)) return;
  const shown = shownDatabase(choice.db, (path) => path);
  throw new UserError(
    `${anotherLodges(shown, owner, lodge, "--db", databaseOf(ctx, { data: choice.data }))} Nothing was read or changed.`,
  );
}

/**
 * A database that could not be reached or written (a server down, a full disk) as the message
 * that says so, without a URL's password; any other error as it is.
 */
export function unavailable(db: string, error: unknown): unknown {
  if (!(error instanceof StoreUnavailableError)) return error;
  const cause = error.cause instanceof Error ? error.cause.message : error.message;
  return new UserError(
    `${shownDatabase(db, (path) => path)} cannot be used now (${cause}); nothing was changed. Check that the database server is running and reachable, or that its disk has space, then run this again.`,
  );
}

/**
 * Runs `work` on the lodge's database (--db, else its own), closing it whatever happens; a
 * database of another lodge is refused first.
 */
export async function withStore<T>(
  ctx: Context,
  choice: DatabaseChoice,
  work: (store: Store) => Promise<T>,
  /**
   * Makes the database when there is none yet, for the lodge (the roll is imported before the
   * first RSVP comes in); otherwise one that does not exist is refused.
   */
  create = false,
): Promise<T> {
  const db = databaseOf(ctx, choice);
  const store = openStore(ctx, db, create && choice.lodge !== undefined);
  try {
    await checkLodgeOf(ctx, store, { ...choice, db });
    if (create && choice.lodge && !(await store.lodgeIdentity())) {
      await store.claimLodge(identityOf(choice.lodge));
    }
    return await work(store);
  } catch (error) {
    throw unavailable(db, error);
  } finally {
    await store.close();
  }
}
