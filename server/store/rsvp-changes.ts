import { decideSeatChange } from "../../core/rules/seats.ts";
import { type Tx, write } from "../db/database.ts";
import { set, sql } from "../db/sql.ts";
import { eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import { type ComposedMail, queueMails } from "./outbox.ts";
import { columnsOf, eventRsvp } from "./rows.ts";
import type { CancelledBy, EventRsvpRecord } from "./rsvps.ts";
import type { Stored } from "./submissions.ts";

/**
 * Changes to an event's RSVPs: the secretary's edit or cancel, its visitor's through the manage
 * link. Each is made as its mails tell the RSVP was, under the event's lock, and the seats it
 * frees go down the waiting list in the same transaction.
 */

/** What a visitor may change of their RSVP through its manage link; the secretary, attendees. */
const CHANGED = ["attendees", "dinner", "meals", "mealCounts"] as const;
export type EventRsvpChange = Pick<EventRsvpRecord, (typeof CHANGED)[number]>;

export type ChangeOutcome =
  | { kind: "done"; before: Stored<EventRsvpRecord> }
  /** No current RSVP has this id (never had, cancelled, or replaced). */
  | { kind: "not-found" }
  | { kind: "full"; taken: number; limit: number }
  /**
   * The RSVP no longer has the attendees its mails tell it had (`told`): changed meanwhile by
   * someone else. Nothing was stored.
   */
  | { kind: "changed"; attendees: number }
  /** Seats freed would go to a waiting party whose offer mail was not made: nothing was stored. */
  | { kind: "stale" };

/** A change or cancel of a current RSVP, queued with its mails. */
export interface RsvpEdit {
  id: number;
  now: Date;
  mails: ComposedMail[];
  /** The offers of the seats it frees, in the same transaction; none offered without. */
  offers?: WaitlistOffers | undefined;
  /** The attendees its mails tell the RSVP had: one that has others now is `changed`. */
  told?: number | undefined;
}

/** `changed` when an RSVP found in a change has other attendees than its mails tell (`told`). */
export function changedSince(
  told: number | undefined,
  found: Pick<EventRsvpRecord, "attendees">,
): Extract<ChangeOutcome, { kind: "changed" }> | undefined {
  return told === undefined || told === found.attendees
    ? undefined
    : { kind: "changed", attendees: found.attendees };
}

/**
 * Runs `change` on the current RSVP of the edit under its event's lock, queues its mails and
 * passes the seats it frees down the line, in the caller's transaction.
 */
async function editing(
  tx: Tx,
  { id, now, mails, offers, told }: RsvpEdit,
  change: (before: Stored<EventRsvpRecord>) => Promise<ChangeOutcome | undefined>,
): Promise<ChangeOutcome> {
  const found = await tx.one<{ event_id: string }>(
    sql`SELECT event_id FROM event_rsvps WHERE id = ${id}`,
  );
  if (!found) return { kind: "not-found" };
  // Read once the lock is had: one round trip.
  const [, row] = await Promise.all([
    tx.lock("event", [found.event_id]),
    tx.one(sql`SELECT * FROM event_rsvps WHERE id = ${id} AND state = 'current'`),
  ]);
  if (!row) return { kind: "not-found" };
  const before = eventRsvp(row);
  const refused = changedSince(told, before.record) ?? (await change(before));
  if (refused) return refused;
  await queueMails(tx, "event_rsvps", id, mails, now);
  await settle(tx, before.record.eventId, now, offers);
  return { kind: "done", before };
}

export const rsvpChangeOperations = {
  /** Cancels a current RSVP, freeing its seats (`by` the secretary unless told otherwise). */
  cancelEventRsvp: write(async (tx, edit: RsvpEdit & { by?: CancelledBy }) =>
    editing(tx, edit, async () => {
      // Cancelled while it awaited confirmation, it is cancelled, not lapsed.
      await tx.run(sql`UPDATE event_rsvps SET state = 'cancelled', ended_at = ${edit.now},
        ended_by = ${edit.by ?? "secretary"}, unconfirmed_until = NULL WHERE id = ${edit.id}`);
      return undefined;
    }),
  ),
  /**
   * Changes the attendees of a current RSVP (the secretary's edit), and its dinner and meals
   * with them (its visitor's change), within the guest limit (seats held by open offers count as
   * taken); seats it frees go to the waiting list.
   */
  changeEventRsvp: write(
    async (
      tx,
      edit: RsvpEdit & {
        change: Partial<EventRsvpChange> & Pick<EventRsvpChange, "attendees">;
        guestLimit: number;
      },
    ) =>
      editing(tx, edit, async (before) => {
        const { change } = edit;
        const taken = await eventSeats(tx, before.record.eventId);
        const decision = decideSeatChange(
          before.record.attendees,
          change.attendees,
          taken,
          edit.guestLimit,
        );
        if (decision.kind !== "fits") return decision;
        const fields = CHANGED.filter((field) => change[field] !== undefined);
        await tx.run(
          sql`UPDATE event_rsvps SET ${set(columnsOf(change, fields))} WHERE id = ${edit.id}`,
        );
        return undefined;
      }),
  ),
};
