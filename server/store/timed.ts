import { type Operation, read, type Tx, write } from "../db/database.ts";
import { FOR_UPDATE, list, name, type Sql, set, sql, values } from "../db/sql.ts";
import { type ComposedMail, ERASED_MAIL, FAILURE_SUMMARY_KIND, queueMails } from "./outbox.ts";
import { erasure, eventRsvp, socialRsvp } from "./rows.ts";
import type { RsvpKind, RsvpRecords } from "./rsvps.ts";
import type { Source, Stored } from "./submissions.ts";
import { eraseWaitlist } from "./waitlist.ts";

/**
 * Timed work: reminders and the erasure of personal data. Two instances may run them at once: a
 * reminder is claimed by a unique row (the second insert waits for the first transaction and
 * then finds the row there), and an erasure takes only rows not yet erased, locked, which the
 * second transaction, waiting on their locks, no longer finds.
 */

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

/**
 * Each kind's table, the column naming its event or outing, what erasing leaves in its personal
 * columns, and what the lodge keeps of the rows it erases.
 */
const KINDS = {
  event: {
    table: "event_rsvps",
    subject: "event_id",
    blank: { first_name: "", last_name: "", masonic_title: "", email: "" },
    kept: sql`COALESCE(SUM(attendees), 0) AS attendees, COALESCE(SUM(meals), 0) AS meals`,
  },
  social: {
    table: "social_rsvps",
    subject: "outing_id",
    blank: { first_name: "", last_name: "", email: "" },
    kept: sql`COALESCE(SUM(attendees), 0) AS attendees, 0 AS meals`,
  },
  contact: {
    table: "contact_messages",
    subject: undefined,
    blank: { first_name: "", last_name: "", email: "", phone_number: "", message: "" },
    kept: undefined,
  },
} as const satisfies Record<
  ErasureKind,
  { table: Source; subject?: string; blank: object; kept?: Sql }
>;

/** Ids a statement keeps apart in each: under both databases' limits of parameters. */
const CHUNK = 1000;

/**
 * Erases the rows `ids` (locked by the caller) of the kind's table and the mail sent about them,
 * keeping the attendees and meals of the current ones, and records it.
 */
