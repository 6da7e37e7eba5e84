import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiResponse } from "../../core/api/routes.ts";
import { ALERTS, RSVP_REPLACED_TEXT } from "../../core/messages.ts";
import { mealsOpen, upcomingEvents } from "../../core/rules/index.ts";
import type {
  Event,
  EventRsvpForm,
  EventRsvpPayload,
  LodgeData,
  Submitted,
} from "../../core/schemas/index.ts";
import { eventRsvpFromForm } from "../forms/form-requests.ts";
import { type ApiHandlers, apiRoute } from "../http/api-route.ts";
import { HttpError } from "../http/errors.ts";
import { idempotencyFor, idempotencyKeyOf, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import {
  checkMeals,
  checkOpen,
  clientFullError,
  eventRecord,
  findEvent,
  fullRsvpError,
  readEventRsvp,
} from "../rsvp/event-rsvp.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import { offersFor, untilFresh } from "../rsvp/waitlist.ts";
import { type EventRsvpOutcome, type EventRsvpSituation, seatsHeldBy } from "../store/store.ts";
import { answer, type RouteContext, sheetRowRoute, waitlistOf } from "./context.ts";
import { siteBase } from "./manage-rsvp.ts";

/** The situation of an address's first RSVP for an event, which is on no waiting list. */
const FIRST_RSVP: EventRsvpSituation = { current: undefined, waitlist: undefined };
const STALE = { kind: "stale" } as const;

/** An RSVP form as the RSVP and the waiting list's routes take it, at the server's moment. */
export interface EventRsvpRequest {
  now: Date;
  data: LodgeData;
  /** The event it names, taking RSVPs now. */
  event: Event;
  form: EventRsvpForm;
}

/**
 * The handlers of a route that takes the event RSVP form (an RSVP, or a place on the waiting
 * list): the same fields with or without a script, screened for unsafe text, its event found
 * and open to RSVPs, before `handle` answers it.
 */
export function eventRsvpHandlers<K extends "eventRsvp" | "joinWaitlist">(
  ctx: RouteContext,
  handle: (
    rsvp: EventRsvpRequest,
    request: FastifyRequest,
    reply: FastifyReply,
  ) => Promise<ApiResponse<K>>,
): ApiHandlers<K, void> {
  return {
    fromForm: (fields) => eventRsvpFromForm(ctx.data(), ctx.now(), fields),
    screen: (raw) => refuseUnsafeText(raw),
    handle: (payload, request, reply) => {
      const now = ctx.now();
      const data = ctx.data();
      const { event, form } = readEventRsvp(data, payload as EventRsvpPayload, (found) =>
        checkOpen(found, now, data.lodge.timeZone),
      );
      return handle({ now, data, event, form }, request, reply);
    },
  };
}

/** POST /mj/api/rsvp, POST /sheets/api/append-rsvp and GET /sheets/api/read (SPEC 7). */
export function eventRsvpRoutes(ctx: RouteContext): void {
  const { app } = ctx;
  const waitlist = waitlistOf(ctx);

  apiRoute(
    app,
    "eventRsvp",
    eventRsvpHandlers(ctx, async ({ now, data, event, form }, request, reply) => {
      const { guestLimit, seatsPerAddress, timeZone } = data.lodge;
      const hash = requestHash("rsvp", { eventId: event.id, form });
      const idempotency = idempotencyFor("rsvp", hash, idempotencyKeyOf(request), now);
      const clientKey = ctx.clientKey(request);
      // The visitor's personal link to change or cancel it, in the confirmation; the store keeps
      // only the token's hash.
      const manageToken = newRsvpToken(ctx.config.xsrfSecret, "manage", "event");
      const record = eventRecord(event, form);
      // Meals ordered after their deadline are checked against the RSVP they replace.
      const mealsLate = record.meals > 0 && !mealsOpen(event, now, timeZone);
      const attempt = async (
        { current, waitlist: waiting }: EventRsvpSituation,
        again: boolean,
      ): Promise<EventRsvpOutcome> => {
        // Seats an open offer holds for this address are its RSVP's.
        const held = seatsHeldBy(waiting);
        if (mealsLate) {
          const replaced = current && (await ctx.store.getEventRsvp(current.id));
          checkMeals(event, record, replaced?.record, now, timeZone);
        }
        const body: Submitted = current
          ? { message: RSVP_REPLACED_TEXT, replaced: true }
          : { message: ALERTS.rsvpSuccess.text };
        return ctx.store.addEventRsvp(
          {
            record,
            receivedAt: now,
            idempotency,
            clientKey,
            replaces: current?.id,
            replacedAttendees: current?.attendees,
            // The notice tells whether the party waited or held an offer: checked in the write.
            entry: waiting?.state ?? "none",
            manageTokenHash: rsvpTokenHash(manageToken),
            // Composed by the mail worker from the stored RSVP, after the answer; the seats its
            // address holds are counted in the write, and written into the orders there.
            mails: eventRsvpOrders(ctx.mail(), form.email, {
              replaces: current?.attendees,
              guestLimit,
              manageUrl: manageUrl(siteBase(data.lodge.siteUrl, request), manageToken),
              waitlist: waiting && { via: "form", offered: held > 0 ? held : undefined },
            }),
            response: { status: 200, body },
          },
          { guestLimit, seatsPerClient: seatsPerAddress },
          // Replacing a bigger RSVP, or a bigger offer to the same address, frees seats, which
          // go to the waiting list with it.
          current || held > 0
            ? await offersFor(
                waitlist,
                event,
                siteBase(data.lodge.siteUrl, request),
                now,
                (current?.attendees ?? 0) + held - form.numberOfAttendees,
                again,
                // The RSVP takes the place of the address's entry in the list, if it has one.
                { leaving: (entry) => entry.record.email === form.email },
              )
            : undefined,
        );
      };
      // The first try takes the situation nearly every RSVP is in, the address's first for the
      // event and not on its waiting list, without reading it: the write checks it under the
      // event's lock (answering stale otherwise), so the read would only tell it twice. Another
      // situation is read, and the RSVP written, in the event's lane, as a cancel's are.
      let outcome = mealsLate ? STALE : await attempt(FIRST_RSVP, false);
      if (outcome.kind === "stale") {
        outcome = await untilFresh(
          async (tried) =>
            attempt(await ctx.store.eventRsvpSituation(event.id, form.email, clientKey), tried > 0),
          { lanes: waitlist.lanes, eventId: event.id },
        );
      }
      switch (outcome.kind) {
        case "full":
          throw fullRsvpError(form.numberOfAttendees, outcome.taken, outcome.limit);
        case "client-full":
          throw clientFullError(outcome.taken, outcome.limit);
        default:
          return answer(reply, outcome, ctx.worker);
      }
    }),
  );

  // The site's spreadsheet write, sent after the RSVP succeeded: the row is the stored RSVP,
  // so this only notes that the write arrived. Sent twice, it notes it once.
  sheetRowRoute(ctx, "eventSheetRow", "event", undefined, (payload) => {
    const { event, form } = readEventRsvp(ctx.data(), payload);
    return requestHash("rsvp", { eventId: event.id, form });
  });

  apiRoute(app, "attendeeCounts", {
    invalid: () =>
      new HttpError(400, "Give one event id, e.g. ?event=2024-09-04-stated-meeting.", "event"),
    handle: async (query, _request, reply) => {
      const now = ctx.now();
      const data = ctx.data();
      const { timeZone, guestLimit } = data.lodge;
      const taken = await ctx.store.attendeeCounts();
      const open = upcomingEvents(
        data.events.filter((event) => event.rsvpOptions && !event.cancelled),
        now,
        timeZone,
      );
      const counts = Object.fromEntries(open.map((event) => [event.id, taken.get(event.id) ?? 0]));
      let count = 0;
      if (query.event !== undefined) {
        const event = findEvent(data, query.event);
        count = taken.get(event.id) ?? 0;
      } else if (open[0]) {
        count = counts[open[0].id] ?? 0;
      }
      reply.header("cache-control", "no-store");
      return { data: count, counts, guestLimit };
    },
  });
}
