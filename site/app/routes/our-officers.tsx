import { useLoaderData } from "react-router";
import { lodge } from "../../generated/lodge.ts";
import { officers } from "../../generated/officers.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { PORTRAIT_SIZES } from "../components/PastMasters.tsx";
import { Picture } from "../components/Picture.tsx";
import { pageMeta } from "../lib/meta.ts";
import { picture } from "../lib/pictures.server.ts";

const PORTRAIT = { width: 280, height: 350 };
const JEWEL = { width: 56, height: 56 };

/** Runs at build time: the officers, each with a portrait (the placeholder without one) and jewel. */
export function loader() {
  return {
    officers: officers.map((officer) => ({
      officer,
      portrait: officer.image
        ? picture("officers", officer.image, PORTRAIT)
        : picture("images", lodge.defaultPortrait, PORTRAIT),
      jewel: picture("jewels", officer.jewel, JEWEL),
    })),
  };
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
        {officers.length === 0 ? (
          <EmptyState>The officers of this Masonic year are not listed yet.</EmptyState>
        ) : null}
        <ul className="card-grid">
          {officers.map(({ officer, portrait, jewel }, index) => (
            <li key={`${officer.office} ${officer.name}`} className="card officer-card">
              {portrait && (
                <Picture
                  className="portrait"
                  picture={portrait}
                  alt={officer.image ? `Portrait of ${officer.name}` : ""}
                  sizes={PORTRAIT_SIZES}
                  loading={index < 4 ? "eager" : "lazy"}
                />
              )}
              <div className="card-body">
                <div className="card-head">
                  <div>
                    <h2>{officer.name}</h2>
                    <p className="office">{officer.office}</p>
                  </div>
                  {jewel && (
                    <Picture
                      className="jewel"
                      picture={jewel}
                      alt={`Jewel of the ${officer.office}`}
                      sizes="56px"
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
