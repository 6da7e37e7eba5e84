import { bind, type Database, type Methods } from "../db/database.ts";
import { announcementOperations } from "./announcements.ts";
import { answerOperations } from "./answers.ts";
import { attendanceOperations } from "./attendance.ts";
import { holdOperations } from "./holds.ts";
import { memberOperations } from "./members.ts";
import { messageOperations } from "./messages.ts";
import { outboxOperations } from "./outbox.ts";
import { outingOperations } from "./outings.ts";
import { recordOperations } from "./records.ts";
import { rsvpChangeOperations } from "./rsvp-changes.ts";
import { rsvpOperations } from "./rsvps.ts";
import { summonsOperations } from "./summonses.ts";
import { timedOperations } from "./timed.ts";
import { waitlistOperations } from "./waitlist.ts";

/**
 * Every operation of the store, each a transaction script written once for both databases. A
 * new one is a script in the module of what it keeps (a `write`, `read` or `lookup`), with a
 * migration per database if it needs a column, and its test in store.test.ts: it is a method of
 * every store, on SQLite, on SQLite's thread and on PostgreSQL, from here.
 */
export const operations = {
  ...rsvpOperations,
  ...rsvpChangeOperations,
  ...holdOperations,
  ...outingOperations,
  ...messageOperations,
  ...waitlistOperations,
  ...outboxOperations,
  ...timedOperations,
  ...recordOperations,
  ...memberOperations,
  ...answerOperations,
  ...summonsOperations,
  ...attendanceOperations,
  ...announcementOperations,
};

export type OperationName = keyof typeof operations;

/**
 * What the routes, the mail worker and the secretary's commands need from storage, whichever
 * database holds it. Every method that writes commits before its promise resolves. A store that
 * cannot take writes or reads at the moment (disk full, read-only, unreachable) rejects with
 * StoreUnavailableError, never with its driver's own error.
 */
export type Store = Methods<typeof operations> & { close(): Promise<void> };

/** The store on `db`. */
export function storeOn(db: Database): Store {
  return { ...bind(db, operations), close: () => db.close() };
}
