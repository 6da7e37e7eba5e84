import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { importGenerated } from "../generated-dir.ts";
import { CALENDAR_FILE, PAGES, PAST_MASTERS_FILE, pastMastersRouteId } from "./site-map.ts";

const { lodge } = await importGenerated<typeof import("../generated/lodge.ts")>("lodge.ts");

export default [
  // The empty path and any unknown path go home (SPEC 2).
  index("routes/redirect-home.tsx"),
  ...Object.values(PAGES).map((page) => route(page.path, page.file)),
  ...lodge.pastMasters.map((list) =>
    route(list.route, PAST_MASTERS_FILE, { id: pastMastersRouteId(list.slug) }),
  ),
  route("calendar/:file", CALENDAR_FILE),
  route("*", "routes/redirect-home.tsx", { id: "unknown-path" }),
] satisfies RouteConfig;
