import type { ApiResponse } from "../../core/api/routes.ts";
import { ALERTS } from "../../core/messages.ts";
import {
  eventStart,
  formatDayAndTime,
  hasStarted,
  reservationsClosedText,
  socialRsvpCutoff,
  socialRsvpOpen,
} from "../../core/rules/index.ts";
import {
  type LodgeData,
  type SocialEvent,
  type SocialRsvpForm,
  type SocialRsvpPayload,
  socialRsvpFormSchema,
} from "../../core/schemas/index.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
import { socialRsvpMails } from "../mail/messages.ts";
import { findByRef } from "../rsvp/event-ref.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import { type Answer, answered, type Caller, siteBaseOf, type UseCaseContext } from "./context.ts";
import { Refusal, validationError } from "./refusal.ts";

/**
 * Refuses an RSVP for an outing that has taken place, takes none, or whose cutoff has passed:
 * core's `socialRsvpOpen` decides, the checks before it choose the sentence. The plain form and
 * the API both ask it here.
 */
export function checkOutingOpen(outing: SocialEvent, now: Date, timeZone: string): void {
  const when = `${outing.name} on ${formatDayAndTime(eventStart(outing.date))}`;
  if (hasStarted(outing.date, now, timeZone)) {
    throw new Refusal("conflict", `${when} has already taken place.`);
  }
  if (!outing.isRsvp) throw new Refusal("conflict", `${when} does not take reservations.`);
  if (!socialRsvpOpen(outing, now, timeZone)) {
    const cutoff = socialRsvpCutoff(outing);
    throw new Refusal("conflict", `${reservationsClosedText(cutoff, when)}.`);
  }
}

function readSocialRsvp(
  data: LodgeData,
  payload: SocialRsvpPayload,
  check: (outing: SocialEvent) => void = () => {},
): { outing: SocialEvent; form: SocialRsvpForm } {
  const outing = findByRef(data.socialEvents, payload.event, "outing");
  check(outing);
  const form = socialRsvpFormSchema.safeParse(payload);
  if (!form.success) throw validationError(form.error);
  return { outing, form: form.data };
}

/** Places an RSVP for a social outing (SPEC 7's POST /mj/api/social-rsvp), with its mails. */
export async function placeSocialRsvp(
  ctx: UseCaseContext,
  payload: SocialRsvpPayload,
  caller: Caller,
): Promise<Answer<ApiResponse<"socialRsvp">>> {
  const now = ctx.now();
  const data = ctx.data();
  const { outing, form } = readSocialRsvp(data, payload, (found) =>
    checkOutingOpen(found, now, data.lodge.timeZone),
  );
  const hash = requestHash("social", { outingId: outing.id, form });
  // The visitor's personal link to change or cancel it; the store keeps only its hash.
  const manageToken = newRsvpToken(ctx.secret, "manage", "social");
  const outcome = await ctx.store.addSocialRsvp({
    record: { outingId: outing.id, ...form, attendees: form.numberOfAttendees },
    receivedAt: now,
    idempotency: idempotencyFor("social", hash, caller.idempotencyKey, now),
    mails: await socialRsvpMails(
      ctx.mail(),
      outing,
      form,
      now,
      manageUrl(siteBaseOf(ctx, caller.origin), manageToken),
    ),
    manageTokenHash: rsvpTokenHash(manageToken),
    response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
  });
  return answered(ctx, outcome);
}

/** The hash of the stored social RSVP a spreadsheet row repeats (see noteSheetRow). */
export function socialRsvpHash(ctx: UseCaseContext, payload: SocialRsvpPayload): string {
  const { outing, form } = readSocialRsvp(ctx.data(), payload);
  return requestHash("social", { outingId: outing.id, form });
}
