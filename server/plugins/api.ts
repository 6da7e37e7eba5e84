import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { isApiPath } from "../../core/api/addresses.ts";
import type { AppConfig } from "../config.ts";
import { contactRoutes } from "../routes/contact.ts";
import { doorRoutes } from "../routes/door.ts";
import { eventRsvpRoutes } from "../routes/event-rsvp.ts";
import { friendsRoutes } from "../routes/friends.ts";
import { manageRsvpRoutes } from "../routes/manage-rsvp.ts";
import { pastMasterListRoute } from "../routes/past-masters.ts";
import { socialRsvpRoutes } from "../routes/social-rsvp.ts";
import { summonsRoutes } from "../routes/summons.ts";
import { unsubscribeRoutes } from "../routes/unsubscribe.ts";
import { waitlistRoutes } from "../routes/waitlist.ts";
import type { UseCaseContext } from "../use-cases/context.ts";

export interface ApiOptions {
  config: AppConfig;
  useCases: UseCaseContext;
  clientKey: (request: FastifyRequest) => string;
}

/**
 * The API routes of SPEC 7, each a use case's: JSON only (fastify would otherwise hand plain
 * text to the routes as a string), and never kept by a cache unless the route says otherwise.
 */
export const api = fp<ApiOptions>(async (app, { config, useCases, clientKey }) => {
  app.removeContentTypeParser("text/plain");
  app.addHook("onSend", async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });
  const ctx = { app, config, useCases, clientKey };
  eventRsvpRoutes(ctx);
  socialRsvpRoutes(ctx);
  contactRoutes(ctx);
  pastMasterListRoute(ctx);
  manageRsvpRoutes(ctx);
  waitlistRoutes(ctx);
  summonsRoutes(ctx);
  doorRoutes(ctx);
  await app.register(unsubscribeRoutes, ctx);
  await app.register(friendsRoutes, ctx);
});
