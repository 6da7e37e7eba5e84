import { z } from "zod";
import { PAGE_ID } from "../api/page-paths.ts";
import { eventDateText, flag, optionalText, requiredText } from "./common.ts";
import { deriveEventId } from "./event.ts";

export const socialEventSchema = z
  .strictObject({
    id: z.string().regex(PAGE_ID).optional(),
    name: requiredText("the outing's name"),
    date: eventDateText,
    location: optionalText,
    locationAddress: optionalText,
    locationUrl: optionalText,
    description: optionalText,
    /** File name in the social-events image folder; may be empty. */
    eventImageUrl: optionalText,
    isRsvp: flag.default(false),
    rsvpDesc: optionalText,
  })
  .transform(({ id, ...outing }) => ({
    id: id ?? deriveEventId(outing.date, outing.name),
    ...outing,
  }));
export type SocialEvent = z.output<typeof socialEventSchema>;
