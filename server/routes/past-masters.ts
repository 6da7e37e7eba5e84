import { apiRoute } from "../http/api-route.ts";
import type { RouteContext } from "./context.ts";

/**
 * GET /assets/data/past-master-list.json (SPEC 7): the main lodge's past masters as the site
 * this product replaces loaded them, number, name, term and imgUrl: the lodge's own list ('main',
 * else the first in lodge.yaml). imgUrl is the portrait's file name as the list keeps it, or the
 * lodge's placeholder portrait for a master without one (SPEC 3). Built from the lodge's data, so
 * it never disagrees with the pages.
 */
export function pastMasterListRoute(ctx: RouteContext): void {
  apiRoute(ctx.app, "pastMasterList", {
    handle: async (_query, _request, reply) => {
      const { lodge, pastMasters } = ctx.data();
      const slug =
        lodge.pastMasters.find((list) => list.slug === "main")?.slug ?? lodge.pastMasters[0]?.slug;
      // The data changes with a new build; an hour is fresh enough.
      reply.header("cache-control", "public, max-age=3600");
      return (slug === undefined ? [] : (pastMasters[slug] ?? [])).map((master) => ({
        number: master.number,
        name: master.name,
        term: master.term,
        imgUrl: master.imgUrl || lodge.defaultPortrait,
      }));
    },
  });
}
