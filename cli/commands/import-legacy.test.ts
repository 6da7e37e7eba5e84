import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/cli-harness.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
  const legacy = join(sample.root, "legacy");
  mkdirSync(legacy);
  const json = (name: string, value: unknown) =>
    writeFileSync(join(legacy, name), JSON.stringify(value, null, 2));
  json("eventList.json", [
    {
      date: "2028/01/05 19:30",
      name: "Stated Meeting",
      rsvpOptions: true,
      rsvpExpirationDays: "1",
      earlyBirdOptions: { time: "", cost: "", choices: [] },
    },
    { date: "2028/13/05 19:30", name: "Awards Night", rsvpOptions: true },
  ]);
  json("outings.json", [
    { name: "Bowling", date: "2028/02/12 18:00", locationAddress: "1 Lane Rd", isRsvp: true },
  ]);
  json("past-master-list.json", [
    { number: 1, name: "Adam Example", term: "1868 - 1869", imgUrl: "" },
  ]);
  json("goldenSquareMasters.json", [{ number: 1, name: "Bob Example", term: "1921 - 1922" }]);
  json("notes.json", { hello: "world" });
});
afterEach(() => sample.cleanup());

describe("lodge import legacy", () => {
  it("refuses to overwrite data files without --force, importing nothing", async () => {
    const before = readFileSync(join(sample.data, "events.yaml"), "utf8");
    const { code, stderr } = await lodge(sample.root, "import", "legacy", "legacy");
    expect(code).toBe(1);
    expect(stderr).toEqual([
      "data/events.yaml, data/past-masters/golden-square.csv, data/social-events.yaml, data/past-masters/main.csv already exist; add --force to replace them. Nothing was imported.",
    ]);
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toBe(before);
  });

  it("tells each file's kind by its fields, writes the data files and reports what it skipped and why", async () => {
    const { code, stdout } = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "legacy/eventList.json: 1 event -> data/events.yaml",
      "legacy/goldenSquareMasters.json: 1 past master (golden-square) -> data/past-masters/golden-square.csv",
      "legacy/outings.json: 1 social outing -> data/social-events.yaml",
      "legacy/past-master-list.json: 1 past master (main) -> data/past-masters/main.csv",
      `skipped  legacy/eventList.json:14:13  events[1] (2028/13/05 19:30 Awards Night)  date: there is no month 13, found "2028/13/05 19:30"`,
      "skipped  legacy/notes.json:1:1  warning  not a list of events, outings, officers, past masters, bulletins, albums, recent events or history entries; skipped",
      "Imported 4 entries from 4 files into data; skipped 1 entry and 1 file. Run lodge validate, then lodge build.",
    ]);
    expect(readFileSync(join(sample.data, "past-masters", "golden-square.csv"), "utf8")).toBe(
      "number,name,term,imgUrl\n1,Bob Example,1921 - 1922,\n",
    );
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toMatch(
      /^- date: 2028\/01\/05 19:30\n {2}name: Stated Meeting\n/,
    );
    const validate = await lodge(sample.root, "validate");
    expect(validate.stdout.at(-1)).toMatch(
      /^data: 1 event, 1 social outing, 18 officers, 82 past masters in 3 lists, .*; no errors/,
    );
  });

  it("--json reports the same as JSON", async () => {
    const { code, stdout } = await lodge(
      sample.root,
      "import",
      "legacy",
      "legacy",
      "--force",
      "--json",
    );
    expect(code).toBe(0);
    const report = JSON.parse(stdout.join("\n"));
    expect(report.imported).toEqual([
      { from: ["legacy/eventList.json"], to: "data/events.yaml", entries: 1 },
      {
        from: ["legacy/goldenSquareMasters.json"],
        to: "data/past-masters/golden-square.csv",
        entries: 1,
      },
      { from: ["legacy/outings.json"], to: "data/social-events.yaml", entries: 1 },
      { from: ["legacy/past-master-list.json"], to: "data/past-masters/main.csv", entries: 1 },
    ]);
    expect(
      report.skipped.map((p: { file: string; line: number; severity: string }) => [
        p.file,
        p.line,
        p.severity,
      ]),
    ).toEqual([
      ["legacy/eventList.json", 14, "error"],
      ["legacy/notes.json", 1, "warning"],
    ]);
  });
});
