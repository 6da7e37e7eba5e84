import { inGoodStanding, MEMBER_STATUSES } from "../../core/schemas/member.ts";
import { lookup, type Query, read, type Tx, write } from "../db/database.ts";
import { list, set, sql, values } from "../db/sql.ts";
import { ANNOUNCEMENT_KIND, dropPendingTo, FRIEND_CONFIRM_KIND } from "./bounces.ts";
import { chunks } from "./members.ts";
import { type ComposedMail, ERASED_MAIL, queueMails } from "./outbox.ts";
import { moment } from "./rows.ts";

/**
 * The lodge's announcements and their two lists: the members of the roll (less those who asked
 * for none) and the friends who subscribed on the site and confirmed. An announcement and each
 * recipient's mail are queued in one transaction, once: the outbox then sends each once, across
 * restarts. An address a mail server refused an announcement for good is marked bounced and
 * skipped by the next.
 */

export type Audience = "members" | "friends" | "all";

/** Whom an announcement goes to: the list he is on, his key (for his unsubscribe link), his address. */
export interface AnnouncementRecipient {
  list: "member" | "friend";
  key: string;
  email: string;
  /** A member's first name, or a friend's name as he gave it ('' when he gave none). */
  name: string;
}

/** A friend of the lodge as the secretary sees him. */
export interface Friend {
  id: number;
  email: string;
  name: string;
  createdAt: Date;
  confirmedAt?: Date | undefined;
  bouncedAt?: Date | undefined;
}

/** What a subscription did: a confirmation mail queued, or none (confirmed already, or mailed lately). */
export type SubscribeOutcome = "mailed" | "confirmed-already" | "mailed-lately";

/** Confirmation mails to one address at most this often: anyone may type anyone's address. */
export const CONFIRM_MAIL_INTERVAL_MS = 60 * 60_000;

/** The statuses of members in good standing: only they get the lodge's announcements. */
const GOOD_STANDING = MEMBER_STATUSES.filter(inGoodStanding);

const bounced = (address: ReturnType<typeof sql>) =>
  sql`EXISTS (SELECT 1 FROM bounces b WHERE b.address = ${address})`;

/** Everyone on `audience` who is to get the next announcement, each address once (members first). */
async function recipientsOf(query: Query, audience: Audience): Promise<AnnouncementRecipient[]> {
  const out: AnnouncementRecipient[] = [];
  if (audience !== "friends") {
    const rows = await query.all(sql`SELECT member_key, email, first_name FROM members m
      WHERE removed_at IS NULL AND announcements_off_at IS NULL AND email != ''
      AND status IN (${list(GOOD_STANDING)}) AND NOT ${bounced(sql`LOWER(m.email)`)}
      ORDER BY id`);
    for (const row of rows) {
      out.push({
        list: "member",
        key: String(row.member_key),
        email: String(row.email),
        name: String(row.first_name),
      });
    }
  }
  if (audience !== "members") {
    const rows = await query.all(sql`SELECT friend_key, email, name FROM friends f
      WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL
      AND NOT ${bounced(sql`f.email`)}
      AND NOT EXISTS (SELECT 1 FROM members m WHERE LOWER(m.email) = f.email
        AND m.announcements_off_at IS NOT NULL AND m.removed_at IS NULL)
      ORDER BY id`);
    for (const row of rows) {
      out.push({
        list: "friend",
        key: String(row.friend_key),
        email: String(row.email),
        name: String(row.name),
      });
    }
  }
  const seen = new Set<string>();
  return out.filter((r) => {
    const address = r.email.toLowerCase();
    if (seen.has(address)) return false;
    seen.add(address);
    return true;
  });
}

