import { useState } from "react";
import { useLoaderData } from "react-router";
import { BULLETIN_PAGE } from "../../../core/api/page-paths.ts";
import { PAGERS } from "../../../core/constants.ts";
import type { Bulletin } from "../../../core/schemas/bulletin.ts";
import { bulletins } from "../../generated/bulletins.ts";
import { lodge } from "../../generated/lodge.ts";
import { EmptyState } from "../components/EmptyState.tsx";
import { Modal } from "../components/Modal.tsx";
import { PageHeading } from "../components/PageHeading.tsx";
import { Pager, usePager } from "../components/Pager.tsx";
import { hydrates } from "../lib/hydration.ts";
import { media } from "../lib/media.ts";
import { pageMeta } from "../lib/meta.ts";

export function loader() {
  return { past: bulletins.past };
}

/** React in the browser: the pager and the PDF modal. */
export const handle = hydrates;

export const meta = () =>
  pageMeta("Past Bulletins", `Earlier bulletins of ${lodge.name}, to read or download.`);

const titleOf = (bulletin: Bulletin) => `${bulletin.displayName} ${bulletin.year}`;

/** Past bulletins (SPEC 2): Year / Bulletin / Options, 10 a page; View opens the PDF in a modal. */
export default function PastBulletins() {
  const { past } = useLoaderData<typeof loader>();
  const { pagination, goTo } = usePager({
    totalItems: past.length,
    pageSize: PAGERS.bulletins.pageSize,
    maxLinks: PAGERS.bulletins.maxLinks,
  });
  const [viewing, setViewing] = useState<Bulletin | null>(null);
  const page = past.slice(pagination.startIndex, pagination.endIndex);
  return (
    <>
      <PageHeading title="Past Bulletins" subheading={lodge.name} />
      <div className="narrow section">
        {past.length === 0 ? (
          <EmptyState>
            No earlier bulletins are online yet. The current one is on the{" "}
            <a href={`/${BULLETIN_PAGE}`}>Bulletin</a> page.
          </EmptyState>
        ) : (
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Past bulletins</caption>
              <thead>
                <tr>
                  <th scope="col">Year</th>
                  <th scope="col">Bulletin</th>
                  <th scope="col">Options</th>
                </tr>
              </thead>
              <tbody>
                {page.map((bulletin) => (
                  <tr key={bulletin.filename}>
                    <td>{bulletin.year}</td>
                    <td>{bulletin.displayName}</td>
                    <td>
                      <div className="options">
                        <button
                          type="button"
                          className="button view-button"
                          onClick={() => setViewing(bulletin)}
                          aria-label={`View ${titleOf(bulletin)}`}
                        >
                          View
                        </button>
                        <a
                          className="button button-secondary"
                          href={media("bulletins", bulletin.filename)}
                          target="_blank"
                          rel="noopener"
                          aria-label={`Download ${titleOf(bulletin)} (opens in a new window)`}
                        >
                          Download
                        </a>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager pagination={pagination} onPageChange={goTo} label="Pages of past bulletins" />
      </div>
      <Modal
        open={viewing !== null}
        title={viewing ? titleOf(viewing) : ""}
        onClose={() => setViewing(null)}
        className="pdf-modal"
      >
        {viewing && (
          <iframe
            className="pdf-frame"
            src={media("bulletins", viewing.filename)}
            title={titleOf(viewing)}
          />
        )}
      </Modal>
    </>
  );
}
