import type { ApiResponse } from "../../core/api/routes.ts";
import type { EventRsvpPayload } from "../../core/schemas/index.ts";
import { eventRsvpFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { refuseUnsafeText } from "../http/text.ts";
import type { Answer, Caller, UseCaseContext } from "../use-cases/context.ts";
import { attendeeCounts, eventRsvpHash } from "../use-cases/counts.ts";
import { placeEventRsvp } from "../use-cases/place-rsvp.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { callerOf, type RouteContext, send, sheetRowRoute } from "./context.ts";

/**
 * A route that takes the event RSVP form (an RSVP, or a place on the waiting list): the same
 * fields with or without a script, screened for unsafe text, answered by its use case.
 */
export function eventRsvpFormRoute<K extends "eventRsvp" | "joinWaitlist">(
  ctx: RouteContext,
  name: K,
  useCase: (
    uc: UseCaseContext,
    payload: EventRsvpPayload,
    caller: Caller,
  ) => Promise<Answer<ApiResponse<K>>>,
): void {
  const { useCases } = ctx;
  apiRoute(ctx.app, name, {
    fromForm: (fields) => eventRsvpFromForm(useCases.data(), useCases.now(), fields),
    screen: (raw) => refuseUnsafeText(raw),
    handle: async (payload, request, reply) =>
      send(reply, await useCase(useCases, payload as EventRsvpPayload, callerOf(ctx, request))),
  });
}

/** POST /mj/api/rsvp, POST /sheets/api/append-rsvp and GET /sheets/api/read (SPEC 7). */
export function eventRsvpRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;

  eventRsvpFormRoute(ctx, "eventRsvp", placeEventRsvp);

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
