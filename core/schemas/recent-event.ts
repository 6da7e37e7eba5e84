import { z } from "zod";
import { optionalText, requiredText } from "./common.ts";

export const recentEventSchema = z.strictObject({
  eventName: requiredText("the event's name"),
  eventId: optionalText,
  displayDate: optionalText,
  /** HTML or Markdown; the build turns Markdown into HTML. */
  description: optionalText,
  albumName: optionalText,
  /** Image file names in the album's folder. */
  imageUrls: z.array(z.string()).default([]),
  /** Captions, one per image; may be empty. */
  slideLabels: z.array(z.string()).default([]),
  slideContent: z.array(z.string()).default([]),
  /** 'yyyy/mm/dd'; sometimes empty. An empty or invalid date keeps the event off Recent Events. */
  eventDate: optionalText,
});
export type RecentEvent = z.infer<typeof recentEventSchema>;
