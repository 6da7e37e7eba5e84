import type { LodgeIdentity } from "../../core/places.ts";
import type { Row } from "../db/database.ts";
import type { ContactRecord } from "./messages.ts";
import type { MailEntry, MailStatus, MailSubject, QueuedMail } from "./outbox.ts";
import type { SocialRsvpRecord } from "./outings.ts";
import type { StoreDump, StoreTable } from "./records.ts";
import type { CancelledRsvp, EventRsvpRecord, RsvpState } from "./rsvps.ts";
import type { Stored, SubmissionStatus } from "./submissions.ts";
import type { Erasure, ErasureKind } from "./timed.ts";
import type { WaitingAddress, WaitlistEntry, WaitlistEntryState } from "./waitlist.ts";

/**
 * A row of either database as the store's records: the one reading of each table. SQLite hands
 * moments back as ISO text, flags as 0/1 and JSON as text; PostgreSQL as Date, boolean and
 * parsed JSON. Both read the same here.
 */

export function moment(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number);
}

const optionalMoment = (value: unknown) =>
  value === null || value === undefined ? undefined : moment(value);

const optionalNumber = (value: unknown) =>
  value === null || value === undefined ? undefined : Number(value);

/** A JSON column's value: text in SQLite, parsed already in PostgreSQL. */
export const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/** The lodge_meta row 'lodge' as an identity. */
export function lodgeIdentityOf(value: unknown): LodgeIdentity | undefined {
  const parsed = json(value) as Partial<LodgeIdentity> | null;
  return typeof parsed?.number === "number" && typeof parsed.name === "string"
    ? { number: parsed.number, name: parsed.name }
    : undefined;
}

/** The column of a record's field: eventId in event_id. */
const columns = new Map<string, string>();
function column(field: string): string {
  let found = columns.get(field);
  if (found === undefined) {
    found = field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    columns.set(field, found);
  }
  return found;
}

/** The record's fields in their columns, for an INSERT or an UPDATE. */
export function columnsOf<T extends object>(record: T, fields: readonly (keyof T & string)[]) {
  const columns: Record<string, unknown> = {};
  for (const field of fields) columns[column(field)] = record[field];
  return columns;
}

/** A record of `fields` read from their columns, in the neutral values. */
function recordOf<T>(row: Row, fields: readonly (keyof T & string)[]): T {
  const entries = fields.map((field) => [field, neutral(column(field), row[column(field)])]);
  return Object.fromEntries(entries) as T;
}

/** The fields of a record, each kept in its column, in the order the record shows them. */
const fields = <T>(names: string) => names.split(" ") as (keyof T & string)[];
export const EVENT_RSVP_FIELDS = fields<EventRsvpRecord>(
  "eventId firstName lastName masonicTitle email attendees dinner meals mealCounts",
);
export const SOCIAL_RSVP_FIELDS = fields<SocialRsvpRecord>(
  "outingId firstName lastName email attendees",
);
export const CONTACT_FIELDS = fields<ContactRecord>("firstName lastName email phoneNumber message");

function stored(row: Row) {
  return {
    id: Number(row.id),
    receivedAt: moment(row.received_at),
    status: String(row.status) as SubmissionStatus,
    sheetRecordedAt: optionalMoment(row.sheet_recorded_at),
  };
}

export function eventRsvp(row: Row): Stored<EventRsvpRecord> {
  const confirmBy = optionalMoment(row.unconfirmed_until);
  const record = recordOf<EventRsvpRecord>(row, EVENT_RSVP_FIELDS);
  // A member's answer to the summons is his seat; a visitor's RSVP names no member.
  const memberId = optionalNumber(row.member_id);
  return {
    ...stored(row),
    confirmBy,
    record: memberId === undefined ? record : { ...record, memberId },
  };
}

/** Where an event RSVP's row stands: a cancelled one that was never confirmed lapsed. */
export function eventRsvpState(row: Row): RsvpState {
  const state = String(row.state) as RsvpState;
  return state === "cancelled" && optionalMoment(row.unconfirmed_until) ? "lapsed" : state;
}

/** A cancelled event RSVP's row, with when and by whom it was cancelled. */
export function cancelledRsvp(row: Row): CancelledRsvp {
  const by = row.ended_by;
  const lapsed = eventRsvpState(row) === "lapsed" ? "unconfirmed" : undefined;
  return {
    ...eventRsvp(row),
    cancelledAt: moment(row.ended_at),
    // A member's seat ends by his own answer (his apologies), which the row keeps as the visitor's.
    cancelledBy:
      by === "visitor" && row.member_id != null
        ? "member"
        : by === "visitor" || by === "secretary"
          ? by
          : lapsed,
  };
}

/** A waiting-list row; `position` is the caller's, counted in its transaction. */
export function waitlistEntry(row: Row, position?: number): WaitlistEntry {
  const { record, status: _status, confirmBy: _confirmBy, ...rest } = eventRsvp(row);
  const state = String(row.state) as WaitlistEntryState;
  return {
    ...rest,
    record,
    state,
    position: state === "waiting" ? position : undefined,
    offerExpiresAt: optionalMoment(row.offer_expires_at),
    rsvpId: optionalNumber(row.rsvp_id),
    replaced: row.replaced_by !== null && row.replaced_by !== undefined,
  };
}

