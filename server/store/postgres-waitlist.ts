import type postgres from "postgres";
import type { Sql, TransactionSql } from "postgres";
import { partiesToOffer, seatsFit, seatsLeft, seatsTaken } from "../../core/rules/seats.ts";
import { endedHolds, lapse } from "./postgres-holds.ts";
import {
  type Column,
  ERASED_MAIL,
  ERASED_WAITLIST,
  type Row,
  rsvpRecordColumns,
  type Source,
  WAITLIST_MAIL,
  waitingAddress,
  waitlistColumns,
  waitlistEntry,
} from "./rows.ts";
import {
  answerAt,
  type ClaimInput,
  type ClaimOutcome,
  type ComposedMail,
  checkListAfter,
  checkRanOut,
  type JoinOutcome,
  type LeaveOutcome,
  type OutboxMail,
  type RsvpLimits,
  StaleOffersError,
  type WaitingAddress,
  type WaitlistEntry,
  type WaitlistOffers,
  type WaitlistSubmission,
} from "./store.ts";

/**
 * The PostgreSQL store's waiting lists, as sqlite-waitlist.ts is SQLite's. Each function runs in
 * the caller's transaction, which holds the event's advisory lock: the seats of an event are
 * counted and given (to an RSVP, or to an offer) under it, whichever instance writes.
 */

type Tx = TransactionSql;
/** Queues mails in the transaction, as the store's own submissions do. */
export type Queue = (
  tx: Tx,
  source: Source | "lodge",
  sourceId: number,
  mails: readonly OutboxMail[],
  at: Date,
) => Promise<void>;

function columns(tx: Tx, values: Record<string, Column>) {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      Array.isArray(value) ? tx.json(value as postgres.JSONValue) : value,
    ]),
  ) as Record<string, postgres.ParameterOrJSON<never>>;
}

/** Seats the event has given: its current RSVPs' and its open offers'. */
export async function eventSeats(tx: Sql | Tx, eventId: string): Promise<number> {
  const [row] = await tx<{ rsvps: number; held: number }[]>`
    SELECT (SELECT COALESCE(MAX(seats), 0)::int FROM event_seats
              WHERE event_id = ${eventId}) AS rsvps,
           (SELECT COALESCE(SUM(attendees), 0)::int FROM waitlist
              WHERE event_id = ${eventId} AND state = 'offered') AS held`;
  return seatsTaken(row ?? { rsvps: 0, held: 0 });
}

async function activeEntry(tx: Tx, eventId: string, email: string): Promise<Row | undefined> {
  const [row] = await tx`
    SELECT * FROM waitlist WHERE event_id = ${eventId} AND email = ${email}
    AND state IN ('waiting', 'offered') ORDER BY id DESC LIMIT 1`;
  return row;
}

/** The address's entry in line or offered seats, as its RSVP finds it. */
export async function waitingAddressOf(
  sql: Sql | Tx,
  eventId: string,
  email: string,
): Promise<WaitingAddress | undefined> {
  const [row] = await sql`
    SELECT state, attendees, offer_expires_at FROM waitlist
    WHERE event_id = ${eventId} AND email = ${email} AND state IN ('waiting', 'offered')
    ORDER BY id DESC LIMIT 1`;
  return row && waitingAddress(row);
}

/** An RSVP of the address takes the place of its entry; whether it had one. */
export async function replaceEntryByRsvp(
  tx: Tx,
  eventId: string,
  email: string,
  rsvpId: number | postgres.Fragment,
  now: Date,
): Promise<boolean> {
  const updated = await tx`
    UPDATE waitlist SET state = 'left', ended_at = ${now}, rsvp_id = ${rsvpId}
    WHERE event_id = ${eventId} AND email = ${email} AND state IN ('waiting', 'offered')`;
  return updated.count > 0;
}

