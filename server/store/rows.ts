import type {
  ContactRecord,
  ContactSubmission,
  EventRsvpRecord,
  EventRsvpSubmission,
  MailEntry,
  MailStatus,
  MealCount,
  SocialRsvpRecord,
  Stored,
  Submission,
  SubmissionStatus,
} from "./store.ts";

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
    failedAt: optionalMoment(row.failed_at),
    lastError: row.last_error === null ? undefined : String(row.last_error),
  };
}

/** A value as a column takes it: moments, flags and lists in their neutral form. */
export type Column = string | number | boolean | Date | null | readonly unknown[];

/** The columns of a new event RSVP; each store writes them in its own types. */
export function eventRsvpColumns(submission: EventRsvpSubmission): Record<string, Column> {
  const { record } = submission;
  return {
    event_id: record.eventId,
    received_at: submission.receivedAt,
    first_name: record.firstName,
    last_name: record.lastName,
    masonic_title: record.masonicTitle,
    email: record.email,
    attendees: record.attendees,
    dinner: record.dinner,
    meals: record.meals,
    meal_counts: record.mealCounts,
    request_hash: submission.idempotency.requestHash,
    client_key: submission.clientKey,
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
