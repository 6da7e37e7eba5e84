import { Link, useRouteLoaderData } from "react-router";
import {
  FRIENDS_PATH,
  HOW_TO_JOIN_PAGE,
  UPCOMING_EVENTS_PAGE,
} from "../../../core/api/page-paths.ts";
import { wallTimeIn } from "../../../core/rules/wall-time.ts";
import { lodge } from "../../generated/lodge.ts";
import { useNow } from "../lib/now.tsx";
import type { loader } from "../root.tsx";

/**
 * The footer (SPEC 2): a few links, the lodge's address and a copyright line with this year
 * (moved on by React, or on a page without it by the site script at the root's `yearChanges`).
 */
export function Footer() {
  const year = wallTimeIn(useNow(), lodge.timeZone).year;
  const yearChanges = useRouteLoaderData<typeof loader>("root")?.yearChanges;
  const { address } = lodge;
  const grandLodgeLabel =
    lodge.links.external.find((link) => link.href === lodge.links.grandLodge)?.label ??
    "Grand Lodge";
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <nav aria-label="Footer">
          <ul>
            <li>
              <Link to={`/${HOW_TO_JOIN_PAGE}`}>How to Join</Link>
            </li>
            <li>
              <a href={lodge.links.petition} target="_blank" rel="noopener">
                Petition for Membership (PDF)
              </a>
            </li>
            <li>
              <Link to={`/${UPCOMING_EVENTS_PAGE}`}>Upcoming Events</Link>
            </li>
            <li>
              {/* A page of lodge serve's, at apiBase when the site is published elsewhere. */}
              <a href={lodge.apiBase.replace(/\/+$/, "") + FRIENDS_PATH}>News by Mail</a>
            </li>
            <li>
              <a href={lodge.links.grandLodge} target="_blank" rel="noopener noreferrer">
                {grandLodgeLabel}
              </a>
            </li>
          </ul>
        </nav>
        <address>
          <strong>{lodge.name}</strong>
          <br />
          {address.venue}
          <br />
          {address.street}
          <br />
          {address.city}, {address.state} {address.zip}
          <br />
          <a href={address.mapLink} target="_blank" rel="noopener noreferrer">
            Map and directions
          </a>
        </address>
      </div>
      <p className="copyright">
        © <span data-by-time={JSON.stringify(yearChanges ?? [])}>{year}</span> {lodge.name}. All
        rights reserved.
      </p>
    </footer>
  );
}
