import { useLoaderData } from "react-router";
import { lodge } from "../../generated/lodge.ts";
import { officers } from "../../generated/officers.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";

export function loader() {
  return { officers };
}

export const meta = () =>
  pageMeta("Our Officers", `The officers of ${lodge.name} for the current Masonic year.`);

/** The officers (SPEC 2): a card each, with the jewel of the office (hidden on small screens). */
export default function OurOfficers() {
  const { officers } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHeading title="Our Officers" subheading={lodge.name} />
      <div className="container section">
        <ul className="card-grid">
          {officers.map((officer, index) => (
            <li key={`${officer.office} ${officer.name}`} className="card officer-card">
              {officer.image ? (
                <img
                  className="portrait"
                  src={media("officers", officer.image)}
                  alt={`Portrait of ${officer.name}`}
                  width={280}
                  height={350}
                  loading={index < 4 ? "eager" : "lazy"}
                  decoding="async"
                />
              ) : (
                <img
                  className="portrait"
                  src={media("images", lodge.defaultPortrait)}
                  alt=""
                  width={280}
                  height={350}
                  loading="lazy"
                />
              )}
              <div className="card-body">
                <div className="card-head">
                  <div>
                    <h2>{officer.name}</h2>
                    <p className="office">{officer.office}</p>
                  </div>
                  {officer.jewel && (
                    <img
                      className="jewel"
                      src={media("jewels", officer.jewel)}
                      alt={`Jewel of the ${officer.office}`}
                      width={56}
                      height={56}
                      loading="lazy"
                      decoding="async"
                    />
                  )}
                </div>
                {officer.bio && <p className="bio">{officer.bio}</p>}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
