// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { paginate } from "../../../core/rules/pager.ts";
import { render } from "../test/render.tsx";
import { Pager } from "./Pager.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const pages = (page: number) => paginate({ totalItems: 160, page, pageSize: 12, maxLinks: 10 });

describe("Pager", () => {
  it("disables First and Previous on the first page and marks page 1 current", async () => {
    const view = await render(
      <Pager pagination={pages(1)} onPageChange={() => {}} label="Pages" />,
    );
    expect(view.button("First page").disabled).toBe(true);
    expect(view.button("Previous page").disabled).toBe(true);
    expect(view.button("Next page").disabled).toBe(false);
    expect(view.button("Last page").disabled).toBe(false);
    expect(view.button("Page 1").getAttribute("aria-current")).toBe("page");
    const numbers = Array.from(
      view.container.querySelectorAll(".pager-page"),
      (b) => b.textContent,
    );
    expect(numbers).toEqual(["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"]);
  });

  it("disables Next and Last on the last page and shows the last ten page links", async () => {
    const view = await render(
      <Pager pagination={pages(14)} onPageChange={() => {}} label="Pages" />,
    );
    expect(view.button("Next page").disabled).toBe(true);
    expect(view.button("Last page").disabled).toBe(true);
    expect(view.button("First page").disabled).toBe(false);
    expect(view.button("Page 5").textContent).toBe("5");
    expect(view.container.querySelector(".pager-status")?.textContent).toBe("Page 14 of 14");
  });

  it("asks for the page each control names", async () => {
    const onPageChange = vi.fn();
    const view = await render(
      <Pager pagination={pages(5)} onPageChange={onPageChange} label="Pages" />,
    );
    for (const name of ["First page", "Previous page", "Page 7", "Next page", "Last page"]) {
      await view.click(view.button(name));
    }
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 4, 7, 6, 14]);
  });

  it("shows nothing when everything fits on one page", async () => {
    const one = paginate({ totalItems: 5, pageSize: 12 });
    const view = await render(<Pager pagination={one} onPageChange={() => {}} label="Pages" />);
    expect(view.container.innerHTML).toBe("");
  });
});
