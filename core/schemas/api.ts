import { z } from "zod";
import { HONEYPOT_FIELD } from "../api/routes.ts";
import { contactPayloadSchema } from "./payloads.ts";

/**
 * What the API's routes take besides the payloads of SPEC 3, and what they answer. The contract
 * (core/api/contract.ts) names which route takes and answers which.
 */

/** A GET that reads no query: whatever its address carries after '?' is ignored. */
export const noQuerySchema = z.object({});

/** GET /sheets/api/read: the attendee count of one event in `data`, or of the next one. */
export const attendeeCountsQuerySchema = z.object({ event: z.string().max(200).optional() });

/**
 * POST /mj/api/contact-us: the contact payload, the form token our contact form fetched when it
 * opened (none from a client that follows SPEC 7 to the letter), and the field only robots fill.
 */
export const contactRequestSchema = contactPayloadSchema.extend({
  formToken: z.string().nullish(),
  [HONEYPOT_FIELD]: z.string().optional(),
});

/** Every refusal: a sentence a person can act on, and the field to correct if there is one. */
export const errorBodySchema = z.object({ message: z.string(), field: z.string().optional() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** A stored submission: the sentence to show; `replaced` when it took an earlier RSVP's place. */
export const submittedSchema = z.object({
  message: z.string(),
  replaced: z.literal(true).optional(),
});
export type Submitted = z.infer<typeof submittedSchema>;

/** The site's spreadsheet write arrived (SPEC 7: a boolean). */
export const sheetRowWrittenSchema = z.literal(true);

/**
 * GET /sheets/api/read: SPEC 7's `data`, the attendee count of the event asked for (or of the
 * next one that takes RSVPs), and ours: the count of every event that takes RSVPs, by id, and the
 * guest limit.
 */
export const attendeeCountsSchema = z.object({
  data: z.number(),
  counts: z.record(z.string(), z.number()),
  guestLimit: z.number(),
});
export type AttendeeCounts = z.infer<typeof attendeeCountsSchema>;

/** GET /mj/api/form-token: the signed token, and how long a person takes at the least. */
export const formTokenSchema = z.object({ token: z.string(), minFillSeconds: z.number() });

/** GET /assets/data/past-master-list.json: SPEC 7's list, as the replaced site loaded it. */
export const pastMasterListAnswerSchema = z.array(
  z.object({ number: z.number(), name: z.string(), term: z.string(), imgUrl: z.string() }),
);
