import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { PORTRAIT_HEIGHT_PX } from "../../../core/constants.ts";
import { latestInstallation } from "../../../core/rules/events.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { pastMasters } from "../../generated/past-masters.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { PastMasters } from "../components/PastMasters.tsx";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";

/** Portraits keep the 4:5 shape of the photos at the height SPEC 9 gives. */
const PORTRAIT = { width: Math.round((PORTRAIT_HEIGHT_PX * 4) / 5), height: PORTRAIT_HEIGHT_PX };

/**
 * Runs at build time: picks this page's list (the route names it in lodge.yaml), its portraits
 * (each file once; the lodge's placeholder for '') and the date of the latest installation, so
 * the browser gets neither the other lists nor the events.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const route = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const config = lodge.pastMasters.find((list) => list.route === route);
  if (!config) throw new Response("Not found", { status: 404 });
  const installed = latestInstallation(events);
  const masters = pastMasters[config.slug] ?? [];
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
    installation: installed && { month: installed.month, day: installed.day },
  };
}

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
