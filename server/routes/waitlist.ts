import { apiRoute } from "../http/api-route.ts";
import {
  claimOffer,
  joinWaitlist,
  leaveWaitlist,
  viewWaitlistEntry,
} from "../use-cases/waitlist.ts";
import { originOf, type RouteContext } from "./context.ts";
import { eventRsvpFormRoute } from "./event-rsvp.ts";

/**
 * POST /mj/api/rsvp/waitlist (join), /waitlist/view, /waitlist/leave and /claim: a full event's
 * waiting list. Joining takes the RSVP form; the others the token of the entry's link (or of its
 * offer's), in the body, never in an address.
 */
export function waitlistRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;
  eventRsvpFormRoute(ctx, "joinWaitlist", joinWaitlist);
  apiRoute(app, "waitlistEntry", {
    handle: async ({ token }) => viewWaitlistEntry(useCases, token),
  });
  apiRoute(app, "leaveWaitlist", {
    handle: async ({ token }, request) =>
      leaveWaitlist(useCases, { token, origin: originOf(request) }),
  });
  apiRoute(app, "claimOffer", {
    handle: async ({ token }, request) =>
      claimOffer(useCases, { token, origin: originOf(request) }),
  });
}
