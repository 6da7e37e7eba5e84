import type { MealCount } from "../../core/rules/rsvp-payload.ts";
import { decideRsvpSeats, type SeatLimits } from "../../core/rules/seats.ts";
import { lookup, read, write } from "../db/database.ts";
import { insertedId, name, type Sql, sql } from "../db/sql.ts";
import { confirmByOf, confirmedClientSeats, currentRsvp, mailLinkAgain } from "./holds.ts";
import { eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import { type OutboxMail, withFound } from "./outbox.ts";
import type { SocialRsvpRecord } from "./outings.ts";
import { cancelledRsvp, eventRsvp, eventRsvpState, partyColumns } from "./rows.ts";
import {
  insertSubmission,
  previousAnswer,
  type Stored,
  type StoredResponse,
  type Submission,
  type SubmitOutcome,
} from "./submissions.ts";
import { replaceEntryByRsvp, type WaitingAddress, waitingAddressOf } from "./waitlist.ts";

/** The RSVPs to events, and the seats they take under each event's limit. */

export type { MealCount };

export interface EventRsvpRecord {
  eventId: string;
  firstName: string;
  lastName: string;
  masonicTitle: string;
  email: string;
  attendees: number;
  dinner: boolean;
  meals: number;
  mealCounts: MealCount[];
  /** The member of the roll whose answer to the summons this RSVP is; none for a visitor's. */
  memberId?: number | undefined;
}

/** The two kinds of RSVP: to an event (with its dinner), to a social outing. */
export type RsvpKind = "event" | "social";
/** The record each kind of RSVP keeps. */
export interface RsvpRecords {
  event: EventRsvpRecord;
  social: SocialRsvpRecord;
}

/**
 * Where an RSVP stands: counted (`confirmBy` set on the stored RSVP while it awaits its visitor's
 * confirmation), replaced by a newer one of the same address (as RSVPs were before an address's
 * second RSVP stopped replacing its first), cancelled, or lapsed (never confirmed: its seats went
 * back when its hold ended).
 */
export type RsvpState = "current" | "replaced" | "cancelled" | "lapsed";

/** Who cancelled an RSVP: its visitor with their manage link, or the secretary. */
export type CancelledBy = "visitor" | "secretary";

/**
 * A cancelled RSVP, as the secretary's listing shows it; `by` unknown for the oldest, and
 * 'unconfirmed' for one whose hold for a confirmation ended (lapsed).
 */
export interface CancelledRsvp extends Stored<EventRsvpRecord> {
  cancelledAt: Date;
  cancelledBy: CancelledBy | "member" | "unconfirmed" | undefined;
}

/** The RSVP a manage link names, whatever has become of it since. */
export interface ManagedEventRsvp {
  rsvp: Stored<EventRsvpRecord>;
  state: RsvpState;
}

/** The limits an RSVP is stored within; core's capacity rule decides with them. */
export type RsvpLimits = SeatLimits;

/** What the event RSVP route reads before it composes the mails of a new RSVP. */
export interface EventRsvpSituation {
  /**
   * The address's entry on the event's waiting list (in line or offered seats), which a new RSVP
   * takes the place of: seats its offer holds are the RSVP's, and those the RSVP leaves go down
   * the line with it.
   */
  waitlist?: WaitingAddress | undefined;
}

/**
 * What an event RSVP's write counts, under the event's lock, and writes into the orders of the
 * RSVP's mails (withFound): the notice is composed after the answer, but tells the figures as
 * the write left them.
 */
export interface EventRsvpFound {
  /**
   * Seats the sender's address holds for the event once the RSVP is stored. Read before the
   * write, several RSVPs sent at once from one address each counted only what was stored before
   * them, and no notice told the secretary that together they took more than a quarter.
   */
  clientSeats: number;
}

/**
 * What the write that mails an address's RSVP link again finds: when the RSVP's hold ends (ISO),
 * while it awaits confirmation, so the mail asks to confirm it rather than to change it.
 */
export interface LinkAgainFound {
  confirmBy?: string;
}

export interface EventRsvpSubmission extends Submission<EventRsvpRecord> {
  /**
   * A keyed hash of the client's network address (never the address itself): the seats one
   * address holds for an event are capped.
   */
  clientKey: string;
  /**
   * The address's waiting-list entry, which the RSVP takes the place of, as read in the situation
   * ('none' for none): the secretary's notice tells whether it waited or held an offer. Checked
   * in the write (situationAsRead); unset, it is not checked.
   */
  entry?: WaitingAddress["state"] | "none" | undefined;
  /**
   * What the RSVP becomes when it would pass the seats its network address may hold (a hall on
   * one connection, or invented addresses): stored all the same, holding its seats until `until`
   * (counted against the guest limit, as an offer's are), with these mails (the link to confirm
   * it) and this answer instead of `mails` and `response`. Confirmed (confirmEventRsvp), it is an
   * RSVP like any other; unconfirmed, the next settle of its event lapses it. Unset, such an RSVP
   * is answered `confirm` and not stored: nearly every RSVP fits, and need not carry it.
   */
  unconfirmed?: { until: Date; mails: OutboxMail[]; response: StoredResponse } | undefined;
  /**
   * When the e-mail address holds a current RSVP for the event already, nothing replaces it: the
   * store queues these mails about that RSVP (a link to it again: `confirmBy` is written into
   * their orders while it awaits confirmation) and lets this token's hash open it too, beside
   * its first link (and instead of any link mailed again before), unless a mail of their kind went
   * to it within `withinMs`. Unset, the RSVP is answered `exists` all the same, mailing nothing.
   */
  linkAgain?: { tokenHash: string; mails: OutboxMail[]; withinMs: number } | undefined;
}

export type EventRsvpOutcome =
  | SubmitOutcome
  /** Accepting it would pass the guest limit; `taken` seats are already reserved. */
  | { kind: "full"; taken: number; limit: number }
  /**
   * The e-mail address holds a current RSVP for the event already (`confirmBy` set while it
   * awaits confirmation): nothing was stored, and its holder was mailed the link again
   * (`mailed`) unless a link went to it within the hour; `mailed` is unset when the submission
   * brought no link to mail (see EventRsvpSubmission.linkAgain).
   */
  | { kind: "exists"; mailed?: boolean | undefined; confirmBy?: Date | undefined }
  /**
   * Accepting it would pass the seats its network address may hold (`taken` of `limit`), and the
   * submission brought nothing to hold them with (EventRsvpSubmission.unconfirmed): nothing was
   * stored. Send it again with `unconfirmed`.
   */
  | { kind: "confirm"; taken: number; limit: number }
  /**
   * The address's entry on the waiting list is no longer as the submission's notice tells it (it
   * was offered seats, or left, since the route looked): nothing was stored; look again.
   */
  | { kind: "stale" };

/** The seats an open offer to the address holds (none while it waits): its own RSVP's to take. */
export function seatsHeldBy(entry: WaitingAddress | undefined): number {
  return entry?.state === "offered" ? entry.attendees : 0;
}

/**
 * Whether an RSVP's write finds the address's entry on the waiting list as the server read it,
 * and as its notice tells it (`entry`). Otherwise the write is `stale`, and read again.
 */
export function situationAsRead(
  submission: Pick<EventRsvpSubmission, "entry">,
  entry: WaitingAddress | undefined,
): boolean {
  const told = submission.entry;
  return told === undefined || told === (entry?.state ?? "none");
}

const forEvent = (eventId: string | undefined): Sql =>
  eventId === undefined ? sql`` : sql`AND event_id = ${eventId}`;

export const rsvpOperations = {
  /**
   * Stores an event RSVP and queues its mails in one transaction that holds the event's lock
   * from the start, so the counts checked against the limits are the counts the insert adds to.
   * The current RSVP of the same e-mail address for the event is replaced: its seats are freed
   * in the same transaction, and so are the seats held by an offer to the address's waiting-list
   * entry, which the RSVP takes the place of. Seats it frees go to the waiting list (`offers`).
   */
  addEventRsvp: write(
    async (
      tx,
      submission: EventRsvpSubmission,
      limits: RsvpLimits,
      offers?: WaitlistOffers,
    ): Promise<EventRsvpOutcome> => {
      const { record, receivedAt: at, unconfirmed, linkAgain } = submission;
      const { eventId, email } = record;
      // One round trip: the submission's keys looked up under their locks, then this event's
      // lock (every instance counts its seats under it, and commits before it lets go) and the
      // counts under it. Sent at once, run in this order, the order in which every transaction
      // takes its locks.
      const [previous, , current, taken, entry, client] = await Promise.all([
        previousAnswer(tx, submission),
        tx.lock("event", [eventId]),
        currentRsvp(tx, eventId, email),
        eventSeats(tx, eventId),
        waitingAddressOf(tx, eventId, email),
        confirmedClientSeats(tx, eventId, submission.clientKey),
      ]);
      if (previous) return previous;
      // Nobody replaces an address's RSVP with a form: its holder is mailed the link to it.
      if (current) {
        const mailed = linkAgain && (await mailLinkAgain(tx, current, linkAgain, at));
        return { kind: "exists", mailed, confirmBy: confirmByOf(current) };
      }
      if (!situationAsRead(submission, entry)) return { kind: "stale" };
      // Seats an offer to this address holds are its own RSVP's to take.
      const counts = { event: taken - seatsHeldBy(entry), client };
      const decision = decideRsvpSeats(record.attendees, counts, limits);
      if (decision.kind === "full") return decision;
      if (decision.kind === "confirm" && !unconfirmed) return decision;
      const held = decision.kind === "confirm" ? unconfirmed : undefined;
      const columns = {
        ...partyColumns({ ...submission, requestHash: submission.idempotency.requestHash }),
        manage_token_hash: submission.manageTokenHash ?? null,
        ...(held ? { unconfirmed_until: held.until } : {}),
      };
      const found = { clientSeats: client + record.attendees };
      // The RSVP, its mails, its keys and the waiting-list entry it takes the place of: one round
      // trip, for the event's lock is held across each.
      const [stored, left] = await Promise.all([
        insertSubmission(
          tx,
          "event_rsvps",
          columns,
          held
            ? { ...submission, mails: held.mails, response: held.response }
            : { ...submission, mails: withFound(submission.mails, found) },
        ),
        replaceEntryByRsvp(tx, { eventId, email, rsvpId: insertedId("event_rsvps"), now: at }),
      ]);
      // Fewer seats than the offer it takes the place of: the rest go down the line.
      if (left) await settle(tx, eventId, at, offers);
      return stored;
    },
  ),
  /** The entry of `email` on the event's waiting list, if it is in line or offered seats. */
  eventRsvpSituation: lookup(
    async (query, { eventId, email }: { eventId: string; email: string }) =>
      ({ waitlist: await waitingAddressOf(query, eventId, email) }) as EventRsvpSituation,
  ),
  /**
   * Seats taken per event id (current RSVPs and the seats open offers hold), for the events that
   * have any.
   */
  attendeeCounts: lookup(async (query) => {
    const rows = await query.all<{ event_id: string; n: number }>(sql`
      SELECT event_id, SUM(attendees) AS n FROM (
        SELECT event_id, seats AS attendees FROM event_seats WHERE seats > 0
        UNION ALL SELECT event_id, attendees FROM waitlist WHERE state = 'offered'
      ) taken GROUP BY event_id`);
    return new Map(rows.map((row) => [row.event_id, Number(row.n)]));
  }),
  /** The current RSVPs (neither cancelled nor replaced), by id. */
  listEventRsvps: read(async (query, eventId?: string) => {
    const rows = await query.all(
      sql`SELECT * FROM event_rsvps WHERE state = 'current' ${forEvent(eventId)} ORDER BY id`,
    );
    return rows.map(eventRsvp);
  }),
  /** The cancelled RSVPs, by id: when and by whom each was cancelled. */
  listCancelledEventRsvps: read(async (query, eventId?: string) => {
    const rows = await query.all(
      sql`SELECT * FROM event_rsvps WHERE state = 'cancelled' ${forEvent(eventId)} ORDER BY id`,
    );
    return rows.map(cancelledRsvp);
  }),
  /** One current RSVP, or undefined. */
  getEventRsvp: lookup(async (query, id: number) => {
    const row = await query.one(
      sql`SELECT * FROM event_rsvps WHERE id = ${id} AND state = 'current'`,
    );
    return row && eventRsvp(row);
  }),
  /**
   * The RSVP whose manage link's token has this hash (any state), or undefined: the link of its
   * confirmation, or the one mailed again when its form was sent once more.
   */
  findEventRsvpByToken: lookup(async (query, tokenHash: string) => {
    const row = await query.one(sql`SELECT * FROM event_rsvps
      WHERE manage_token_hash = ${tokenHash} OR resent_token_hash = ${tokenHash}`);
    return row && ({ rsvp: eventRsvp(row), state: eventRsvpState(row) } as ManagedEventRsvp);
  }),
  /** Notes the sheet write for the latest stored RSVP with this hash; false when there is none. */
  recordSheetRow: write(
    async (tx, { kind, requestHash, now }: { kind: RsvpKind; requestHash: string; now: Date }) => {
      const table = name(kind === "event" ? "event_rsvps" : "social_rsvps");
      const changed = await tx.run(sql`
        UPDATE ${table} SET sheet_recorded_at = COALESCE(sheet_recorded_at, ${now})
        WHERE id = (SELECT id FROM ${table} WHERE request_hash = ${requestHash}
          ORDER BY id DESC LIMIT 1)`);
      return changed > 0;
    },
  ),
};
