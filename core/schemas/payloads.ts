import { z } from "zod";
import { shown } from "./common.ts";

/**
 * The event record a payload carries: SPEC 3 sends the whole record, which has no id; our site
 * adds the id. The server reads only the id, or else the date and name the id is derived from,
 * and looks the rest up itself.
 */
const eventRef = z.looseObject({
  id: z.string().min(1).optional(),
  date: z.string().optional(),
  name: z.string().optional(),
});

/**
 * A count sent as a number, or as the text of a select ("3"), as SPEC 3's forms hold it;
 * normalised to a number here, once.
 */
const count = z
  .union([z.number(), z.string()], { error: (i) => `expected a number, found ${shown(i.input)}` })
  .transform((value, ctx) => {
    const n = typeof value === "number" ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(n)) {
      ctx.issues.push({
        code: "custom",
        input: value,
        message: `expected a number, found ${shown(value)}`,
      });
      return z.NEVER;
    }
    return n;
  });

/** A per-choice meal count: a number (or its text), or '-' when no meals are chosen (SPEC 3). */
const choiceCount = z.union([z.literal("-"), count.pipe(z.number().min(0))]);

/**
 * POST /mj/api/rsvp (SPEC 3, 'Event RSVP request payload'), plus masonicTitle on its own. A
 * client that follows SPEC 3 to the letter is understood: counts as text, the title only at the
 * end of lastName, the event without our id, per-choice counts left out when one meal is picked.
 */
export const eventRsvpPayloadSchema = z.object({
  firstName: z.string(),
  /** The last name, with ', {title}' appended when a masonic title is given. */
  lastName: z.string(),
  /**
   * Sent on its own by our site (empty without a title); a SPEC 3 client leaves it out and puts
   * the title only after the last name.
   */
  masonicTitle: z.string().optional(),
  email: z.string(),
  /** e.g. 'Wed, Sep 4, 2024 7:30pm'; the day only ('Wed, Sep 4, 2024') in the sheet write. */
  date: z.string(),
  subject: z.string(),
  event: eventRef,
  numberOfAttendees: count,
  earlyBirdDinner: z.enum(["Yes", "No"]),
  earlyBirdTime: z.string(),
  numberOfMeals: count.pipe(z.number().min(0)),
  costPerMeal: z.string(),
  mealSelection: z.string(),
  firstChoice: z.string(),
  firstChoiceCount: choiceCount.optional(),
  secondChoice: z.string(),
  secondChoiceCount: choiceCount.optional(),
  thirdChoice: z.string().optional(),
  thirdChoiceCount: choiceCount.optional(),
  fourthChoice: z.string().optional(),
  fourthChoiceCount: choiceCount.optional(),
});
export type EventRsvpPayload = z.infer<typeof eventRsvpPayloadSchema>;

/** POST /mj/api/social-rsvp (SPEC 3, 'Social RSVP payload'); the attendees may come as text. */
export const socialRsvpPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  date: z.string(),
  subject: z.string(),
  event: eventRef,
  numberOfAttendees: count,
});
export type SocialRsvpPayload = z.infer<typeof socialRsvpPayloadSchema>;

/**
 * POST /mj/api/contact-us: the form, its subject, and the fields as labelled lines for the mail.
 * SPEC 7 does not show the fields list's shape, and the server does not read it or the subject.
 */
export const contactPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().default(""),
  message: z.string(),
  subject: z.string().optional(),
  fields: z.unknown().optional(),
});
export type ContactPayload = z.infer<typeof contactPayloadSchema>;
