import { useState } from "react";
import { type Pagination, paginate } from "../../../core/rules/pager.ts";
import { jumpToTop } from "../lib/scroll.ts";

type PagerOptions = { totalItems: number; pageSize: number; maxLinks: number };

/**
 * A paginated list's state (SPEC 4, "Pagers"): the page is clamped to 1..total, and changing page
 * scrolls to the top of the page.
 */
export function usePager({ totalItems, pageSize, maxLinks }: PagerOptions) {
  const [page, setPage] = useState(1);
  const pagination = paginate({ totalItems, page, pageSize, maxLinks });
  const goTo = (next: number) => {
    setPage(next);
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
