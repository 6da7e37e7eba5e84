import type { ApiResponse } from "../../core/api/routes.ts";
import { ALERTS } from "../../core/messages.ts";
import { confirmBy, instantOf, upcomingRsvpDeadline } from "../../core/rules/index.ts";
import type {
  Event,
  EventRsvpForm,
  EventRsvpPayload,
  LodgeData,
} from "../../core/schemas/index.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import { rsvpLinkOrder } from "../mail/rsvp-links.ts";
import { offerExpiresText } from "../mail/waitlist.ts";
import {
  checkMeals,
  checkOpen,
  eventRecord,
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
import { type Answer, answered, type Caller, siteBaseOf, type UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/** The situation of an address that is on no waiting list of the event, as most are. */
const NOT_WAITING: EventRsvpSituation = { waitlist: undefined };

/**
 * How often the holder of an RSVP is mailed its link again when the form is sent with their
 * address once more: anyone may type anyone's address, and the lodge must not pester them.
 */
export const LINK_AGAIN_WITHIN_MS = 60 * 60 * 1000;

/** An RSVP form as placing an RSVP and joining the waiting list take it, at one moment. */
export interface EventRsvpRequest {
  now: Date;
  data: LodgeData;
  /** The event it names, taking RSVPs now. */
  event: Event;
  form: EventRsvpForm;
}

/**
 * Reads an RSVP form (an RSVP, or a place on the waiting list): its event found and open to
 * RSVPs (the news a person needs first: no correction of a field would help), then its fields.
 */
export function readRsvpRequest(ctx: UseCaseContext, payload: EventRsvpPayload): EventRsvpRequest {
  const now = ctx.now();
  const data = ctx.data();
  const { event, form } = readEventRsvp(data, payload, (found) =>
    checkOpen(found, now, data.lodge.timeZone),
  );
  return { now, data, event, form };
}

/** The answer to an RSVP past the seats its network address may hold: held, and by when. */
function unconfirmedAnswer(ctx: UseCaseContext, email: string, until: Date) {
  return {
    message: `One more step: confirm your seats by ${offerExpiresText(ctx.mail(), until)}. So many seats of this event have been reserved from your network address (a lodge room's Wi-Fi, for one) that we ask for each further reservation to be confirmed by mail. Open the mail we have just sent to ${email} and press "Confirm my seats": your seats are held for you until then.`,
    confirm: true,
  };
}

/** What an RSVP brings to the store beyond itself, when the store needs it (see below). */
type RsvpExtras = Pick<EventRsvpSubmission, "unconfirmed" | "linkAgain">;

/** The visitor's personal link to change or cancel the RSVP: its token and its address. */
interface ManageLink {
  token: string;
  url: string;
}

/**
 * What an RSVP needs when it passes the seats of its network address (its hold for a
 * confirmation, and the mail that asks for it) or its address has one for the event (the link to
 * that one, mailed again): the same manage link serves either.
 */
function rsvpExtras(ctx: UseCaseContext, rsvp: EventRsvpRequest, link: ManageLink) {
  const { event, form, now } = rsvp;
  const { seatsPerAddress, timeZone } = rsvp.data.lodge;
  const until = confirmBy(now, instantOf(upcomingRsvpDeadline(event), timeZone));
  const unconfirmed = rsvpLinkOrder(ctx.mail(), "rsvp-confirm-seats", form.email, {
    manageUrl: link.url,
    confirmBy: until.toISOString(),
    perAddress: seatsPerAddress,
  });
  const again = rsvpLinkOrder(ctx.mail(), "rsvp-link", form.email, {
    manageUrl: link.url,
    sentAt: now.toISOString(),
  });
  return {
    unconfirmed: {
      until,
      mails: [unconfirmed],
      response: { status: 200, body: unconfirmedAnswer(ctx, form.email, until) },
    },
    linkAgain: {
      tokenHash: rsvpTokenHash(link.token),
      mails: [again],
      withinMs: LINK_AGAIN_WITHIN_MS,
    },
  } satisfies Required<RsvpExtras>;
}

/**
 * The refusal of an RSVP for an address that has one for the event: nobody replaces another's
 * reservation with the form; its holder has the link (mailed again at most once an hour).
 */
function rsvpExistsRefusal(
  ctx: UseCaseContext,
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

/**
 * Places an RSVP for an event (SPEC 7's POST /mj/api/rsvp): stored with its mails in one write,
 * the seats counted there; an offer its address holds becomes its seats, and what the offer held
 * beyond them goes to the waiting list. Answers what the store keeps for a replay.
 */
export async function placeEventRsvp(
  ctx: UseCaseContext,
  payload: EventRsvpPayload,
  caller: Caller,
): Promise<Answer<ApiResponse<"eventRsvp">>> {
  const rsvp = readRsvpRequest(ctx, payload);
  const { now, data, event, form } = rsvp;
  const { guestLimit, seatsPerAddress, timeZone } = data.lodge;
  const hash = requestHash("rsvp", { eventId: event.id, form });
  const idempotency = idempotencyFor("rsvp", hash, caller.idempotencyKey, now);
  const record = eventRecord(event, form);
  // After the meal deadline, seats but no dinners (an RSVP replaces none to keep them from).
  if (record.meals > 0) checkMeals(event, record, undefined, now, timeZone);
  const base = siteBaseOf(ctx, caller.origin);
  // The visitor's personal link to change or cancel it, in the confirmation; the store keeps
  // only the token's hash. When the address has an RSVP already, the same link, mailed again,
  // becomes that one's.
  const token = newRsvpToken(ctx.secret, "manage", "event");
  const link = { token, url: manageUrl(base, token) };
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
        clientKey: caller.clientKey,
        // The notice tells whether the party waited or held an offer: checked in the write.
        entry: waiting?.state ?? "none",
        manageTokenHash: rsvpTokenHash(token),
        // Composed by the mail worker from the stored RSVP, after the answer; the seats its
        // address holds are counted in the write, and written into the orders there.
        mails: eventRsvpOrders(ctx.mail(), form.email, {
          guestLimit,
          manageUrl: link.url,
          waitlist: waiting && { via: "form", offered: held > 0 ? held : undefined },
        }),
        response: { status: 200, body: { message: ALERTS.rsvpSuccess.text } },
        ...extras,
      },
      { guestLimit, seatsPerClient: seatsPerAddress },
      // An offer to the same address bigger than the RSVP frees seats, which go to the
      // waiting list with it.
      held > 0
        ? await offersFor(ctx, event, base, now, held - form.numberOfAttendees, again, {
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
      { lanes: ctx.lanes, eventId: event.id },
    );
  };
  // Nearly every RSVP fits its address's seats and is its address's first: only one that
  // does not is sent again with what it needs (its hold, or its holder's link mailed again).
  let outcome = await write({});
  if (outcome.kind === "confirm" || (outcome.kind === "exists" && outcome.mailed === undefined)) {
    outcome = await write(rsvpExtras(ctx, rsvp, link));
  }
  switch (outcome.kind) {
    case "full":
      throw fullRsvpError(form.numberOfAttendees, outcome.taken, outcome.limit);
    case "confirm":
      // Only without a hold to give, which the second write brings.
      throw new Error("an RSVP past its address's seats was not held for a confirmation");
    case "exists":
      if (outcome.mailed) ctx.queued();
      throw rsvpExistsRefusal(ctx, event, outcome);
    default:
      return answered(ctx, outcome);
  }
}
