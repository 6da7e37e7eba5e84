import { type ComposedMail, FAILURE_SUMMARY_KIND, type MailEntry } from "../store/store.ts";
import { composeMail } from "./compose.ts";
import { type MailContext, receivedText } from "./messages.ts";

/** How the summary names each kind of mail. */
const KIND_NAMES: Record<string, string> = {
  "rsvp-notice": "RSVP notice",
  "rsvp-confirmation": "RSVP confirmation",
  "social-rsvp-notice": "outing RSVP notice",
  "social-rsvp-confirmation": "outing RSVP confirmation",
  "contact-notice": "contact message notice",
  "contact-acknowledgement": "contact acknowledgement",
  "rsvp-cancelled": "cancellation notice",
  "rsvp-changed": "change notice",
  reminder: "reminder",
  "rsvp-visitor-change": "confirmation of a visitor's change",
  "rsvp-visitor-change-notice": "notice of a visitor's change",
  "waitlist-joined": "waiting-list confirmation",
  "waitlist-notice": "waiting-list notice",
  "waitlist-offer": "waiting-list offer of seats",
  "waitlist-offer-notice": "notice of seats offered from a waiting list",
  "waitlist-left": "confirmation of leaving a waiting list",
  "waitlist-left-notice": "notice of a party leaving a waiting list",
  "waitlist-expired": "notice of an offer run out",
  "waitlist-expired-notice": "notice of an offer run out, to the secretary",
};

/** The secretary's daily summary of mail the server refused for good. */
export async function failureSummaryMail(
  ctx: MailContext,
  failures: readonly MailEntry[],
): Promise<ComposedMail> {
  const rendered = ctx.templates("failed-mail-summary", {
    lodgeName: ctx.lodge.name,
    count: failures.length === 1 ? "1 mail" : `${failures.length} mails`,
    failures: failures.map((failure) => ({
      id: failure.id,
      what: KIND_NAMES[failure.kind] ?? failure.kind,
      to: failure.to,
      queued: receivedText(ctx.lodge, failure.createdAt),
      reason: failure.lastError ?? "refused",
    })),
  });
  return composeMail({
    kind: FAILURE_SUMMARY_KIND,
    from: ctx.from,
    to: ctx.secretary,
    ...rendered,
  });
}
