import type { FastifyInstance } from "fastify";
import type { RouteContext } from "./context.ts";

/** The list of SPEC 7's static load: the lodge's own ('main', else the first in lodge.yaml). */
export const PAST_MASTER_LIST_PATH = "/assets/data/past-master-list.json";

/**
 * GET /assets/data/past-master-list.json (SPEC 7): the main lodge's past masters as the site
 * this product replaces loaded them, number, name, term and imgUrl. imgUrl is the portrait's file
 * name as the list keeps it, or the lodge's placeholder portrait for a master without one
 * (SPEC 3). Built from the lodge's data, so it never disagrees with the pages.
 */
export function pastMasterListRoute(app: FastifyInstance, ctx: RouteContext): void {
  const { lodge, pastMasters } = ctx.data;
  const slug =
    lodge.pastMasters.find((list) => list.slug === "main")?.slug ?? lodge.pastMasters[0]?.slug;
  const list = (slug === undefined ? [] : (pastMasters[slug] ?? [])).map((master) => ({
    number: master.number,
    name: master.name,
    term: master.term,
    imgUrl: master.imgUrl || lodge.defaultPortrait,
  }));
  const body = JSON.stringify(list);
  app.get(PAST_MASTER_LIST_PATH, async (_request, reply) =>
    reply
      .type("application/json; charset=utf-8")
      // The data changes only with a new start of the server; an hour is fresh enough.
      .header("cache-control", "public, max-age=3600")
      .send(body),
  );
}
