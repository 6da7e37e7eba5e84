import type { MealCount } from "../../core/rules/rsvp-payload.ts";
import { type SeatLimits, type WaitlistCounts, waitlistCounts } from "../../core/rules/seats.ts";
import type { LodgeIdentity } from "../places.ts";

/**
 * What the routes, the mail worker and the secretary's commands need from storage. The SQLite
 * store implements it for one process; a PostgreSQL store for several instances implements the
 * same promises, so the routes never change. Every method that writes commits before its promise
 * resolves. A store that cannot take writes or reads at the moment (disk full, read-only,
 * unreachable) rejects with StoreUnavailableError, never with its driver's own error.
 */

/** The store cannot do its work now; nothing of the call was done. The routes answer 503. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}

/**
 * Thrown inside a write that would offer seats to a waiting party whose offer mail was not made
 * (see WaitlistOffers), or whose notices tell the waiting list otherwise than the write leaves it
 * (checkListAfter): the write is undone, and the store answers `stale`.
 */
export class StaleOffersError extends Error {
  override name = "StaleOffersError";
}

/** The kind of the secretary's daily summary of failed mail: never summarised itself. */
export const FAILURE_SUMMARY_KIND = "failed-mail-summary";

/** What every queued mail is known by: its kind, its SMTP envelope and its Message-ID. */
export interface MailHead {
  /** What it is, e.g. 'rsvp-notice'; names the .eml file and shows in logs without personal data. */
  kind: string;
  envelope: { from: string; to: string[] };
  messageId: string;
  /**
   * Queued only if no mail of the same kind went to the same recipient within this many
   * milliseconds before: anyone may type anyone's address into a form, and the lodge must not
   * become a way to pester a stranger.
   */
  oncePerRecipientWithinMs?: number;
}

/** A message ready to send: its head and the whole MIME text. */
export interface ComposedMail extends MailHead {
  raw: Buffer;
}

/**
 * A mail queued by what it is about, not by its text: the mail worker composes it from the
 * stored submission it belongs to (the same transaction stored both) and `order`, when it sends
 * it (server/mail/orders.ts). Composing two mails (templates, the calendar file, MIME) costs more
 * than storing the RSVP, and need not happen before the visitor's answer.
 */
export interface MailOrder extends MailHead {
  /** What the mail needs beyond its submission's record, as JSON: no names nor addresses. */
  order: Record<string, unknown>;
}

/** A mail as the store queues it: composed already, or to be composed when it is sent. */
export type OutboxMail = ComposedMail | MailOrder;

/** The stored submission a mail is about, as the mail worker composes an ordered mail from it. */
export type MailSubject =
  | { table: "event_rsvps"; stored: Stored<EventRsvpRecord> }
  | { table: "social_rsvps"; stored: Stored<SocialRsvpRecord> }
  | { table: "contact_messages"; stored: Stored<ContactRecord> }
  /** A waiting-list entry's (an offer's mails, queued as the lodge's own: see WAITLIST_MAIL). */
  | { table: "waitlist"; stored: WaitlistEntry };

interface Queued {
  id: number;
  /** Attempts made before this one. */
  attempts: number;
}

/**
 * A mail taken from the outbox to be sent: an ordered one comes with its submission (undefined
 * when that is gone, or its personal data already erased).
 */
export type QueuedMail =
  | (ComposedMail & Queued)
  | (MailOrder & Queued & { subject: MailSubject | undefined });

/** A mail as a transport hands it over. */
export type SendableMail = ComposedMail & Queued;

export type MailStatus = "pending" | "sent" | "failed";

/** One mail of the outbox as the secretary sees it. */
export interface MailEntry {
  id: number;
  kind: string;
  messageId: string;
  /** The first recipient. */
  to: string;
  status: MailStatus;
  attempts: number;
  createdAt: Date;
  /** When it is next tried (pending mail). */
  nextAttemptAt: Date;
  sentAt?: Date | undefined;
  /** Sent means written to this folder as a file: no mail server has seen it. */
  writtenTo?: string | undefined;
  failedAt?: Date | undefined;
  /** The last refusal or error, with no address in it. */
  lastError?: string | undefined;
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
  mails: OutboxMail[];
  response: StoredResponse;
  /** An RSVP's: the hash of the manage link's token its confirmation carries (rsvp/manage-link.ts). */
  manageTokenHash?: string | undefined;
}

