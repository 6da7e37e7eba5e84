import { lookup, type Query, read, write } from "../db/database.ts";
import { list, sql, values } from "../db/sql.ts";
import { ANNOUNCEMENT_KIND } from "./bounces.ts";
import { chunks, MEMBER_MAIL, rollMember } from "./members.ts";
import { type ComposedMail, ERASED_MAIL, queueMails } from "./outbox.ts";
import { json } from "./rows.ts";

/**
 * The mail the lodge sends about a meeting, each once however many instances run: the summons
 * and the chaser to each member, the caterer's sheet and revised numbers. Each send is claimed
 * by a unique row in the transaction that queues its mail.
 */

/** The mail the lodge sends each member about an event, once per member and event. */
export type SummonsMailKind = "summons" | "chaser";

/** The caterer's mails about an event, each once. */
export type CatererMailKind = "sheet" | "revised";

/** The numbers the caterer was sent (no names), and when. */
export interface CatererNumbers {
  dinners: number;
  meals: { choice: string; count: number }[];
}
/** What the caterer was sent of an event: the numbers, when, and their fingerprint. */
export interface CatererSend extends CatererNumbers {
  sentAt: Date;
  fingerprint: string;
}

export const summonsOperations = {
  /**
   * Erases the text and addresses of the mail sent to members (summonses, chasers, answers'
   * confirmations) before `sentBefore`: the roll keeps who they are, the outbox need not.
   */
  eraseMemberMail: write(async (tx, { sentBefore }: { sentBefore: Date }) =>
    tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
      envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)}
      WHERE source = ${MEMBER_MAIL.source}
      AND kind IN (${list([...MEMBER_MAIL.kinds, ANNOUNCEMENT_KIND])})
      AND status != 'pending' AND created_at < ${sentBefore} AND recipient != ''`),
  ),
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