/**
 * Passes the event's offers that ran out by `now` on, each with the mails that tell of it,
 * lapses the RSVPs whose hold for a confirmation ended by then (unmailed), then offers the seats
 * free under the limit down the line, each with its mail; without offers it does none of it
 * (see WaitlistOffers.ranOut). Throws StaleOffersError (undoing the transaction)
 * when an offer that ran out or a party to offer has no mail made, or when the notices of the
 * offers made or of those that ran out tell the list otherwise than this leaves it. The caller
 * holds the event's lock.
 */
export async function settle(
  tx: Tx,
  queue: Queue,
  eventId: string,
  now: Date,
  offers: WaitlistOffers | undefined,
): Promise<{ expired: number; lapsed: number; offered: number }> {
  if (!offers) return { expired: 0, lapsed: 0, offered: 0 };
  const ranOut = await tx<{ id: number }[]>`
    SELECT id FROM waitlist
    WHERE event_id = ${eventId} AND state = 'offered' AND offer_expires_at <= ${now}
    ORDER BY line, id`;
  for (const { id } of ranOut) {
    const mails = offers.ranOut.get(id);
    if (!mails) throw new StaleOffersError();
    await tx`UPDATE waitlist SET state = 'expired', ended_at = ${now} WHERE id = ${id}`;
    await queue(tx, WAITLIST_MAIL.source, id, mails, now);
  }
  const expired = ranOut.length;
  const lapsed = await lapse(tx, eventId, now);
  const { expiresAt } = offers;
  if (!expiresAt) return { expired, lapsed, offered: 0 };
  const free = seatsLeft(await eventSeats(tx, eventId), offers.guestLimit);
  if (free === 0 && expired === 0) return { expired, lapsed, offered: 0 };
  const line = await tx<{ id: number; attendees: number }[]>`
    SELECT id, attendees FROM waitlist WHERE event_id = ${eventId} AND state = 'waiting'
    ORDER BY line, id`;
  checkRanOut(offers, expired, line.length);
  const chosen = partiesToOffer(line, free).map((id) => {
    const made = offers.mails.get(id);
    if (!made) throw new StaleOffersError();
    return { id, ...made };
  });
  for (const { id, tokenHash, mails } of chosen) {
    await tx`
      UPDATE waitlist SET state = 'offered', offered_at = ${now},
        offer_expires_at = ${expiresAt}, offer_token_hash = ${tokenHash}
      WHERE id = ${id}`;
    await queue(tx, WAITLIST_MAIL.source, id, mails, now);
  }
  await checkList(tx, eventId, chosen);
  return { expired, lapsed, offered: chosen.length };
}

/** checkListAfter against the event's list as the write leaves it, read in the write. */
async function checkList(
  tx: Tx,
  eventId: string,
  made: readonly Pick<ClaimInput, "listAfter">[],
): Promise<void> {
  if (!made.some((one) => one.listAfter)) return;
  const list = await tx<{ state: string; attendees: number }[]>`
    SELECT state, attendees FROM waitlist
    WHERE event_id = ${eventId} AND state IN ('waiting', 'offered')`;
  checkListAfter(made, list);
}

async function positionOf(tx: Sql | Tx, row: Row): Promise<number> {
  const [found] = await tx<{ n: number }[]>`
    SELECT COUNT(*)::int AS n FROM waitlist WHERE event_id = ${String(row.event_id)}
    AND state = 'waiting'
    AND (line < ${Number(row.line)} OR (line = ${Number(row.line)} AND id < ${Number(row.id)}))`;
  return (found?.n ?? 0) + 1;
}

async function entry(tx: Sql | Tx, row: Row): Promise<WaitlistEntry> {
  return waitlistEntry(row, row.state === "waiting" ? await positionOf(tx, row) : undefined);
}

