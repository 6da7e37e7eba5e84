import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/support/cli-harness.ts";
import { loadData } from "../load/load-data.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
});
afterEach(() => sample.cleanup());

const EVENTS = `# Our events.
- date: 2028/01/19 19:30
  name: Awards Night
  rsvpOptions: true
`;

describe("lodge add-meetings", () => {
  it("adds the year's stated meetings in date order, skipping days that have an event", async () => {
    sample.write("events.yaml", EVENTS);
    const { code, stdout } = await lodge(sample.root, "add-meetings", "--year", "2028");
    expect(code).toBe(0);
    expect(stdout.slice(0, 3)).toEqual([
      "added 2028/01/05 19:30 Stated Meeting (id 2028-01-05-stated-meeting)",
      "skipped 2028/01/19 19:30 Stated Meeting: Awards Night is already on that day",
      "added 2028/02/02 19:30 Stated Meeting (id 2028-02-02-stated-meeting)",
    ]);
    expect(stdout.at(-1)).toBe("Added 19 stated meetings for 2028; skipped 1.");
    const text = readFileSync(join(sample.data, "events.yaml"), "utf8");
    expect(
      text.startsWith(
        "# Our events.\n- date: 2028/01/05 19:30\n  name: Stated Meeting\n  rsvpOptions: true\n",
      ),
    ).toBe(true);
    expect(text).toContain(
      `  earlyBirdOptions:\n    time: "18:30"\n    cost: "15"\n    choices: []\n- date: 2028/01/19 19:30\n  name: Awards Night\n`,
    );

    const again = await lodge(sample.root, "add-meetings", "--year", "2028");
    expect(again.stdout.at(-1)).toBe("Added 0 stated meetings for 2028; skipped 20.");
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toBe(text);
    expect((await lodge(sample.root, "validate")).code).toBe(0);
  });

  it("writes meetings that take the lodge's address from lodge.yaml, so correcting it there corrects them", async () => {
    sample.write("events.yaml", EVENTS);
    await lodge(sample.root, "add-meetings", "--year", "2028");
    const meeting = () =>
      loadData(sample.data).data?.events.find((e) => e.id === "2028-01-05-stated-meeting");
    expect(meeting()).toMatchObject({
      location: "Lyndhurst Masonic Center",
      address: "5025 Linden Crest Road, Lyndhurst, OH 44124",
    });
    const yaml = readFileSync(join(sample.data, "lodge.yaml"), "utf8");
    sample.write(
      "lodge.yaml",
      yaml.replace("venue: Lyndhurst Masonic Center", "venue: Mayfield Masonic Temple"),
    );
    expect(meeting()).toMatchObject({ location: "Mayfield Masonic Temple" });
    // The Awards Night names no place either: it is at the lodge's too.
    expect(loadData(sample.data).data?.events.find((e) => e.name === "Awards Night")).toMatchObject(
      { location: "Mayfield Masonic Temple" },
    );
  });

  it("changes nothing with --dry-run", async () => {
    sample.write("events.yaml", EVENTS);
    const { code, stdout } = await lodge(
      sample.root,
      "add-meetings",
      "--year",
      "2028",
      "--dry-run",
    );
    expect(code).toBe(0);
    expect(stdout[0]).toBe(
      "would add 2028/01/05 19:30 Stated Meeting (id 2028-01-05-stated-meeting)",
    );
    expect(stdout.at(-1)).toBe("Would add 19 stated meetings for 2028; skipped 1.");
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toBe(EVENTS);
  });

  it("--json lists what it added and skipped as JSON", async () => {
    sample.write("events.yaml", EVENTS);
    const { code, stdout } = await lodge(sample.root, "add-meetings", "--year", "2028", "--json");
    expect(code).toBe(0);
    const report = JSON.parse(stdout.join("\n"));
    expect(report.year).toBe(2028);
    expect(report.dryRun).toBe(false);
    expect(report.added).toHaveLength(19);
    expect(report.added[0]).toEqual({
      date: "2028/01/05 19:30",
      name: "Stated Meeting",
      id: "2028-01-05-stated-meeting",
    });
    expect(report.skipped).toEqual([
      { date: "2028/01/19 19:30", name: "Stated Meeting", existing: "Awards Night" },
    ]);
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toContain("2028/12/20 19:30");
  });

  it("refuses a year it cannot read and data with errors, writing nothing", async () => {
    const bad = await lodge(sample.root, "add-meetings", "--year", "next");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual(["--year: give a year such as 2027"]);

    sample.write("events.yaml", `${EVENTS}  tyled: maybe\n`);
    const broken = await lodge(sample.root, "add-meetings", "--year", "2028");
    expect(broken.code).toBe(1);
    expect(broken.stdout).toEqual([
      `data/events.yaml:5:10  events[0] (2028/01/19 19:30 Awards Night)  tyled: expected true or false, found "maybe"`,
    ]);
    expect(broken.stderr).toEqual([
      "data has errors (listed above); fix them first. events.yaml was not changed.",
    ]);
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toBe(
      `${EVENTS}  tyled: maybe\n`,
    );
  });
});
