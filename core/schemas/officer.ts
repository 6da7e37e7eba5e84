import { z } from "zod";
import { optionalText, requiredText, shown } from "./common.ts";

/** Every office of the lodge, in the order the officers are shown. */
export const OFFICES = [
  "Worshipful Master",
  "Senior Warden",
  "Junior Warden",
  "Senior Deacon",
  "Junior Deacon",
  "Secretary",
  "Associate Secretary",
  "Treasurer",
  "Associate Treasurer",
  "Chaplain",
  "Associate Chaplain",
  "Senior Steward",
  "Junior Steward",
  "Marshal",
  "Tyler",
  "Lodge Education Officer",
  "Associate Lodge Education Officer",
] as const;

export const officeSchema = z.enum(OFFICES, {
  error: (i) =>
    `expected one of the lodge's offices (${OFFICES.join(", ")}), found ${shown(i.input)}`,
});
export type Office = z.infer<typeof officeSchema>;

export const officerSchema = z.strictObject({
  name: requiredText("the officer's name"),
  office: officeSchema,
  /** Portrait file name or address. */
  image: optionalText,
  bio: optionalText,
  /** Jewel of the office: file name or address. */
  jewel: optionalText,
});
export type Officer = z.infer<typeof officerSchema>;
