import type { GivenAnswer, MemberAnswer } from "../../core/rules/answer-links.ts";
import { seatsFit } from "../../core/rules/seats.ts";
import { lookup, read, type Tx, write } from "../db/database.ts";
import { set, sql, values } from "../db/sql.ts";
import { randomText } from "../security/tokens.ts";
import { MEMBER_MAIL, type RollMember, rollMember } from "./members.ts";
import { eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import { type ComposedMail, queueMails } from "./outbox.ts";
import { partyColumns } from "./rows.ts";

/**
 * The members' answers to the summons. An answer is an RSVP for the head count: attending takes
 * a seat in the event's RSVPs (a row naming him, member_id) under the event's lock and the same
 * capacity rule as a visitor's, or a place on its waiting list; apologies free his seat, and
 * seats freed go down the line in the same transaction. His seat counts against no network
 * address.
 */

/** A member's answer as the store holds it: `waiting` while he waits for a seat. */
export type HeldAnswer = GivenAnswer & { waiting: boolean };

/** A member's answer to an event, with who gave it and when, for the secretary's listing. */
/** A member who dines, as the caterer's sheet names his dietary needs. */
export interface Diner {
  firstName: string;
  lastName: string;
  meal: string;
  dietary: string;
}

export interface AnsweredMember {
  /** The member; a removed one's fields are empty. */
  member: RollMember & { removed: boolean };
  answer: HeldAnswer;
  answeredAt: Date;
}

/** A member's answer given through his link, with the mails that confirm it. */
export interface SummonsAnswer {
  member: Pick<RollMember, "id" | "firstName" | "lastName" | "title" | "email">;
  eventId: string;
  given: GivenAnswer;
  guestLimit: number;
  now: Date;
  /**
   * The confirmation, made beforehand in both its forms: with a seat (or the apologies), and
   * waiting for a seat. The write queues the one that is true.
   */
  mails: { seated: ComposedMail[]; waiting: ComposedMail[] };
  /** The offers of the seats the answer frees; none offered without. */
  offers?: WaitlistOffers | undefined;
}

export type AnswerOutcome =
  | { kind: "answered"; waiting: boolean }
  /** The member had given this answer already: nothing was stored, no mail queued. */
  | { kind: "unchanged"; waiting: boolean }
  /** Seats freed would go to a waiting party whose offer mail was not made: nothing stored. */
  | { kind: "stale" }
  /**
   * His address holds an RSVP made with the site's form for others too (`rsvpId`, `attendees`):
   * an answer would drop his guests' seats, so nothing is stored; that RSVP changes by its link.
   */
  | { kind: "party"; rsvpId: number; attendees: number };

function heldAnswer(row: Record<string, unknown>): HeldAnswer {
  const answer = String(row.answer) as MemberAnswer;
  const meal = String(row.meal ?? "");
  return {
    answer,
    ...(meal ? { meal } : {}),
    waiting: row.waiting === 1 || row.waiting === true,
  };
}

/** A member's answer to an event, whether he waits for a seat read from his entry's state. */
const ANSWER = sql`SELECT a.*, (w.id IS NOT NULL) AS waiting FROM member_answers a
  LEFT JOIN waitlist w ON w.id = a.waitlist_id AND w.state IN ('waiting', 'offered')`;

/**
 * The member's seat at the event (his answer's, or an RSVP of his address: one RSVP per address
 * counts) and his place on its waiting list, if any.
 */
async function seatOf(tx: Tx, member: SummonsAnswer["member"], eventId: string) {
  // An erased row's address is empty: never his.
  const his = sql`(member_id = ${member.id} OR (email = ${member.email} AND email != ''))`;
  return Promise.all([
    tx.one<{ id: number; attendees: number; member_id: number | null }>(sql`SELECT id, attendees,
      member_id FROM event_rsvps
      WHERE event_id = ${eventId} AND state = 'current' AND ${his} ORDER BY id DESC LIMIT 1`),
    tx.one<{ id: number; state: string; attendees: number }>(sql`SELECT id, state, attendees
      FROM waitlist WHERE event_id = ${eventId} AND state IN ('waiting', 'offered') AND ${his}
      ORDER BY id DESC LIMIT 1`),
  ]);
}

/** Records a member's answer to an event, in place of the one he gave before. */
async function keepAnswer(
  tx: Tx,
  answer: SummonsAnswer,
  held: { rsvpId: number | null; waitlistId: number | null },
) {
  const row = {
    member_id: answer.member.id,
    event_id: answer.eventId,
    answer: answer.given.answer,
    meal: answer.given.answer === "dining" ? (answer.given.meal ?? "") : "",
    rsvp_id: held.rsvpId,
    waitlist_id: held.waitlistId,
    answered_at: answer.now,
  };
  await tx.run(sql`INSERT INTO member_answers ${values(row)}
    ON CONFLICT (member_id, event_id) DO UPDATE SET answer = excluded.answer,
    meal = excluded.meal, rsvp_id = excluded.rsvp_id, waitlist_id = excluded.waitlist_id,
    answered_at = excluded.answered_at`);
}

/** The RSVP record of a member's answer: himself, and his dinner if he dines. */
function recordOf(answer: SummonsAnswer) {
  const { member, given } = answer;
  const dines = given.answer === "dining";
  return {
    eventId: answer.eventId,
    firstName: member.firstName,
    lastName: member.lastName,
    masonicTitle: member.title,
    email: member.email,
    attendees: 1,
    dinner: dines,
    meals: dines ? 1 : 0,
    mealCounts: dines && given.meal ? [{ choice: given.meal, count: 1 }] : [],
  };
}

/** The columns a member's seat or place shares with a visitor's: his own key, no address's. */
function memberParty(answer: SummonsAnswer): Record<string, unknown> {
  const key = `member:${answer.member.id}`;
  return {
    ...partyColumns({
      record: recordOf(answer),
      receivedAt: answer.now,
      requestHash: `${key}:${answer.eventId}:${answer.now.toISOString()}`,
      clientKey: key,
    }),
    member_id: answer.member.id,
  };
}

/** Whether the member's answer is the one he holds already: same answer, meal and place. */
function sameAnswer(
  before: HeldAnswer | undefined,
  given: GivenAnswer,
  place: { seat: boolean; entry: boolean },
): boolean {
  if (!before || before.answer !== given.answer) return false;
  if (given.answer === "apologies") return !place.seat && !place.entry;
  return (before.meal ?? "") === (given.meal ?? "") && (place.seat || place.entry);
}

export const answerOperations = {
  /** A member's answer to an event, or undefined when he has given none. */
  memberAnswer: lookup(
    async (query, { memberId, eventId }: { memberId: number; eventId: string }) => {
      const row = await query.one(
        sql`${ANSWER} WHERE a.member_id = ${memberId} AND a.event_id = ${eventId}`,
      );
      return row && heldAnswer(row);
    },
  ),
  /**
   * Records a member's answer under the event's lock, in one transaction: attending or dining
   * takes his seat (in place of any RSVP of his address) within the guest limit, seats held by
   * open offers counted as taken, or a place at the end of the waiting list; apologies free his
   * seat or place. Seats freed go down the line (`offers`), and the confirmation that is true is
   * queued with it.
   */
  answerSummons: write(async (tx, answer: SummonsAnswer): Promise<AnswerOutcome> => {
    const { member, eventId, given, now } = answer;
    const [, before, [seat, entry], taken] = await Promise.all([
      tx.lock("event", [eventId]),
      tx.one(sql`${ANSWER} WHERE a.member_id = ${member.id} AND a.event_id = ${eventId}`),
      seatOf(tx, member, eventId),
      eventSeats(tx, eventId),
    ]);
    // A reservation made on the site for him and his guests is theirs too: not his answer's.
    if (seat && seat.member_id === null && Number(seat.attendees) > 1) {
      return { kind: "party", rsvpId: Number(seat.id), attendees: Number(seat.attendees) };
    }
    const place = { seat: seat !== undefined, entry: entry !== undefined };
    if (sameAnswer(before && heldAnswer(before), given, place)) {
      return { kind: "unchanged", waiting: place.entry && !place.seat };
    }
    const mail = (mails: ComposedMail[]) =>
      queueMails(tx, MEMBER_MAIL.source, member.id, mails, now);
    const ended = sql`ended_at = ${now}`;
    if (given.answer === "apologies") {
      await Promise.all([
        seat &&
          tx.run(sql`UPDATE event_rsvps SET state = 'cancelled', ${ended}, ended_by = 'visitor'
            WHERE id = ${seat.id}`),
        entry && tx.run(sql`UPDATE waitlist SET state = 'left', ${ended} WHERE id = ${entry.id}`),
        keepAnswer(tx, answer, { rsvpId: null, waitlistId: null }),
        mail(answer.mails.seated),
      ]);
      if (seat || entry?.state === "offered") await settle(tx, eventId, now, answer.offers);
      return { kind: "answered", waiting: false };
    }
    // Seats his offer holds and the seat he has are his to take: one seat is what he needs.
    const held = (seat?.attendees ?? 0) + (entry?.state === "offered" ? entry.attendees : 0);
    if (seat || seatsFit(taken - held, 1, answer.guestLimit)) {
      const id = await tx.insert("event_rsvps", { ...memberParty(answer), status: "mailed" });
      await Promise.all([
        seat &&
          tx.run(sql`UPDATE event_rsvps SET state = 'replaced', ${ended}, replaced_by = ${id}
            WHERE id = ${seat.id}`),
        entry &&
          tx.run(sql`UPDATE waitlist SET state = 'left', ${ended}, rsvp_id = ${id}
            WHERE id = ${entry.id} AND state IN ('waiting', 'offered')`),
        keepAnswer(tx, answer, { rsvpId: id, waitlistId: null }),
        mail(answer.mails.seated),
      ]);
      if (held > 1) await settle(tx, eventId, now, answer.offers);
      return { kind: "answered", waiting: false };
    }
    // No seat for him: his place in line, the one he has (his meal as he answers now) or a new
    // one at the end.
    let waitlistId: number;
    if (entry) {
      const party = memberParty(answer);
      const dinner = { dinner: party.dinner, meals: party.meals, meal_counts: party.meal_counts };
      await tx.run(sql`UPDATE waitlist SET ${set(dinner)} WHERE id = ${entry.id}`);
      waitlistId = entry.id;
    } else {
      const next = await tx.one<{ line: number }>(
        sql`SELECT COALESCE(MAX(line), 0) + 1 AS line FROM waitlist WHERE event_id = ${eventId}`,
      );
      // Nobody holds the token of the entry's own link: he answers through his summons.
      const row = {
        ...memberParty(answer),
        line: Number(next?.line ?? 1),
        token_hash: `member:${randomText(18)}`,
      };
      waitlistId = await tx.insert("waitlist", row);
    }
    await Promise.all([
      keepAnswer(tx, answer, { rsvpId: null, waitlistId }),
      mail(answer.mails.waiting),
    ]);
    return { kind: "answered", waiting: true };
  }),
  /** The answers given to an event, by the members' names (a removed member's are empty). */
  listMemberAnswers: read(async (query, eventId: string) => {
    const rows = await query.all(sql`SELECT a.*, (w.id IS NOT NULL) AS waiting, m.member_key,
        m.number, m.first_name, m.last_name, m.title, m.email, m.phone, m.degree, m.status,
        m.dietary, m.removed_at, m.id AS member_row
      FROM member_answers a JOIN members m ON m.id = a.member_id
      LEFT JOIN waitlist w ON w.id = a.waitlist_id AND w.state IN ('waiting', 'offered')
      WHERE a.event_id = ${eventId} ORDER BY m.last_name, m.first_name, a.id`);
    return rows.map(
      (row): AnsweredMember => ({
        member: {
          ...rollMember({ ...row, id: row.member_row }),
          removed: row.removed_at !== null && row.removed_at !== undefined,
        },
        answer: heldAnswer(row),
        answeredAt: new Date(row.answered_at as string),
      }),
    );
  }),
  /** The members dining at the event whose roll notes dietary needs, with their meals. */
  dinersWithNeeds: read(async (query, eventId: string) => {
    const rows = await query.all<Record<string, string>>(sql`SELECT m.first_name, m.last_name,
        m.dietary, a.meal FROM member_answers a JOIN members m ON m.id = a.member_id
      JOIN event_rsvps r ON r.id = a.rsvp_id AND r.state = 'current'
      WHERE a.event_id = ${eventId} AND a.answer = 'dining' AND m.removed_at IS NULL
      AND m.dietary != '' ORDER BY m.last_name, m.first_name`);
    return rows.map(
      (row): Diner => ({
        firstName: String(row.first_name),
        lastName: String(row.last_name),
        meal: String(row.meal),
        dietary: String(row.dietary),
      }),
    );
  }),
};
