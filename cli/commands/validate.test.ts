import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, SAMPLE, sampleCopy } from "../../test/support/cli-harness.ts";
import { loadData } from "../load/load-data.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
});
afterEach(() => sample.cleanup());

const validate = (...args: string[]) => lodge(sample.root, "validate", ...args);
const problems = (lines: string[]) => lines.slice(0, -1);

describe("lodge validate", () => {
  it("passes on the sample lodge and sums up what it read", async () => {
    const { code, stdout } = await validate();
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "data: 179 events, 11 social outings, 18 officers, 301 past masters in 3 lists, 27 past bulletins, 14 albums, 37 recent events, 15 history entries, 5 pages; no errors, 0 warnings.",
    ]);
  });

  it("finds nothing to warn about in the sample lodge (broken examples live in the tests)", () => {
    expect(loadData(SAMPLE, SAMPLE).problems).toEqual([]);
  });

  it("locates every wrong or missing event field by file, line, column, entry and field", async () => {
    sample.write(
      "events.yaml",
      [
        "- date: 2026/12/02 19:30",
        "  name: Stated Meeting",
        "  rsvpExpirationDays: two",
        "- date: 2026/13/02 19:30",
        "  name: Special Meeting",
        "  earlyBirdOptions:",
        "    cost: twelve",
        "- date: 2026/12/16 19:30",
        "  tyled: yes",
        "",
      ].join("\n"),
    );
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      `data/events.yaml:3:23  events[0] (2026/12/02 19:30 Stated Meeting)  rsvpExpirationDays: expected a whole number of days from 0 to 60, found "two"`,
      `data/events.yaml:4:9  events[1] (2026/13/02 19:30 Special Meeting)  date: there is no month 13, found "2026/13/02 19:30"`,
      `data/events.yaml:7:11  events[1] (2026/13/02 19:30 Special Meeting)  earlyBirdOptions.cost: expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing, found "twelve"`,
      `data/events.yaml:8:3  events[2] (2026/12/16 19:30)  name: expected the event's name, found nothing`,
      `data/events.yaml:9:10  events[2] (2026/12/16 19:30)  tyled: expected true or false, found "yes"`,
    ]);
    // The entries with errors are counted as read, not dropped ('0 events').
    expect(stdout.at(-1)).toMatch(
      /^data: 3 events, .*; 5 errors, 0 warnings\. Fix the errors and run lodge validate again\.$/,
    );
  });

  it("reports a YAML syntax error with its position", async () => {
    sample.write("officers.yaml", "- name: Ann Example\n  office: [Tyler\n");
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)[0]).toMatch(/^data\/officers\.yaml:3:1 {2}this is not valid YAML: /);
  });

  it("still warns of a missing picture while another file has an error", async () => {
    const officers = readFileSync(join(SAMPLE, "officers.yaml"), "utf8");
    sample.write("officers.yaml", officers.replace(/image: \S+/, "image: gone.jpg"));
    sample.write(
      "events.yaml",
      "- date: 2027/05/05 19:30\n  name: Stated Meeting\n  tyled: maybe\n",
    );
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      `data/events.yaml:3:10  events[0] (2027/05/05 19:30 Stated Meeting)  tyled: expected true or false, found "maybe"`,
      expect.stringMatching(
        /^data\/officers\.yaml:\d+:\d+ {2}warning {2}officers\[0\] .* {2}image: data\/images\/officers\/gone\.jpg not found; add the file or correct the name$/,
      ),
    ]);
    expect(stdout.at(-1)).toMatch(/^data: 1 event, .*; 1 error, 1 warning\./);
  });

  it("says once that a line is indented with a tab, with the line and a caret, not what follows from it", async () => {
    const officers = readFileSync(join(SAMPLE, "officers.yaml"), "utf8").split("\n");
    const line = officers.findIndex((text) => text.startsWith("  office: "));
    officers[line] = `\t${officers[line]?.slice(2)}`;
    sample.write("officers.yaml", officers.join("\n"));
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      `data/officers.yaml:${line + 1}:1  YAML does not allow tabs for indentation; use spaces`,
      `    →${officers[line]?.slice(1)}`,
      "    ^",
    ]);
    sample.write(
      "officers.yaml",
      "- name: Ann\n\toffice: Tyler\n- name: Bob\n\toffice: Chaplain\n",
    );
    expect(problems((await validate()).stdout)[0]).toBe(
      "data/officers.yaml:2:1  YAML does not allow tabs for indentation; use spaces (line 4 too)",
    );
  });

  it("warns about an unknown key, suggests the spelling and still passes", async () => {
    sample.write(
      "social-events.yaml",
      "- name: Bowling\n  date: 2027/01/09 18:00\n  isRsvpp: true\n",
    );
    const { code, stdout } = await validate();
    expect(code).toBe(0);
    expect(problems(stdout)).toContain(
      `data/social-events.yaml:3:3  warning  social-events[0] (2027/01/09 18:00 Bowling)  isRsvpp: unknown field, ignored; did you mean "isRsvp"?`,
    );
  });

  it("locates bad CSV rows by line and column and checks every row", async () => {
    sample.write(
      "past-masters/golden-square.csv",
      [
        "number,name,term,imgUrl",
        "1,Adam Example,1921 - 1922,",
        "two,Bob Example,1922 - 1923,",
        "",
        "3,Carl Example, Jr.,1923 - 1924,",
        '4, "",1924 - 1925,',
        "5,Dan Example,sometime,",
        "-1,Ed Example,1926 - 1927,",
      ].join("\r\n"),
    );
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      'data/past-masters/golden-square.csv:3:1  golden-square[1] (two Bob Example)  number: expected a whole number (-1 for By Affiliation, 0 for Under Dispensation) from -1 to 9999, found "two"',
      `data/past-masters/golden-square.csv:5:16  golden-square[2] (3 Carl Example)  term: expected a term with a year such as '1867 - 1868' or '2019', found "Jr."`,
      "data/past-masters/golden-square.csv:5:33  row 3  expected 4 columns (number,name,term,imgUrl), found 5; put a value that contains a comma in double quotes",
      "data/past-masters/golden-square.csv:6:3  golden-square[3] (4)  name: expected the past master's name, found an empty value",
      "data/past-masters/golden-square.csv:7:15  golden-square[4] (5 Dan Example)  term: expected a term with a year such as '1867 - 1868' or '2019', found \"sometime\"",
      "data/past-masters/golden-square.csv:8:1  golden-square[5] (-1 Ed Example)  number: expected the term 'By Affiliation' for number -1, found \"1926 - 1927\"",
    ]);
  });

  it("checks the front matter of pages", async () => {
    sample.write(
      "pages/about-us.md",
      "---\ndescription: Who we are\ntitel: About Us\n---\nWe meet on Wednesdays.\n",
    );
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      "data/pages/about-us.md:2:1  title: expected the page title, found nothing",
      `data/pages/about-us.md:3:1  warning  titel: unknown field, ignored; did you mean "title"?`,
    ]);
  });

  it("reads JSON wherever it reads YAML, and refuses two files for the same content", async () => {
    rmSync(join(sample.data, "history.yaml"));
    sample.write(
      "history.json",
      JSON.stringify([
        { year: 1867, content: "Chartered." },
        { year: "Today", content: "Still meeting." },
      ]),
    );
    const ok = await validate();
    expect(ok.code).toBe(0);
    expect(ok.stdout.at(-1)).toContain(", 2 history entries,");

    sample.write("history.yaml", "- year: 1867\n  content: Chartered.\n");
    const twice = await validate();
    expect(twice.code).toBe(1);
    expect(problems(twice.stdout)).toContain(
      "data/history.json  data/history.yaml and data/history.json hold the same content; keep one of them",
    );
  });

  it("refuses a lodge without a page the site is made from", async () => {
    rmSync(join(sample.data, "pages", "home.md"));
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout)).toEqual([
      "data/pages/home.md  file not found; the site's home page is made from it (lodge init writes one to start from)",
    ]);
  });

  it("says so when the data folder or lodge.yaml is missing", async () => {
    const none = await validate("--data", "nowhere");
    expect(none.code).toBe(1);
    expect(problems(none.stdout)).toEqual([
      "nowhere  no such folder; give the lodge's data folder with --data DIR, or make a new lodge with lodge init DIR",
    ]);

    // One folder too deep: lodge init makes the data folder itself, with no data/ inside.
    const tooDeep = await validate("--data", "data/data");
    expect(tooDeep.code).toBe(1);
    expect(problems(tooDeep.stdout)).toEqual([
      "data/data  no such folder; data is a lodge's data folder: give --data data",
    ]);

    // The lodge's own folder, or the checkout around the sample: its data folder is named.
    const above = await validate("--data", ".");
    expect(above.code).toBe(1);
    expect(problems(above.stdout)).toEqual([
      `${sample.root}  holds none of a lodge's files; data is a lodge's data folder: give --data data`,
    ]);

    // A folder with nothing of a lodge in it gets one line, not one per missing file.
    mkdirSync(join(sample.root, "empty"));
    const empty = await validate("--data", "empty");
    expect(empty.code).toBe(1);
    expect(problems(empty.stdout)).toEqual([
      "empty  holds none of a lodge's files; give the lodge's data folder with --data DIR, or make a new lodge with lodge init DIR",
    ]);
    expect(empty.stdout.at(-1)).toBe(
      "empty: no lodge data read; 1 error, 0 warnings. Fix the errors and run lodge validate again.",
    );

    const file = await validate("--data", "data/lodge.yaml");
    expect(file.code).toBe(1);
    expect(problems(file.stdout)).toEqual([
      "data/lodge.yaml  this is a file, not a folder; data is a lodge's data folder: give --data data",
    ]);

    rmSync(join(sample.data, "lodge.yaml"));
    const noLodge = await validate();
    expect(noLodge.code).toBe(1);
    expect(problems(noLodge.stdout)).toEqual([
      "data/lodge.yaml  file not found; every lodge needs one (the sample lodge in data/ has an example)",
    ]);
  });

  it("warns about a referenced image that is missing and a file it does not read", async () => {
    rmSync(join(sample.data, "images", "officers"), { recursive: true, force: true });
    sample.write("event.yaml", "- name: typo in the file name\n");
    const { code, stdout } = await validate();
    expect(code).toBe(0);
    expect(
      stdout.some((l) =>
        /^data\/officers\.yaml:\d+:\d+ {2}warning {2}officers\[0\] \(Worshipful Master .+\) {2}image: data\/images\/officers\/.+ not found; add the file or correct the name$/.test(
          l,
        ),
      ),
    ).toBe(true);
    expect(problems(stdout)).toContain(
      "data/event.yaml  warning  lodge does not read this; check the name against the content files in docs/content.md",
    );
  });

  it("says in one line how many pictures the albums name that data/albums lacks, and the likely cause, where a line each would be hundreds", async () => {
    // An old site's albums before media.albums names their bucket: covers and the pictures of a
    // recent event, none of them in data/albums.
    sample.write(
      "albums.yaml",
      [
        "- albumName: 2017_03_15_Sports_Night\n  title: Sports Night",
        "- albumName: 2019.12.11 Brotherhood Night\n  title: Brotherhood Night",
        "- albumName: 2026-10-17-table-lodge\n  title: Table Lodge",
        "",
      ].join("\n"),
    );
    sample.write(
      "recent-events.yaml",
      "- eventName: Sports Night\n  albumName: 2017_03_15_Sports_Night\n  imageUrls: [bowling-1.jpg, bowling-2.jpg]\n  eventDate: 2017/03/15\n",
    );
    // Where media.albums is written in the sample's lodge.yaml, however many lines come before.
    const lodgeYaml = readFileSync(join(sample.root, "data", "lodge.yaml"), "utf8").split("\n");
    const albumsLine = lodgeYaml.indexOf("  albums: /media/albums/") + 1;
    const grouped = `data/lodge.yaml:${albumsLine}:11  warning  2 albums name 4 pictures that are not in data/albums/: if the old site kept them in a bucket, set media.albums to its address (https://storage.googleapis.com/BUCKET/)`;
    const validate = await lodge(sample.root, "validate");
    expect(validate.code).toBe(0);
    expect(problems(validate.stdout)).toEqual([grouped]);
    // The build needs every picture its pages show: the same line, as an error.
    const build = await lodge(sample.root, "build", "--modules-only");
    expect(build.code).toBe(1);
    expect(build.stdout).toEqual([grouped.replace("  warning  ", "  ")]);
    // One picture missing is told where its name is, as any other.
    sample.write(
      "recent-events.yaml",
      "- eventName: Table Lodge\n  albumName: 2026-10-17-table-lodge\n  imageUrls: [gone.jpg]\n  eventDate: 2026/10/17\n",
    );
    sample.write("albums.yaml", "- albumName: 2026-10-17-table-lodge\n  title: Table Lodge\n");
    expect(problems((await lodge(sample.root, "validate")).stdout)).toEqual([
      "data/recent-events.yaml:3:15  warning  recent-events[0] (2026/10/17 Table Lodge)  imageUrls[0]: data/albums/2026-10-17-table-lodge/gone.jpg not found; add the file or correct the name",
    ]);
  });

  it("refuses two events with one id and warns about repeats and meals without a cost, not a past spotlight", async () => {
    sample.write(
      "events.yaml",
      [
        "- date: 2001/05/02 19:30",
        "  name: Stated Meeting",
        "  spotlight: true",
        "- date: 2001/05/02 19:30",
        "  name: Stated Meeting",
        "  id: stated-again",
        "- id: same",
        "  date: 2001/05/16 19:30",
        "  name: Special Meeting",
        "- id: same",
        "  date: 2001/06/06 19:30",
        "  name: Awards Night",
        "  earlyBirdOptions:",
        "    choices: [Chicken]",
        "",
      ].join("\n"),
    );
    const { code, stdout } = await validate();
    expect(code).toBe(1);
    expect(problems(stdout).filter((l) => l.startsWith("data/events.yaml"))).toEqual([
      `data/events.yaml:10:3  events[3] (2001/06/06 19:30 Awards Night)  has the same id "same" as the event on line 7; RSVPs are kept by id, so give one of them its own id`,
      "data/events.yaml:4:3  warning  events[1] (2001/05/02 19:30 Stated Meeting)  same date and name as the event on line 1; is it listed twice?",
      "data/events.yaml:14:14  warning  events[3] (2001/06/06 19:30 Awards Night)  earlyBirdOptions.choices: meal choices without a cost are never offered: the RSVP form shows the dinner only when the event has a cost",
    ]);
  });

  it("warns about repeated past masters and recent events whose date cannot be read", async () => {
    sample.write(
      "past-masters/golden-square.csv",
      "number,name,term\n1,Adam Example,1921 - 1922\n1,Adam Example,1921 - 1922\n",
    );
    sample.write("recent-events.yaml", "- eventName: Table Lodge\n  eventDate: 2023/13/45\n");
    const { code, stdout } = await validate();
    expect(code).toBe(0);
    expect(problems(stdout)).toEqual(
      expect.arrayContaining([
        "data/past-masters/golden-square.csv:3:1  warning  golden-square[1] (1 Adam Example)  repeats line 2; the page shows it once",
        `data/recent-events.yaml:2:14  warning  recent-events[0] (2023/13/45 Table Lodge)  eventDate: "2023/13/45" is not a date 'yyyy/mm/dd', so this event is never shown on Recent Events`,
      ]),
    );
  });

  it("prints the same problems as JSON with --json", async () => {
    sample.write("albums.yaml", "- albumName: holiday-party\n  title: Holiday Party\n");
    const { code, stdout } = await validate("--json");
    expect(code).toBe(1);
    const report = JSON.parse(stdout.join("\n"));
    expect(report).toMatchObject({ ok: false, errors: 1 });
    expect(report.problems[0]).toEqual({
      severity: "error",
      file: "data/albums.yaml",
      line: 1,
      column: 14,
      entry: "albums[0] (holiday-party)",
      field: "albumName",
      message: `expected a folder name that starts with its date, such as '2024-10-19-table-lodge' or '2017_03_15_Sports_Night', found "holiday-party"`,
    });
  });

  it("exits 2 on a misused flag", async () => {
    const { code, stderr } = await lodge(sample.root, "validate", "--dta", "x");
    expect(code).toBe(2);
    expect(stderr[0]).toBe("error: unknown option '--dta'");
    const empty = await lodge(sample.root, "validate", "--data", "");
    expect(empty.code).toBe(2);
    expect(empty.stderr).toEqual(["--data: give the data folder, e.g. --data data"]);
  });
});
