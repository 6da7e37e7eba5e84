import type { FastifyReply, FastifyRequest } from "fastify";
import type { ApiResponse } from "../../core/api/routes.ts";
import { ALERTS } from "../../core/messages.ts";
import {
  confirmBy,
  instantOf,
  upcomingEvents,
  upcomingRsvpDeadline,
} from "../../core/rules/index.ts";
import type {
  Event,
  EventRsvpForm,
  EventRsvpPayload,
  LodgeData,
  Submitted,
} from "../../core/schemas/index.ts";
import { eventRsvpFromForm } from "../forms/form-requests.ts";
import { type ApiHandlers, apiRoute } from "../http/api-route.ts";
import { idempotencyFor, idempotencyKeyOf, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import { rsvpLinkOrder } from "../mail/rsvp-links.ts";
import { offerExpiresText } from "../mail/waitlist.ts";
import {
  checkMeals,
  checkOpen,
  eventRecord,
  findEvent,
  fullRsvpError,
  readEventRsvp,
} from "../rsvp/event-rsvp.ts";
import { manageUrl, newRsvpToken, rsvpTokenHash } from "../rsvp/manage-link.ts";
import { offersFor, untilFresh } from "../rsvp/waitlist.ts";
import {
  type EventRsvpOutcome,
  type EventRsvpSituation,
  type EventRsvpSubmission,
  seatsHeldBy,
} from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";
import { answer, type RouteContext, sheetRowRoute, waitlistOf } from "./context.ts";
import { siteBase } from "./manage-rsvp.ts";

/** The situation of an address that is on no waiting list of the event, as most are. */
const NOT_WAITING: EventRsvpSituation = { waitlist: undefined };

/**
 * How often the holder of an RSVP is mailed its link again when the form is sent with their
 * address once more: anyone may type anyone's address, and the lodge must not pester them.
 */
export const LINK_AGAIN_WITHIN_MS = 60 * 60 * 1000;

/**
 * The answer to an RSVP past the seats its network address may hold: held, not yet counted, and
 * what to do, by when.
 */
function unconfirmedAnswer(ctx: RouteContext, email: string, until: Date): Submitted {
  return {
    message: `One more step: confirm your seats by ${offerExpiresText(ctx.mail(), until)}. So many seats of this event have been reserved from your network address (a lodge room's Wi-Fi, for one) that we ask for each further reservation to be confirmed by mail. Open the mail we have just sent to ${email} and press "Confirm my seats": your seats are held for you until then.`,
    confirm: true,
  };
}

/** What an RSVP brings to the store beyond itself, when the store needs it (see below). */
type RsvpExtras = Pick<EventRsvpSubmission, "unconfirmed" | "linkAgain">;

/**
 * What an RSVP needs when it passes the seats of its network address (its hold for a
 * confirmation, and the mail that asks for it) or its address has one for the event (the link to
 * that one, mailed again): the same manage link serves either.
 */
function rsvpExtras(
  ctx: RouteContext,
  rsvp: { event: Event; form: EventRsvpForm; now: Date; manageToken: string; manage: string },
): Required<RsvpExtras> {
  const { event, form, now, manageToken, manage } = rsvp;
  const { seatsPerAddress, timeZone } = ctx.data().lodge;
  const until = confirmBy(now, instantOf(upcomingRsvpDeadline(event), timeZone));
  return {
    unconfirmed: {
      until,
      mails: [
        rsvpLinkOrder(ctx.mail(), "rsvp-confirm-seats", form.email, {
          manageUrl: manage,
          confirmBy: until.toISOString(),
          perAddress: seatsPerAddress,
        }),
      ],
      response: { status: 200, body: unconfirmedAnswer(ctx, form.email, until) },
    },
    linkAgain: {
      tokenHash: rsvpTokenHash(manageToken),
      mails: [
        rsvpLinkOrder(ctx.mail(), "rsvp-link", form.email, {
          manageUrl: manage,
          sentAt: now.toISOString(),
        }),
      ],
      withinMs: LINK_AGAIN_WITHIN_MS,
    },
  };
}

/**
 * The refusal of an RSVP for an address that has one for the event: nobody replaces another's
 * reservation with the form; its holder has the link (mailed again at most once an hour).
 */
function rsvpExistsError(
  ctx: RouteContext,
  event: Event,
  outcome: Extract<EventRsvpOutcome, { kind: "exists" }>,
): Refusal {
  const { confirmBy: until, mailed } = outcome;
  const which = until
    ? `, awaiting its confirmation until ${offerExpiresText(ctx.mail(), until)}`
    : "";
  const link = until ? "the link to confirm it" : "the link to change or cancel it";
  const sent = mailed
    ? `We have sent ${link} to that address.`
    : `We sent ${link} to that address less than an hour ago: please look for it there.`;
  return new Refusal(
    "conflict",
    `There is already a reservation for ${event.name} with this e-mail address${which}, and a second one does not replace it. ${sent}`,
    "email",
  );
}

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
      const record = eventRecord(event, form);
      // After the meal deadline, seats but no dinners (an RSVP replaces none to keep them from).
      if (record.meals > 0) checkMeals(event, record, undefined, now, timeZone);
      const base = siteBase(data.lodge.siteUrl, request);
      // The visitor's personal link to change or cancel it, in the confirmation; the store keeps
      // only the token's hash. When the address has an RSVP already, the same link, mailed again,
      // becomes that one's.
      const manageToken = newRsvpToken(ctx.config.xsrfSecret, "manage", "event");
      const manage = manageUrl(base, manageToken);
      const attempt = async (
        { waitlist: waiting }: EventRsvpSituation,
        again: boolean,
        extras: RsvpExtras,
      ): Promise<EventRsvpOutcome> => {
        // Seats an open offer holds for this address are its RSVP's.
        const held = seatsHeldBy(waiting);
        return ctx.store.addEventRsvp(
          {
            record,
            receivedAt: now,
            idempotency,
            clientKey,
            // The notice tells whether the party waited or held an offer: checked in the write.
            entry: waiting?.state ?? "none",
            manageTokenHash: rsvpTokenHash(manageToken),
            // Composed by the mail worker from the stored RSVP, after the answer; the seats its
            // address holds are counted in the write, and written into the orders there.
            mails: eventRsvpOrders(ctx.mail(), form.email, {
              guestLimit,
              manageUrl: manage,
              waitlist: waiting && { via: "form", offered: held > 0 ? held : undefined },
            }),
            response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
            ...extras,
          },
          { guestLimit, seatsPerClient: seatsPerAddress },
          // An offer to the same address bigger than the RSVP frees seats, which go to the
          // waiting list with it.
          held > 0
            ? await offersFor(waitlist, event, base, now, held - form.numberOfAttendees, again, {
                // The RSVP takes the place of the address's entry in the list.
                leaving: (entry) => entry.record.email === form.email,
              })
            : undefined,
        );
      };
      // The first try takes the situation nearly every RSVP is in, the address's first for the
      // event and not on its waiting list, without reading it: the write checks it under the
      // event's lock (answering stale otherwise), so the read would only tell it twice. Another
      // situation is read, and the RSVP written, in the event's lane, as a cancel's are.
      const write = async (extras: RsvpExtras) => {
        const outcome = await attempt(NOT_WAITING, false, extras);
        if (outcome.kind !== "stale") return outcome;
        return untilFresh(
          async (tried) =>
            attempt(
              await ctx.store.eventRsvpSituation({ eventId: event.id, email: form.email }),
              tried > 0,
              extras,
            ),
          { lanes: waitlist.lanes, eventId: event.id },
        );
      };
      // Nearly every RSVP fits its address's seats and is its address's first: only one that
      // does not is sent again with what it needs (its hold, or its holder's link mailed again).
      let outcome = await write({});
      if (
        outcome.kind === "confirm" ||
        (outcome.kind === "exists" && outcome.mailed === undefined)
      ) {
        outcome = await write(rsvpExtras(ctx, { event, form, now, manageToken, manage }));
      }
      switch (outcome.kind) {
        case "full":
          throw fullRsvpError(form.numberOfAttendees, outcome.taken, outcome.limit);
        case "confirm":
          // Only without a hold to give, which the second write brings.
          throw new Error("an RSVP past its address's seats was not held for a confirmation");
        case "exists":
          if (outcome.mailed) ctx.worker.kick();
          throw rsvpExistsError(ctx, event, outcome);
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
      new Refusal("invalid", "Give one event id, e.g. ?event=2024-09-04-stated-meeting.", "event"),
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
