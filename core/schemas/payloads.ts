import { z } from "zod";

/** The event record a payload carries; the server only reads its id and looks the rest up itself. */
const eventRef = z.looseObject({ id: z.string().min(1) });

const choiceCount = z.union([z.number().int().min(0), z.literal("-")]);

/** POST /mj/api/rsvp (SPEC 3, 'Event RSVP request payload'), plus masonicTitle on its own. */
export const eventRsvpPayloadSchema = z.object({
  firstName: z.string(),
  /** The last name, with ', {title}' appended when a masonic title is given. */
  lastName: z.string(),
  masonicTitle: z.string().default(""),
  email: z.string(),
  /** e.g. 'Wed, Sep 4, 2024 7:30pm'; the day only ('Wed, Sep 4, 2024') in the sheet write. */
  date: z.string(),
  subject: z.string(),
  event: eventRef,
  numberOfAttendees: z.number().int(),
  earlyBirdDinner: z.enum(["Yes", "No"]),
  earlyBirdTime: z.string(),
  numberOfMeals: z.number().int().min(0),
  costPerMeal: z.string(),
  mealSelection: z.string(),
  firstChoice: z.string(),
  firstChoiceCount: choiceCount,
  secondChoice: z.string(),
  secondChoiceCount: choiceCount,
  thirdChoice: z.string().optional(),
  thirdChoiceCount: choiceCount.optional(),
  fourthChoice: z.string().optional(),
  fourthChoiceCount: choiceCount.optional(),
});
export type EventRsvpPayload = z.infer<typeof eventRsvpPayloadSchema>;

/** POST /mj/api/social-rsvp (SPEC 3, 'Social RSVP payload'). */
export const socialRsvpPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  date: z.string(),
  subject: z.string(),
  event: eventRef,
  numberOfAttendees: z.number().int(),
});
export type SocialRsvpPayload = z.infer<typeof socialRsvpPayloadSchema>;

/** POST /mj/api/contact-us: the form, its subject, and the fields as labelled lines for the mail. */
export const contactPayloadSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string(),
  message: z.string(),
  subject: z.string(),
  fields: z.array(z.object({ label: z.string(), value: z.string() })),
});
export type ContactPayload = z.infer<typeof contactPayloadSchema>;
