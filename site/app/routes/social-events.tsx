import { useMemo } from "react";
import { Link, useLoaderData } from "react-router";
import { outingPath } from "../../../core/api/page-paths.ts";
import { upcomingOutings } from "../../../core/rules/events.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { socialRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { OutingCard, useOutingRsvp } from "../components/OutingCard.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";

/** Runs at build time: outings not yet started, and their pictures by outing id. */
export function loader() {
  const outings = upcomingOutings(socialEvents, buildMoment(), lodge.timeZone);
  return {
    outings,
    pictures: Object.fromEntries(
      outings.flatMap((outing) => {
        const found = picture("socialEvents", outing.eventImageUrl, { width: 1200, height: 800 });
        return found ? [[outing.id, found]] : [];
      }),
    ) as Record<string, PictureData>,
  };
}

/** React in the browser: the RSVP modal. */
export const handle = hydrates;

export const meta = () =>
  pageMeta(lodge.socialSeries.title, lodge.socialSeries.description || lodge.socialSeries.title);

const INFO = [
  {
    title: "Building Brotherhood",
    text: "Time together outside the lodge room is where friendships grow.",
  },
  {
    title: "All Are Welcome",
    text: "Brethren, families and friends: everyone is invited, Mason or not.",
  },
  {
    title: "All Events Are Pay-your-own-way",
    text: "Outings are informal and not sponsored by the lodge; everyone pays their own way.",
  },
];

/** Social events (SPEC 2): the series, three info cards, and the upcoming outings with RSVP. */
export default function SocialEvents() {
  const { outings, pictures } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => upcomingOutings(outings, now, lodge.timeZone), [outings, now]);
  const modal = useOutingRsvp();
  return (
    <>
      <PageHeading title={lodge.socialSeries.title} subheading={lodge.socialSeries.description} />
      <div className="container section">
        <ul className="card-grid info-cards">
          {INFO.map((card) => (
            <li key={card.title} className="card">
              <div className="card-body">
                <h2>{card.title}</h2>
                <p>{card.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>
      <section className="container section" aria-labelledby="upcoming-outings">
        <h2 id="upcoming-outings" className="section-title">
          Upcoming Social Outings
        </h2>
        {shown.length === 0 ? (
          <EmptyState>No outings are planned right now. Check back soon.</EmptyState>
        ) : (
          <ul className="outing-list">
            {shown.map((outing) => (
              <li key={outing.id}>
                <OutingCard
                  outing={outing}
                  headingId={`outing-${outing.id}`}
                  heading={
                    <h3 id={`outing-${outing.id}`}>
                      <Link to={outingPath(outing.id)}>{outing.name}</Link>
                    </h3>
                  }
                  picture={pictures[outing.id]}
                  rsvpOpen={socialRsvpOpen(outing, now, lodge.timeZone)}
                  onRsvp={() => modal.openFor(outing)}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
      {modal.modal}
    </>
  );
}
