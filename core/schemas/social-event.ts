import { z } from "zod";
import { PAGE_ID } from "../api/page-paths.ts";
import { eventDateText, flag, optionalText, requiredText } from "./common.ts";
import { deriveEventId } from "./event.ts";

export const socialEventSchema = z
  .strictObject({
    id: z.string().regex(PAGE_ID).optional().meta({
      kind: "text",
      description:
        "A stable id, lowercase letters, digits and hyphens: the outing's page is /social-events/<id>.",
      defaultText: "made from the date and the name",
    }),
    name: requiredText("the outing's name").meta({ description: "e.g. Guardians game." }),
    date: eventDateText.meta({ description: "When the outing starts." }),
    location: optionalText.meta({ description: "The place's name." }),
    locationAddress: optionalText.meta({ description: "Its street address." }),
    locationUrl: optionalText.meta({ description: "A map link or the place's site." }),
    description: optionalText.meta({ description: "What the outing is." }),
    eventImageUrl: optionalText.meta({
      description: "A picture: a file in images/social-events/ (or media.socialEvents).",
    }),
    isRsvp: flag.default(false).meta({ description: "true shows the RSVP button." }),
    rsvpDesc: optionalText.meta({ description: "A note beside the RSVP button." }),
  })
  .transform(({ id, ...outing }) => ({
    id: id ?? deriveEventId(outing.date, outing.name),
    ...outing,
  }));
export type SocialEvent = z.output<typeof socialEventSchema>;
