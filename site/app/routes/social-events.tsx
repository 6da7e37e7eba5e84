import { lazy, Suspense, useMemo } from "react";
import { useLoaderData } from "react-router";
import { upcomingOutings } from "../../../core/rules/events.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import { socialRsvpOpen } from "../../../core/rules/rsvp-window.ts";
import { eventStart, formatOutingTime } from "../../../core/rules/time.ts";
import type { SocialEvent } from "../../../core/schemas/social-event.ts";
import { lodge } from "../../generated/lodge.ts";
import { socialEvents } from "../../generated/social-events.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { Picture } from "../components/Picture.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";
import { useModalFor } from "../lib/use-modal-for.ts";

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

/** Half the container beside the text from 1024px (SPEC 2), the container's width below. */
const OUTING_SIZES = "(min-width: 1024px) 600px, calc(100vw - 2rem)";

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

const SocialRsvpModal = lazy(() => import("../components/SocialRsvpModal.tsx"));

function OutingCard({
  outing,
  picture,
  rsvpOpen,
  onRsvp,
}: {
  outing: SocialEvent;
  picture: PictureData | undefined;
  rsvpOpen: boolean;
  onRsvp(): void;
}) {
  const headingId = `outing-${outing.id}`;
  return (
    <li className={`outing${picture ? " has-image" : ""}`}>
      <article aria-labelledby={headingId}>
        {picture ? (
          <Picture className="outing-image" picture={picture} alt="" sizes={OUTING_SIZES} />
        ) : null}
        <div className="outing-body">
          <h3 id={headingId}>{outing.name}</h3>
          <p className="outing-when">{formatOutingTime(eventStart(outing.date))}</p>
          {outing.description ? <p>{outing.description}</p> : null}
          {outing.location || outing.locationAddress ? (
            <p className="outing-place">
              {outing.locationUrl ? (
                <a href={outing.locationUrl} target="_blank" rel="noopener noreferrer">
                  {[outing.location, outing.locationAddress].filter(Boolean).join(", ")}
                  <span className="visually-hidden"> (map, opens in a new window)</span>
                </a>
              ) : (
                [outing.location, outing.locationAddress].filter(Boolean).join(", ")
              )}
            </p>
          ) : null}
          {rsvpOpen ? (
            <>
              {outing.rsvpDesc ? <p className="rsvp-note">{outing.rsvpDesc}</p> : null}
              <button
                type="button"
                className="button"
                onClick={onRsvp}
                onPointerEnter={() => void import("../components/SocialRsvpModal.tsx")}
              >
                RSVP<span className="visually-hidden"> for {outing.name}</span>
              </button>
            </>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** Social events (SPEC 2): the series, three info cards, and the upcoming outings with RSVP. */
export default function SocialEvents() {
  const { outings, pictures } = useLoaderData<typeof loader>();
  const now = useNow();
  const shown = useMemo(() => upcomingOutings(outings, now, lodge.timeZone), [outings, now]);
  const modal = useModalFor<SocialEvent>();
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
              <OutingCard
                key={outing.id}
                outing={outing}
                picture={pictures[outing.id]}
                rsvpOpen={socialRsvpOpen(outing, now, lodge.timeZone)}
                onRsvp={() => modal.openFor(outing)}
              />
            ))}
          </ul>
        )}
      </section>
      {modal.target ? (
        <Suspense fallback={null}>
          <SocialRsvpModal
            key={modal.target.id}
            outing={modal.target}
            open={modal.open}
            onClose={modal.close}
          />
        </Suspense>
      ) : null}
    </>
  );
}
