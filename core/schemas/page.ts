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
  /** The browser tab title. */
  title: requiredText("the page title"),
  /** The meta description search engines show. */
  description: requiredText("a one-sentence description of the page"),
  heading: optionalText,
  subheading: optionalText,
  image: z
    .strictObject({
      src: requiredText("an image file or address"),
      alt: requiredText("the image's alt text"),
    })
    .optional(),
  video: z.strictObject({ src: url, title: requiredText("the video's title") }).optional(),
  /** A list the page shows as bullet points, e.g. the joining criteria. */
  criteria: z.array(requiredText("a criterion")).default([]),
});

/** A page as the site reads it: front matter plus the body as HTML blocks (split at '***' lines). */
export const pageSchema = pageFrontMatterSchema.extend({
  slug: z.string(),
  blocks: z.array(storyBlockSchema),
});
export type Page = z.infer<typeof pageSchema>;
