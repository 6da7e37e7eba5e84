import { lodge } from "../../generated/lodge.ts";
import { PageHeading } from "../components/PageHeading.tsx";
import { pageMeta } from "../lib/meta.ts";

export const meta = () =>
  pageMeta(
    "Contact Us",
    `Write to the brethren of ${lodge.name}, or visit us in ${lodge.address.city}.`,
  );

/** Contact us (SPEC 2): where the lodge meets. */
export default function ContactUs() {
  const { address } = lodge;
  return (
    <>
      <PageHeading title={`Contact the Brethren of ${lodge.name}`} />
      <div className="narrow section">
        <h2>Where we meet</h2>
        <address>
          {address.venue}
          <br />
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip}
        </address>
        <p>
          <a href={address.mapLink} target="_blank" rel="noopener noreferrer">
            Map and directions
          </a>
        </p>
      </div>
    </>
  );
}
