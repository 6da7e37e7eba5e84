/**
 * What the routes and the mail worker need from storage. The SQLite store implements it for one
 * process; a PostgreSQL store for several instances implements the same promises, so the routes
 * never change. Every method that writes commits before its promise resolves.
 */

/** A message ready to send: its SMTP envelope and the whole MIME text. */
export interface ComposedMail {
  /** What it is, e.g. 'rsvp-notice'; names the .eml file and shows in logs without personal data. */
  kind: string;
  envelope: { from: string; to: string[] };
  messageId: string;
  raw: Buffer;
}

export interface QueuedMail extends ComposedMail {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
}

/** The answer a submission got, kept so that a retried submission gets the same answer. */
export interface StoredResponse {
  status: number;
  body: unknown;
}

/**
 * How a submission is recognised when it is sent again: by the client's Idempotency-Key, and by
 * a hash of its normalised content within a short window. Either one found counts as the same.
 */
export interface Idempotency {
  /** Hash of the normalised submission; a reused key with another hash is refused. */
  requestHash: string;
  keys: { key: string; expiresAt: Date }[];
}

export interface Submission<R> {
  record: R;
  receivedAt: Date;
  idempotency: Idempotency;
  /** Queued in the same transaction as the record. */
  mails: ComposedMail[];
  response: StoredResponse;
}

export type SubmitOutcome =
  | { kind: "stored"; id: number; response: StoredResponse }
  | { kind: "replay"; response: StoredResponse }
  /** An Idempotency-Key already used for a different submission. */
  | { kind: "key-reused" }
  /** Accepting it would pass the guest limit; `taken` seats are already reserved. */
  | { kind: "full"; taken: number; limit: number };

export interface MealCount {
  choice: string;
  count: number;
}

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

export interface SocialRsvpRecord {
  outingId: string;
  firstName: string;
  lastName: string;
  email: string;
  attendees: number;
}

export interface ContactRecord {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
}

/** Submission status: received, then mailed once every mail queued with it has been sent. */
export type SubmissionStatus = "received" | "mailed";

export interface Stored<R> {
  id: number;
  receivedAt: Date;
  status: SubmissionStatus;
  record: R;
  /** When the site's spreadsheet write for it arrived, if it did. */
  sheetRecordedAt?: Date | undefined;
}

export interface Store {
  /**
   * Stores an event RSVP and queues its mails in one transaction that holds the write lock from
   * the start, so the count checked against `guestLimit` is the count the insert adds to.
   */
  addEventRsvp(submission: Submission<EventRsvpRecord>, guestLimit: number): Promise<SubmitOutcome>;
  addSocialRsvp(submission: Submission<SocialRsvpRecord>): Promise<SubmitOutcome>;
  addContactMessage(submission: Submission<ContactRecord>): Promise<SubmitOutcome>;
  /** Notes the sheet write for the latest stored RSVP with this hash; false when there is none. */
  recordSheetRow(table: "event" | "social", requestHash: string, now: Date): Promise<boolean>;
  /** Attendees per event id, for the events that have any. */
  attendeeCounts(): Promise<Map<string, number>>;
  listEventRsvps(eventId?: string): Promise<Stored<EventRsvpRecord>[]>;
  listSocialRsvps(outingId?: string): Promise<Stored<SocialRsvpRecord>[]>;
  listContactMessages(): Promise<Stored<ContactRecord>[]>;

  /**
   * Takes up to `limit` mails due at `now` and leases them until `leaseUntil`, so a crash while
   * sending leaves them to be taken again when the lease ends.
   */
  claimDueMail(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]>;
  markMailSent(id: number, now: Date): Promise<void>;
  /** Puts a mail back for another attempt at `nextAttemptAt`, keeping the error for the record. */
  markMailFailed(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  /** When the next pending mail is due (its lease or its retry time); undefined when none is. */
  nextMailDue(): Promise<Date | undefined>;
  mailCounts(): Promise<{ pending: number; sent: number }>;
  close(): Promise<void>;
}
