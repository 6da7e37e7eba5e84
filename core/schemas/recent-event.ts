import { z } from "zod";
import { optionalText, requiredText } from "./common.ts";

export const recentEventSchema = z.strictObject({
  eventName: requiredText("the event's name").meta({ description: "The event's name." }),
  eventId: optionalText.meta({ description: "Kept from the old site; not shown." }),
  displayDate: optionalText.meta({ description: "The date as the page shows it." }),
  description: optionalText.meta({
    description: "The write-up, in HTML or Markdown (the build turns Markdown into HTML).",
  }),
  albumName: optionalText.meta({ description: "The album (albums.yaml) its pictures are in." }),
  imageUrls: z
    .array(z.string())
    .default([])
    .meta({ description: "Picture file names in the album's folder." }),
  slideLabels: z
    .array(z.string())
    .default([])
    .meta({ description: "Captions, one per picture; may be empty." }),
  slideContent: z
    .array(z.string())
    .default([])
    .meta({ description: "Kept from the old site; not shown." }),
  eventDate: optionalText.meta({
    description:
      "'YYYY/MM/DD'. Recent Events and the news feed show the events of the last year; an empty or impossible date keeps the event off them.",
  }),
});
export type RecentEvent = z.infer<typeof recentEventSchema>;