export type SubmitOutcome =
  | { kind: "stored"; id: number; response: StoredResponse }
  | { kind: "replay"; response: StoredResponse }
  /** An Idempotency-Key already used for a different submission. */
  | { kind: "key-reused" };

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

export type ContactOutcome =
  | SubmitOutcome
  /** The form token was already spent on another message. */
  | { kind: "token-spent" }
  /** The address has sent as many messages without a form token as the window allows. */
  | { kind: "too-many"; max: number; windowMs: number };

export type { MealCount } from "../../core/rules/rsvp-payload.ts";

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

/** The two kinds of RSVP: to an event (with its dinner), to a social outing. */
export type RsvpKind = "event" | "social";
/** The record each kind of RSVP keeps. */
export interface RsvpRecords {
  event: EventRsvpRecord;
  social: SocialRsvpRecord;
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
  /**
   * An event RSVP awaiting its visitor's confirmation: until when it holds its seats (see
   * EventRsvpSubmission.unconfirmed); a lapsed one keeps when its hold ended. Unset once
   * confirmed, and for every other RSVP.
   */
  confirmBy?: Date | undefined;
}

/** Who cancelled an RSVP: its visitor with their manage link, or the secretary. */
export type CancelledBy = "visitor" | "secretary";

/**
 * A cancelled RSVP, as the secretary's listing shows it; `by` unknown for the oldest, and
 * 'unconfirmed' for one whose hold for a confirmation ended (lapsed).
 */
export interface CancelledRsvp extends Stored<EventRsvpRecord> {
  cancelledAt: Date;
  cancelledBy: CancelledBy | "unconfirmed" | undefined;
}

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

/** An RSVP's mails with what its write found in their orders (composed mails as they are). */
export function withFound(
  mails: readonly OutboxMail[],
  found: EventRsvpFound | LinkAgainFound,
): OutboxMail[] {
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
  /** The hash of the manage link's token its confirmation carries (server/rsvp/manage-link.ts). */
  manageTokenHash?: string | undefined;
}

/** What a visitor may change of their RSVP through its manage link. */
export type EventRsvpChange = Pick<
  EventRsvpRecord,
  "attendees" | "dinner" | "meals" | "mealCounts"
>;

/**
 * Where an RSVP stands: counted (`confirmBy` set on the stored RSVP while it awaits its visitor's
 * confirmation), replaced by a newer one of the same address (as RSVPs were before an address's
 * second RSVP stopped replacing its first), cancelled, or lapsed (never confirmed: its seats went
 * back when its hold ended).
 */
export type RsvpState = "current" | "replaced" | "cancelled" | "lapsed";

/** The RSVP a manage link names, whatever has become of it since. */
export interface ManagedEventRsvp {
  rsvp: Stored<EventRsvpRecord>;
  state: RsvpState;
}

/** What became of a confirmation of an RSVP awaiting one. */
export type ConfirmOutcome =
  | { kind: "confirmed" }
  /** Confirmed before (a second click, a retried request): nothing more was done. */
  | { kind: "confirmed-before" }
  /** Its hold ended (at `at`) before this confirmation: its seats went, or are going, back. */
  | { kind: "lapsed"; at: Date }
  /** No current RSVP has this id (cancelled meanwhile). */
  | { kind: "not-found" };

/** The social RSVP a manage link names, whatever has become of it since. */
export interface ManagedSocialRsvp {
  rsvp: Stored<SocialRsvpRecord>;
  state: "current" | "cancelled";
}

/** The limits an RSVP is stored within; core's capacity rule decides with them. */
export type RsvpLimits = SeatLimits;

export interface ContactSubmission extends Submission<ContactRecord> {
  clientKey: string;
  /**
   * The form token the message came with, by its hash: storing the message spends it. Without
   * one, `untokened` limits the messages of one address.
   */
  formToken?: { hash: string; expiresAt: Date } | undefined;
  untokened: { max: number; windowMs: number };
}

