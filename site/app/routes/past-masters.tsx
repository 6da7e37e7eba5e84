import { type LoaderFunctionArgs, useLoaderData } from "react-router";
import { latestInstallation } from "../../../core/rules/events.ts";
import type { PastMaster } from "../../../core/schemas/past-master.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { pastMasters } from "../../generated/past-masters.ts";
import { PastMasters } from "../components/PastMasters.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";

/**
 * Runs at build time: picks this page's list (the route names it in lodge.yaml) and the date of
 * the latest installation, so the browser gets neither the other lists nor the events.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const route = new URL(request.url).pathname.replace(/^\/+|\/+$/g, "");
  const config = lodge.pastMasters.find((list) => list.route === route);
  if (!config) throw new Response("Not found", { status: 404 });
  const installed = latestInstallation(events);
  return {
    config,
    masters: pastMasters[config.slug] ?? [],
    installation: installed && { month: installed.month, day: installed.day },
  };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(
    data?.config.heading ?? "Past Masters",
    `${data?.config.heading ?? "Past masters"}: every Worshipful Master of the lodge, newest first.`,
  );

function portrait(master: PastMaster): string {
  return media("pastMasters", master.imgUrl) || media("images", lodge.defaultPortrait);
}

export default function PastMastersPage() {
  const { config, masters, installation } = useLoaderData<typeof loader>();
  const now = useNow();
  return (
    <>
      <div className="page-heading">
        <h1>{config.heading}</h1>
      </div>
      <PastMasters
        config={config}
        masters={masters}
        installation={installation}
        now={now}
        timeZone={lodge.timeZone}
        portrait={portrait}
      />
    </>
  );
}
