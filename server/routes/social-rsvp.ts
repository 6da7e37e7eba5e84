import { socialRsvpFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { placeSocialRsvp, socialRsvpHash } from "../use-cases/social-rsvp.ts";
import { callerOf, type RouteContext, send, sheetRowRoute } from "./context.ts";

/** The social RSVP's fields that end up in mail headers. */
const TEXT_FIELDS = ["firstName", "lastName", "email"];

/** POST /mj/api/social-rsvp and POST /sheets/api/append-social-rsvp (SPEC 7). */
export function socialRsvpRoutes(ctx: RouteContext): void {
  const { useCases } = ctx;
  apiRoute(ctx.app, "socialRsvp", {
    fromForm: (fields) => socialRsvpFromForm(useCases.data(), useCases.now(), fields),
    screen: (raw) => refuseUnsafeText(raw, TEXT_FIELDS),
    handle: async (payload, request, reply) =>
      send(reply, await placeSocialRsvp(useCases, payload, callerOf(ctx, request))),
  });

  sheetRowRoute(ctx, "socialSheetRow", "social", TEXT_FIELDS, (payload) =>
    socialRsvpHash(useCases, payload),
  );
}
