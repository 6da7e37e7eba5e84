/**
 * The store as the rest of lodge sees it: the Store's methods (operations.ts), the records they
 * take and give, and the errors they throw. open-store.ts opens one.
 */

export { StoreUnavailableError } from "../db/database.ts";
export type {
  AnnouncementRecipient,
  Audience,
  Friend,
  SubscribeOutcome,
} from "./announcements.ts";
export type { AnsweredMember, AnswerOutcome, Diner, HeldAnswer, SummonsAnswer } from "./answers.ts";
export type {
  AttendanceMark,
  Marked,
  MarkOutcome,
  Register,
  Visitor,
  VisitorFields,
} from "./attendance.ts";
export type { ConfirmOutcome } from "./holds.ts";
export type { RollMember } from "./members.ts";
export type { ContactRecord, ContactSubmission } from "./messages.ts";
export type { OfferMails, WaitlistOffers } from "./offers.ts";
export type { Store } from "./operations.ts";
export {
  type ComposedMail,
  FAILURE_SUMMARY_KIND,
  type MailEntry,
  type MailOrder,
  type MailStatus,
  type MailSubject,
  type OutboxMail,
  type QueuedMail,
  type SendableMail,
} from "./outbox.ts";
export type { SocialRsvpRecord } from "./outings.ts";
export { type CopyCounts, copyInto, type StoreDump } from "./records.ts";
export type { ChangeOutcome, EventRsvpChange } from "./rsvp-changes.ts";
export {
  type CancelledRsvp,
  type EventRsvpFound,
  type EventRsvpOutcome,
  type EventRsvpRecord,
  type EventRsvpSituation,
  type EventRsvpSubmission,
  type LinkAgainFound,
  type RsvpKind,
  type RsvpLimits,
  type RsvpRecords,
  type RsvpState,
  seatsHeldBy,
} from "./rsvps.ts";
export type { Idempotency, Stored, Submission, SubmitOutcome } from "./submissions.ts";
export type {
  CatererMailKind,
  CatererNumbers,
  CatererSend,
  SummonsMailKind,
} from "./summonses.ts";
export type { Erasure } from "./timed.ts";
export { POSITION, type WaitlistEntry, type WaitlistSubmission } from "./waitlist.ts";
