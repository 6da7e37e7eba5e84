import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { partiesToOffer, seatsFit, seatsLeft, seatsTaken } from "../../core/rules/seats.ts";
import {
  type Column,
  ERASED_MAIL,
  ERASED_WAITLIST,
  type Row,
  rsvpRecordColumns,
  WAITLIST_MAIL,
  waitingAddress,
  waitlistColumns,
  waitlistEntry,
} from "./rows.ts";
import { endedHolds, lapse } from "./sqlite-holds.ts";
import { queueMails, statement } from "./sqlite-outbox.ts";
import {
  answerAt,
  type ClaimInput,
  type ClaimOutcome,
  type ComposedMail,
  checkListAfter,
  checkRanOut,
  type JoinOutcome,
  type LeaveOutcome,
  type RsvpLimits,
  StaleOffersError,
  type WaitingAddress,
  type WaitlistEntry,
  type WaitlistOffers,
  type WaitlistSubmission,
} from "./store.ts";

/**
 * The SQLite store's waiting lists. Each function runs in the caller's write transaction, so an
 * event's seats are counted and given (to an RSVP, or to an offer) under one lock; `settle` is
 * the one place seats freed go down the line, and every write that frees seats ends with it.
 */

type Value = Column | Buffer;

function sqlite(value: Value): SQLInputValue {
  return value instanceof Date
    ? value.toISOString()
    : typeof value === "boolean"
      ? Number(value)
      : Array.isArray(value)
        ? JSON.stringify(value)
        : (value as SQLInputValue);
}

