import type { Member } from "../../core/schemas/member.ts";
import { lookup, read, type Tx, write } from "../db/database.ts";
import { list, set, sql, values } from "../db/sql.ts";
import { ANNOUNCEMENT_KIND } from "./bounces.ts";
import { ERASED_MAIL } from "./outbox.ts";

/**
 * The members' roll: personal data, kept in the database only. A removed member's row keeps
 * nothing personal (no number, name, address, phone, dietary needs nor key: his links open
 * nothing); his answers to the summons stay counted (answers.ts).
 */

/** A member of the roll: his fields, the row's id, and the key his answer links name him by. */
export interface RollMember extends Member {
  id: number;
  key: string;
}

/**
 * The mail about a member is queued as the lodge's own ('lodge', as the waiting list's is), with
 * his id: the kinds tell it apart, for its erasure when he is removed.
 */
export const MEMBER_MAIL = {
  source: "lodge",
  kinds: ["summons", "summons-chaser", "summons-answer"],
} as const;

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

export function rollMember(row: Record<string, unknown>): RollMember {
  const fields = Object.fromEntries(
    Object.entries(MEMBER_FIELDS).map(([field, column]) => [field, String(row[column] ?? "")]),
  ) as unknown as Member;
  return { ...fields, id: Number(row.id), key: String(row.member_key ?? "") };
}

/** Rows a statement writes at most: under both databases' limits of parameters. */
const ROWS_AT_ONCE = 200;

export function chunks<T>(items: readonly T[]): T[][] {
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
  // The announcements sent him are known by his address alone: erased while it is still known.
  const announced = sql`kind = ${ANNOUNCEMENT_KIND} AND recipient IN
    (SELECT LOWER(email) FROM members WHERE id IN (${them}) AND email != '')`;
  await tx.run(sql`UPDATE outbox SET status = 'failed', failed_at = ${now}, reported_at = ${now},
    last_error = 'the member was removed from the roll before it went'
    WHERE ${announced} AND status = 'pending'`);
  await tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
    envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)} WHERE ${announced}`);
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
};
