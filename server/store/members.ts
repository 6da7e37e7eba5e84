import type { GivenAnswer, MemberAnswer } from "../../core/rules/answer-links.ts";
import { seatsFit } from "../../core/rules/seats.ts";
import type { Member } from "../../core/schemas/member.ts";
import { randomText } from "../security/tokens.ts";
import { lookup, type Query, read, type Tx, write } from "./database.ts";
import { eventSeats, settle, type WaitlistOffers } from "./offers.ts";
import { type ComposedMail, ERASED_MAIL, queueMails } from "./outbox.ts";
import { json } from "./rows.ts";
import { partyColumns } from "./rsvps.ts";
import { insertedId, list, type Sql, set, sql, values } from "./sql.ts";

/**
 * The members' roll, their answers to the summons, and the mail the lodge sends them and its
 * caterer. A member's answer is an RSVP for the head count: attending takes a seat in the
 * event's RSVPs (a row naming him, member_id) under the event's lock and the same capacity rule
 * as a visitor's, or a place on its waiting list; apologies free his seat, and seats freed go
 * down the line in the same transaction. His seat counts against no network address. A removed
 * member's row keeps nothing personal; his answers stay counted.
 */

/** A member of the roll: his fields, the row's id, and the key his answer links name him by. */
export interface RollMember extends Member {
  id: number;
  key: string;
}

/** A member's answer as the store holds it: `waiting` while he waits for a seat. */
export type HeldAnswer = GivenAnswer & { waiting: boolean };

/** A member's answer to an event, with who gave it and when, for the secretary's listing. */
export interface AnsweredMember {
  /** The member; a removed one's fields are empty. */
  member: RollMember & { removed: boolean };
  answer: HeldAnswer;
  answeredAt: Date;
}

/** The mail the lodge sends each member about an event, once per member and event. */
export type SummonsMailKind = "summons" | "chaser";

/** The caterer's mails about an event, each once. */
export type CatererMailKind = "sheet" | "revised";

/** The numbers the caterer was sent (no names), and when. */
export interface CatererNumbers {
  dinners: number;
  meals: { choice: string; count: number }[];
}
export interface CatererSend extends CatererNumbers {
  sentAt: Date;
  fingerprint: string;
}

/**
 * The mail about a member is queued as the lodge's own ('lodge', as the waiting list's is), with
 * his id: the kinds tell it apart, for its erasure when he is removed.
 */
export const MEMBER_MAIL = {
  source: "lodge",
  kinds: ["summons", "summons-chaser", "summons-answer"],
} as const;

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
  | { kind: "stale" };

const MEMBER_FIELDS = {
  number: "number",
  firstName: "first_name",
  lastName: "last_name",
  title: "title",
  email: "email",
  phone: "phone",
  degree: "degree",
  status: "status",
  dietary: "dietary",
} as const satisfies Record<keyof Member, string>;

function columnsOf(member: Member): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(MEMBER_FIELDS).map(([field, column]) => [column, member[field as keyof Member]]),
  );
}

function rollMember(row: Record<string, unknown>): RollMember {
  const fields = Object.fromEntries(
    Object.entries(MEMBER_FIELDS).map(([field, column]) => [field, String(row[column] ?? "")]),
  ) as unknown as Member;
  return { ...fields, id: Number(row.id), key: String(row.member_key ?? "") };
}

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

/** Rows a statement writes at most: under both databases' limits of parameters. */
const ROWS_AT_ONCE = 200;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += ROWS_AT_ONCE) out.push(items.slice(i, i + ROWS_AT_ONCE));
  return out;
}

/**
 * Erases the members `ids`: their fields, their key (their links open nothing), their seats'
 * and places' names, and the text of the mail sent them; mail not yet sent is given up. Their
 * rows and answers stay, so the events' counts do.
 */
