import { z } from "zod";
import { requiredText, wholeNumber } from "./common.ts";

export const bulletinSchema = z.strictObject({
  year: wholeNumber("a year", 1800, 2200).meta({ description: "The bulletin's year." }),
  displayName: requiredText("a period label such as 'Summer'").meta({
    description: "The period it covers, e.g. 'September - October' or 'Summer'.",
  }),
  filename: requiredText("a PDF file name").meta({
    description: "Its PDF: a file in bulletins/ (or media.bulletins).",
  }),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

/** bulletins.yaml: the current bulletin's PDF and the earlier ones. */
export const bulletinsFileSchema = z.strictObject({
  current: requiredText("the current bulletin's PDF file name").meta({
    description: "The current bulletin's PDF, shown on the Bulletin page: a file in bulletins/.",
  }),
  past: z
    .array(bulletinSchema)
    .default([])
    .meta({ description: "The earlier bulletins, listed on Past Bulletins." }),
});
export type BulletinsFile = z.infer<typeof bulletinsFileSchema>;