/** An address's entry still in line or offered seats, as an RSVP of the address finds it. */
export function waitingAddress(row: Row): WaitingAddress {
  return {
    state: row.state === "offered" ? "offered" : "waiting",
    attendees: Number(row.attendees),
    offerExpiresAt: optionalMoment(row.offer_expires_at),
  };
}

export function socialRsvp(row: Row): Stored<SocialRsvpRecord> {
  return { ...stored(row), record: recordOf(row, SOCIAL_RSVP_FIELDS) };
}

export function contactMessage(row: Row): Stored<ContactRecord> {
  return { ...stored(row), record: recordOf(row, CONTACT_FIELDS) };
}

export function mailEntry(row: Row): MailEntry {
  return {
    id: Number(row.id),
    kind: String(row.kind),
    messageId: String(row.message_id),
    to: String(row.recipient),
    status: String(row.status) as MailStatus,
    attempts: Number(row.attempts),
    createdAt: moment(row.created_at),
    nextAttemptAt: moment(row.next_attempt_at),
    sentAt: optionalMoment(row.sent_at),
    writtenTo: row.written_to ? String(row.written_to) : undefined,
    failedAt: optionalMoment(row.failed_at),
    lastError: row.last_error === null ? undefined : String(row.last_error),
  };
}

/** The submission an ordered mail is about, from its row: undefined when gone or erased. */
export function mailSubject(
  table: MailSubject["table"],
  row: Row | undefined,
): MailSubject | undefined {
  if (!row || (row.erased_at !== null && row.erased_at !== undefined)) return undefined;
  switch (table) {
    case "waitlist":
      return { table, stored: waitlistEntry(row) };
    case "event_rsvps":
      return { table, stored: eventRsvp(row) };
    case "social_rsvps":
      return { table, stored: socialRsvp(row) };
    case "contact_messages":
      return { table, stored: contactMessage(row) };
  }
}

/** An outbox row (id, kind, envelope, message_id, raw, mail_order, attempts) taken to be sent. */
export function queuedMail(row: Row, subject?: MailSubject): QueuedMail {
  const head = {
    id: Number(row.id),
    kind: String(row.kind),
    envelope: json(row.envelope) as QueuedMail["envelope"],
    messageId: String(row.message_id),
    attempts: Number(row.attempts),
  };
  return row.mail_order === null || row.mail_order === undefined
    ? { ...head, raw: Buffer.from(row.raw as Uint8Array) }
    : { ...head, order: json(row.mail_order) as Record<string, unknown>, subject };
}

export function erasure(row: Row): Erasure {
  return {
    id: Number(row.id),
    erasedAt: moment(row.erased_at),
    kind: String(row.kind) as ErasureKind,
    subject: String(row.subject),
    rows: Number(row.submissions),
    attendees: Number(row.attendees),
    meals: Number(row.meals),
  };
}

/** The columns that hold a moment, a flag or JSON, in either database's tables. */
export const MOMENT_COLUMNS = new Set(
  `received_at sheet_recorded_at ended_at created_at next_attempt_at sent_at failed_at reported_at
   expires_at queued_at erased_at offered_at offer_expires_at applied_at unconfirmed_until
   added_at updated_at removed_at answered_at marked_at undone_at told_at confirmed_at
   unsubscribed_at announcements_off_at bounced_at`.split(/\s+/),
);
export const FLAG_COLUMNS = new Set(["dinner", "with_token"]);
export const JSON_COLUMNS = new Set([
  "meal_counts",
  "envelope",
  "body",
  "mail_order",
  "value",
  "numbers",
]);

/** A column's value in the neutral values of a record and a StoreDump. */
function neutral(column: string, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (MOMENT_COLUMNS.has(column)) return moment(value);
  if (FLAG_COLUMNS.has(column)) return value === true || value === 1;
  if (JSON_COLUMNS.has(column)) return json(value);
  return value instanceof Uint8Array ? Buffer.from(value) : value;
}

/** The column that tells a table's rows apart where it is not `id` (no sequence numbers them). */
export const TABLE_KEYS: Partial<Record<StoreTable, string>> = {
  idempotency_keys: "key",
  spent_form_tokens: "token_hash",
  bounces: "address",
};

/** A table's rows, from either database, as a dump holds them: neutral values, in key order. */
export function dumpRows(table: StoreTable, rows: readonly Row[]): Row[] {
  const key = TABLE_KEYS[table] ?? "id";
  const neutralRow = (row: Row) =>
    Object.fromEntries(Object.entries(row).map(([key, value]) => [key, neutral(key, value)]));
  return rows.map(neutralRow).sort((a, b) => {
    const [x, y] = [a[key], b[key]] as [string | number, string | number];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/** How many rows a dump holds, table by table: the figures a copy is checked with. */
export function dumpCounts(dump: StoreDump): Record<StoreTable, number> {
  const counts = Object.entries(dump).map(([table, rows]) => [table, rows.length]);
  return Object.fromEntries(counts) as Record<StoreTable, number>;
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
