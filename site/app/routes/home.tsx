import { useMemo } from "react";
import { useLoaderData } from "react-router";
import { spotlightEvents, upcomingEvents } from "../../../core/rules/events.ts";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { Html } from "../components/PageHeading.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { eventWhen } from "../lib/dates.ts";
import { HERO_URL, media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { contentPage } from "../lib/pages.ts";

/** Runs at build time: the spotlight events not yet started (past ones never come back). */
export function loader() {
  const spotlight = events.filter((event) => event.spotlight);
  return {
    page: contentPage("home"),
    spotlight: upcomingEvents(spotlight, buildMoment(), lodge.timeZone),
  };
}

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(lodge.name, data?.page.description ?? "");

/** The home page (SPEC 2): the lodge-age banner, 'What is Freemasonry?' and spotlight events. */
export default function Home() {
  const { page, spotlight } = useLoaderData<typeof loader>();
  const now = useNow();
  const age = lodgeAge(lodge.charterDate, now, lodge.timeZone);
  const featured = useMemo(() => spotlightEvents(spotlight, now, lodge.timeZone), [spotlight, now]);
  return (
    <>
      <div className="hero">
        <img src={HERO_URL} alt="" width={1920} height={800} fetchPriority="high" />
        <div className="hero-banner">
          <h1>{lodge.name}</h1>
          <p>Celebrating {age} years of Masonic Pride</p>
        </div>
      </div>
      <section className="narrow section" aria-labelledby="what-is-freemasonry">
        <h2 id="what-is-freemasonry">{page.heading}</h2>
        {page.subheading && <p className="subheading">{page.subheading}</p>}
        {page.blocks.map((block) => (
          <Html key={block.content} html={block.content} />
        ))}
      </section>
      {featured.length > 0 && (
        <section className="narrow section" aria-labelledby="featured-events">
          <h2 id="featured-events">Featured Events</h2>
          <ul className="event-list">
            {featured.map((event) => (
              <li key={event.id}>
                <h3>{event.name}</h3>
                <p>{eventWhen(event.date)}</p>
                {event.description && <p>{event.description}</p>}
                {event.spotlightImage && (
                  <img
                    src={media("eventImages", event.spotlightImage)}
                    alt={event.altText}
                    width={600}
                    height={400}
                    loading="lazy"
                    decoding="async"
                  />
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
