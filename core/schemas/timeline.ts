import { z } from "zod";
import { optionalText, requiredText, shown } from "./common.ts";

export const timelineEntrySchema = z.strictObject({
  year: z
    .union([z.number().int(), z.literal("Today")], {
      error: (i) => `expected a year or 'Today', found ${shown(i.input)}`,
    })
    .meta({
      kind: "year or Today",
      description: "A year, or 'Today' for the entry that shows the lodge's age.",
    }),
  content: requiredText("the entry's text").meta({ description: "The entry's text." }),
  imageSrc: optionalText.meta({ description: "A picture: a file in images/history/." }),
  imageCaption: optionalText.meta({ description: "The picture's caption." }),
  altText: optionalText.meta({ description: "What the picture shows, for screen readers." }),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** One block of a story page such as Brotherhood Night history. */
export const storyBlockSchema = z.strictObject({
  content: z.string(),
  imageSrc: optionalText,
  imageCaption: optionalText,
  altText: optionalText,
});
export type StoryBlock = z.infer<typeof storyBlockSchema>;