/** Erases the lists' mail to `address` (its text names him and carries his links). */
async function eraseMailTo(tx: Tx, address: string): Promise<void> {
  if (address === "") return;
  await tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
    envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)}
    WHERE kind IN (${list([ANNOUNCEMENT_KIND, FRIEND_CONFIRM_KIND])}) AND recipient = ${address}
    AND status != 'pending'`);
}

/** What a friend's row keeps once he left or never confirmed: that he was, and when he went. */
const forgotten = (now: Date) =>
  set({ friend_key: null, email: "", name: "", unsubscribed_at: now });

function friendOf(row: Record<string, unknown>): Friend {
  const when = (value: unknown) =>
    value === null || value === undefined ? undefined : moment(value);
  return {
    id: Number(row.id),
    email: String(row.email),
    name: String(row.name),
    createdAt: moment(row.created_at),
    confirmedAt: when(row.confirmed_at),
    bouncedAt: when(row.bounced_at),
  };
}

export const announcementOperations = {
  /**
   * A subscription from the site's form: a new address (or one not yet confirmed) is kept with
   * `key` and the confirmation mail queued, in one transaction. A confirmed address gets no mail,
   * nor one mailed within CONFIRM_MAIL_INTERVAL_MS: the form answers the same either way.
   */
  subscribeFriend: write(
    async (
      tx,
      input: { email: string; name: string; key: string; mail: ComposedMail; now: Date },
    ): Promise<SubscribeOutcome> => {
      const email = input.email.toLowerCase();
      await tx.lock("recipient", [email]);
      const row = await tx.one(sql`SELECT id, confirmed_at, created_at FROM friends
        WHERE email = ${email} AND unsubscribed_at IS NULL`);
      if (row && row.confirmed_at !== null) return "confirmed-already";
      const since = new Date(input.now.getTime() - CONFIRM_MAIL_INTERVAL_MS);
      if (row && moment(row.created_at) > since) return "mailed-lately";
      if (row) {
        await tx.run(
          sql`UPDATE friends SET ${set({
            friend_key: input.key,
            name: input.name,
            created_at: input.now,
          })} WHERE id = ${row.id}`,
        );
      } else {
        await tx.run(
          sql`INSERT INTO friends ${values({
            friend_key: input.key,
            email,
            name: input.name,
            created_at: input.now,
          })}`,
        );
      }
      await queueMails(tx, "lodge", null, [input.mail], input.now);
      return "mailed";
    },
  ),
  /** Confirms the friend `key` names: 'confirmed', 'already' (confirmed before), or undefined. */
  confirmFriend: write(async (tx, { key, now }: { key: string; now: Date }) => {
    const row = await tx.one(sql`SELECT id, email, confirmed_at FROM friends
      WHERE friend_key = ${key} AND unsubscribed_at IS NULL`);
    if (!row) return undefined;
    // A followed link is proof the address takes mail: a bounce it had is forgotten.
    await tx.run(sql`DELETE FROM bounces WHERE address = ${String(row.email)}`);
    if (row.confirmed_at !== null) return "already" as const;
    await tx.run(sql`UPDATE friends SET confirmed_at = ${now} WHERE id = ${row.id}`);
    return "confirmed" as const;
  }),
  /** The address `key` names on its list, for the unsubscribe page; undefined once he left. */
  subscriberByKey: lookup(
    async (query, { list: which, key }: { list: "member" | "friend"; key: string }) => {
      const row =
        which === "member"
          ? await query.one(sql`SELECT email, announcements_off_at AS off FROM members
            WHERE member_key = ${key} AND removed_at IS NULL`)
          : await query.one(sql`SELECT email, unsubscribed_at AS off FROM friends
            WHERE friend_key = ${key} AND unsubscribed_at IS NULL`);
      return row && { email: String(row.email), unsubscribed: row.off !== null };
    },
  ),
  /**
   * Takes the address `key` names off the announcements at once: a member keeps his summons and
   * RSVP mail; a friend's row is erased. Idempotent: true when it was on the list until now.
   */
  unsubscribe: write(
    async (
      tx,
      { list: which, key, now }: { list: "member" | "friend"; key: string; now: Date },
    ) => {
      const why = "the recipient unsubscribed before it went";
      if (which === "member") {
        const row = await tx.one<{ email: string }>(sql`UPDATE members
          SET announcements_off_at = ${now} WHERE member_key = ${key}
          AND announcements_off_at IS NULL AND removed_at IS NULL RETURNING email`);
        if (row) await dropPendingTo(tx, row.email.toLowerCase(), why, now);
        return row !== undefined;
      }
      const row = await tx.one<{ email: string }>(sql`SELECT email FROM friends
        WHERE friend_key = ${key} AND unsubscribed_at IS NULL`);
      if (!row) return false;
      await dropPendingTo(tx, row.email, why, now);
      await eraseMailTo(tx, row.email);
      await tx.run(sql`UPDATE friends SET ${forgotten(now)} WHERE friend_key = ${key}`);
      return true;
    },
  ),
  /** Erases the friends who never confirmed since before `createdBefore`. How many. */
  eraseUnconfirmedFriends: write(
    async (tx, { createdBefore, now }: { createdBefore: Date; now: Date }) => {
      const stale = sql`confirmed_at IS NULL AND unsubscribed_at IS NULL
        AND created_at < ${createdBefore}`;
      await tx.run(sql`UPDATE outbox SET recipient = ${ERASED_MAIL.recipient},
        envelope = ${ERASED_MAIL.envelope}, raw = ${Buffer.alloc(0)}
        WHERE kind = ${FRIEND_CONFIRM_KIND} AND status != 'pending'
        AND recipient IN (SELECT email FROM friends WHERE ${stale})`);
      return tx.run(sql`UPDATE friends SET ${forgotten(now)} WHERE ${stale}`);
    },
  ),
  /** The friends (confirmed or not; not those who left), by id; only the bounced with `bounced`. */
  listFriends: read(async (query, { bounced: only }: { bounced?: boolean } = {}) => {
    const filter = only ? sql`AND b.address IS NOT NULL` : sql``;
    const rows = await query.all(sql`SELECT f.*, b.bounced_at FROM friends f
      LEFT JOIN bounces b ON b.address = f.email
      WHERE f.unsubscribed_at IS NULL ${filter} ORDER BY f.id`);
    return rows.map(friendOf);
  }),
  /** The addresses marked bounced, with when and why. */
  listBounces: read(async (query) => {
    const rows = await query.all(sql`SELECT * FROM bounces ORDER BY address`);
    return rows.map((row) => ({
      address: String(row.address),
      bouncedAt: moment(row.bounced_at),
      reason: String(row.reason),
    }));
  }),
  /**
   * A member's announcements turned on again (at his word: the bounce of his address is
   * forgotten too, the secretary having checked it) or off. What changed; undefined for no such
   * member.
   */
  setMemberAnnouncements: write(
    async (tx, { memberId, on, now }: { memberId: number; on: boolean; now: Date }) => {
      const row = await tx.one<{ email: string; off: unknown }>(sql`SELECT email,
        announcements_off_at AS off FROM members WHERE id = ${memberId} AND removed_at IS NULL`);
      if (!row) return undefined;
      const wasOn = row.off === null || row.off === undefined;
      if (wasOn !== on) {
        await tx.run(sql`UPDATE members SET announcements_off_at = ${on ? null : now}
          WHERE id = ${memberId}`);
      }
      const address = row.email.toLowerCase();
      const unbounced =
        on &&
        address !== "" &&
        (await tx.run(sql`DELETE FROM bounces WHERE address = ${address}`)) > 0;
      return { changed: wasOn !== on, unbounced };
    },
  ),
  /** Whom an announcement to `audience` goes to now. */
  announcementRecipients: read((query, audience: Audience) => recipientsOf(query, audience)),
  /** The announcement queued under `key`, if one was. */
  announcementByKey: lookup(async (query, key: string) => {
    const row = await query.one(sql`SELECT * FROM announcements WHERE announcement_key = ${key}`);
    return (
      row && {
        id: Number(row.id),
        subject: String(row.subject),
        audience: String(row.audience) as Audience,
        createdAt: moment(row.created_at),
      }
    );
  }),
  /**
   * Records the announcement `key` and queues its mails, in one transaction; a mail to an address
   * that has left the list or bounced since the recipients were read is left out. Undefined (and
   * nothing queued) when an announcement of that key was queued before.
   */
  queueAnnouncement: write(
    async (
      tx,
      input: { key: string; subject: string; audience: Audience; mails: ComposedMail[]; now: Date },
    ) => {
      const { now } = input;
      const row = await tx.one<{ id: number }>(
        sql`INSERT INTO announcements ${values({
          announcement_key: input.key,
          subject: input.subject,
          audience: input.audience,
          created_at: now,
        })} ON CONFLICT (announcement_key) DO NOTHING RETURNING id`,
      );
      if (!row) return undefined;
      const id = Number(row.id);
      const current = new Set(
        (await recipientsOf(tx, input.audience)).map((r) => r.email.toLowerCase()),
      );
      const mails = input.mails.filter((mail) =>
        current.has((mail.envelope.to[0] ?? "").toLowerCase()),
      );
      for (const chunk of chunks(mails)) await queueMails(tx, "lodge", id, chunk, now);
      return { id, queued: mails.length };
    },
  ),
  /** An announcement's mail by status: how many in all, sent, failed, still to go. */
  announcementProgress: read(async (query, id: number) => {
    const rows = await query.all<{ status: string; n: number }>(sql`SELECT status, COUNT(*) AS n
      FROM outbox WHERE source = 'lodge' AND kind = ${ANNOUNCEMENT_KIND} AND source_id = ${id}
      GROUP BY status`);
    const count = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    const [sent, failed, pending] = [count("sent"), count("failed"), count("pending")];
    return { total: sent + failed + pending, sent, failed, pending };
  }),
};
