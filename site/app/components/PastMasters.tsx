import { useId, useMemo, useState } from "react";
import { type MonthDay, orderPastMasters } from "../../../core/rules/past-masters.ts";
import type { Picture as PictureData } from "../../../core/rules/pictures.ts";
import type { PastMasterList } from "../../../core/schemas/lodge.ts";
import type { PastMaster } from "../../../core/schemas/past-master.ts";
import { gridSizes } from "../lib/pictures.ts";
import { Pager, usePager } from "./Pager.tsx";
import { Picture } from "./Picture.tsx";

/** A card of the grid (.card-grid): columns of at least 250 px, 1.5rem apart. */
export const PORTRAIT_SIZES = gridSizes(250, 24);

/** The toggle's label names the view it switches to (SPEC 2). */
const TOGGLE_LABEL = { cards: "As List", table: "Original" } as const;

export type PastMastersProps = {
  /** The list's entry in lodge.yaml: heading, views, page size, page links. */
  config: PastMasterList;
  masters: readonly PastMaster[];
  /** Month and day of the latest installation of officers, for this year's past master. */
  installation: MonthDay | undefined;
  now: Date;
  timeZone: string;
  /** The portrait of an entry (the lodge's placeholder when it has none). */
  portrait(master: PastMaster): PictureData | undefined;
};

/** The number is shown only when greater than 0: not for U.D. (0) or By Affiliation (-1). */
function numberText(master: PastMaster): string {
  return master.number > 0 ? String(master.number) : "";
}

function MastersTable({ masters, caption }: { masters: readonly PastMaster[]; caption: string }) {
  return (
    <div className="table-wrap">
      <table className="data-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="number">
              Number
            </th>
            <th scope="col">Worshipful Master</th>
            <th scope="col">Year</th>
          </tr>
        </thead>
        <tbody>
          {masters.map((master) => (
            <tr key={`${master.number} ${master.name} ${master.term}`}>
              <td className="number">{numberText(master)}</td>
              <td>{master.name}</td>
              <td>{master.term}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The past masters of any lodge (SPEC 2 and 4), as lodge.yaml configures it: visible entries
 * newest first, in cards (paginated, portraits) and/or a table, with a toggle between the two.
 */
export function PastMasters({
  config,
  masters,
  installation,
  now,
  timeZone,
  portrait,
}: PastMastersProps) {
  const ordered = useMemo(
    () => orderPastMasters(masters, now, timeZone, installation),
    [masters, now, timeZone, installation],
  );
  const [view, setView] = useState(config.views[0] ?? "table");
  const { pagination, goTo } = usePager({
    totalItems: ordered.length,
    pageSize: config.pageSize,
    maxLinks: config.pageLinks,
  });
  const viewId = useId();
  const other = config.views.find((v) => v !== view);
  const page = ordered.slice(pagination.startIndex, pagination.endIndex);

  return (
    <div className="container section">
      {other && (
        <div className="view-toolbar">
          <button
            type="button"
            className="toggle-button"
            aria-controls={viewId}
            onClick={() => setView(other)}
          >
            {TOGGLE_LABEL[view]}
          </button>
        </div>
      )}
      <div id={viewId}>
        {view === "table" ? (
          <MastersTable masters={ordered} caption={config.heading} />
        ) : (
          <>
            <ul className="card-grid" aria-label={config.heading}>
              {page.map((master, index) => {
                const picture = portrait(master);
                return (
                  <li key={`${master.number} ${master.name} ${master.term}`} className="card">
                    {picture && (
                      <Picture
                        className="portrait"
                        picture={picture}
                        alt={`Portrait of ${master.name}`}
                        sizes={PORTRAIT_SIZES}
                        loading={index < 4 ? "eager" : "lazy"}
                      />
                    )}
                    <div className="card-body">
                      <h2>{master.name}</h2>
                      <p className="term">{master.term}</p>
                      {master.number > 0 && (
                        <p className="master-number">
                          <span className="visually-hidden">Number </span>
                          {numberText(master)}
                        </p>
                      )}
                    </div>
                  </li>
                );
              })}
            </ul>
            <Pager
              pagination={pagination}
              onPageChange={goTo}
              label={`Pages of ${config.heading}`}
            />
          </>
        )}
      </div>
    </div>
  );
}
