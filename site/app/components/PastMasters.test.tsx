// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import type { PastMasterList } from "../../../core/schemas/lodge.ts";
import type { PastMaster } from "../../../core/schemas/past-master.ts";
import { render } from "../test/render.tsx";
import { PastMasters } from "./PastMasters.tsx";

afterEach(() => {
  document.body.innerHTML = "";
});

const config: PastMasterList = {
  slug: "university-heights",
  route: "university-heights-past-masters",
  heading: "Past Masters of University Heights Lodge No. 738",
  views: ["cards", "table"],
  pageSize: 12,
  pageLinks: 10,
};

/** Masters 1 to 30 with terms 1950-1951 ... 1979-1980, and one by affiliation. */
const masters: PastMaster[] = [
  { number: -1, name: "Adam Affiliate", term: "By Affiliation", imgUrl: "" },
  ...Array.from({ length: 30 }, (_, i) => ({
    number: i + 1,
    name: `Master ${i + 1}`,
    term: `${1950 + i}-${1951 + i}`,
    imgUrl: "",
  })),
];

async function renderMasters(list: PastMasterList = config) {
  return render(
    <PastMasters
      config={list}
      masters={masters}
      installation={{ month: 12, day: 14 }}
      now={new Date("2026-11-21T12:00:00Z")}
      timeZone="America/New_York"
      portrait={(m) => ({ src: `/portraits/${m.number}.jpg`, width: 280, height: 350 })}
    />,
  );
}

const cardNames = (root: HTMLElement) =>
  Array.from(root.querySelectorAll(".card h2"), (h) => h.textContent);

describe("PastMasters", () => {
  it("opens on the cards, newest first, 12 a page, portraits 350px high", async () => {
    const view = await renderMasters();
    const names = cardNames(view.container);
    expect(names).toHaveLength(12);
    expect(names[0]).toBe("Master 30");
    expect(names[11]).toBe("Master 19");
    const img = view.container.querySelector<HTMLImageElement>(".portrait");
    expect(img?.getAttribute("height")).toBe("350");
    expect(img?.getAttribute("alt")).toBe("Portrait of Master 30");
  });

  it("toggles to the table with 'As List' and back to the cards with 'Original'", async () => {
    const view = await renderMasters();
    await view.click(view.button("As List"));
    const headers = Array.from(view.container.querySelectorAll("th"), (th) => th.textContent);
    expect(headers).toEqual(["Number", "Worshipful Master", "Year"]);
    const rows = Array.from(view.container.querySelectorAll("tbody tr"), (tr) =>
      Array.from(tr.children, (td) => td.textContent),
    );
    expect(rows).toHaveLength(31);
    expect(rows[0]).toEqual(["30", "Master 30", "1979-1980"]);
    // The number shows only when greater than 0; By Affiliation comes last.
    expect(rows.at(-1)).toEqual(["", "Adam Affiliate", "By Affiliation"]);
    await view.click(view.button("Original"));
    expect(view.container.querySelector("table")).toBeNull();
    expect(cardNames(view.container)).toHaveLength(12);
  });

  it("pages through the cards and ends with the by-affiliation master", async () => {
    const view = await renderMasters();
    await view.click(view.button("Last page"));
    expect(cardNames(view.container)).toEqual([
      "Master 6",
      "Master 5",
      "Master 4",
      "Master 3",
      "Master 2",
      "Master 1",
      "Adam Affiliate",
    ]);
    expect(view.container.querySelectorAll(".master-number")).toHaveLength(6);
  });

  it("offers no toggle when the lodge shows one view only", async () => {
    const view = await renderMasters({ ...config, views: ["table"] });
    expect(view.container.querySelector(".toggle-button")).toBeNull();
    expect(view.container.querySelectorAll("tbody tr")).toHaveLength(31);
  });
});
