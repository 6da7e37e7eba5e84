import { useMemo } from "react";
import { Link, useLoaderData } from "react-router";
import { spotlightEvents, upcomingEvents } from "../../../core/rules/events.ts";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { useEventRsvp } from "../components/EventRsvp.tsx";
import { Html } from "../components/PageHeading.tsx";
import { Spotlight } from "../components/Spotlight.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { HERO_URL } from "../lib/media.ts";
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

/** The hero picture is the largest thing on the page: fetch it before the page's scripts. */
export const links = () => [{ rel: "preload", as: "image", href: HERO_URL, fetchPriority: "high" }];

/**
 * The home page (SPEC 2): the lodge-age banner over the hero picture, 'What is Freemasonry?',
 * the spotlight events' carousel and the RSVP modal.
 */
export default function Home() {
  const { page, spotlight } = useLoaderData<typeof loader>();
  const now = useNow();
  const age = lodgeAge(lodge.charterDate, now, lodge.timeZone);
  const featured = useMemo(() => spotlightEvents(spotlight, now, lodge.timeZone), [spotlight, now]);
  const rsvp = useEventRsvp();
  return (
    <>
      <div className="hero">
        <img
          src={HERO_URL}
          alt=""
          width={1920}
          height={800}
          sizes="100vw"
          fetchPriority="high"
          decoding="async"
        />
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
        <section className="container section featured" aria-labelledby="featured-events">
          <h2 id="featured-events">Featured Events</h2>
          <Spotlight
            events={featured}
            now={now}
            onRsvp={rsvp.openFor}
            onPreload={() => void rsvp.preload()}
          />
          <p className="featured-more">
            <Link to="/upcoming-events">See all upcoming events</Link>
          </p>
        </section>
      )}
      {rsvp.modal}
    </>
  );
}