function insert(db: DatabaseSync, table: string, columns: Record<string, Column>): number {
  const names = Object.keys(columns);
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO ${table} (${names.join(", ")}) VALUES (${names.map(() => "?").join(", ")})`,
    )
    .run(...Object.values(columns).map(sqlite));
  return Number(lastInsertRowid);
}

/** The seats an event has given, by its id (twice): every RSVP and seat change reads it. */
export const EVENT_SEATS_SQL = `
  SELECT (SELECT COALESCE(MAX(seats), 0) FROM event_seats WHERE event_id = ?) AS rsvps,
         (SELECT COALESCE(SUM(attendees), 0) FROM waitlist
            WHERE event_id = ? AND state = 'offered') AS held`;

/** Seats the event has given: its current RSVPs' and its open offers'. */
export function eventSeats(db: DatabaseSync, eventId: string): number {
  const row = statement(db, EVENT_SEATS_SQL).get(eventId, eventId) as {
    rsvps: number;
    held: number;
  };
  return seatsTaken(row);
}

/** The address's entry still in line or offered seats, if it has one. */
function activeEntry(db: DatabaseSync, eventId: string, email: string): Row | undefined {
  return statement(
    db,
    "SELECT * FROM waitlist WHERE event_id = ? AND email = ? AND state IN ('waiting', 'offered') ORDER BY id DESC LIMIT 1",
  ).get(eventId, email) as Row | undefined;
}

/** The address's entry in line or offered seats, as its RSVP finds it. */
export function waitingAddressOf(
  db: DatabaseSync,
  eventId: string,
  email: string,
): WaitingAddress | undefined {
  const row = activeEntry(db, eventId, email);
  return row && waitingAddress(row);
}

/**
 * An RSVP of the address takes the place of its entry: the entry leaves the list (its offer's
 * seats, if any, are the RSVP's to take). Whether it did.
 */
export function replaceEntryByRsvp(
  db: DatabaseSync,
  eventId: string,
  email: string,
  rsvpId: number,
  now: Date,
): boolean {
  const { changes } = statement(
    db,
    "UPDATE waitlist SET state = 'left', ended_at = ?, rsvp_id = ? WHERE event_id = ? AND email = ? AND state IN ('waiting', 'offered')",
  ).run(now.toISOString(), rsvpId, eventId, email);
  return changes > 0;
}

/**
 * Passes the event's offers that ran out by `now` on, each with the mails that tell of it,
 * lapses the RSVPs whose hold for a confirmation ended by then (unmailed: their visitor was told
 * of the hold's end when it began), then offers the seats free under the limit down the line
 * (core's partiesToOffer), each with its mail. Without offers it does none of it (see
 * WaitlistOffers.ranOut). Throws StaleOffersError,
 * undoing the caller's transaction, when an offer that ran out or a party to offer has no mail
 * made, or when the notices of the offers made or of those that ran out tell the list otherwise
 * than this leaves it.
 */
export function settle(
  db: DatabaseSync,
  eventId: string,
  now: Date,
  offers: WaitlistOffers | undefined,
): { expired: number; lapsed: number; offered: number } {
  if (!offers) return { expired: 0, lapsed: 0, offered: 0 };
  const ranOut = db
    .prepare(
      "SELECT id FROM waitlist WHERE event_id = ? AND state = 'offered' AND offer_expires_at <= ? ORDER BY line, id",
    )
    .all(eventId, now.toISOString()) as { id: number }[];
  const expire = db.prepare("UPDATE waitlist SET state = 'expired', ended_at = ? WHERE id = ?");
  for (const { id } of ranOut) {
    const mails = offers.ranOut.get(id);
    if (!mails) throw new StaleOffersError();
    expire.run(now.toISOString(), id);
    queueMails(db, WAITLIST_MAIL.source, id, mails, now);
  }
  const expired = ranOut.length;
  const lapsed = lapse(db, eventId, now);
  if (!offers.expiresAt) return { expired, lapsed, offered: 0 };
  const free = seatsLeft(eventSeats(db, eventId), offers.guestLimit);
  if (free === 0 && expired === 0) return { expired, lapsed, offered: 0 };
  const line = db
    .prepare(
      "SELECT id, attendees FROM waitlist WHERE event_id = ? AND state = 'waiting' ORDER BY line, id",
    )
    .all(eventId) as { id: number; attendees: number }[];
  checkRanOut(offers, expired, line.length);
  const chosen = partiesToOffer(line, free).map((id) => {
    const made = offers.mails.get(id);
    if (!made) throw new StaleOffersError();
    return { id, ...made };
  });
  const { expiresAt } = offers;
  const offer = db.prepare(
    "UPDATE waitlist SET state = 'offered', offered_at = ?, offer_expires_at = ?, offer_token_hash = ? WHERE id = ?",
  );
  for (const { id, tokenHash, mails } of chosen) {
    offer.run(now.toISOString(), expiresAt.toISOString(), tokenHash, id);
    queueMails(db, WAITLIST_MAIL.source, id, mails, now);
  }
  checkList(db, eventId, chosen);
  return { expired, lapsed, offered: chosen.length };
}

/** checkListAfter against the event's list as the write leaves it, read in the write. */
function checkList(
  db: DatabaseSync,
  eventId: string,
  made: readonly Pick<ClaimInput, "listAfter">[],
): void {
  if (!made.some((one) => one.listAfter)) return;
  const list = db
    .prepare(
      "SELECT state, attendees FROM waitlist WHERE event_id = ? AND state IN ('waiting', 'offered')",
    )
    .all(eventId) as { state: string; attendees: number }[];
  checkListAfter(made, list);
}

/** The entry's place in line: 1 + the waiting entries before it. */
function positionOf(db: DatabaseSync, row: Row): number {
  const { n } = db
    .prepare(
      "SELECT COUNT(*) AS n FROM waitlist WHERE event_id = ? AND state = 'waiting' AND (line < ? OR (line = ? AND id < ?))",
    )
    .get(String(row.event_id), Number(row.line), Number(row.line), Number(row.id)) as {
    n: number;
  };
  return n + 1;
}

export function entry(db: DatabaseSync, row: Row): WaitlistEntry {
  return waitlistEntry(row, row.state === "waiting" ? positionOf(db, row) : undefined);
}

export function join(
  db: DatabaseSync,
  submission: WaitlistSubmission,
  limits: RsvpLimits,
  remember: (response: { status: number; body: unknown }) => void,
): JoinOutcome {
  const { record, receivedAt } = submission;
  const rsvp = db
    .prepare(
      "SELECT 1 AS found FROM event_rsvps WHERE event_id = ? AND email = ? AND state = 'current'",
    )
    .get(record.eventId, record.email);
  if (rsvp) return { kind: "has-rsvp" };
  const before = activeEntry(db, record.eventId, record.email);
  if (before?.state === "offered") {
    return { kind: "offered", expiresAt: new Date(String(before.offer_expires_at)) };
  }
  const taken = eventSeats(db, record.eventId);
  if (seatsFit(taken, record.attendees, limits.guestLimit)) {
    return { kind: "fits", free: seatsLeft(taken, limits.guestLimit) };
  }
  // A new entry goes to the end of the line; one replacing the address's keeps its place.
  const line = before
    ? Number(before.line)
    : (
        db
          .prepare("SELECT COALESCE(MAX(line), 0) + 1 AS line FROM waitlist WHERE event_id = ?")
          .get(record.eventId) as { line: number }
      ).line;
  const id = insert(db, "waitlist", waitlistColumns(submission, line));
  if (before) {
    db.prepare(
      "UPDATE waitlist SET state = 'left', ended_at = ?, replaced_by = ? WHERE id = ?",
    ).run(receivedAt.toISOString(), id, Number(before.id));
  }
  queueMails(db, WAITLIST_MAIL.source, id, submission.mails, receivedAt);
  const row = db.prepare("SELECT * FROM waitlist WHERE id = ?").get(id) as Row;
  const position = positionOf(db, row);
  const response = answerAt(submission.response, position);
  remember(response);
  return { kind: "joined", id, position, response };
}

export function findByToken(db: DatabaseSync, tokenHash: string): WaitlistEntry | undefined {
  const row = db
    .prepare("SELECT * FROM waitlist WHERE token_hash = ? OR offer_token_hash = ?")
    .get(tokenHash, tokenHash) as Row | undefined;
  return row && entry(db, row);
}

export function list(db: DatabaseSync, eventId: string | undefined): WaitlistEntry[] {
  const rows = (
    eventId === undefined
      ? db
          .prepare(
            "SELECT * FROM waitlist WHERE state IN ('waiting', 'offered') ORDER BY event_id, line, id",
          )
          .all()
      : db
          .prepare(
            "SELECT * FROM waitlist WHERE event_id = ? AND state IN ('waiting', 'offered') ORDER BY line, id",
          )
          .all(eventId)
  ) as Row[];
  const positions = new Map<string, number>();
  return rows.map((row) => {
    if (row.state !== "waiting") return waitlistEntry(row);
    const event = String(row.event_id);
    const position = (positions.get(event) ?? 0) + 1;
    positions.set(event, position);
    return waitlistEntry(row, position);
  });
}

export function claim(db: DatabaseSync, entryId: number, claim: ClaimInput): ClaimOutcome {
  const row = db.prepare("SELECT * FROM waitlist WHERE id = ?").get(entryId) as Row | undefined;
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
  // The held seats become the RSVP's: the count does not change, so nothing is offered.
  const rsvpId = insert(db, "event_rsvps", {
    ...rsvpRecordColumns({
      record: claim.withoutDinner
        ? { ...found.record, dinner: false, meals: 0, mealCounts: [] }
        : found.record,
      receivedAt: claim.now,
      idempotency: { requestHash: String(row.request_hash) },
      clientKey: String(row.client_key),
    }),
    manage_token_hash: claim.manageTokenHash,
  });
  db.prepare("UPDATE waitlist SET state = 'claimed', ended_at = ?, rsvp_id = ? WHERE id = ?").run(
    claim.now.toISOString(),
    rsvpId,
    entryId,
  );
  queueMails(db, "event_rsvps", rsvpId, claim.mails, claim.now);
  checkList(db, found.record.eventId, [claim]);
  return { kind: "claimed", rsvpId };
}

export function leave(
  db: DatabaseSync,
  entryId: number,
  now: Date,
  mails: ComposedMail[],
  offers: WaitlistOffers | undefined,
  from?: "waiting" | "offered",
): LeaveOutcome {
  const row = db
    .prepare("SELECT * FROM waitlist WHERE id = ? AND state IN ('waiting', 'offered')")
    .get(entryId) as Row | undefined;
  if (!row) return { kind: "not-found" };
  if (from !== undefined && row.state !== from) throw new StaleOffersError();
  const before = entry(db, row);
  db.prepare("UPDATE waitlist SET state = 'left', ended_at = ? WHERE id = ?").run(
    now.toISOString(),
    entryId,
  );
  queueMails(db, WAITLIST_MAIL.source, entryId, mails, now);
  settle(db, before.record.eventId, now, offers);
  return { kind: "left", before };
}

export function due(db: DatabaseSync, now: Date, guestLimit: number): string[] {
  const rows = db
    .prepare(
      `SELECT w.event_id,
         MAX(CASE WHEN w.state = 'offered' AND w.offer_expires_at <= ? THEN 1 ELSE 0 END) AS overdue,
         MIN(CASE WHEN w.state = 'waiting' THEN w.attendees END) AS smallest,
         (SELECT COALESCE(MAX(seats), 0) FROM event_seats s WHERE s.event_id = w.event_id)
         + SUM(CASE WHEN w.state = 'offered' THEN w.attendees ELSE 0 END) AS taken
       FROM waitlist w WHERE w.state IN ('waiting', 'offered') GROUP BY w.event_id
       ORDER BY w.event_id`,
    )
    .all(now.toISOString()) as {
    event_id: string;
    overdue: number;
    smallest: number | null;
    taken: number;
  }[];
  const lists = rows
    .filter(
      (row) =>
        row.overdue === 1 ||
        (row.smallest !== null && seatsFit(row.taken, row.smallest, guestLimit)),
    )
    .map((row) => row.event_id);
  return [...new Set([...lists, ...endedHolds(db, now)])].sort();
}

/** Erases the names and addresses of the event's waiting list, and the text of its sent mail. */
export function erase(db: DatabaseSync, eventId: string, now: Date): void {
  const ids = (
    db.prepare("SELECT id FROM waitlist WHERE event_id = ? AND erased_at IS NULL").all(eventId) as {
      id: number;
    }[]
  ).map((row) => row.id);
  if (ids.length === 0) return;
  const list = ids.join(", ");
  db.prepare(
    `UPDATE waitlist SET ${Object.keys(ERASED_WAITLIST)
      .map((column) => `${column} = ''`)
      .join(", ")}, erased_at = ? WHERE id IN (${list})`,
  ).run(now.toISOString());
  db.prepare(
    `UPDATE outbox SET recipient = ?, envelope = ?, raw = ? WHERE source = ?
     AND kind IN (${WAITLIST_MAIL.kinds.map(() => "?").join(", ")})
     AND source_id IN (${list}) AND status != 'pending'`,
  ).run(
    ERASED_MAIL.recipient,
    JSON.stringify(ERASED_MAIL.envelope),
    Buffer.alloc(0),
    WAITLIST_MAIL.source,
    ...WAITLIST_MAIL.kinds,
  );
}
