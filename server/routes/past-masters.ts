import { apiRoute } from "../http/api-route.ts";
import { pastMasterList } from "../use-cases/past-masters.ts";
import type { RouteContext } from "./context.ts";

/** GET /assets/data/past-master-list.json (SPEC 7): see pastMasterList. */
export function pastMasterListRoute(ctx: RouteContext): void {
  apiRoute(ctx.app, "pastMasterList", {
    handle: async (_query, _request, reply) => {
      // The data changes with a new build; an hour is fresh enough.
      reply.header("cache-control", "public, max-age=3600");
      return pastMasterList(ctx.useCases);
    },
  });
}
