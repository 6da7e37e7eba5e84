import { Link } from "react-router";
import { CONTACT_PAGE } from "../../../core/api/page-paths.ts";
import { lodge } from "../../generated/lodge.ts";

/** The 'how to join' block above the footer of every page (SPEC 2). */
export function JoinBlock() {
  return (
    <section className="join-block" aria-labelledby="join-block-heading">
      <div className="container">
        <h2 id="join-block-heading">Interested in becoming a Freemason?</h2>
        <p>
          The brethren of {lodge.name} would be glad to meet you. To be one, ask one: write to us
          and we will answer your questions.
        </p>
        <div className="button-row">
          <Link className="button button-light" to={`/${CONTACT_PAGE}`}>
            Contact Us
          </Link>
          <a
            className="button button-outline-light"
            href={lodge.links.joinExternal}
            target="_blank"
            rel="noopener noreferrer"
          >
            How to Become a Mason
            <span className="visually-hidden"> (opens in a new window)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