export type ChangeOutcome =
  | { kind: "done"; before: Stored<EventRsvpRecord> }
  /** No current RSVP has this id (never had, cancelled, or replaced). */
  | { kind: "not-found" }
  | { kind: "full"; taken: number; limit: number }
  /**
   * The RSVP no longer has the attendees its mails tell it had (`before`, given to the change):
   * changed meanwhile by someone else. Nothing was stored.
   */
  | { kind: "changed"; attendees: number }
  /** Seats freed would go to a waiting party whose offer mail was not made: nothing was stored. */
  | { kind: "stale" };

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
export function answerAt(response: StoredResponse, position: number): StoredResponse {
  const body = response.body as { message?: unknown };
  if (typeof body?.message !== "string") return response;
  return {
    ...response,
    body: { ...body, message: body.message.replaceAll(POSITION, String(position)) },
  };
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

/**
 * The offers a write makes when it frees seats: the offer mail of every waiting party that may be
 * offered them, made beforehand (mail is composed outside the transaction), with the hash of the
 * claim link's token it carries. A write that would offer seats to a party whose mail is missing
 * (one who joined meanwhile) stores nothing and answers `stale`: make the mails again and retry.
 */
export interface WaitlistOffers {
  guestLimit: number;
  /**
   * When offers made now run out (core's offerExpiry); undefined once the event takes no more
   * RSVPs: nothing is offered then, and only the offers that ran out are passed on.
   */
  expiresAt: Date | undefined;
  mails: ReadonlyMap<number, OfferMails>;
  /**
   * The mails that tell of an offer that ran out (its party's, the secretary's), by entry id. An
   * offer that ran out is passed on only with its mails: a write that brings no offers leaves it
   * to one that does (the scheduler's job always does); one that brings offers but lacks its
   * mails stores nothing and answers `stale`.
   */
  ranOut: ReadonlyMap<number, ComposedMail[]>;
  /**
   * Whether the secretary's notices of the offers that ran out say someone waits in line for the
   * seats (the server's do, while the event takes RSVPs). Checked in the write like an offer's
   * list (checkRanOut): a party that joined or left meanwhile makes the write `stale`.
   */
  nextInLine?: boolean | undefined;
}

/** The mails of one offer, the hash of the claim link's token they carry, and what they say. */
export interface OfferMails {
  tokenHash: string;
  /** Composed, or ordered (composed from the waiting-list entry when sent). */
  mails: OutboxMail[];
  /**
   * The list in figures once the write is done, as the secretary's notice of the offer tells it
   * (the server's offers always do). Mail is composed before the write, so the store checks it
   * against the list it leaves (checkListAfter): a party that joined or left meanwhile makes the
   * write `stale`.
   */
  listAfter?: WaitlistCounts | undefined;
}

/**
 * Throws StaleOffersError, undoing the write, unless each offer made (or claim) tells the
 * secretary the list as the write leaves it (`list`: its parties waiting or offered, read in the
 * write).
 */
export function checkListAfter(
  made: readonly { listAfter?: WaitlistCounts | undefined }[],
  list: readonly { state: string; attendees: number }[],
): void {
  const after = waitlistCounts(list);
  const same = (told: WaitlistCounts | undefined) =>
    told === undefined ||
    (Object.keys(after) as (keyof WaitlistCounts)[]).every((key) => told[key] === after[key]);
  if (!made.every((offer) => same(offer.listAfter))) throw new StaleOffersError();
}

/**
 * Throws StaleOffersError, undoing the write, when it passes offers that ran out on (`ranOut` of
 * them) with notices that tell otherwise than the write finds whether anyone waits in line
 * (`waiting`: parties waiting, read in the write before it offers seats).
 */
export function checkRanOut(offers: WaitlistOffers, ranOut: number, waiting: number): void {
  const told = offers.nextInLine;
  if (ranOut > 0 && told !== undefined && told !== waiting > 0) throw new StaleOffersError();
}

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

/** The submissions whose personal data is erased on time: event RSVPs, outing RSVPs, messages. */
export type ErasureKind = "event" | "social" | "contact";

/** Submissions that still hold personal data: per event or outing, with the newest receipt. */
export interface PersonalData {
  kind: RsvpKind;
  /** The event's or outing's id. */
  subject: string;
  newest: Date;
}

/** One erasure as the store records it: what was erased, when, and what the lodge keeps of it. */
export interface Erasure {
  id: number;
  erasedAt: Date;
  kind: ErasureKind;
  /** The event's or outing's id; empty for messages. */
  subject: string;
  /** RSVPs (or messages) whose names, addresses, phone and text were erased. */
  rows: number;
  /** Attendees and meals those RSVPs held, kept for the lodge's records. */
  attendees: number;
  meals: number;
}

/** The tables a store keeps, in the order a copy writes them. */
export const STORE_TABLES = [
  "event_rsvps",
  "social_rsvps",
  "contact_messages",
  "outbox",
  "idempotency_keys",
  "spent_form_tokens",
  "reminders",
  "erasures",
  "waitlist",
] as const;
export type StoreTable = (typeof STORE_TABLES)[number];

/**
 * Every row of every table, ids included, for `lodge migrate-store`: moments as Date, flags as
 * boolean, JSON parsed, mail bodies as Buffer, whichever store they came from.
 */
export type StoreDump = Record<StoreTable, Record<string, unknown>[]>;

export interface Store {
  /**
   * Stores an event RSVP and queues its mails in one transaction that holds the write lock from
   * the start, so the counts checked against the limits are the counts the insert adds to. An
   * e-mail address with a current RSVP for the event keeps it: the new one answers `exists` (and
   * its holder is mailed the link again, see `linkAgain`). Past the seats its network address may
   * hold, the RSVP is stored awaiting confirmation (`unconfirmed`). The seats held by an offer to
   * the address's waiting-list entry, which the RSVP takes the place of, are freed in the same
   * transaction, and what it leaves of them goes to the waiting list (`offers`).
   */
  addEventRsvp(
    submission: EventRsvpSubmission,
    limits: RsvpLimits,
    offers?: WaitlistOffers,
  ): Promise<EventRsvpOutcome>;
  /** The entry of `email` on the event's waiting list, if it is in line or offered seats. */
  eventRsvpSituation(eventId: string, email: string): Promise<EventRsvpSituation>;
  /**
   * Makes an RSVP awaiting confirmation an RSVP like any other, its hold still running at `now`,
   * and queues `mails` with it (the confirmation and the secretary's notice, the seats its
   * address holds written into their orders, as a new RSVP's are).
   */
  confirmEventRsvp(id: number, now: Date, mails: OutboxMail[]): Promise<ConfirmOutcome>;
  /**
   * Seats held by the event's RSVPs awaiting confirmation whose hold has ended by `now`: the next
   * write that settles its waiting list with offers lapses them and offers their seats.
   */
  lapsingSeats(eventId: string, now: Date): Promise<number>;
  addSocialRsvp(submission: Submission<SocialRsvpRecord>): Promise<SubmitOutcome>;
  addContactMessage(submission: ContactSubmission): Promise<ContactOutcome>;
  /** Notes the sheet write for the latest stored RSVP with this hash; false when there is none. */
  recordSheetRow(table: "event" | "social", requestHash: string, now: Date): Promise<boolean>;
  /**
   * Seats taken per event id (current RSVPs and the seats open offers hold), for the events that
   * have any.
   */
  attendeeCounts(): Promise<Map<string, number>>;
  /** The current RSVPs (neither cancelled nor replaced), by id. */
  listEventRsvps(eventId?: string): Promise<Stored<EventRsvpRecord>[]>;
  /** The cancelled RSVPs, by id: when and by whom each was cancelled. */
  listCancelledEventRsvps(eventId?: string): Promise<CancelledRsvp[]>;
  /** One current RSVP, or undefined. */
  getEventRsvp(id: number): Promise<Stored<EventRsvpRecord> | undefined>;
  /**
   * Cancels a current RSVP, freeing its seats, and queues `mails` with it; the seats go to the
   * waiting list in the same transaction (`offers`; none offered without it). `before`, here and
   * in the changes below: the attendees the mails tell the RSVP had; one that has others now
   * answers `changed` (unset: not checked).
   */
  cancelEventRsvp(
    id: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    before?: number,
    by?: CancelledBy,
  ): Promise<ChangeOutcome>;
  /**
   * Sets the attendees of a current RSVP, within the guest limit (seats held by open offers
   * count as taken), and queues `mails` with it; seats it frees go to the waiting list.
   */
  changeEventRsvpAttendees(
    id: number,
    attendees: number,
    guestLimit: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    before?: number,
  ): Promise<ChangeOutcome>;
  /** The RSVP whose manage link's token has this hash (any state), or undefined. */
  findEventRsvpByToken(tokenHash: string): Promise<ManagedEventRsvp | undefined>;
  /**
   * Changes the head count, dinner and meals of a current RSVP (its visitor's change), within the
   * guest limit in the same transaction, and queues `mails` with it.
   */
  changeEventRsvp(
    id: number,
    change: EventRsvpChange,
    guestLimit: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    before?: number,
  ): Promise<ChangeOutcome>;
  /** The social RSVP whose manage link's token has this hash (any state), or undefined. */
  findSocialRsvpByToken(tokenHash: string): Promise<ManagedSocialRsvp | undefined>;
  /**
   * Sets the attendees of a current social RSVP, or cancels it (attendees 0), with its mails;
   * `before` as for an event RSVP's change (changedSince).
   */
  changeSocialRsvp(
    id: number,
    attendees: number,
    now: Date,
    mails: ComposedMail[],
    before?: number,
  ): Promise<
    { kind: "done" } | { kind: "not-found" } | Extract<ChangeOutcome, { kind: "changed" }>
  >;
  /**
   * Puts a party on the event's waiting list, its mails queued with it, when its seats do not
   * fit (open offers' seats count as taken). An entry of the same address still waiting is
   * replaced by this one, which keeps its place in line.
   */
  joinWaitlist(submission: WaitlistSubmission, limits: RsvpLimits): Promise<JoinOutcome>;
  /** The waiting-list entry whose link's token (or offer's) has this hash, in any state. */
  findWaitlistEntryByToken(tokenHash: string): Promise<WaitlistEntry | undefined>;
  /** The parties waiting or offered seats, in line order (all events', or one's). */
  listWaitlist(eventId?: string): Promise<WaitlistEntry[]>;
  /**
   * Turns an open offer into an RSVP (with the hash of its manage link) and queues `mails` with
   * it, in one transaction: the seats the offer held become the RSVP's.
   */
  claimOffer(entryId: number, claim: ClaimInput): Promise<ClaimOutcome>;
  /**
   * Takes an entry off the list, queueing `mails`; seats its offer held go to the next ones.
   * `from`, the entry's state the mails were made for (they say whether an offer was given up):
   * an entry found in another state (offered seats meanwhile) makes the leave `stale`.
   */
  leaveWaitlist(
    entryId: number,
    now: Date,
    mails: ComposedMail[],
    offers?: WaitlistOffers,
    from?: "waiting" | "offered",
  ): Promise<LeaveOutcome>;
  /**
   * The events whose waiting list has work at `now`: an offer that has run out, free seats (under
   * `guestLimit`) that the smallest waiting party fits in, or an RSVP whose hold for its
   * confirmation has ended.
   */
  waitlistDue(now: Date, guestLimit: number): Promise<string[]>;
  /**
   * Passes the event's offers that ran out by `now` on (each once, whichever instance gets
   * there first), lapses its RSVPs whose hold for a confirmation ended by then, and offers the
   * free seats down the line; how many of each it did.
   */
  settleWaitlist(
    eventId: string,
    now: Date,
    offers?: WaitlistOffers,
  ): Promise<
    { kind: "settled"; expired: number; lapsed: number; offered: number } | { kind: "stale" }
  >;
  /** The current social RSVPs (cancelled ones left out), by id. */
  listSocialRsvps(outingId?: string): Promise<Stored<SocialRsvpRecord>[]>;
  listContactMessages(): Promise<Stored<ContactRecord>[]>;

  /**
   * Takes up to `limit` mails due at `now` and leases them until `leaseUntil`, so a crash while
   * sending leaves them to be taken again when the lease ends.
   */
  claimDueMail(now: Date, leaseUntil: Date, limit: number): Promise<QueuedMail[]>;
  /** `writtenTo`: the folder the mail was written to instead of being handed to a mail server. */
  markMailSent(id: number, now: Date, writtenTo?: string): Promise<void>;
  /** Puts a mail back for another attempt at `nextAttemptAt`, keeping the error for the record. */
  deferMail(id: number, error: string, nextAttemptAt: Date): Promise<void>;
  /** Gives a mail up for good (the server refused it permanently): status failed. */
  failMail(id: number, error: string, now: Date): Promise<void>;
  /** Puts a failed or pending mail back in the queue, due at `now`, its attempts counted afresh. */
  retryMail(id: number, now: Date): Promise<boolean>;
  /** When the next pending mail is due (its lease or its retry time); undefined when none is. */
  nextMailDue(): Promise<Date | undefined>;
  mailCounts(): Promise<{ pending: number; sent: number; failed: number }>;
  /** The outbox, newest first, optionally of one status. */
  listMail(status?: MailStatus): Promise<MailEntry[]>;
  /** Failed mails the secretary has not been told about yet (summaries themselves left out). */
  unreportedFailures(): Promise<MailEntry[]>;
  /**
   * Queues the secretary's summary of the failed mails `reported`, and marks them reported,
   * unless a summary was queued less than `intervalMs` before `now`. False when not queued.
   */
  queueFailureSummary(
    mail: ComposedMail,
    reported: number[],
    now: Date,
    intervalMs: number,
  ): Promise<boolean>;
  /** When the last failure summary was queued, if ever. */
  lastFailureSummary(): Promise<Date | undefined>;
  /**
   * The current RSVPs of `kind` for the event or outing `subjectId` received before
   * `receivedBefore` that have had no reminder for its date `eventDate` (its date as the data
   * writes it: a postponed event reminds again).
   */
  unremindedRsvps<K extends RsvpKind>(
    kind: K,
    subjectId: string,
    eventDate: string,
    receivedBefore: Date,
  ): Promise<Stored<RsvpRecords[K]>[]>;
  /**
   * Claims the reminder of the RSVP of `kind` numbered `rsvpId` for `eventDate` and queues
   * `mail` with it, in one transaction (with the new manage link's hash, when it carries one);
   * false (nothing queued) when it was claimed before, by this or another instance, or the RSVP
   * is no longer current.
   */
  queueReminder(
    kind: RsvpKind,
    rsvpId: number,
    eventDate: string,
    mail: ComposedMail,
    now: Date,
    /** The hash of the manage link the reminder carries, which replaces the RSVP's. */
    manageTokenHash?: string,
  ): Promise<boolean>;
  /** The events and outings whose RSVPs still hold personal data (any state). */
  personalData(): Promise<PersonalData[]>;
  /**
   * Erases the names, addresses and title of every RSVP of the event or outing `subject` (any
   * state) and the text of the mails sent about them, keeping attendees and meals, and records
   * it; the number of RSVPs erased (0 when there were none left).
   */
  eraseRsvps(kind: RsvpKind, subject: string, now: Date): Promise<number>;
  /**
   * Erases the messages received before `receivedBefore` likewise, and the text of the
   * secretary's summaries of failed mail queued before then and gone (they name visitors); how many
   * messages were erased.
   */
  eraseMessages(receivedBefore: Date, now: Date): Promise<number>;
  /** The erasures done, oldest first. */
  listErasures(): Promise<Erasure[]>;
  /** The lodge the database belongs to, once a server of one has used it. */
  lodgeIdentity(): Promise<LodgeIdentity | undefined>;
  /** Records the lodge the database belongs to (its name may have changed since). */
  claimLodge(identity: LodgeIdentity): Promise<void>;
  /** Every row of every table (cancelled and replaced RSVPs, sent mail and all). */
  dump(): Promise<StoreDump>;
  /**
   * Writes `dump` into this store in one transaction, ids kept, so that new rows number on
   * after them. Refuses (writing nothing) when the store already holds any row.
   */
  restore(dump: StoreDump): Promise<void>;
  close(): Promise<void>;
}
