import { useLoaderData } from "react-router";
import { lodgeAge } from "../../../core/rules/lodge-age.ts";
import { formatMediumDate, parseDay } from "../../../core/rules/time.ts";
import { history } from "../../generated/history.ts";
import { lodge } from "../../generated/lodge.ts";
import { TopButton } from "../components/TopButton.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";
import { useNow } from "../lib/now.tsx";

export function loader() {
  return { history };
}

export const meta = () =>
  pageMeta(
    "History",
    `The history of ${lodge.name} since its charter in ${lodge.charterDate.slice(0, 4)}, year by year.`,
  );

function Age() {
  const age = lodgeAge(lodge.charterDate, useNow(), lodge.timeZone);
  const charter = parseDay(lodge.charterDate);
  return (
    <p className="lodge-age">
      <strong>{age} years</strong> since our charter
      {charter ? `, ${formatMediumDate(charter)}` : ""}.
    </p>
  );
}

/** The history timeline (SPEC 2): dated entries in rows of alternating colours, then 'Today'. */
export default function History() {
  const { history } = useLoaderData<typeof loader>();
  return (
    <>
      <div className="page-heading">
        <h1>Our History</h1>
        <p className="subheading">{lodge.name}</p>
      </div>
      <ol className="timeline">
        {history.map((entry, index) => (
          <li key={`${entry.year} ${entry.content}`} className="timeline-row">
            <div className="container timeline-entry">
              <div className="timeline-text">
                <h2 className="timeline-year">{entry.year}</h2>
                <p>{entry.content}</p>
                {entry.year === "Today" && <Age />}
              </div>
              {entry.imageSrc && (
                <figure className="timeline-figure">
                  <img
                    src={media("history", entry.imageSrc)}
                    alt={entry.altText}
                    width={600}
                    height={400}
                    loading={index < 1 ? "eager" : "lazy"}
                    decoding="async"
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