async function erase(tx: Tx, kind: ErasureKind, subject: string, ids: number[], now: Date) {
  if (ids.length === 0) return 0;
  const { table, blank, kept } = KINDS[kind];
  const counts = { attendees: 0, meals: 0 };
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = list(ids.slice(i, i + CHUNK));
    const current = kind === "event" ? sql`AND state = 'current'` : sql``;
    const [sums] = await Promise.all([
      kept &&
        tx.one<typeof counts>(
          sql`SELECT ${kept} FROM ${name(table)} WHERE id IN (${chunk}) ${current}`,
        ),
      tx.run(sql`UPDATE ${name(table)} SET ${set({ ...blank, erased_at: now })}
        WHERE id IN (${chunk})`),
      // The mail still waiting to go keeps its text: it goes, then it is erased with the next run.
      tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
          envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)}, mail_order = NULL
        WHERE source = ${table} AND source_id IN (${chunk}) AND status != 'pending'`),
    ]);
    counts.attendees += Number(sums?.attendees ?? 0);
    counts.meals += Number(sums?.meals ?? 0);
  }
  const record = { erased_at: now, kind, subject, submissions: ids.length, ...counts };
  await tx.run(sql`INSERT INTO erasures ${values(record)}`);
  return ids.length;
}

/** The ids of the rows `where` picks not yet erased, locked (a second instance waits, finds none). */
async function unerased(tx: Tx, table: Source, where: Sql): Promise<number[]> {
  const rows = await tx.all<{ id: number }>(
    sql`SELECT id FROM ${name(table)} WHERE erased_at IS NULL AND ${where} ${FOR_UPDATE}`,
  );
  return rows.map((row) => Number(row.id));
}

/** The method of unremindedRsvps: the kind asked for is the kind of RSVP it answers. */
type Unreminded = <K extends RsvpKind>(due: {
  kind: K;
  subjectId: string;
  eventDate: string;
  receivedBefore: Date;
}) => Promise<Stored<RsvpRecords[K]>[]>;

export const timedOperations = {
  /**
   * The current RSVPs of `kind` for the event or outing `subjectId` received before
   * `receivedBefore` that have had no reminder for its date `eventDate` (its date as the data
   * writes it: a postponed event reminds again). Not a member's seat: his summons is his.
   */
  unremindedRsvps: read(async (query, due: Parameters<Unreminded>[0]) => {
    const { table, subject } = KINDS[due.kind];
    // A member's seat is his answer to the summons: he changes it there, not with a manage link.
    const visitors = due.kind === "event" ? sql`AND member_id IS NULL` : sql``;
    const rows = await query.all(sql`SELECT * FROM ${name(table)} r
      WHERE ${name(subject)} = ${due.subjectId} AND state = 'current' ${visitors}
      AND received_at < ${due.receivedBefore} AND erased_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM reminders m
        WHERE m.kind = ${due.kind} AND m.rsvp_id = r.id AND m.event_date = ${due.eventDate})
      ORDER BY id`);
    return rows.map((row) => (due.kind === "event" ? eventRsvp(row) : socialRsvp(row)));
  }) as Operation<Unreminded>,
  /**
   * Claims the reminder of the RSVP of `kind` numbered `rsvpId` for `eventDate` and queues
   * `mail` with it, in one transaction (with the new manage link's hash, when it carries one,
   * which replaces the RSVP's); false (nothing queued) when it was claimed before, by this or
   * another instance, or the RSVP is no longer current.
   */
  queueReminder: write(
    async (
      tx,
      reminder: {
        kind: RsvpKind;
        rsvpId: number;
        eventDate: string;
        mail: ComposedMail;
        now: Date;
        manageTokenHash?: string | undefined;
      },
    ) => {
      const { kind, rsvpId, eventDate, now, manageTokenHash } = reminder;
      const { table } = KINDS[kind];
      const current = await tx.one(
        sql`SELECT 1 AS found FROM ${name(table)} WHERE id = ${rsvpId} AND state = 'current'`,
      );
      if (!current) return false;
      const claimed = await tx.run(sql`INSERT INTO reminders
        ${values({ kind, rsvp_id: rsvpId, event_date: eventDate, queued_at: now })}
        ON CONFLICT DO NOTHING`);
      if (claimed === 0) return false;
      if (manageTokenHash !== undefined) {
        await tx.run(
          sql`UPDATE ${name(table)} SET manage_token_hash = ${manageTokenHash} WHERE id = ${rsvpId}`,
        );
      }
      await queueMails(tx, table, rsvpId, [reminder.mail], now);
      return true;
    },
  ),
  /** The events and outings whose RSVPs still hold personal data (any state). */
  personalData: read(async (query): Promise<PersonalData[]> => {
    const rows = await query.all<{ kind: RsvpKind; subject: string; newest: unknown }>(sql`
      SELECT 'event' AS kind, event_id AS subject, MAX(received_at) AS newest FROM event_rsvps
      WHERE erased_at IS NULL GROUP BY event_id
      UNION ALL
      SELECT 'social', outing_id, MAX(received_at) FROM social_rsvps
      WHERE erased_at IS NULL GROUP BY outing_id
      ORDER BY 1, 2`);
    return rows.map((row) => ({ ...row, newest: new Date(row.newest as string) }));
  }),
  /**
   * Erases the names, addresses and title of every RSVP of the event or outing `subject` (any
   * state), and of an event's waiting list, and the text of the mails sent about them, keeping
   * attendees and meals, and records it; the number of RSVPs erased (0 when none were left).
   */
  eraseRsvps: write(
    async (tx, { kind, subject, now }: { kind: RsvpKind; subject: string; now: Date }) => {
      if (kind === "event") await eraseWaitlist(tx, subject, now);
      const { table, subject: column } = KINDS[kind];
      const ids = await unerased(tx, table, sql`${name(column)} = ${subject}`);
      return erase(tx, kind, subject, ids, now);
    },
  ),
  /**
   * Erases the messages received before `receivedBefore` likewise, and the text of the
   * secretary's summaries of failed mail queued before then and gone (they name visitors); how
   * many messages were erased.
   */
  eraseMessages: write(async (tx, { receivedBefore, now }: { receivedBefore: Date; now: Date }) => {
    // The secretary's summaries of failed mail name the visitors they failed for: they are
    // kept as long as messages are, and no longer.
    await tx.run(sql`UPDATE outbox SET raw = ${Buffer.alloc(0)}
        WHERE kind = ${FAILURE_SUMMARY_KIND} AND created_at < ${receivedBefore}
        AND status != 'pending' AND length(raw) > 0`);
    const ids = await unerased(tx, "contact_messages", sql`received_at < ${receivedBefore}`);
    return erase(tx, "contact", "", ids, now);
  }),
  /** The erasures done, oldest first. */
  listErasures: read(async (query) =>
    (await query.all(sql`SELECT * FROM erasures ORDER BY id`)).map(erasure),
  ),
};
