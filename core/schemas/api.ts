import { z } from "zod";
import { HONEYPOT_FIELD } from "../api/routes.ts";
import { MEMBER_ANSWERS } from "../rules/answer-links.ts";
import { costSchema, earlyBirdOptionsSchema, eventFieldsSchema } from "./event.ts";
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

/**
 * Every refusal: a sentence a person can act on, the field to correct if there is one, and the
 * route that takes the same form when this one cannot (a full event's waiting list, or the RSVP
 * itself when seats are free after all), so a page can switch with the visitor's details kept.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  field: z.string().optional(),
  instead: z.enum(["eventRsvp", "joinWaitlist"]).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/**
 * A stored submission: the sentence to show; `confirm` when it is an RSVP held for its visitor to
 * confirm by mail (past the seats its network address may hold), which the sentence explains.
 */
export const submittedSchema = z.object({
  message: z.string(),
  confirm: z.literal(true).optional(),
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

/** The token of a personal manage link, sent in the body: never in an address, so in no log. */
const rsvpToken = z.string().min(1).max(200);

/** POST /mj/api/rsvp/manage, /cancel and /confirm: the manage link's token. */
export const rsvpTokenRequestSchema = z.object({ token: rsvpToken });

/**
 * POST /mj/api/rsvp/change: the token and the RSVP form's fields a visitor may change (head
 * count, dinner, meals and the per-choice counts), checked by the event's own form rules.
 */
export const rsvpChangeRequestSchema = z.looseObject({ token: rsvpToken });

/**
 * Where an RSVP a manage link names stands: `open` (may be changed or cancelled), `unconfirmed`
 * (held until `confirmBy` for its visitor to confirm, or cancel), `closed` (the deadline has
 * passed: write to the secretary), `cancelled`, `lapsed` (never confirmed: its seats went back),
 * or `replaced` by a newer RSVP of the same address (as RSVPs once were), whose own mail has the
 * link that works.
 */
export const managedRsvpStateSchema = z.enum([
  "open",
  "unconfirmed",
  "closed",
  "cancelled",
  "lapsed",
  "replaced",
]);
export type ManagedRsvpState = z.infer<typeof managedRsvpStateSchema>;

/** The event a manage or claim page shows the RSVP or waiting-list entry for. */
export const rsvpPageEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** 'Wed, Dec 2, 2026 at 7:30PM' */
  when: z.string(),
  location: z.string(),
  /** 'Closes Nov 30, 2026 at 11:59PM' */
  closes: z.string(),
  /** The most attendees (and meals) one RSVP may be for. */
  maxPerRsvp: z.number(),
  /** Whether the event has a dinner, and its meal choices. */
  dinner: z.boolean(),
  choices: z.array(z.string()),
});

/** Whom an RSVP (or a waiting-list entry) is for, and what it holds. */
const rsvpPartyShape = {
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  attendees: z.number(),
  dinner: z.boolean(),
  meals: z.number(),
  mealCounts: z.array(z.object({ choice: z.string(), count: z.number() })),
};

/**
 * What the change form of an event's RSVP needs of its event, as the event's own fields (core's
 * Event): when it is and when RSVPs and dinners close, whether an RSVP is for one attendee only,
 * and the dinner with its meals. The manage page checks a change by the rules the server checks
 * it by, with no copy of every event in its script.
 */
export const rsvpRulesSchema = eventFieldsSchema
  .pick({
    date: true,
    rsvpExpirationDays: true,
    rsvpExpirationTime: true,
    mealCutoffDays: true,
    rsvpLimit: true,
  })
  .extend({
    // The event's fields read a data file's text; the cost comes here as they made it.
    earlyBirdOptions: earlyBirdOptionsSchema.extend({ cost: costSchema }),
  });
export type RsvpRules = z.infer<typeof rsvpRulesSchema>;