async function eraseMembers(tx: Tx, ids: readonly number[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  const blank = { first_name: "", last_name: "", masonic_title: "", email: "" };
  const them = list(ids);
  const mail = sql`source = ${MEMBER_MAIL.source} AND kind IN (${list(MEMBER_MAIL.kinds)})
    AND source_id IN (${them})`;
  await Promise.all([
    tx.run(
      sql`UPDATE members SET ${set({
        member_key: null,
        number: null,
        first_name: "",
        last_name: "",
        title: "",
        email: "",
        phone: "",
        dietary: "",
        updated_at: now,
        removed_at: now,
      })} WHERE id IN (${them})`,
    ),
    tx.run(sql`UPDATE event_rsvps SET ${set(blank)}, erased_at = COALESCE(erased_at, ${now})
      WHERE member_id IN (${them})`),
    tx.run(sql`UPDATE waitlist SET ${set(blank)}, erased_at = COALESCE(erased_at, ${now})
      WHERE member_id IN (${them})`),
    tx.run(sql`UPDATE outbox SET status = 'failed', failed_at = ${now}, reported_at = ${now},
      last_error = 'the member was removed from the roll before it went'
      WHERE ${mail} AND status = 'pending'`),
  ]);
  await tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
    envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)} WHERE ${mail}`);
}

/**
 * The member's seat at the event (his answer's, or an RSVP of his address: one RSVP per address
 * counts) and his place on its waiting list, if any.
 */
async function seatOf(tx: Tx, member: SummonsAnswer["member"], eventId: string) {
  // An erased row's address is empty: never his.
  const his = sql`(member_id = ${member.id} OR (email = ${member.email} AND email != ''))`;
  return Promise.all([
    tx.one<{ id: number; attendees: number }>(sql`SELECT id, attendees FROM event_rsvps
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
  held: { rsvpId: number | Sql | null; waitlistId: number | Sql | null },
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

