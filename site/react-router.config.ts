import type { Config } from "@react-router/dev/config";
import { upcomingEvents } from "../core/rules/events.ts";
import { buildMoment } from "./app/lib/build-moment.ts";
import { prerenderPaths } from "./app/site-map.ts";
import { importGenerated } from "./generated-dir.ts";

const { lodge } = await importGenerated<typeof import("./generated/lodge.ts")>("lodge.ts");
const { albums } = await importGenerated<typeof import("./generated/albums.ts")>("albums.ts");
const { events } = await importGenerated<typeof import("./generated/events.ts")>("events.ts");
/** Calendar files for the events still to come when the site is built. */
const calendarEvents = upcomingEvents(events, buildMoment(), lodge.timeZone);

export default {
  appDirectory: "app",
  // Static files only: every route is rendered to HTML at build time and hydrated in the browser.
  ssr: false,
  buildDirectory: process.env.LODGE_SITE_BUILD_DIR ?? "build",
  prerender: { paths: prerenderPaths(lodge, albums, calendarEvents), concurrency: 4 },
} satisfies Config;
