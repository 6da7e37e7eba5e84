import { upcomingEvents } from "../core/rules/events.ts";
import { socialRsvpOpen, upcomingRsvpOpen } from "../core/rules/rsvp-window.ts";
import { buildMoment } from "./app/lib/build-moment.ts";
import { dataRoutes, prerenderPaths } from "./app/site-map.ts";
import { importGenerated } from "./generated-dir.ts";

/**
 * What a build writes, from the data modules: the routes the data makes pages of and every
 * address to prerender. The route config and the prerender list both read it, so a route never
 * lacks its pages; `lodge build` fixes the build moment (SOURCE_DATE_EPOCH) for both.
 */
export async function sitePlan() {
  const { lodge } = await importGenerated<typeof import("./generated/lodge.ts")>("lodge.ts");
  const { albums } = await importGenerated<typeof import("./generated/albums.ts")>("albums.ts");
  const { events } = await importGenerated<typeof import("./generated/events.ts")>("events.ts");
  const { socialEvents } =
    await importGenerated<typeof import("./generated/social-events.ts")>("social-events.ts");
  const data = {
    albums,
    events,
    outings: socialEvents,
    /** Calendar files for the events still to come when the site is built. */
    calendarEvents: upcomingEvents(events, buildMoment(), lodge.timeZone),
    rsvpEvents: events.filter((e) => upcomingRsvpOpen(e, buildMoment(), lodge.timeZone)),
    rsvpOutings: socialEvents.filter((o) => socialRsvpOpen(o, buildMoment(), lodge.timeZone)),
  };
  return { lodge, dataRoutes: dataRoutes(data), paths: prerenderPaths(lodge, data) };
}
