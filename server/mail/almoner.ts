import { eventStart, formatMediumDate } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { ComposedMail, RollMember } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type MailContext, rsvpMailCommon } from "./messages.ts";
import { lodgePlaceText } from "./summons.ts";

/** A brother the Almoner is told of: who, how to reach him, and the run of meetings missed. */
export interface MissedBrother {
  member: Pick<RollMember, "number" | "firstName" | "lastName" | "phone" | "email">;
  meetings: number;
  /** The first meeting of the run. */
  since: Pick<Event, "date">;
}

/** The Almoner's mail after a stated meeting: the brethren missed, with their phone and e-mail. */
export async function almonerMail(
  ctx: MailContext,
  to: string,
  meeting: Event,
  brethren: readonly MissedBrother[],
): Promise<ComposedMail> {
  const view = {
    ...rsvpMailCommon(ctx, meeting, { firstName: "", lastName: "" }),
    heading: "Brethren missed",
    lodgePlace: lodgePlaceText(ctx.lodge),
    count: brethren.length,
    brethren: brethren.map(({ member, meetings, since }) => ({
      name: `${member.firstName} ${member.lastName}`,
      number: member.number,
      phone: member.phone,
      email: member.email,
      meetings,
      since: formatMediumDate(eventStart(since.date)),
    })),
  };
  return composeMail({
    kind: "almoner",
    from: ctx.from,
    to,
    replyTo: ctx.secretary,
    ...ctx.templates("almoner", view),
  });
}
