import type { EventRsvpPayload } from "../../core/schemas/index.ts";
import { eventRsvpFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { attendeeCounts, eventRsvpHash } from "../use-cases/counts.ts";
import { placeEventRsvp } from "../use-cases/place-rsvp.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { callerOf, type RouteContext, send, sheetRowRoute } from "./context.ts";

/**
 * How a route that takes the event RSVP form (an RSVP, or a place on the waiting list) reads it:
 * the same fields with or without a script, screened for unsafe text.
 */
export function eventRsvpForm(ctx: RouteContext) {
  return {
    fromForm: (fields: Record<string, string>) =>
      eventRsvpFromForm(ctx.useCases.data(), ctx.useCases.now(), fields),
    screen: (raw: unknown) => refuseUnsafeText(raw),
  };
}

/** POST /mj/api/rsvp, POST /sheets/api/append-rsvp and GET /sheets/api/read (SPEC 7). */
export function eventRsvpRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;

  apiRoute(app, "eventRsvp", {
    ...eventRsvpForm(ctx),
    handle: async (payload, request, reply) =>
      send(
        reply,
        await placeEventRsvp(useCases, payload as EventRsvpPayload, callerOf(ctx, request)),
      ),
  });

  sheetRowRoute(ctx, "eventSheetRow", "event", undefined, (payload) =>
    eventRsvpHash(useCases, payload),
  );

  apiRoute(app, "attendeeCounts", {
    invalid: () =>
      new Refusal("invalid", "Give one event id, e.g. ?event=2024-09-04-stated-meeting.", "event"),
    handle: async (query, _request, reply) => {
      reply.header("cache-control", "no-store");
      return attendeeCounts(useCases, query.event);
    },
  });
}
