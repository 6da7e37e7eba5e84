import { MAIL_TEMPLATES } from "../mail/templates.ts";
import type { LodgeIdentity } from "../places.ts";
import type {
  CancelledRsvp,
  ContactRecord,
  ContactSubmission,
  Erasure,
  ErasureKind,
  EventRsvpChange,
  EventRsvpRecord,
  EventRsvpSubmission,
  MailEntry,
  MailStatus,
  MailSubject,
  MealCount,
  OutboxMail,
  QueuedMail,
  RsvpKind,
  RsvpRecords,
  RsvpState,
  SocialRsvpRecord,
  StoreDump,
  Stored,
  StoreTable,
  Submission,
  SubmissionStatus,
  WaitingAddress,
  WaitlistEntry,
  WaitlistEntryState,
  WaitlistSubmission,
} from "./store.ts";
import { STORE_TABLES } from "./store.ts";

/**
 * A row of either store as the contract's records: the one reading of each table. SQLite hands
 * moments back as ISO text or milliseconds, flags as 0/1 and JSON as text; PostgreSQL as Date,
 * boolean and parsed JSON. Both read the same here.
 */
export type Row = Record<string, unknown>;

function moment(value: unknown): Date {
  return value instanceof Date ? value : new Date(value as string | number);
}

const optionalMoment = (value: unknown) =>
  value === null || value === undefined ? undefined : moment(value);

const json = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);

/** The lodge_meta row 'lodge' (JSON text in SQLite, jsonb in PostgreSQL) as an identity. */
export function lodgeIdentityOf(value: unknown): LodgeIdentity | undefined {
  const parsed = json(value) as Partial<LodgeIdentity> | null;
  return typeof parsed?.number === "number" && typeof parsed.name === "string"
    ? { number: parsed.number, name: parsed.name }
    : undefined;
}

function stored(row: Row) {
  return {
    id: Number(row.id),
    receivedAt: moment(row.received_at),
    status: String(row.status) as SubmissionStatus,
    sheetRecordedAt: optionalMoment(row.sheet_recorded_at),
  };
}

