import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { sitePlan } from "../site-plan.ts";
import { PAGES, PAST_MASTERS_FILE, pastMastersRouteId, personalRoutes } from "./site-map.ts";

const plan = await sitePlan();

export default [
  // The empty path and any unknown path go home (SPEC 2).
  index("routes/redirect-home.tsx"),
  ...Object.values(PAGES).map((page) => route(page.path, page.file)),
  ...personalRoutes().map((page) => route(page.path, page.file)),
  ...plan.lodge.pastMasters.map((list) =>
    route(list.route, PAST_MASTERS_FILE, { id: pastMastersRouteId(list.slug) }),
  ),
  ...plan.dataRoutes.map((data) => route(data.path, data.file)),
  route("*", "routes/redirect-home.tsx", { id: "unknown-path" }),
] satisfies RouteConfig;
