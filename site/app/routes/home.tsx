import { useMemo } from "react";
import { preload } from "react-dom";
import { Link, useLoaderData } from "react-router";
import { UPCOMING_EVENTS_PAGE } from "../../../core/api/page-paths.ts";
import { spotlightEvents, upcomingEvents } from "../../../core/rules/events.ts";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { SITE_IMAGES } from "../../../core/rules/media.ts";
import { events } from "../../generated/events.ts";
import { lodge } from "../../generated/lodge.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { useEventRsvp } from "../components/EventRsvp.tsx";
import { Html } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { Spotlight } from "../components/Spotlight.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { hydrates } from "../lib/hydration.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { contentPage } from "../lib/pages.ts";
import { picture } from "../lib/pictures.server.ts";
import { heroSizes, spotlightSizes } from "../lib/pictures.ts";

/**
 * Runs at build time: the spotlight events not yet started (past ones never come back), and the
 * pictures of the page with their `sizes` (worked out here, so the page's script carries none of
 * the layout's arithmetic).
 */
export function loader() {
  const spotlight = upcomingEvents(
    events.filter((event) => event.spotlight),
    buildMoment(),
    lodge.timeZone,
  );
  const hero = picture("site", SITE_IMAGES.hero, { width: 1920, height: 800 });
  return {
    page: contentPage("home"),
    hero,
    heroSizes: hero ? heroSizes(hero) : "",
    spotlight,
    pictures: Object.fromEntries(
      spotlight.flatMap((event) => {
        const found = picture("eventImages", event.spotlightImage, { width: 1200, height: 800 });
        return found ? [[event.id, { picture: found, sizes: spotlightSizes() }]] : [];
      }),
    ),
  };
}

/** React in the browser: the carousel and the RSVP modal. */
export const handle = hydrates;

export const meta = ({ data }: { data: ReturnType<typeof loader> | undefined }) =>
  pageMeta(lodge.name, data?.page.description ?? "");

/**
 * The home page (SPEC 2): the lodge-age banner over the hero picture, 'What is Freemasonry?',
 * the spotlight events' carousel and the RSVP modal.
 */
export default function Home() {
  const { page, hero, heroSizes: sizes, spotlight, pictures } = useLoaderData<typeof loader>();
  const now = useNow();
  const age = lodgeAge(lodge.charterDate, now, lodge.timeZone);
  const featured = useMemo(() => spotlightEvents(spotlight, now, lodge.timeZone), [spotlight, now]);
  const rsvp = useEventRsvp();
  // The hero is the largest thing on the page: its size for this screen is fetched first, before
  // the stylesheet and the scripts (a <picture> is not preloaded by React on its own).
  if (hero) {
    preload(hero.src, {
      as: "image",
      fetchPriority: "high",
      ...(hero.webp && { imageSrcSet: hero.webp, imageSizes: sizes, type: "image/webp" }),
    });
  }
  return (
    <>
      <div className="hero">
        {hero && (
          <Picture picture={hero} alt="" sizes={sizes} loading="eager" fetchPriority="high" />
        )}
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
            pictures={pictures}
            now={now}
            onRsvp={rsvp.openFor}
            onPreload={() => void rsvp.preload()}
          />
          <p className="featured-more">
            <Link to={`/${UPCOMING_EVENTS_PAGE}`}>See all upcoming events</Link>
          </p>
        </section>
      )}
      {featured.length === 0 && (
        <div className="narrow">
          <EmptyState>
            No events are featured right now. See{" "}
            <Link to={`/${UPCOMING_EVENTS_PAGE}`}>Upcoming Events</Link> for our meetings and
            dinners.
          </EmptyState>
        </div>
      )}
      {rsvp.modal}
    </>
  );
}
