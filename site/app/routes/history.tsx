import { useLoaderData } from "react-router";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { formatMediumDate, parseDay } from "../../../core/rules/time.ts";
import { history } from "../../generated/history.ts";
import { lodge } from "../../generated/lodge.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { Picture } from "../components/Picture.tsx";
import { TopButton } from "../components/TopButton.tsx";
import { buildMoment } from "../lib/build-moment.ts";
import { textChanges } from "../lib/by-time.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";
import { picture } from "../lib/pictures.server.ts";

/** Half the container beside the text; the container's width below 800px. */
const FIGURE_SIZES = "(max-width: 800px) calc(100vw - 2rem), 580px";

/** Runs at build time: the entries with their pictures, and when the lodge's age moves on. */
export function loader() {
  const ageOn = (at: Date) => String(lodgeAge(lodge.charterDate, at, lodge.timeZone));
  return {
    ageChanges: textChanges(ageOn, buildMoment(), 10),
    history: history.map((entry) => ({
      entry,
      picture: picture("history", entry.imageSrc, { width: 600, height: 400 }),
    })),
  };
}

export const meta = () =>
  pageMeta(
    "History",
    `The history of ${lodge.name} since its charter in ${lodge.charterDate.slice(0, 4)}, year by year.`,
  );

const charter = parseDay(lodge.charterDate);

/** The lodge's age, moved on by React or, on this page without it, by the site script. */
function Age({ changes }: { changes: [number, string][] }) {
  const age = lodgeAge(lodge.charterDate, useNow(), lodge.timeZone);
  return (
    <p className="lodge-age">
      <strong>
        <span data-by-time={JSON.stringify(changes)}>{age}</span> years
      </strong>{" "}
      since our charter
      {charter ? `, ${formatMediumDate(charter)}` : ""}.
    </p>
  );
}

/** The history timeline (SPEC 2): dated entries in rows of alternating colours, then 'Today'. */
export default function History() {
  const { history, ageChanges } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-heading">
        <h1>Our History</h1>
        <p className="subheading">{lodge.name}</p>
      </div>
      {history.length === 0 ? (
        <div className="narrow section">
          <EmptyState>
            The history of {lodge.name} will be told here soon. The lodge was chartered
            {charter ? ` on ${formatMediumDate(charter)}` : ""}.
          </EmptyState>
        </div>
      ) : null}
      <ol className="timeline">
        {history.map(({ entry, picture }, index) => (
          <li key={`${entry.year} ${entry.content}`} className="timeline-row">
            <div className="container timeline-entry">
              <div className="timeline-text">
                <h2 className="timeline-year">{entry.year}</h2>
                <p>{entry.content}</p>
                {entry.year === "Today" && <Age changes={ageChanges} />}
              </div>
              {picture && (
                <figure className="timeline-figure">
                  <Picture
                    picture={picture}
                    alt={entry.altText}
                    sizes={FIGURE_SIZES}
                    loading={index < 1 ? "eager" : "lazy"}
                  />
                  {entry.imageCaption && <figcaption>{entry.imageCaption}</figcaption>}
                </figure>
              )}
            </div>
          </li>
        ))}
      </ol>
      <TopButton />
    </>
  );
}
