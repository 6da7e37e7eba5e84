import { describe, expect, it } from "vitest";
import { paginate } from "./pager.ts";

describe("paginate", () => {
  it("uses page 1, 10 per page and 10 links by default", () => {
    expect(paginate({ totalItems: 25 })).toEqual({
      totalItems: 25,
      currentPage: 1,
      pageSize: 10,
      totalPages: 3,
      startIndex: 0,
      endIndex: 10,
      links: [1, 2, 3],
      isFirst: true,
      isLast: false,
    });
  });

  it("gives slice bounds of a short last page and marks it last", () => {
    const last = paginate({ totalItems: 25, page: 3 });
    expect([last.startIndex, last.endIndex, last.isFirst, last.isLast]).toEqual([
      20,
      25,
      false,
      true,
    ]);
  });

  it("has one empty page when there are no items", () => {
    const empty = paginate({ totalItems: 0, page: 4 });
    expect(empty).toMatchObject({ totalPages: 1, currentPage: 1, startIndex: 0, endIndex: 0 });
    expect(empty.links).toEqual([1]);
    expect([empty.isFirst, empty.isLast]).toEqual([true, true]);
  });

  it("clamps the page into 1..totalPages", () => {
    expect(paginate({ totalItems: 30, page: 0 }).currentPage).toBe(1);
    expect(paginate({ totalItems: 30, page: -2 }).currentPage).toBe(1);
    expect(paginate({ totalItems: 30, page: 9 }).currentPage).toBe(3);
    expect(paginate({ totalItems: 30, page: Number.NaN }).currentPage).toBe(1);
  });

  it("shows the first links while the page is within the first half of the window", () => {
    expect(paginate({ totalItems: 250, page: 5 }).links).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("centres the window on the current page in the middle", () => {
    expect(paginate({ totalItems: 250, page: 6 }).links).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(paginate({ totalItems: 250, page: 7 }).links).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
    expect(paginate({ totalItems: 250, page: 15 }).links).toEqual([
      10, 11, 12, 13, 14, 15, 16, 17, 18, 19,
    ]);
  });

  it("shows the last links once the window reaches the last page", () => {
    expect(paginate({ totalItems: 250, page: 21 }).links).toEqual([
      16, 17, 18, 19, 20, 21, 22, 23, 24, 25,
    ]);
    expect(paginate({ totalItems: 250, page: 20 }).links).toEqual([
      15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    ]);
  });

  it("follows the past-masters pager: 12 per page, 10 links", () => {
    const page = paginate({ totalItems: 160, page: 14, pageSize: 12, maxLinks: 10 });
    expect(page).toMatchObject({ totalPages: 14, startIndex: 156, endIndex: 160, isLast: true });
    expect(page.links).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
  });

  it("handles an odd number of links", () => {
    expect(paginate({ totalItems: 100, page: 5, maxLinks: 5 }).links).toEqual([3, 4, 5, 6, 7]);
  });
});
