import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { PORTRAIT_HEIGHT_PX } from "../../../core/constants.ts";
import { latestInstallation } from "../../../core/rules/events.ts";
import { orderPastMasters } from "../../../core/rules/past-masters.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { pastMasters } from "../../generated/past-masters.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { PastMasters } from "../components/PastMasters.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { hydratesWhen } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";

/** Portraits keep the 4:5 shape of the photos at the height SPEC 9 gives. */
const PORTRAIT = { width: Math.round((PORTRAIT_HEIGHT_PX * 4) / 5), height: PORTRAIT_HEIGHT_PX };

/**
 * Runs at build time: picks this page's list (the route names it in lodge.yaml), its portraits
 * (each file once; the lodge's placeholder for '') and the date of the latest installation, so
 * the browser gets neither the other lists nor the events. The page needs React for its cards
 * (toggle and pager), and for a master the list shows only from a later day on; a table whose
 * every master is shown already stays as the build wrote it.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const route = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const config = lodge.pastMasters.find((list) => list.route === route);
  if (!config) throw new Response("Not found", { status: 404 });
  const installed = latestInstallation(events);
  const installation = installed && { month: installed.month, day: installed.day };
  const masters = pastMasters[config.slug] ?? [];
  const shown = (at: Date) => orderPastMasters(masters, at, lodge.timeZone, installation).length;
  const files = config.views.includes("cards") ? new Set(masters.map((m) => m.imgUrl)) : [];
  return {
    config,
    masters,
    portraits: Object.fromEntries(
      [...files].map((file) => [
        file,
        picture("pastMasters", file, PORTRAIT) ??
          picture("images", lodge.defaultPortrait, PORTRAIT),
      ]),
    ),
    installation,
    hydrate: config.views.includes("cards") || shown(buildMoment()) < shown(new Date(8.64e15)),
  };
}

export const handle = hydratesWhen((data: ReturnType<typeof loader>) => data.hydrate);

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(
    data?.config.heading ?? "Past Masters",
    `${data?.config.heading ?? "Past masters"}: every Worshipful Master of the lodge, newest first.`,
  );

export default function PastMastersPage() {
  const { config, masters, portraits, installation } = useLoaderData<typeof loader>();
  const now = useNow();
  return (
    <>
      <div className="page-heading">
        <h1>{config.heading}</h1>
      </div>
      {masters.length === 0 ? (
        <div className="container section">
          <EmptyState>No past masters are listed yet.</EmptyState>
        </div>
      ) : (
        <PastMasters
          config={config}
          masters={masters}
          installation={installation}
          now={now}
          timeZone={lodge.timeZone}
          portrait={(master) => portraits[master.imgUrl]}
        />
      )}
    </>
  );
}
