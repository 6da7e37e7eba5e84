import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { outingPath } from "../../../core/api/page-paths.ts";
import { hasStarted } from "../../../core/rules/events.ts";
import { socialRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { eventStart, formatOutingTime } from "../../../core/rules/time.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { EventPage, eventPageDescription } from "../components/EventPage.tsx";
import { OutingCard, useOutingRsvp } from "../components/OutingCard.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { eventPageData } from "../lib/event-page.server.ts";
import { hydratesWhen } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";
import { PAGES } from "../site-map.ts";

/** Runs at build time, for every outing of the data (past ones too: shared links stay alive). */
export function loader({ params }: LoaderFunctionArgs) {
  const outing = socialEvents.find((o) => o.id === params.id);
  if (!outing) throw new Response("No such outing", { status: 404 });
  return {
    outing,
    picture: picture("socialEvents", outing.eventImageUrl, { width: 1200, height: 800 }),
    /** Taken place when built: nothing on its page changes or opens any more. */
    past: hasStarted(outing.date, buildMoment(), lodge.timeZone),
    ...eventPageData(outing.date, outing.locationAddress),
  };
}

/** React in the browser while the outing is to come: its RSVP, and the page saying when it has passed. */
export const handle = hydratesWhen((data: ReturnType<typeof loader>) => !data.past);

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  data
    ? pageMeta(
        data.outing.name,
        eventPageDescription(
          formatOutingTime(eventStart(data.outing.date)),
          data.outing.location,
          data.outing.description || lodge.socialSeries.title,
        ),
      )
    : [];

/** A social outing's own page: its card with the RSVP of the Social Events page, and the map. */
export default function OutingRoute() {
  const { outing, picture, album, map } = useLoaderData<typeof loader>();
  const now = useNow();
  const modal = useOutingRsvp();
  const past = hasStarted(outing.date, now, lodge.timeZone);
  return (
    <EventPage
      item={outing}
      path={outingPath(outing.id)}
      subheading={lodge.socialSeries.title}
      past={past}
      when={formatOutingTime(eventStart(outing.date))}
      more={{
        href: `/${PAGES.socialEvents.path}`,
        all: "All social outings",
        upcoming: "See the outings to come",
      }}
      album={album}
      place={{
        venue: outing.location,
        address: outing.locationAddress,
        embed: map,
        link: outing.locationUrl,
      }}
    >
      <OutingCard
        outing={outing}
        picture={picture}
        rsvpOpen={!past && socialRsvpOpen(outing, now, lodge.timeZone)}
        onRsvp={() => modal.openFor(outing)}
      />
      {modal.modal}
    </EventPage>
  );
}
