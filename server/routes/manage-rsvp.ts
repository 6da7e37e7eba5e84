import { apiRoute } from "../http/api-route.ts";
import {
  cancelManagedRsvp,
  changeManagedRsvp,
  confirmManagedRsvp,
  viewManagedRsvp,
} from "../use-cases/manage-rsvp.ts";
import { originOf, type RouteContext } from "./context.ts";

/**
 * POST /mj/api/rsvp/manage, /change, /confirm and /cancel: a visitor's own RSVP, by the token of
 * the personal link in its confirmation mail. The token comes in the body, never in an address.
 */
export function manageRsvpRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;
  apiRoute(app, "manageRsvp", {
    handle: async ({ token }) => viewManagedRsvp(useCases, token),
  });
  apiRoute(app, "changeRsvp", {
    handle: async (body, request) =>
      changeManagedRsvp(useCases, { ...body, token: String(body.token) }, originOf(request)),
  });
  apiRoute(app, "confirmRsvp", {
    handle: async ({ token }, request) =>
      confirmManagedRsvp(useCases, { token, origin: originOf(request) }),
  });
  apiRoute(app, "cancelRsvp", {
    handle: async ({ token }, request) =>
      cancelManagedRsvp(useCases, { token, origin: originOf(request) }),
  });
}
