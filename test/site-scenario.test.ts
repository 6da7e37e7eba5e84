import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { lodge, lodgeAt, lodgeBuild, sampleCopy } from "./support/cli-harness.ts";

const site = inject("site");
let sample: ReturnType<typeof sampleCopy>;
beforeAll(() => {
  sample = sampleCopy();
});
afterAll(() => sample?.cleanup());

/** Builds the copy for the tests' moment, with the sample's pictures. */
const build = () => lodgeBuild(sample.root, "--images", site.imagesDir);

const page = (path: string) => readFileSync(join(sample.root, "dist", path, "index.html"), "utf8");

describe("the secretary and the webmaster at work, then lodge build", () => {
  it("shows next year's meetings, a dinner with three meal choices and an imported past-master list", async () => {
    // The secretary adds next year's stated meetings and, at the terminal, a dinner event.
    const meetings = await lodge(sample.root, "add-meetings", "--year", "2028");
    expect(meetings.code).toBe(0);
    expect(meetings.stdout.at(-1)).toBe("Added 20 stated meetings for 2028; skipped 0.");
    const dinner = await lodgeAt(
      {
        cwd: sample.root,
        answers: [
          "2028-03-11",
          "18:00",
          "Installation Banquet",
          "Our new officers are installed.",
          "",
          "",
          "y",
          "",
          "3",
          "45",
          "",
          "Prime Rib, Grilled Salmon, Vegetable Lasagna",
          // add-event shows the event as it will be written and asks before adding it.
          "y",
        ],
      },
      "add-event",
    );
    expect(dinner.stderr).toEqual([]);
    expect(dinner.code).toBe(0);

    // The webmaster imports a list exported from a spreadsheet (BOM, CRLF, quotes, spaces).
    const csv = join(sample.root, "masters.csv");
    writeFileSync(
      csv,
      '\uFEFFnumber,name,term\r\n1, "Oscar W. Cooke" ,1868 - 1869\r\n\r\n2,Henry G. Roberts,1869 - 1870\r\n',
    );
    const imported = await lodge(sample.root, "import", "past-masters", csv, "--lodge", "main");
    expect(imported.stdout.at(-1)).toMatch(/: 0 added, 1 changed, 1 unchanged; \d+ past masters/);

    const built = await build();
    expect(built.stderr).toEqual([]);
    expect(built.code).toBe(0);
    const upcoming = page("upcoming-events");
    expect(upcoming).toContain("Installation Banquet");
    expect(upcoming).toContain("Our new officers are installed.");
    expect(existsSync(join(sample.root, "dist", "calendar", "2028-01-05-stated-meeting.ics"))).toBe(
      true,
    );
    const banquet = readFileSync(
      join(sample.root, "dist", "calendar", "2028-03-11-installation-banquet.ics"),
      "utf8",
    );
    expect(banquet).toContain("SUMMARY:Installation Banquet");
    // The meal choices reach the page's data, for the RSVP form.
    const data = readFileSync(join(sample.root, "dist", "upcoming-events.data"), "utf8");
    for (const meal of ["Prime Rib", "Grilled Salmon", "Vegetable Lasagna"]) {
      expect(`${upcoming}${data}`).toContain(meal);
    }
    const masters = page("past-masters");
    expect(masters).toContain("Oscar W. Cooke");
    expect(masters).not.toContain("Oscar W. Cook<");
    // A whole build of the sample with its pictures: 15-30 s alone, more beside the other tests.
  }, 120_000);
});
