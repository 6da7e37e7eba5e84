import { seatsFit, seatsLeft, type WaitlistCounts } from "../../core/rules/seats.ts";
import { lookup, type Query, read, StaleOffersError, type Tx, write } from "../db/database.ts";
import { FOR_UPDATE, list, type Sql, set, sql, values } from "../db/sql.ts";
import { endedHolds } from "./holds.ts";
import { checkListAfter, eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import {
  type ComposedMail,
  ERASED_MAIL,
  type OutboxMail,
  queueMails,
  WAITLIST_MAIL,
} from "./outbox.ts";
import { partyColumns, waitingAddress, waitlistEntry } from "./rows.ts";
import type { EventRsvpRecord, RsvpLimits } from "./rsvps.ts";
import { previousAnswer, remember, type StoredResponse, type Submission } from "./submissions.ts";

/**
 * The waiting lists of full events: parties in line, offered the seats that free up (offers.ts),
 * claiming them as RSVPs. Each write holds its event's lock, as an RSVP's does.
 */

/**
 * Where a waiting-list entry stands: in line, offered seats, claimed (now an RSVP), its offer
 * ran out, or it left the list (its visitor left, or an RSVP of the same address took its place).
 */
export type WaitlistEntryState = "waiting" | "offered" | "claimed" | "expired" | "left";

/** An address's place on a waiting list, as an RSVP of the same address finds it. */
export interface WaitingAddress {
  state: "waiting" | "offered";
  attendees: number;
  /** When its offer runs out: once offered. */
  offerExpiresAt?: Date | undefined;
}

/** A party on an event's waiting list. */
export interface WaitlistEntry {
  id: number;
  receivedAt: Date;
  /** The RSVP it asks for, and becomes when it claims an offer. */
  record: EventRsvpRecord;
  state: WaitlistEntryState;
  /** Its place in line, 1 for the next one offered seats: only while waiting. */
  position?: number | undefined;
  /** When the seats offered to it run out: once offered. */
  offerExpiresAt?: Date | undefined;
  /** The RSVP its claim made, or the RSVP of the same address that took its place. */
  rsvpId?: number | undefined;
  /** A newer entry of the same address took its place in line. */
  replaced: boolean;
}

/** A party asking to join a full event's waiting list. */
export interface WaitlistSubmission extends Submission<EventRsvpRecord> {
  clientKey: string;
  /** The hash of the token of the entry's own link (see it, leave the list, claim an offer). */
  tokenHash: string;
  /**
   * The answer, which says the entry's place in line, known only once it is stored: the store
   * puts it where the message says POSITION (see answerAt). Data, not a function, so that a store
   * on a thread of its own (sqlite-thread.ts) is sent it.
   */
  response: StoredResponse;
}

/** Where a waiting-list answer's message takes the entry's place in line. */
export const POSITION = "{position}";

/** A waiting-list answer with the entry's place in line in its message. */
function answerAt(response: StoredResponse, position: number): StoredResponse {
  const body = response.body as { message?: unknown };
  if (typeof body?.message !== "string") return response;
  const message = body.message.replaceAll(POSITION, String(position));
  return { ...response, body: { ...body, message } };
}

export type JoinOutcome =
  | { kind: "joined"; id: number; position: number; response: StoredResponse }
  | { kind: "replay"; response: StoredResponse }
  | { kind: "key-reused" }
  /** The party fits in the seats free now: it is an RSVP's, not the waiting list's. */
  | { kind: "fits"; free: number }
  /** The address holds a current RSVP for the event: it changes that one instead. */
  | { kind: "has-rsvp" }
  /** The address's entry has been offered seats: it claims them instead. */
  | { kind: "offered"; expiresAt: Date };

/** A claim of an offer: when, the hash of the new RSVP's manage link, and its mails. */
export interface ClaimInput {
  now: Date;
  manageTokenHash: string;
  mails: OutboxMail[];
  /**
   * The list in figures once the claim takes the party off it, as the secretary's notice of the
   * claim tells it (the server's claims always do). Checked as an offer's is (OfferMails): a party
   * that joined or left meanwhile makes the claim `stale`.
   */
  listAfter?: WaitlistCounts | undefined;
  /** The meal deadline has passed since the party joined: the RSVP takes the seats, no dinner. */
  withoutDinner?: boolean;
}

export type ClaimOutcome =
  | { kind: "claimed"; rsvpId: number }
  /** Claimed before (a second click, a retried request): nothing more was done. */
  | { kind: "claimed-before"; rsvpId: number }
  /** The offer ran out (at `expiresAt`) before this claim. */
  | { kind: "expired"; expiresAt: Date }
  /** The entry holds no offer: still waiting, left, or its offer passed on. */
  | { kind: "not-offered"; state: WaitlistEntryState }
  /** Its notice tells the list otherwise than the claim leaves it: nothing was stored. */
  | { kind: "stale" };

export type LeaveOutcome =
  | { kind: "left"; before: WaitlistEntry }
  /** The entry is no longer waiting nor offered seats. */
  | { kind: "not-found" }
  | { kind: "stale" };

/** A party leaving the list, with its mails; the seats its offer held go down the line. */
export interface Leave {
  entryId: number;
  now: Date;
  mails: ComposedMail[];
  offers?: WaitlistOffers | undefined;
  /**
   * The entry's state the mails were made for (they say whether an offer was given up): an
   * entry found in another state (offered seats meanwhile) makes the leave `stale`.
   */
  from?: "waiting" | "offered" | undefined;
}

const ACTIVE = sql`state IN ('waiting', 'offered')`;

/** The address's entry in line or offered seats, as its RSVP finds it. */
export async function waitingAddressOf(query: Query, eventId: string, email: string) {
  const row = await query.one(sql`SELECT state, attendees, offer_expires_at FROM waitlist
    WHERE event_id = ${eventId} AND email = ${email} AND ${ACTIVE} ORDER BY id DESC LIMIT 1`);
  return row && waitingAddress(row);
}

/**
 * An RSVP of the address takes the place of its entry: the entry leaves the list (its offer's
 * seats, if any, are the RSVP's to take). Whether it had one.
 */
export async function replaceEntryByRsvp(
  tx: Tx,
  to: { eventId: string; email: string; rsvpId: number | Sql; now: Date },
): Promise<boolean> {
  const changed = await tx.run(sql`UPDATE waitlist SET state = 'left', ended_at = ${to.now},
    rsvp_id = ${to.rsvpId} WHERE event_id = ${to.eventId} AND email = ${to.email} AND ${ACTIVE}`);
  return changed > 0;
}

/** The entry as read, with its place in line (1 + the waiting entries before it). */
async function entryOf(query: Query, row: Record<string, unknown>): Promise<WaitlistEntry> {
  if (row.state !== "waiting") return waitlistEntry(row);
  const before = await query.one<{ n: number }>(sql`SELECT COUNT(*) AS n FROM waitlist
    WHERE event_id = ${row.event_id} AND state = 'waiting'
    AND (line < ${row.line} OR (line = ${row.line} AND id < ${row.id}))`);
  return waitlistEntry(row, (before?.n ?? 0) + 1);
}

/** The event of an entry, locked, so that the entry is read again under the lock. */
async function lockEventOf(tx: Tx, entryId: number): Promise<boolean> {
  const row = await tx.one<{ event_id: string }>(
    sql`SELECT event_id FROM waitlist WHERE id = ${entryId}`,
  );
  if (row) await tx.lock("event", [row.event_id]);
  return row !== undefined;
}

/** Erases the names and addresses of the event's waiting list, and the text of its sent mail. */
export async function eraseWaitlist(tx: Tx, eventId: string, now: Date): Promise<void> {
  const ids = (
    await tx.all<{ id: number }>(sql`SELECT id FROM waitlist
      WHERE event_id = ${eventId} AND erased_at IS NULL ${FOR_UPDATE}`)
  ).map((row) => row.id);
  if (ids.length === 0) return;
  const erased = { first_name: "", last_name: "", masonic_title: "", email: "", erased_at: now };
  await tx.run(sql`UPDATE waitlist SET ${set(erased)} WHERE id IN (${list(ids)})`);
  await tx.run(sql`UPDATE outbox SET recipient = '', envelope = ${ERASED_MAIL.envelope},
    raw = ${Buffer.alloc(0)}
    WHERE source = ${WAITLIST_MAIL.source} AND kind IN (${list(WAITLIST_MAIL.kinds)})
    AND source_id IN (${list(ids)}) AND status != 'pending'`);
}

export const waitlistOperations = {
  /**
   * Puts a party on the event's waiting list, its mails queued with it, when its seats do not
   * fit (open offers' seats count as taken). An entry of the same address still waiting is
   * replaced by this one, which keeps its place in line.
   */
  joinWaitlist: write(
    async (tx, submission: WaitlistSubmission, limits: RsvpLimits): Promise<JoinOutcome> => {
      const { record, receivedAt } = submission;
      const { eventId, email } = record;
      const [previous, , rsvp, before, taken] = await Promise.all([
        previousAnswer(tx, submission),
        tx.lock("event", [eventId]),
        tx.one(sql`SELECT 1 AS found FROM event_rsvps
          WHERE event_id = ${eventId} AND email = ${email} AND state = 'current'`),
        tx.one(sql`SELECT * FROM waitlist WHERE event_id = ${eventId} AND email = ${email}
          AND ${ACTIVE} ORDER BY id DESC LIMIT 1`),
        eventSeats(tx, eventId),
      ]);
      if (previous) return previous;
      if (rsvp) return { kind: "has-rsvp" };
      if (before?.state === "offered") {
        return { kind: "offered", expiresAt: waitlistEntry(before).offerExpiresAt as Date };
      }
      if (seatsFit(taken, record.attendees, limits.guestLimit)) {
        return { kind: "fits", free: seatsLeft(taken, limits.guestLimit) };
      }
      // A new entry goes to the end of the line; one replacing the address's keeps its place.
      const next = await tx.one<{ line: number }>(
        sql`SELECT COALESCE(MAX(line), 0) + 1 AS line FROM waitlist WHERE event_id = ${eventId}`,
      );
      const columns = {
        ...partyColumns({ ...submission, requestHash: submission.idempotency.requestHash }),
        line: before ? Number(before.line) : Number(next?.line ?? 1),
        token_hash: submission.tokenHash,
      };
      const row = await tx.one(sql`INSERT INTO waitlist ${values(columns)} RETURNING *`);
      if (!row) throw new Error("the waiting list took no entry");
      const id = Number(row.id);
      // The entry it replaces leaves the line before the new one's place in it is counted.
      const [, , entry] = await Promise.all([
        before &&
          tx.run(sql`UPDATE waitlist SET state = 'left', ended_at = ${receivedAt},
            replaced_by = ${id} WHERE id = ${before.id}`),
        queueMails(tx, WAITLIST_MAIL.source, id, submission.mails, receivedAt),
        entryOf(tx, row),
      ]);
      const position = entry.position ?? 1;
      const response = answerAt(submission.response, position);
      await remember(tx, submission, response);
      return { kind: "joined", id, position, response };
    },
  ),
  /** The waiting-list entry whose link's token (or offer's) has this hash, in any state. */
  findWaitlistEntryByToken: lookup(async (query, tokenHash: string) => {
    const row = await query.one(sql`SELECT * FROM waitlist
      WHERE token_hash = ${tokenHash} OR offer_token_hash = ${tokenHash}`);
    return row && entryOf(query, row);
  }),
  /**
   * The parties waiting or offered seats, in line order (all events', or one's): a lookup, for a
   * write that frees seats reads its event's line in its event's lane, and waiting for the
   * commit under way held up every write of the event behind it.
   */
  listWaitlist: lookup(async (query, eventId?: string) => {
    const only = eventId === undefined ? sql`` : sql`AND event_id = ${eventId}`;
    const rows = await query.all(
      sql`SELECT * FROM waitlist WHERE ${ACTIVE} ${only} ORDER BY event_id, line, id`,
    );
    const positions = new Map<string, number>();
    return rows.map((row) => {
      if (row.state !== "waiting") return waitlistEntry(row);
      const event = String(row.event_id);
      const position = (positions.get(event) ?? 0) + 1;
      positions.set(event, position);
      return waitlistEntry(row, position);
    });
  }),
  /**
   * Turns an open offer into an RSVP (with the hash of its manage link) and queues its mails
   * with it, in one transaction: the seats the offer held become the RSVP's, so nothing is
   * offered.
   */
  claimOffer: write(async (tx, entryId: number, claim: ClaimInput): Promise<ClaimOutcome> => {
    await lockEventOf(tx, entryId);
    const row = await tx.one(sql`SELECT * FROM waitlist WHERE id = ${entryId}`);
    if (!row) return { kind: "not-offered", state: "left" };
    const found = waitlistEntry(row);
    const expiresAt = found.offerExpiresAt;
    if (found.state === "claimed" && found.rsvpId !== undefined) {
      return { kind: "claimed-before", rsvpId: found.rsvpId };
    }
    if (found.state === "expired" && expiresAt) return { kind: "expired", expiresAt };
    if (found.state !== "offered" || !expiresAt) {
      return { kind: "not-offered", state: found.state };
    }
    if (expiresAt.getTime() <= claim.now.getTime()) return { kind: "expired", expiresAt };
    const record = claim.withoutDinner
      ? { ...found.record, dinner: false, meals: 0, mealCounts: [] }
      : found.record;
    const columns = {
      ...partyColumns({
        record,
        receivedAt: claim.now,
        requestHash: String(row.request_hash),
        clientKey: String(row.client_key),
      }),
      manage_token_hash: claim.manageTokenHash,
    };
    const rsvpId = await tx.insert("event_rsvps", columns);
    await Promise.all([
      tx.run(sql`UPDATE waitlist SET state = 'claimed', ended_at = ${claim.now},
        rsvp_id = ${rsvpId} WHERE id = ${entryId}`),
      queueMails(tx, "event_rsvps", rsvpId, claim.mails, claim.now),
    ]);
    await checkListAfter(tx, found.record.eventId, [claim]);
    return { kind: "claimed", rsvpId };
  }),
  /** Takes an entry off the list, queueing its mails; seats its offer held go to the next ones. */
  leaveWaitlist: write(
    async (tx, { entryId, now, mails, offers, from }: Leave): Promise<LeaveOutcome> => {
      if (!(await lockEventOf(tx, entryId))) return { kind: "not-found" };
      const row = await tx.one(sql`SELECT * FROM waitlist WHERE id = ${entryId} AND ${ACTIVE}`);
      if (!row) return { kind: "not-found" };
      if (from !== undefined && row.state !== from) throw new StaleOffersError();
      const before = await entryOf(tx, row);
      await Promise.all([
        tx.run(sql`UPDATE waitlist SET state = 'left', ended_at = ${now} WHERE id = ${entryId}`),
        queueMails(tx, WAITLIST_MAIL.source, entryId, mails, now),
      ]);
      await settle(tx, before.record.eventId, now, offers);
      return { kind: "left", before };
    },
  ),
  /**
   * The events whose waiting list has work at `now`: an offer that has run out, free seats (under
   * `guestLimit`) that the smallest waiting party fits in, or an RSVP whose hold for its
   * confirmation has ended.
   */
  waitlistDue: read(async (query, { now, guestLimit }: { now: Date; guestLimit: number }) => {
    const rows = await query.all<{
      event_id: string;
      overdue: number;
      smallest: number | null;
      taken: number;
    }>(sql`SELECT w.event_id,
        MAX(CASE WHEN w.state = 'offered' AND w.offer_expires_at <= ${now} THEN 1 ELSE 0 END)
          AS overdue,
        MIN(CASE WHEN w.state = 'waiting' THEN w.attendees END) AS smallest,
        (SELECT COALESCE(MAX(seats), 0) FROM event_seats s WHERE s.event_id = w.event_id)
          + SUM(CASE WHEN w.state = 'offered' THEN w.attendees ELSE 0 END) AS taken
      FROM waitlist w WHERE w.state IN ('waiting', 'offered') GROUP BY w.event_id
      ORDER BY w.event_id`);
    const lists = rows
      .filter(
        (row) =>
          Number(row.overdue) === 1 ||
          (row.smallest !== null && seatsFit(Number(row.taken), row.smallest, guestLimit)),
      )
      .map((row) => row.event_id);
    return [...new Set([...lists, ...(await endedHolds(query, now))])].sort();
  }),
  /**
   * Passes the event's offers that ran out by `now` on (each once, whichever instance gets
   * there first), lapses its RSVPs whose hold for a confirmation ended by then, and offers the
   * free seats down the line; how many of each it did.
   */
  settleWaitlist: write(
    async (
      tx,
      { eventId, now, offers }: { eventId: string; now: Date; offers?: WaitlistOffers },
    ): Promise<
      { kind: "settled"; expired: number; lapsed: number; offered: number } | { kind: "stale" }
    > => {
      await tx.lock("event", [eventId]);
      return { kind: "settled", ...(await settle(tx, eventId, now, offers)) };
    },
  ),
};
