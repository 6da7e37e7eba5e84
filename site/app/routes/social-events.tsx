import { useMemo } from "react";
import { useLoaderData } from "react-router";
import { upcomingOutings } from "../../../core/rules/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { eventWhen } from "../lib/dates.ts";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";

/** Runs at build time: outings not yet started. */
export function loader() {
  return { outings: upcomingOutings(socialEvents, buildMoment(), lodge.timeZone) };
}

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

/** Social events (SPEC 2): the series, three info cards, and the upcoming outings. */
export default function SocialEvents() {
  const { outings } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => upcomingOutings(outings, now, lodge.timeZone), [outings, now]);
  return (
    <>
      <PageHeading title={lodge.socialSeries.title} subheading={lodge.socialSeries.description} />
      <div className="container section">
        <ul className="card-grid">
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
      <section className="narrow section" aria-labelledby="upcoming-outings">
        <h2 id="upcoming-outings">Upcoming Social Outings</h2>
        {shown.length === 0 ? (
          <p>No outings are planned right now. Check back soon.</p>
        ) : (
          <ul className="event-list">
            {shown.map((outing) => (
              <li key={outing.id}>
                <h3>{outing.name}</h3>
                <p>{eventWhen(outing.date)}</p>
                <p>
                  <a href={outing.locationUrl} target="_blank" rel="noopener noreferrer">
                    {outing.location}
                  </a>
                  , {outing.locationAddress}
                </p>
                {outing.description && <p>{outing.description}</p>}
                {outing.eventImageUrl && (
                  <img
                    src={media("socialEvents", outing.eventImageUrl)}
                    alt=""
                    width={600}
                    height={400}
                    loading="lazy"
                  />
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
