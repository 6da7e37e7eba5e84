import { z } from "zod";
import { requiredText, wholeNumber } from "./common.ts";

export const bulletinSchema = z.strictObject({
  year: wholeNumber("a year", 1800, 2200),
  /** Period label such as 'September - October' or 'Summer'. */
  displayName: requiredText("a period label such as 'Summer'"),
  /** PDF file name in the bulletin folder or bucket. */
  filename: requiredText("a PDF file name"),
});
export type Bulletin = z.infer<typeof bulletinSchema>;

/** bulletins.yaml: the current bulletin's PDF and the earlier ones. */
export const bulletinsFileSchema = z.strictObject({
  current: requiredText("the current bulletin's PDF file name"),
  past: z.array(bulletinSchema).default([]),
});
export type BulletinsFile = z.infer<typeof bulletinsFileSchema>;