/** Joins the list; the caller holds the event's lock and has looked for a replayed submission. */
export async function join(
  tx: Tx,
  queue: Queue,
  submission: WaitlistSubmission,
  limits: RsvpLimits,
  remember: (response: { status: number; body: unknown }) => Promise<void>,
): Promise<JoinOutcome> {
  const { record, receivedAt } = submission;
  const [rsvp] = await tx`
    SELECT 1 FROM event_rsvps WHERE event_id = ${record.eventId} AND email = ${record.email}
    AND state = 'current'`;
  if (rsvp) return { kind: "has-rsvp" };
  const before = await activeEntry(tx, record.eventId, record.email);
  if (before?.state === "offered") {
    return { kind: "offered", expiresAt: new Date(before.offer_expires_at as Date) };
  }
  const taken = await eventSeats(tx, record.eventId);
  if (seatsFit(taken, record.attendees, limits.guestLimit)) {
    return { kind: "fits", free: seatsLeft(taken, limits.guestLimit) };
  }
  const [next] = await tx<{ line: number }[]>`
    SELECT COALESCE(MAX(line), 0)::int + 1 AS line FROM waitlist WHERE event_id = ${record.eventId}`;
  const line = before ? Number(before.line) : (next?.line ?? 1);
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO waitlist ${tx(columns(tx, waitlistColumns(submission, line)))} RETURNING id`;
  const id = Number(inserted?.id);
  if (before) {
    await tx`
      UPDATE waitlist SET state = 'left', ended_at = ${receivedAt}, replaced_by = ${id}
      WHERE id = ${Number(before.id)}`;
  }
  await queue(tx, WAITLIST_MAIL.source, id, submission.mails, receivedAt);
  const [row] = await tx`SELECT * FROM waitlist WHERE id = ${id}`;
  const position = await positionOf(tx, row as Row);
  const response = answerAt(submission.response, position);
  await remember(response);
  return { kind: "joined", id, position, response };
}

export async function findByToken(sql: Sql, tokenHash: string): Promise<WaitlistEntry | undefined> {
  const [row] = await sql`
    SELECT * FROM waitlist WHERE token_hash = ${tokenHash} OR offer_token_hash = ${tokenHash}`;
  return row && entry(sql, row);
}

export async function list(sql: Sql, eventId: string | undefined): Promise<WaitlistEntry[]> {
  const rows =
    eventId === undefined
      ? await sql`SELECT * FROM waitlist WHERE state IN ('waiting', 'offered')
          ORDER BY event_id, line, id`
      : await sql`SELECT * FROM waitlist WHERE event_id = ${eventId}
          AND state IN ('waiting', 'offered') ORDER BY line, id`;
  const positions = new Map<string, number>();
  return rows.map((row) => {
    if (row.state !== "waiting") return waitlistEntry(row);
    const event = String(row.event_id);
    const position = (positions.get(event) ?? 0) + 1;
    positions.set(event, position);
    return waitlistEntry(row, position);
  });
}

/** The event of an entry, to lock before the entry is read again under the lock. */
export async function eventOf(tx: Tx, entryId: number): Promise<string | undefined> {
  const [row] = await tx<{ event_id: string }[]>`
    SELECT event_id FROM waitlist WHERE id = ${entryId}`;
  return row?.event_id;
}

export async function claim(
  tx: Tx,
  queue: Queue,
  entryId: number,
  claim: ClaimInput,
): Promise<ClaimOutcome> {
  const [row] = await tx`SELECT * FROM waitlist WHERE id = ${entryId}`;
  if (!row) return { kind: "not-offered", state: "left" };
  const found = waitlistEntry(row);
  if (found.state === "claimed" && found.rsvpId !== undefined) {
    return { kind: "claimed-before", rsvpId: found.rsvpId };
  }
  if (found.state === "expired" && found.offerExpiresAt) {
    return { kind: "expired", expiresAt: found.offerExpiresAt };
  }
  if (found.state !== "offered" || !found.offerExpiresAt) {
    return { kind: "not-offered", state: found.state };
  }
  if (found.offerExpiresAt.getTime() <= claim.now.getTime()) {
    return { kind: "expired", expiresAt: found.offerExpiresAt };
  }
  const values = {
    ...rsvpRecordColumns({
      record: claim.withoutDinner
        ? { ...found.record, dinner: false, meals: 0, mealCounts: [] }
        : found.record,
      receivedAt: claim.now,
      idempotency: { requestHash: String(row.request_hash) },
      clientKey: String(row.client_key),
    }),
    manage_token_hash: claim.manageTokenHash,
  };
  const [inserted] = await tx<{ id: number }[]>`
    INSERT INTO event_rsvps ${tx(columns(tx, values))} RETURNING id`;
  const rsvpId = Number(inserted?.id);
  await tx`
    UPDATE waitlist SET state = 'claimed', ended_at = ${claim.now}, rsvp_id = ${rsvpId}
    WHERE id = ${entryId}`;
  await queue(tx, "event_rsvps", rsvpId, claim.mails, claim.now);
  await checkList(tx, found.record.eventId, [claim]);
  return { kind: "claimed", rsvpId };
}

export async function leave(
  tx: Tx,
  queue: Queue,
  entryId: number,
  now: Date,
  mails: ComposedMail[],
  offers: WaitlistOffers | undefined,
  from?: "waiting" | "offered",
): Promise<LeaveOutcome> {
  const [row] = await tx`
    SELECT * FROM waitlist WHERE id = ${entryId} AND state IN ('waiting', 'offered')`;
  if (!row) return { kind: "not-found" };
  if (from !== undefined && row.state !== from) throw new StaleOffersError();
  const before = await entry(tx, row);
  await tx`UPDATE waitlist SET state = 'left', ended_at = ${now} WHERE id = ${entryId}`;
  await queue(tx, WAITLIST_MAIL.source, entryId, mails, now);
  await settle(tx, queue, before.record.eventId, now, offers);
  return { kind: "left", before };
}

export async function due(sql: Sql, now: Date, guestLimit: number): Promise<string[]> {
  const rows = await sql<
    { event_id: string; overdue: boolean; smallest: number | null; taken: number }[]
  >`
    SELECT w.event_id,
      bool_or(w.state = 'offered' AND w.offer_expires_at <= ${now}) AS overdue,
      MIN(CASE WHEN w.state = 'waiting' THEN w.attendees END)::int AS smallest,
      ((SELECT COALESCE(MAX(seats), 0) FROM event_seats s WHERE s.event_id = w.event_id)
       + SUM(CASE WHEN w.state = 'offered' THEN w.attendees ELSE 0 END))::int AS taken
    FROM waitlist w WHERE w.state IN ('waiting', 'offered') GROUP BY w.event_id
    ORDER BY w.event_id`;
  const lists = rows
    .filter(
      (row) =>
        row.overdue || (row.smallest !== null && seatsFit(row.taken, row.smallest, guestLimit)),
    )
    .map((row) => row.event_id);
  return [...new Set([...lists, ...(await endedHolds(sql, now))])].sort();
}

/** Erases the names and addresses of the event's waiting list, and the text of its sent mail. */
export async function erase(tx: Tx, eventId: string, now: Date): Promise<void> {
  const ids = (
    await tx<{ id: number }[]>`
      SELECT id FROM waitlist WHERE event_id = ${eventId} AND erased_at IS NULL FOR UPDATE`
  ).map((row) => Number(row.id));
  if (ids.length === 0) return;
  await tx`UPDATE waitlist SET ${tx({ ...ERASED_WAITLIST, erased_at: now })} WHERE id IN ${tx(ids)}`;
  await tx`
    UPDATE outbox SET recipient = ${ERASED_MAIL.recipient}, envelope = ${tx.json(ERASED_MAIL.envelope)},
      raw = ${Buffer.alloc(0)}
    WHERE source = ${WAITLIST_MAIL.source} AND kind IN ${tx(WAITLIST_MAIL.kinds)}
      AND source_id IN ${tx(ids)} AND status != 'pending'`;
}
