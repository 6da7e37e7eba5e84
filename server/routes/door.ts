import { apiRoute } from "../http/api-route.ts";
import { doorRegister, findVisitors, keepDoorChanges, openDoor } from "../use-cases/door.ts";
import type { RouteContext } from "./context.ts";

/**
 * POST /mj/api/door/view, /marks and /visitors: the Tyler's register of a meeting, by the door
 * link's token (in the body, never in an address): read it, send the marks made (each once, by
 * its id), find a visitor who came before. The use cases are server/use-cases/door.ts.
 */
export function doorRoutes(ctx: RouteContext): void {
  const { app, useCases } = ctx;
  apiRoute(app, "doorRegister", {
    handle: async ({ token }) => doorRegister(useCases, openDoor(useCases, token)),
  });
  apiRoute(app, "doorChanges", {
    handle: async ({ token, changes }) =>
      keepDoorChanges(useCases, openDoor(useCases, token), changes),
  });
  apiRoute(app, "doorVisitors", {
    handle: async ({ token, name }) => {
      openDoor(useCases, token);
      return findVisitors(useCases, name);
    },
  });
}
