import { doorWindowText } from "../../core/rules/door.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type MailContext, rsvpMailCommon } from "./messages.ts";
import { lodgePlaceText } from "./summons.ts";

/** The door link, mailed by `lodge door EVENT --to ADDRESS` to the Tyler or whoever keeps the door. */
export async function doorLinkMail(
  ctx: MailContext,
  to: string,
  event: Event,
  link: string,
): Promise<ComposedMail> {
  const view = {
    ...rsvpMailCommon(ctx, event, { firstName: "", lastName: "" }),
    heading: "The Tyler's register",
    lodgePlace: lodgePlaceText(ctx.lodge),
    link,
    window: doorWindowText(event),
  };
  return composeMail({
    kind: "door-link",
    from: ctx.from,
    to,
    replyTo: ctx.secretary,
    ...ctx.templates("door-link", view),
  });
}