/** POST /mj/api/rsvp/manage: the RSVP as its visitor sees it on the manage page. */
export const managedRsvpSchema = z.object({
  /** An event's RSVP, or a social outing's (no dinner). */
  kind: z.enum(["event", "social"]),
  state: managedRsvpStateSchema,
  /** The sentence above the form: what the visitor can do now, or whom to write to. */
  message: z.string(),
  event: rsvpPageEventSchema,
  /** An event RSVP's form rules (none for an outing's, whose form takes attendees only). */
  rules: rsvpRulesSchema.optional(),
  ...rsvpPartyShape,
  /** Until when an RSVP awaiting confirmation holds its seats, in lodge time; only then. */
  confirmBy: z.string().optional(),
  /** The secretary's address, for the page that can no longer take changes. */
  secretary: z.string(),
});
export type ManagedRsvp = z.infer<typeof managedRsvpSchema>;

/**
 * Where a waiting-list entry stands: `waiting` in line (may leave), `offered` seats it may claim
 * until `offerExpires` (or leave), `claimed` (the offer became an RSVP, whose confirmation has
 * the manage link), `expired` (the offer ran out unclaimed: the party is off the list, and its
 * seats go to the next in line while the event takes RSVPs), `left` (the visitor left the list,
 * or an RSVP of the same address took the entry's place), `closed` (the event's RSVPs have
 * closed, or it was cancelled or has passed: nothing more will be offered).
 */
export const waitlistStateSchema = z.enum([
  "waiting",
  "offered",
  "claimed",
  "expired",
  "left",
  "closed",
]);
export type WaitlistState = z.infer<typeof waitlistStateSchema>;

/**
 * POST /mj/api/rsvp/waitlist/view: a waiting-list entry as its visitor sees it on the claim page
 * (/rsvp/claim#token), the party it asked seats for and where it stands.
 */
export const waitlistEntrySchema = z.object({
  state: waitlistStateSchema,
  /** The sentence above the entry: the place in line, the offer's end, or what happened. */
  message: z.string(),
  event: rsvpPageEventSchema,
  ...rsvpPartyShape,
  /** The place in line, 1 for the next one offered seats; only while `waiting`. */
  position: z.number().optional(),
  /** When an offer runs out, in lodge time: 'Thu, Nov 26, 2026 at 2:05PM'; only while `offered`. */
  offerExpires: z.string().optional(),
  /** The secretary's address, for questions. */
  secretary: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** A member's answer to a summons, as the answer page sends and shows it. */
const givenAnswerSchema = z.object({
  answer: z.enum(MEMBER_ANSWERS),
  /** His meal, when he dines at an event with a choice of meals. */
  meal: z.string().max(200).optional(),
});

/** POST /mj/api/summons/view: the token of a member's answer links. */
export const answerTokenRequestSchema = z.object({ token: rsvpToken });

/** POST /mj/api/summons/answer: the token, and the answer given with one click. */
export const answerRequestSchema = givenAnswerSchema.extend({ token: rsvpToken });

/**
 * POST /mj/api/summons/view and /answer: a member's answer to the summons of an event, as the
 * answer page (/rsvp/answer#...) shows it: the meeting, his answer if he has given one, and the
 * answers he may give now (`window`: open, meals-closed once dinner orders have closed, closed
 * once RSVPs have).
 */
export const memberAnswerSchema = z.object({
  window: z.enum(["open", "meals-closed", "closed"]),
  /** The sentence under the answer: until when it may change, or whom to write to. */
  message: z.string(),
  event: rsvpPageEventSchema,
  /** The degree the meeting is opened on, 'Fellowcraft'; empty for an event open to all. */
  degree: z.string(),
  /** 'Dinner orders close Nov 26, 2027 at 11:59PM'; empty without a dinner. */
  mealsClose: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** His answer, once given; `waiting` when he attends but waits for a seat. */
  answer: givenAnswerSchema.extend({ waiting: z.boolean() }).optional(),
  /** The answers he may give now. */
  offered: z.array(z.enum(MEMBER_ANSWERS)),
  secretary: z.string(),
});
export type MemberAnswerView = z.infer<typeof memberAnswerSchema>;
