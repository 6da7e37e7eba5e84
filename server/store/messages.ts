import { read, write } from "../db/database.ts";
import { sql, values } from "../db/sql.ts";
import { CONTACT_FIELDS, columnsOf, contactMessage } from "./rows.ts";
import {
  insertSubmission,
  previousAnswer,
  type Submission,
  type SubmitOutcome,
} from "./submissions.ts";

/** The messages of the contact form. */

export interface ContactRecord {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  message: string;
}

export interface ContactSubmission extends Submission<ContactRecord> {
  clientKey: string;
  /**
   * The form token the message came with, by its hash: storing the message spends it. Without
   * one, `untokened` limits the messages of one address.
   */
  formToken?: { hash: string; expiresAt: Date } | undefined;
  untokened: { max: number; windowMs: number };
}

export type ContactOutcome =
  | SubmitOutcome
  /** The form token was already spent on another message. */
  | { kind: "token-spent" }
  /** The address has sent as many messages without a form token as the window allows. */
  | { kind: "too-many"; max: number; windowMs: number };

export const messageOperations = {
  addContactMessage: write(async (tx, submission: ContactSubmission): Promise<ContactOutcome> => {
    const { record, receivedAt, formToken, untokened, clientKey } = submission;
    const previous = await previousAnswer(tx, submission);
    if (previous) return previous;
    if (formToken) {
      // The key spends a token once, whichever instance the second message reaches.
      const [, spent] = await Promise.all([
        tx.run(sql`DELETE FROM spent_form_tokens WHERE expires_at <= ${receivedAt}`),
        tx.run(sql`INSERT INTO spent_form_tokens
          ${values({ token_hash: formToken.hash, expires_at: formToken.expiresAt })}
          ON CONFLICT DO NOTHING`),
      ]);
      if (spent === 0) return { kind: "token-spent" };
    } else {
      const since = new Date(receivedAt.getTime() - untokened.windowMs);
      const [, row] = await Promise.all([
        tx.lock("client", [clientKey]),
        tx.one<{ n: number }>(sql`SELECT COUNT(*) AS n FROM contact_messages
          WHERE client_key = ${clientKey} AND with_token = ${false} AND received_at > ${since}`),
      ]);
      if ((row?.n ?? 0) >= untokened.max) return { kind: "too-many", ...untokened };
    }
    const columns = {
      ...columnsOf(record, CONTACT_FIELDS),
      received_at: receivedAt,
      request_hash: submission.idempotency.requestHash,
      client_key: clientKey,
      with_token: formToken !== undefined,
    };
    return insertSubmission(tx, "contact_messages", columns, submission);
  }),
  listContactMessages: read(async (query) =>
    (await query.all(sql`SELECT * FROM contact_messages ORDER BY id`)).map(contactMessage),
  ),
};
