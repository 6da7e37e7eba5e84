import { z } from "zod";
import {
  openStore as openDatabase,
  resolveDatabase,
  shownDatabase,
  storeExists,
} from "../../server/store/open-store.ts";
import { type Store, StoreUnavailableError } from "../../server/store/store.ts";
import type { Context } from "../context.ts";
import { UserError } from "../errors.ts";

/** The output formats of the secretary's listings. */
export const formatOption = z
  .enum(["table", "csv", "json"], { error: "use table, csv or json" })
  .default("table");

export const dbOption = z.string().min(1).default("var/lodge.db");

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

/** A moment as the listings show it: '2027-12-20 15:00' (UTC). */
export function minute(at: Date): string {
  return at.toISOString().slice(0, 16).replace("T", " ");
}

/**
 * The database `lodge serve` keeps, opened beside a running server: both may read and write it,
 * each write waiting for the other's. Refuses a database that does not exist yet.
 */
export function openStore(ctx: Context, db: string): Store {
  const place = resolveDatabase(db, ctx.cwd);
  if (!storeExists(place)) {
    throw new UserError(
      `${db} does not exist yet: lodge serve creates it when the first RSVP or message arrives (give another with --db FILE).`,
    );
  }
  return openDatabase(place);
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

/** Runs `work` on the store, closing it whatever happens. */
export async function withStore<T>(
  ctx: Context,
  db: string,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const store = openStore(ctx, db);
  try {
    return await work(store);
  } catch (error) {
    throw unavailable(db, error);
  } finally {
    await store.close();
  }
}
