import type { Tx } from "../db/database.ts";
import { list, sql, values } from "../db/sql.ts";

/**
 * The announcements' mail as the outbox, the roll and the timed erasure know it, apart from the
 * lists themselves (announcements.ts), which queue through the outbox: its kinds, and the bounce
 * that a refusal for good marks, in the transaction that gives the mail up.
 */

/** The kind of an announcement's mail in the outbox; its source_id is the announcement's id. */
export const ANNOUNCEMENT_KIND = "announcement";
/** The kind of the mail that asks a friend to confirm his address. */
export const FRIEND_CONFIRM_KIND = "friend-confirm";

/** Gives up the lists' mail not yet sent to `address`: he left, or it bounced. */
export async function dropPendingTo(
  tx: Tx,
  address: string,
  why: string,
  now: Date,
): Promise<void> {
  await tx.run(sql`UPDATE outbox SET status = 'failed', failed_at = ${now}, reported_at = ${now},
    last_error = ${why} WHERE kind IN (${list([ANNOUNCEMENT_KIND, FRIEND_CONFIRM_KIND])})
    AND recipient = ${address}
    AND status = 'pending'`);
}

/** Marks `address` bounced in the transaction that gives an announcement to it up. */
export async function markBounced(tx: Tx, address: string, reason: string, now: Date) {
  await tx.run(sql`INSERT INTO bounces ${values({ address, bounced_at: now, reason })}
    ON CONFLICT (address) DO NOTHING`);
  await dropPendingTo(tx, address, "the address bounced an earlier announcement", now);
}
