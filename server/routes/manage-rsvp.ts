import type { FastifyRequest } from "fastify";
import { apiRoute } from "../http/api-route.ts";
import { HttpError } from "../http/errors.ts";
import { visitorChangeMails } from "../mail/changes.ts";
import { eventRsvpOrders } from "../mail/orders.ts";
import { checkMeals, fullError } from "../rsvp/event-rsvp.ts";
import { manageUrl } from "../rsvp/manage-link.ts";
import {
  checkChangeable,
  checkConfirmable,
  managedView,
  type OpenedRsvp,
  openManagedRsvp,
  readChange,
} from "../rsvp/manage-rsvp.ts";
import { withOffers } from "../rsvp/waitlist.ts";
import type { ChangeOutcome, ComposedMail, EventRsvpChange } from "../store/store.ts";
import { type RouteContext, waitlistOf } from "./context.ts";

/**
 * The address mail links open: lodge.yaml's `siteUrl`, else the address this request came to
 * (a lodge without a public address is reached where its server is).
 */
export function siteBase(siteUrl: string, request: FastifyRequest): string {
  return siteUrl || `${request.protocol}://${request.host}`;
}

/** What a store's answer to a change means for the visitor. */
function changed(outcome: Exclude<ChangeOutcome, { kind: "stale" }>, attendees: number): void {
  if (outcome.kind === "full") throw fullError(attendees, outcome.taken, outcome.limit);
  if (outcome.kind === "not-found") {
    throw new HttpError(
      409,
      "This reservation was changed elsewhere a moment ago (cancelled, or replaced by a newer one). Reload the page to see it as it is now.",
    );
  }
  if (outcome.kind === "changed") {
    throw new HttpError(
      409,
      `This reservation was changed elsewhere a moment ago: it is for ${outcome.attendees} ${outcome.attendees === 1 ? "attendee" : "attendees"} now. Reload the page to see it as it is now.`,
    );
  }
}

/**
 * POST /mj/api/rsvp/manage, /change and /cancel: a visitor's own RSVP, by the token of the
 * personal link in its confirmation mail. The token comes in the body, never in an address.
 */
export function manageRsvpRoutes(ctx: RouteContext): void {
  const { app } = ctx;
  const open = (token: string) =>
    openManagedRsvp(ctx.store, ctx.data(), ctx.config.xsrfSecret, token, ctx.now());
  const mails = (
    opened: OpenedRsvp,
    request: FastifyRequest,
    token: string,
    after?: OpenedRsvp["record"],
  ) =>
    visitorChangeMails(
      ctx.mail(),
      opened.item,
      {
        before: opened.record,
        after,
        manageUrl: manageUrl(siteBase(ctx.data().lodge.siteUrl, request), token),
        offersDinner: opened.kind === "event" && opened.item.earlyBirdOptions.cost.kind !== "none",
        kind: opened.kind,
        receivedAt: opened.receivedAt,
      },
      ctx.now(),
    );
  /** Stores the change (attendees 0: the cancellation) of an RSVP of either kind. */
  const waitlist = waitlistOf(ctx);
  const store = async (
    opened: OpenedRsvp,
    change: EventRsvpChange | undefined,
    queued: ComposedMail[],
    base: string,
  ): Promise<Exclude<ChangeOutcome, { kind: "stale" }>> => {
    // The mails tell the RSVP as it was opened: one changed meanwhile answers `changed`.
    const told = opened.record.attendees;
    const now = ctx.now();
    const edit = { id: opened.id, now, mails: queued, told };
    if (opened.kind === "social") {
      return ctx.store.changeSocialRsvp({ ...edit, attendees: change?.attendees ?? 0 }) as Promise<
        Exclude<ChangeOutcome, { kind: "stale" }>
      >;
    }
    // Seats the change frees go to the event's waiting list in the same transaction.
    const freed = opened.record.attendees - (change?.attendees ?? 0);
    const guestLimit = ctx.data().lodge.guestLimit;
    return withOffers(waitlist, opened.item, base, now, freed, (offers) =>
      change
        ? ctx.store.changeEventRsvp({ ...edit, offers, change, guestLimit })
        : ctx.store.cancelEventRsvp({ ...edit, offers, by: "visitor" }),
    );
  };

  apiRoute(app, "manageRsvp", {
    handle: async ({ token }) => managedView(await open(token), ctx.mail()),
  });

  apiRoute(app, "changeRsvp", {
    handle: async (body, request) => {
      const token = String(body.token);
      const opened = await open(token);
      checkChangeable(opened, ctx.mail());
      const change = readChange(opened, body);
      const after = { ...opened.record, ...change };
      // After the meal deadline a change may move seats and keep its dinners, never add one.
      if (opened.kind === "event") {
        checkMeals(opened.item, after, opened.record, ctx.now(), ctx.data().lodge.timeZone);
      }
      const outcome = await store(
        opened,
        change,
        await mails(opened, request, token, after),
        siteBase(ctx.data().lodge.siteUrl, request),
      );
      changed(outcome, change.attendees);
      ctx.worker.kick();
      return {
        message: `Your reservation is changed. A confirmation is on its way to ${after.email}.`,
      };
    },
  });

  // An RSVP past the seats its network address may hold, confirmed from its mail: an RSVP like
  // any other from now, with the usual confirmation (the same link) and secretary's notice.
  apiRoute(app, "confirmRsvp", {
    handle: async ({ token }, request) => {
      const opened = await open(token);
      const { record } = opened;
      const confirmed = {
        message: `Your seats are confirmed: your reservation for ${opened.item.name} is for ${record.attendees} ${record.attendees === 1 ? "attendee" : "attendees"}. A confirmation with the link to change or cancel it is on its way to ${record.email}.`,
      };
      if (!checkConfirmable(opened, ctx.mail())) return confirmed;
      const { guestLimit, seatsPerAddress, siteUrl } = ctx.data().lodge;
      const outcome = await ctx.store.confirmEventRsvp({
        id: opened.id,
        now: ctx.now(),
        mails: eventRsvpOrders(ctx.mail(), record.email, {
          guestLimit,
          manageUrl: manageUrl(siteBase(siteUrl, request), token),
          confirmedPast: seatsPerAddress,
        }),
      });
      switch (outcome.kind) {
        case "confirmed":
          ctx.worker.kick();
          return confirmed;
        case "confirmed-before":
          return confirmed;
        case "lapsed":
        case "not-found":
          // Lapsed or cancelled a moment ago: the page says which, as it is now.
          checkConfirmable(await open(token), ctx.mail());
          return confirmed;
      }
    },
  });

  apiRoute(app, "cancelRsvp", {
    handle: async ({ token }, request) => {
      const opened = await open(token);
      checkChangeable(opened, ctx.mail(), "cancel");
      const outcome = await store(
        opened,
        undefined,
        await mails(opened, request, token),
        siteBase(ctx.data().lodge.siteUrl, request),
      );
      changed(outcome, 0);
      ctx.worker.kick();
      return {
        message: `Your reservation is cancelled and its seats are free for others. A confirmation is on its way to ${opened.record.email}.`,
      };
    },
  });
}
