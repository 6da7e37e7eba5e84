import { PAGERS } from "../constants.ts";

export type PageRequest = {
  totalItems: number;
  /** 1-based; clamped into 1..totalPages. */
  page?: number;
  pageSize?: number;
  /** How many page-number links the pager shows at most. */
  maxLinks?: number;
};

export type Pagination = {
  totalItems: number;
  currentPage: number;
  pageSize: number;
  totalPages: number;
  /** Slice bounds of the current page's items: items.slice(startIndex, endIndex). */
  startIndex: number;
  endIndex: number;
  /** The page numbers to link, a window around the current page. */
  links: number[];
  /** First and Previous are disabled on the first page. */
  isFirst: boolean;
  /** Next and Last are disabled on the last page. */
  isLast: boolean;
};

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * The one pager of every paginated list (SPEC 4): the page window follows jw-paginate, so the
 * current page sits in the middle of the links once there are more pages than links.
 */
export function paginate({
  totalItems,
  page = PAGERS.defaults.page,
  pageSize = PAGERS.defaults.pageSize,
  maxLinks = PAGERS.defaults.maxLinks,
}: PageRequest): Pagination {
  const size = Math.max(1, Math.floor(pageSize));
  const items = Math.max(0, Math.floor(totalItems));
  const totalPages = Math.max(1, Math.ceil(items / size));
  const wanted = Number.isFinite(page) ? Math.floor(page) : 1;
  const currentPage = Math.min(Math.max(wanted, 1), totalPages);
  const linkCount = Math.max(1, Math.floor(maxLinks));

  let first = 1;
  let last = totalPages;
  if (totalPages > linkCount) {
    const before = Math.floor(linkCount / 2);
    const after = Math.ceil(linkCount / 2) - 1;
    if (currentPage <= before) {
      last = linkCount;
    } else if (currentPage + after >= totalPages) {
      first = totalPages - linkCount + 1;
    } else {
      first = currentPage - before;
      last = currentPage + after;
    }
  }

  const startIndex = (currentPage - 1) * size;
  return {
    totalItems: items,
    currentPage,
    pageSize: size,
    totalPages,
    startIndex,
    endIndex: Math.min(startIndex + size, items),
    links: range(first, last),
    isFirst: currentPage === 1,
    isLast: currentPage === totalPages,
  };
}