export const memberOperations = {
  /** The members on the roll (not removed), by id. */
  listMembers: read(async (query) => {
    const rows = await query.all(sql`SELECT * FROM members WHERE removed_at IS NULL ORDER BY id`);
    return rows.map(rollMember);
  }),
  /** The member his links name by `key`, or undefined (none such, or removed). */
  memberByKey: lookup(async (query, key: string) => {
    const row = await query.one(
      sql`SELECT * FROM members WHERE member_key = ${key} AND removed_at IS NULL`,
    );
    return row && rollMember(row);
  }),
  /** Adds, changes and removes members in one transaction (an import, or one member's edit). */
  importRoll: write(
    async (
      tx,
      changes: {
        add: (Member & { key: string })[];
        change: { id: number; member: Member }[];
        remove: number[];
        now: Date;
      },
    ) => {
      const { now } = changes;
      for (const chunk of chunks(changes.add)) {
        const rows = chunk.map((member) => ({
          member_key: member.key,
          ...columnsOf(member),
          added_at: now,
          updated_at: now,
        }));
        await tx.run(sql`INSERT INTO members ${values(rows)}`);
      }
      await Promise.all(
        changes.change.map(({ id, member }) =>
          tx.run(sql`UPDATE members SET ${set({ ...columnsOf(member), updated_at: now })}
            WHERE id = ${id} AND removed_at IS NULL`),
        ),
      );
      await eraseMembers(tx, changes.remove, now);
    },
  ),
  /** Erases a member's personal data (lodge members remove); his answers stay counted. */
  removeMember: write(async (tx, { id, now }: { id: number; now: Date }) => {
    await eraseMembers(tx, [id], now);
  }),
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
      const id = insertedId("event_rsvps");
      await tx.run(
        sql`INSERT INTO event_rsvps ${values({ ...memberParty(answer), status: "mailed" })}`,
      );
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
    let waitlistId: number | Sql;
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
      await tx.run(sql`INSERT INTO waitlist ${values(row)}`);
      waitlistId = insertedId("waitlist");
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
  /**
   * The members not yet sent `kind` for the event; for the chaser, only those summoned before
   * `summonedBefore` who have not answered.
   */
  summonsRecipients: read(
    async (
      query: Query,
      due: { kind: SummonsMailKind; eventId: string; summonedBefore?: Date | undefined },
    ) => {
      const { kind, eventId } = due;
      const chased =
        kind === "chaser"
          ? sql`AND EXISTS (SELECT 1 FROM summonses s WHERE s.kind = 'summons'
              AND s.event_id = ${eventId} AND s.member_id = m.id
              AND s.sent_at < ${due.summonedBefore ?? new Date(0)})
            AND NOT EXISTS (SELECT 1 FROM member_answers a
              WHERE a.event_id = ${eventId} AND a.member_id = m.id)`
          : sql``;
      const rows = await query.all(sql`SELECT m.* FROM members m WHERE m.removed_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM summonses s WHERE s.kind = ${kind}
          AND s.event_id = ${eventId} AND s.member_id = m.id) ${chased}
        ORDER BY m.id`);
      return rows.map(rollMember);
    },
  ),
  /**
   * Records each send of `kind` for the event and queues its mail, all in one transaction; a
   * member whose send is recorded already (by another instance) is skipped. How many were queued.
   */
  queueSummons: write(
    async (
      tx,
      batch: {
        kind: SummonsMailKind;
        eventId: string;
        sends: { memberId: number; mail: ComposedMail }[];
        now: Date;
      },
    ) => {
      const { kind, eventId, now } = batch;
      const byMember = new Map(batch.sends.map((send) => [send.memberId, send.mail]));
      let queued = 0;
      for (const chunk of chunks(batch.sends)) {
        const rows = chunk.map(({ memberId }) => ({
          kind,
          event_id: eventId,
          member_id: memberId,
          sent_at: now,
        }));
        const claimed = await tx.all<{ member_id: number }>(sql`INSERT INTO summonses
          ${values(rows)} ON CONFLICT (kind, event_id, member_id) DO NOTHING RETURNING member_id`);
        await Promise.all(
          claimed.map(({ member_id }) => {
            const mail = byMember.get(Number(member_id));
            return mail && queueMails(tx, MEMBER_MAIL.source, Number(member_id), [mail], now);
          }),
        );
        queued += claimed.length;
      }
      return queued;
    },
  ),
  /** The members dining at the event whose roll notes dietary needs, with their meals. */
  dinersWithNeeds: read(async (query, eventId: string) => {
    const rows = await query.all<Record<string, string>>(sql`SELECT m.first_name, m.last_name,
        m.dietary, a.meal FROM member_answers a JOIN members m ON m.id = a.member_id
      JOIN event_rsvps r ON r.id = a.rsvp_id AND r.state = 'current'
      WHERE a.event_id = ${eventId} AND a.answer = 'dining' AND m.removed_at IS NULL
      AND m.dietary != '' ORDER BY m.last_name, m.first_name`);
    return rows.map((row) => ({
      firstName: String(row.first_name),
      lastName: String(row.last_name),
      meal: String(row.meal),
      dietary: String(row.dietary),
    }));
  }),
  /** The caterer's mail of `kind` for the event, once sent: when, and the numbers it gave. */
  catererSend: lookup(
    async (query, { eventId, kind }: { eventId: string; kind: CatererMailKind }) => {
      const row = await query.one(
        sql`SELECT * FROM caterer_mail WHERE event_id = ${eventId} AND kind = ${kind}`,
      );
      if (!row) return undefined;
      const numbers = json(row.numbers) as CatererNumbers;
      return {
        ...numbers,
        sentAt: new Date(row.sent_at as string),
        fingerprint: String(row.fingerprint),
      } as CatererSend;
    },
  ),
  /**
   * Records the caterer's mail of `kind` for the event with its numbers and queues it, in one
   * transaction; false (nothing queued) when it was recorded before.
   */
  queueCatererMail: write(
    async (
      tx,
      send: {
        kind: CatererMailKind;
        eventId: string;
        mail: ComposedMail;
        numbers: CatererNumbers;
        fingerprint: string;
        now: Date;
      },
    ) => {
      const row = {
        kind: send.kind,
        event_id: send.eventId,
        sent_at: send.now,
        numbers: send.numbers,
        fingerprint: send.fingerprint,
      };
      const claimed = await tx.run(
        sql`INSERT INTO caterer_mail ${values(row)} ON CONFLICT (kind, event_id) DO NOTHING`,
      );
      if (claimed === 0) return false;
      await queueMails(tx, "lodge", null, [send.mail], send.now);
      return true;
    },
  ),
};
