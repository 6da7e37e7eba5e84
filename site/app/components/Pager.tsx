import { useEffect, useState } from "react";
import { type Pagination, paginate } from "../../../core/rules/pager.ts";
import { jumpToTop } from "../lib/scroll.ts";

type PagerOptions = {
  totalItems: number;
  pageSize: number;
  maxLinks: number;
  /** Remember the page in local storage under this key (the gallery, SPEC 4). */
  storageKey?: string;
};

function readStoredPage(key: string): number | undefined {
  try {
    const page = Number(localStorage.getItem(key));
    return Number.isInteger(page) && page >= 1 ? page : undefined;
  } catch {
    return undefined;
  }
}

function storePage(key: string, page: number): void {
  try {
    localStorage.setItem(key, String(page));
  } catch {
    // Storage may be full or disabled; the page then starts at 1 next time.
  }
}

/**
 * A paginated list's state (SPEC 4, "Pagers"): the page is clamped to 1..total, and changing page
 * scrolls to the top of the page. With a storage key, the page is remembered: the prerendered
 * HTML shows page 1, and the remembered page replaces it once the page is interactive.
 */
export function usePager({ totalItems, pageSize, maxLinks, storageKey }: PagerOptions) {
  const [page, setPage] = useState(1);
  useEffect(() => {
    if (!storageKey) return;
    const stored = readStoredPage(storageKey);
    if (stored !== undefined) setPage(stored);
  }, [storageKey]);
  const pagination = paginate({ totalItems, page, pageSize, maxLinks });
  const goTo = (next: number) => {
    setPage(next);
    if (storageKey) storePage(storageKey, next);
    jumpToTop();
  };
  return { pagination, goTo };
}

type PagerProps = {
  pagination: Pagination;
  onPageChange(page: number): void;
  /** What the pages are of, for screen readers: 'Past masters pages'. */
  label: string;
};

/** The one pager of the site: First, Previous, the page links, Next, Last. */
export function Pager({ pagination, onPageChange, label }: PagerProps) {
  const { currentPage, totalPages, links, isFirst, isLast } = pagination;
  if (totalPages <= 1) return null;
  const control = (text: string, page: number, disabled: boolean, name: string) => (
    <li>
      <button
        type="button"
        disabled={disabled}
        onClick={() => onPageChange(page)}
        aria-label={name}
      >
        {text}
      </button>
    </li>
  );
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        {control("First", 1, isFirst, "First page")}
        {control("Previous", currentPage - 1, isFirst, "Previous page")}
        {links.map((page) => (
          <li key={page}>
            <button
              type="button"
              className="pager-page"
              aria-current={page === currentPage ? "page" : undefined}
              aria-label={`Page ${page}`}
              onClick={() => onPageChange(page)}
            >
              {page}
            </button>
          </li>
        ))}
        {control("Next", currentPage + 1, isLast, "Next page")}
        {control("Last", totalPages, isLast, "Last page")}
      </ul>
      <p className="pager-status" aria-live="polite">
        Page {currentPage} of {totalPages}
      </p>
    </nav>
  );
}
