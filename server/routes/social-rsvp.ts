import type { FastifyInstance } from "fastify";
import { ALERTS } from "../../core/messages.ts";
import {
  eventStart,
  formatDayAndTime,
  formatMediumDate,
  formatShortTime,
  hasStarted,
  socialRsvpCutoff,
  socialRsvpOpen,
} from "../../core/rules/index.ts";
import {
  type LodgeData,
  type SocialEvent,
  type SocialRsvpForm,
  socialRsvpFormSchema,
  socialRsvpPayloadSchema,
} from "../../core/schemas/index.ts";
import { HttpError, validationError } from "../http/errors.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { socialRsvpMails } from "../mail/messages.ts";
import { findByRef } from "../rsvp/event-ref.ts";
import { answer, type RouteContext } from "./context.ts";

function checkOutingOpen(outing: SocialEvent, now: Date, timeZone: string): void {
  const when = `${outing.name} on ${formatDayAndTime(eventStart(outing.date))}`;
  if (hasStarted(outing.date, now, timeZone)) {
    throw new HttpError(409, `${when} has already taken place.`);
  }
  if (!outing.isRsvp) throw new HttpError(409, `${when} does not take reservations.`);
  if (!socialRsvpOpen(outing, now, timeZone)) {
    const cutoff = socialRsvpCutoff(outing);
    throw new HttpError(
      409,
      `Reservations for ${when} closed on ${formatMediumDate(cutoff)} at ${formatShortTime(cutoff)}.`,
    );
  }
}

function readSocialRsvp(
  data: LodgeData,
  body: unknown,
  check: (outing: SocialEvent) => void = () => {},
): { outing: SocialEvent; form: SocialRsvpForm } {
  refuseUnsafeText(body, ["firstName", "lastName", "email"]);
  const parsed = socialRsvpPayloadSchema.safeParse(body);
  if (!parsed.success) throw validationError(parsed.error);
  const outing = findByRef(data.socialEvents, parsed.data.event, "outing");
  check(outing);
  const form = socialRsvpFormSchema.safeParse(parsed.data);
  if (!form.success) throw validationError(form.error);
  return { outing, form: form.data };
}

/** POST /mj/api/social-rsvp and POST /sheets/api/append-social-rsvp (SPEC 7). */
export function socialRsvpRoutes(app: FastifyInstance, ctx: RouteContext): void {
  const { data } = ctx;
  const { timeZone } = data.lodge;

  app.post("/mj/api/social-rsvp", async (request, reply) => {
    const now = ctx.now();
    const { outing, form } = readSocialRsvp(data, request.body, (found) =>
      checkOutingOpen(found, now, timeZone),
    );
    const hash = requestHash("social", { outingId: outing.id, form });
    const outcome = await ctx.store.addSocialRsvp({
      record: { outingId: outing.id, ...form, attendees: form.numberOfAttendees },
      receivedAt: now,
      idempotency: idempotencyFor("social", hash, request.headers["idempotency-key"], now),
      mails: await socialRsvpMails(ctx.mail, outing, form, now),
      response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
    });
    return answer(reply, outcome, ctx.worker);
  });

  app.post("/sheets/api/append-social-rsvp", async (request, reply) => {
    const { outing, form } = readSocialRsvp(data, request.body);
    const hash = requestHash("social", { outingId: outing.id, form });
    if (!(await ctx.store.recordSheetRow("social", hash, ctx.now()))) {
      throw new HttpError(404, "No stored RSVP matches this row; send the RSVP itself first.");
    }
    return reply.send(true);
  });
}
