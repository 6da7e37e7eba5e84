import type { MealCount } from "../../core/rules/rsvp-payload.ts";
import { clientSeatsAfter, decideRsvpSeats, type SeatLimits } from "../../core/rules/seats.ts";
import { lookup, type Query, read, write } from "./database.ts";
import { eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import type { OutboxMail } from "./outbox.ts";
import type { SocialRsvpRecord } from "./outings.ts";
import { cancelledRsvp, columnsOf, EVENT_RSVP_FIELDS, eventRsvp } from "./rows.ts";
import { changedSince } from "./rsvp-changes.ts";
import { insertedId, name, type Sql, sql } from "./sql.ts";
import {
  insertSubmission,
  previousAnswer,
  type Stored,
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
}

/** The two kinds of RSVP: to an event (with its dinner), to a social outing. */
export type RsvpKind = "event" | "social";
/** The record each kind of RSVP keeps. */
export interface RsvpRecords {
  event: EventRsvpRecord;
  social: SocialRsvpRecord;
}

/** Where an RSVP stands: counted, replaced by a newer one of the same address, or cancelled. */
export type RsvpState = "current" | "replaced" | "cancelled";

/** Who cancelled an RSVP: its visitor with their manage link, or the secretary. */
export type CancelledBy = "visitor" | "secretary";

/** A cancelled RSVP, as the secretary's listing shows it; `by` unknown for the oldest. */
export interface CancelledRsvp extends Stored<EventRsvpRecord> {
  cancelledAt: Date;
  cancelledBy: CancelledBy | undefined;
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
  /** The current RSVP of this e-mail address for the event, which a new one replaces. */
  current?: { id: number; attendees: number; sameClient: boolean } | undefined;
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

/** An RSVP's mails with what its write found in their orders (composed mails as they are). */
export function withFound(mails: readonly OutboxMail[], found: EventRsvpFound): OutboxMail[] {
  return mails.map((mail) =>
    "order" in mail ? { ...mail, order: { ...mail.order, ...found } } : mail,
  );
}

export interface EventRsvpSubmission extends Submission<EventRsvpRecord> {
  /**
   * A keyed hash of the client's network address (never the address itself): the seats one
   * address holds for an event are capped.
   */
  clientKey: string;
  /** The id of the RSVP this one replaces, as read in the situation; undefined for none. */
  replaces: number | undefined;
  /**
   * The attendees of the RSVP it replaces, as read in the situation: the secretary's notice tells
   * them. Checked as `replaces` is (situationAsRead); unset, it is not checked.
   */
  replacedAttendees?: number | undefined;
  /**
   * The address's waiting-list entry, which the RSVP takes the place of, as read in the situation
   * ('none' for none): the secretary's notice tells whether it waited or held an offer. Checked
   * as `replaces` is (situationAsRead); unset, it is not checked.
   */
  entry?: WaitingAddress["state"] | "none" | undefined;
}

export type EventRsvpOutcome =
  | SubmitOutcome
  /** Accepting it would pass the guest limit; `taken` seats are already reserved. */
  | { kind: "full"; taken: number; limit: number }
  /** Accepting it would pass the seats one client address may hold for the event. */
  | { kind: "client-full"; taken: number; limit: number }
  /**
   * The RSVP it was to replace is no longer the current one (another arrived or was cancelled
   * since the route looked): nothing was stored; look again and resubmit.
   */
  | { kind: "stale" };

/** The seats an open offer to the address holds (none while it waits): its own RSVP's to take. */
export function seatsHeldBy(entry: WaitingAddress | undefined): number {
  return entry?.state === "offered" ? entry.attendees : 0;
}

/**
 * Whether an RSVP's write finds the address's situation as the server read it, and as its
 * notice tells it: the RSVP it replaces (`replaces`, with `replacedAttendees`) and its entry on
 * the waiting list (`entry`). Otherwise the write is `stale`, and read again.
 */
export function situationAsRead(
  submission: Pick<EventRsvpSubmission, "replaces" | "replacedAttendees" | "entry">,
  current: { id: number; attendees: number } | undefined,
  entry: WaitingAddress | undefined,
): boolean {
  const { replaces, replacedAttendees, entry: told } = submission;
  return (
    current?.id === replaces &&
    (current === undefined || changedSince(replacedAttendees, current) === undefined) &&
    (told === undefined || told === (entry?.state ?? "none"))
  );
}

/** An address's current RSVP for an event as the store reads it from its table. */
interface CurrentRsvpRow {
  id: number;
  attendees: number;
  client_key: string;
}

/**
 * An address's current RSVP as the route and the seat rules see it: its seats, and whether the
 * client sending the new one (`clientKey`) is the one that sent it, whose seats it frees.
 */
function currentRsvpOf(row: CurrentRsvpRow | undefined, clientKey: string) {
  return row && { id: row.id, attendees: row.attendees, sameClient: row.client_key === clientKey };
}

function currentRsvp(query: Query, eventId: string, email: string) {
  return query.one<CurrentRsvpRow>(sql`SELECT id, attendees, client_key FROM event_rsvps
    WHERE event_id = ${eventId} AND email = ${email} AND state = 'current'
    ORDER BY id DESC LIMIT 1`);
}

/** The seats the address `clientKey` holds at the event. */
async function clientSeats(query: Query, eventId: string, clientKey: string): Promise<number> {
  const row = await query.one<{ n: number }>(sql`SELECT COALESCE(SUM(attendees), 0) AS n
    FROM event_rsvps WHERE event_id = ${eventId} AND client_key = ${clientKey}
    AND state = 'current'`);
  return row?.n ?? 0;
}

/**
 * The columns an event RSVP and a waiting-list entry share: the party, when and from where it
 * came, and the hash its retries are known by.
 */
export function partyColumns(party: {
  record: EventRsvpRecord;
  receivedAt: Date;
  requestHash: string;
  clientKey: string;
}): Record<string, unknown> {
  return {
    ...columnsOf(party.record, EVENT_RSVP_FIELDS),
    received_at: party.receivedAt,
    request_hash: party.requestHash,
    client_key: party.clientKey,
  };
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
      const { record, receivedAt: at, clientKey } = submission;
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
        clientSeats(tx, eventId, clientKey),
      ]);
      if (previous) return previous;
      if (!situationAsRead(submission, current, entry)) return { kind: "stale" };
      // Seats an offer to this address holds are its own RSVP's to take.
      const counts = {
        event: taken - seatsHeldBy(entry),
        client,
        replaced: currentRsvpOf(current, clientKey),
      };
      const decision = decideRsvpSeats(record.attendees, counts, limits);
      if (decision.kind !== "fits") return decision;
      const found = { clientSeats: clientSeatsAfter(record.attendees, counts) };
      const columns = {
        ...partyColumns({ ...submission, requestHash: submission.idempotency.requestHash }),
        manage_token_hash: submission.manageTokenHash ?? null,
      };
      // The RSVP, its mails, its keys, the RSVP it replaces and the waiting-list entry it takes
      // the place of: one round trip, for the event's lock is held across each.
      const id = insertedId("event_rsvps");
      const [stored, , left] = await Promise.all([
        insertSubmission(tx, "event_rsvps", columns, {
          ...submission,
          mails: withFound(submission.mails, found),
        }),
        current &&
          tx.run(sql`UPDATE event_rsvps SET state = 'replaced', ended_at = ${at},
            replaced_by = ${id} WHERE id = ${current.id}`),
        replaceEntryByRsvp(tx, { eventId, email, rsvpId: id, now: at }),
      ]);
      // Fewer seats than the RSVP or the offer it replaces: the rest go down the line.
      if (current || left) await settle(tx, eventId, at, offers);
      return stored;
    },
  ),
  /** The current RSVP of `email` for the event and the address's place on its waiting list. */
  eventRsvpSituation: lookup(
    async (
      query,
      { eventId, email, clientKey }: { eventId: string; email: string; clientKey: string },
    ): Promise<EventRsvpSituation> => {
      const [current, waitlist] = await Promise.all([
        currentRsvp(query, eventId, email),
        waitingAddressOf(query, eventId, email),
      ]);
      return { current: currentRsvpOf(current, clientKey), waitlist };
    },
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
  /** The RSVP whose manage link's token has this hash (any state), or undefined. */
  findEventRsvpByToken: lookup(async (query, tokenHash: string) => {
    const row = await query.one(
      sql`SELECT * FROM event_rsvps WHERE manage_token_hash = ${tokenHash}`,
    );
    return row && ({ rsvp: eventRsvp(row), state: row.state as RsvpState } as ManagedEventRsvp);
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
