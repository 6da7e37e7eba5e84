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
  name: requiredText("the officer's name").meta({ description: "The officer's name." }),
  office: officeSchema.meta({
    kind: "office",
    description: `One of the lodge's offices: ${OFFICES.join(", ")}; the officers are shown in that order.`,
  }),
  image: optionalText.meta({
    description:
      "A portrait: a file in images/officers/, or an address; empty: the lodge's defaultPortrait.",
  }),
  bio: optionalText.meta({ description: "A few words shown under the name." }),
  jewel: optionalText.meta({
    description: "The jewel of the office: a file in images/jewels/, or an address.",
  }),
});
export type Officer = z.infer<typeof officerSchema>;
