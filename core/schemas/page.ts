import { z } from "zod";
import { optionalText, requiredText, url } from "./common.ts";
import { storyBlockSchema } from "./timeline.ts";

/**
 * The pages of pages/*.md that the site's pages are made from, so every lodge needs them (the
 * others, such as upcoming-events, are optional).
 */
export const REQUIRED_PAGES = [
  "home",
  "about-us",
  "how-to-join",
  "brotherhood-night-history",
] as const;
export type RequiredPage = (typeof REQUIRED_PAGES)[number];

/** Front matter of a page in pages/*.md (about-us, how-to-join, brotherhood-night-history...). */
export const pageFrontMatterSchema = z.strictObject({
  title: requiredText("the page title").meta({ description: "The browser tab's title." }),
  description: requiredText("a one-sentence description of the page").meta({
    description: "The one sentence search engines and share cards show.",
  }),
  heading: optionalText.meta({ description: "The page's heading; empty: the title." }),
  subheading: optionalText.meta({ description: "Shown under the heading." }),
  image: z
    .strictObject({
      src: requiredText("an image file or address").meta({
        description: "A file in images/, or an address.",
      }),
      alt: requiredText("the image's alt text").meta({
        description: "What it shows, for screen readers.",
      }),
    })
    .optional()
    .meta({ description: "A picture the page shows." }),
  video: z
    .strictObject({
      src: url.meta({ description: "The video's embed address." }),
      title: requiredText("the video's title").meta({ description: "The video's title." }),
    })
    .optional()
    .meta({ description: "A video the page shows (How to Join)." }),
  criteria: z.array(requiredText("a criterion")).default([]).meta({
    description: "A list the page shows as bullet points: How to Join's requirements.",
  }),
});

/** A page as the site reads it: front matter plus the body as HTML blocks (split at '***' lines). */
export const pageSchema = pageFrontMatterSchema.extend({
  slug: z.string(),
  blocks: z.array(storyBlockSchema),
});
export type Page = z.infer<typeof pageSchema>;
