import { lookup, read, write } from "../db/database.ts";
import { FOR_UPDATE, sql } from "../db/sql.ts";
import { type ComposedMail, queueMails } from "./outbox.ts";
import { columnsOf, SOCIAL_RSVP_FIELDS, socialRsvp } from "./rows.ts";
import { type ChangeOutcome, changedSince } from "./rsvp-changes.ts";
import type { RsvpState } from "./rsvps.ts";
import { insertSubmission, previousAnswer, type Stored, type Submission } from "./submissions.ts";

/** The RSVPs to social outings: no limit of seats, no waiting list, a manage link. */

export interface SocialRsvpRecord {
  outingId: string;
  firstName: string;
  lastName: string;
  email: string;
  attendees: number;
}

/** The social RSVP a manage link names, whatever has become of it since. */
export interface ManagedSocialRsvp {
  rsvp: Stored<SocialRsvpRecord>;
  state: Exclude<RsvpState, "replaced">;
}

export interface SocialRsvpChange {
  id: number;
  /** 0 cancels it. */
  attendees: number;
  now: Date;
  mails: ComposedMail[];
  /** The attendees its mails tell it had: one that has others now answers `changed`. */
  told?: number | undefined;
}

export const outingOperations = {
  addSocialRsvp: write(async (tx, submission: Submission<SocialRsvpRecord>) => {
    const columns = {
      ...columnsOf(submission.record, SOCIAL_RSVP_FIELDS),
      received_at: submission.receivedAt,
      request_hash: submission.idempotency.requestHash,
      manage_token_hash: submission.manageTokenHash ?? null,
    };
    return (
      (await previousAnswer(tx, submission)) ??
      insertSubmission(tx, "social_rsvps", columns, submission)
    );
  }),
  /** The social RSVP whose manage link's token has this hash (any state), or undefined. */
  findSocialRsvpByToken: lookup(async (query, tokenHash: string) => {
    const row = await query.one(
      sql`SELECT * FROM social_rsvps WHERE manage_token_hash = ${tokenHash}`,
    );
    const state = row?.state === "cancelled" ? "cancelled" : "current";
    return row && ({ rsvp: socialRsvp(row), state } satisfies ManagedSocialRsvp);
  }),
  /** Sets the attendees of a current social RSVP, or cancels it (attendees 0), with its mails. */
  changeSocialRsvp: write(
    async (
      tx,
      { id, attendees, now, mails, told }: SocialRsvpChange,
    ): Promise<Extract<ChangeOutcome, { kind: "changed" | "not-found" }> | { kind: "done" }> => {
      const found = await tx.one<{ attendees: number }>(
        sql`SELECT attendees FROM social_rsvps WHERE id = ${id} AND state = 'current' ${FOR_UPDATE}`,
      );
      if (!found) return { kind: "not-found" };
      const changed = changedSince(told, found);
      if (changed) return changed;
      await Promise.all([
        tx.run(
          attendees === 0
            ? sql`UPDATE social_rsvps SET state = 'cancelled', ended_at = ${now} WHERE id = ${id}`
            : sql`UPDATE social_rsvps SET attendees = ${attendees} WHERE id = ${id}`,
        ),
        queueMails(tx, "social_rsvps", id, mails, now),
      ]);
      return { kind: "done" };
    },
  ),
  /** The current social RSVPs (cancelled ones left out), by id. */
  listSocialRsvps: read(async (query, outingId?: string) => {
    const only = outingId === undefined ? sql`` : sql`AND outing_id = ${outingId}`;
    const rows = await query.all(
      sql`SELECT * FROM social_rsvps WHERE state = 'current' ${only} ORDER BY id`,
    );
    return rows.map(socialRsvp);
  }),
};