export function eventRsvp(row: Row): Stored<EventRsvpRecord> {
  return {
    ...stored(row),
    confirmBy: optionalMoment(row.unconfirmed_until),
    record: {
      eventId: String(row.event_id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      masonicTitle: String(row.masonic_title),
      email: String(row.email),
      attendees: Number(row.attendees),
      dinner: row.dinner === 1 || row.dinner === true,
      meals: Number(row.meals),
      mealCounts: json(row.meal_counts) as MealCount[],
    },
  };
}

/** A cancelled event RSVP's row, with when and by whom it was cancelled. */
export function cancelledRsvp(row: Row): CancelledRsvp {
  const by = row.ended_by;
  return {
    ...eventRsvp(row),
    cancelledAt: moment(row.ended_at),
    cancelledBy:
      by === "visitor" || by === "secretary"
        ? by
        : optionalMoment(row.unconfirmed_until)
          ? "unconfirmed"
          : undefined,
  };
}

/** Where an event RSVP's row stands: a cancelled one that was never confirmed lapsed. */
export function eventRsvpState(row: Row): RsvpState {
  const state = String(row.state) as RsvpState;
  return state === "cancelled" && optionalMoment(row.unconfirmed_until) ? "lapsed" : state;
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
    rsvpId: row.rsvp_id === null || row.rsvp_id === undefined ? undefined : Number(row.rsvp_id),
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

/** The columns of a new waiting-list entry, at place `line` in the event's line. */
export function waitlistColumns(
  submission: WaitlistSubmission,
  line: number,
): Record<string, Column> {
  return {
    ...rsvpRecordColumns(submission),
    line,
    token_hash: submission.tokenHash,
  };
}

export function socialRsvp(row: Row): Stored<SocialRsvpRecord> {
  return {
    ...stored(row),
    record: {
      outingId: String(row.outing_id),
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      email: String(row.email),
      attendees: Number(row.attendees),
    },
  };
}

export function contactMessage(row: Row): Stored<ContactRecord> {
  return {
    ...stored(row),
    record: {
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      email: String(row.email),
      phoneNumber: String(row.phone_number),
      message: String(row.message),
    },
  };
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

/** A value as a column takes it: moments, flags and lists in their neutral form. */
export type Column = string | number | boolean | Date | null | readonly unknown[];

/** How many rows a dump holds, table by table: the figures a copy is checked with. */
export function dumpCounts(dump: StoreDump): Record<StoreTable, number> {
  return Object.fromEntries(STORE_TABLES.map((table) => [table, dump[table].length])) as Record<
    StoreTable,
    number
  >;
}

/**
 * The columns of a new event RSVP, awaiting confirmation until `unconfirmedUntil` when given;
 * each store writes them in its own types.
 */
export function eventRsvpColumns(
  submission: EventRsvpSubmission,
  unconfirmedUntil?: Date,
): Record<string, Column> {
  return {
    ...rsvpRecordColumns(submission),
    manage_token_hash: submission.manageTokenHash ?? null,
    ...(unconfirmedUntil ? { unconfirmed_until: unconfirmedUntil } : {}),
  };
}

/**
 * The columns an event RSVP and a waiting-list entry share: the party, when and from where it
 * came, and the hash its retries are known by.
 */
export function rsvpRecordColumns(source: {
  record: EventRsvpRecord;
  receivedAt: Date;
  idempotency: { requestHash: string };
  clientKey: string;
}): Record<string, Column> {
  const { record } = source;
  return {
    event_id: record.eventId,
    received_at: source.receivedAt,
    first_name: record.firstName,
    last_name: record.lastName,
    masonic_title: record.masonicTitle,
    email: record.email,
    attendees: record.attendees,
    dinner: record.dinner,
    meals: record.meals,
    meal_counts: record.mealCounts,
    request_hash: source.idempotency.requestHash,
    client_key: source.clientKey,
  };
}

/** The columns a visitor's change sets. */
export function eventRsvpChangeColumns(change: EventRsvpChange): Record<string, Column> {
  return {
    attendees: change.attendees,
    dinner: change.dinner,
    meals: change.meals,
    meal_counts: change.mealCounts,
  };
}

export function socialRsvpColumns(
  submission: Submission<SocialRsvpRecord>,
): Record<string, Column> {
  const { record } = submission;
  return {
    outing_id: record.outingId,
    received_at: submission.receivedAt,
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    attendees: record.attendees,
    request_hash: submission.idempotency.requestHash,
    manage_token_hash: submission.manageTokenHash ?? null,
  };
}

export function contactColumns(submission: ContactSubmission): Record<string, Column> {
  const { record } = submission;
  return {
    received_at: submission.receivedAt,
    first_name: record.firstName,
    last_name: record.lastName,
    email: record.email,
    phone_number: record.phoneNumber,
    message: record.message,
    request_hash: submission.idempotency.requestHash,
    client_key: submission.clientKey,
    with_token: submission.formToken !== undefined,
  };
}

/** The columns that hold a moment, a flag or JSON, in either store's tables. */
export const MOMENT_COLUMNS = new Set([
  "received_at",
  "sheet_recorded_at",
  "ended_at",
  "created_at",
  "next_attempt_at",
  "sent_at",
  "failed_at",
  "reported_at",
  "expires_at",
  "queued_at",
  "erased_at",
  "offered_at",
  "offer_expires_at",
  "unconfirmed_until",
]);
const FLAG_COLUMNS = new Set(["dinner", "with_token"]);
export const JSON_COLUMNS = new Set(["meal_counts", "envelope", "body", "mail_order"]);

/** A row of either store in the neutral values of a StoreDump. */
export function neutralRow(row: Row): Row {
  return Object.fromEntries(
    Object.entries(row).map(([name, value]) => [
      name,
      value === null || value === undefined
        ? null
        : MOMENT_COLUMNS.has(name)
          ? moment(value)
          : FLAG_COLUMNS.has(name)
            ? value === true || value === 1
            : JSON_COLUMNS.has(name)
              ? json(value)
              : value instanceof Uint8Array
                ? Buffer.from(value)
                : value,
    ]),
  );
}

/** The column that tells a table's rows apart, by which a dump lists them. */
const TABLE_KEYS: Record<StoreTable, string> = {
  event_rsvps: "id",
  social_rsvps: "id",
  contact_messages: "id",
  outbox: "id",
  idempotency_keys: "key",
  spent_form_tokens: "token_hash",
  reminders: "id",
  erasures: "id",
  waitlist: "id",
};

/** A table's rows, from either store, as a dump holds them: neutral values, in key order. */
export function dumpRows(table: StoreTable, rows: readonly Row[]): Row[] {
  const key = TABLE_KEYS[table];
  return rows.map(neutralRow).sort((a, b) => {
    const [x, y] = [a[key], b[key]] as [string | number, string | number];
    return x < y ? -1 : x > y ? 1 : 0;
  });
}

/**
 * Where each kind of RSVP is kept: its table, the column naming its event or outing, and how a
 * row of it reads.
 */
export const RSVP_TABLES = {
  event: { table: "event_rsvps", subject: "event_id", read: eventRsvp },
  social: { table: "social_rsvps", subject: "outing_id", read: socialRsvp },
} as const satisfies {
  [K in RsvpKind]: { table: Source; subject: string; read: (row: Row) => Stored<RsvpRecords[K]> };
};

/** The submission table of each kind of erasure. */
export const ERASURE_SOURCES = {
  event: "event_rsvps",
  social: "social_rsvps",
  contact: "contact_messages",
} as const satisfies Record<ErasureKind, Source>;

/** What erasing leaves in a submission's personal columns. */
export const ERASED = {
  event_rsvps: { first_name: "", last_name: "", masonic_title: "", email: "" },
  social_rsvps: { first_name: "", last_name: "", email: "" },
  contact_messages: { first_name: "", last_name: "", email: "", phone_number: "", message: "" },
} as const satisfies Record<Source, Record<string, string>>;

/** What erasing leaves in a waiting-list entry's personal columns. */
export const ERASED_WAITLIST = { first_name: "", last_name: "", masonic_title: "", email: "" };

/**
 * The mail about a waiting-list entry is queued as the lodge's own ('lodge'), with the entry's id:
 * the outbox's sources stay as they were (a new one would rebuild the table in SQLite), and the
 * kinds tell these mails apart, for their erasure: a mail's kind is its template's name, and the
 * waiting list's templates are named 'waitlist-...'.
 */
export const WAITLIST_MAIL = {
  source: "lodge",
  kinds: MAIL_TEMPLATES.filter((name) => name.startsWith("waitlist-")),
} as const;

/** What erasing leaves of a mail sent about an erased submission. */
export const ERASED_MAIL = { recipient: "", envelope: { from: "", to: [] as string[] } };

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

/** The submission tables, each a source of mail. */
export type Source = "event_rsvps" | "social_rsvps" | "contact_messages";

/** The submission table a mail belongs to, or 'lodge' for the lodge's own mail (summaries). */
export type MailSource = Source | "lodge";

/**
 * The table whose row an ordered mail is composed from: its submission's, or, for a mail of the
 * lodge's own about a waiting-list entry (WAITLIST_MAIL), the waiting list; undefined for none.
 */
export function orderedSubjectTable(
  source: MailSource,
  kind: string,
): MailSubject["table"] | undefined {
  if (source !== WAITLIST_MAIL.source) return source;
  return (WAITLIST_MAIL.kinds as readonly string[]).includes(kind) ? "waitlist" : undefined;
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

/** What an outbox row holds of a mail: its text, or the order it is composed from when sent. */
export function outboxText(mail: OutboxMail): {
  raw: Buffer;
  order: Record<string, unknown> | null;
} {
  return "order" in mail ? { raw: EMPTY, order: mail.order } : { raw: mail.raw, order: null };
}
const EMPTY = Buffer.alloc(0);

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

/** The address a mail is counted against: its first recipient, in lowercase. */
export function recipientOf(mail: Pick<OutboxMail, "envelope">): string {
  return (mail.envelope.to[0] ?? "").toLowerCase();
}
