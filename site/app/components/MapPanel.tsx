import type { ReactNode } from "react";

/**
 * Where something happens, as a side panel: its heading, the address, the embedded map (when there
 * is one) and a link that opens the map with directions.
 */
export function MapPanel({
  heading,
  headingId,
  place,
  address,
  embed,
  link,
}: {
  heading: string;
  headingId: string;
  /** The venue's name, for the map's title. */
  place: string;
  address: ReactNode;
  embed: string | undefined;
  link: string | undefined;
}) {
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <address>{address}</address>
      {embed ? (
        <iframe
          className="map-embed"
          src={embed}
          title={`Map of ${place}`}
          loading="lazy"
          referrerPolicy="no-referrer-when-downgrade"
        />
      ) : null}
      {link ? (
        <p>
          <a href={link} target="_blank" rel="noopener noreferrer">
            Open the map and directions
            <span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </p>
      ) : null}
    </section>
  );
}
