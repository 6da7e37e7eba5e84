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
import { socialRsvpFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { HttpError, validationError } from "../http/errors.ts";
import { idempotencyFor, idempotencyKeyOf, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { socialRsvpMails } from "../mail/messages.ts";
import { findByRef } from "../rsvp/event-ref.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import { answer, type RouteContext, sheetRowRoute } from "./context.ts";
import { siteBase } from "./manage-rsvp.ts";

/** The social RSVP's fields that end up in mail headers. */
const TEXT_FIELDS = ["firstName", "lastName", "email"];

export function checkOutingOpen(outing: SocialEvent, now: Date, timeZone: string): void {
  const when = `${outing.name} on ${formatDayAndTime(eventStart(outing.date))}`;
  if (hasStarted(outing.date, now, timeZone)) {
    throw new HttpError(409, `${when} has already taken place.`);
  }
  if (!outing.isRsvp) throw new HttpError(409, `${when} does not take reservations.`);
  if (!socialRsvpOpen(outing, now, timeZone)) {
    const cutoff = socialRsvpCutoff(outing);
    throw new HttpError(409, `${reservationsClosedText(cutoff, when)}.`);
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

/** POST /mj/api/social-rsvp and POST /sheets/api/append-social-rsvp (SPEC 7). */
export function socialRsvpRoutes(ctx: RouteContext): void {
  apiRoute(ctx.app, "socialRsvp", {
    fromForm: (fields) => socialRsvpFromForm(ctx.data(), ctx.now(), fields),
    screen: (raw) => refuseUnsafeText(raw, TEXT_FIELDS),
    handle: async (payload, request, reply) => {
      const now = ctx.now();
      const data = ctx.data();
      const { outing, form } = readSocialRsvp(data, payload, (found) =>
        checkOutingOpen(found, now, data.lodge.timeZone),
      );
      const hash = requestHash("social", { outingId: outing.id, form });
      // The visitor's personal link to change or cancel it; the store keeps only its hash.
      const manageToken = newRsvpToken(ctx.config.xsrfSecret, "manage", "social");
      const outcome = await ctx.store.addSocialRsvp({
        record: { outingId: outing.id, ...form, attendees: form.numberOfAttendees },
        receivedAt: now,
        idempotency: idempotencyFor("social", hash, idempotencyKeyOf(request), now),
        mails: await socialRsvpMails(
          ctx.mail(),
          outing,
          form,
          now,
          manageUrl(siteBase(data.lodge.siteUrl, request), manageToken),
        ),
        manageTokenHash: rsvpTokenHash(manageToken),
        response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
      });
      return answer(reply, outcome, ctx.worker);
    },
  });

  sheetRowRoute(ctx, "socialSheetRow", "social", TEXT_FIELDS, (payload) => {
    const { outing, form } = readSocialRsvp(ctx.data(), payload);
    return requestHash("social", { outingId: outing.id, form });
  });
}
