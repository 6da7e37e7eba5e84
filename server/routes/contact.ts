import { contactFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { newFormToken } from "../security/tokens.ts";
import { screenMessage, sendContactMessage } from "../use-cases/contact.ts";
import { callerOf, type RouteContext, send } from "./context.ts";

/**
 * GET /mj/api/form-token and POST /mj/api/contact-us (SPEC 7). Our contact form fetches a signed
 * token when it opens and sends it back as `formToken`: a message sent sooner than the minimum
 * fill time after that is a robot's, and each token sends one message. A client that follows
 * SPEC 7 to the letter sends no token; its messages are accepted too, a few a day from one
 * address.
 */
export function contactRoutes(ctx: RouteContext): void {
  const { useCases, config } = ctx;
  const limits = {
    minFillSeconds: config.contactMinFillSeconds,
    noTokenPerDay: config.contactNoTokenPerDay,
  };

  apiRoute(ctx.app, "formToken", {
    handle: async (_query, _request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        token: newFormToken(useCases.secret, useCases.now()),
        minFillSeconds: config.contactMinFillSeconds,
      };
    },
  });

  apiRoute(ctx.app, "contact", {
    fromForm: contactFromForm,
    screen: (raw) => screenMessage(useCases, limits, raw),
    handle: async (payload, request, reply, screened) =>
      send(
        reply,
        await sendContactMessage(useCases, limits, payload, callerOf(ctx, request), screened),
      ),
  });
}
