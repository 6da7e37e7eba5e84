import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/support/cli-harness.ts";

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
      "legacy/goldenSquareMasters.json: 1 past master -> data/past-masters/golden-square.csv (matched by its file name)",
      "legacy/outings.json: 1 social outing -> data/social-events.yaml",
      "legacy/past-master-list.json: 1 past master -> data/past-masters/main.csv (matched as the old site's file of the lodge's own list)",
      "legacy/eventList.json: 1 number kept as text rewritten as lodge writes them",
      `skipped  legacy/eventList.json:14:13  events[1] (2028/13/05 19:30 Awards Night)  date: there is no month 13, found "2028/13/05 19:30"`,
      "skipped  legacy/notes.json  warning  not a list of events, outings, officers, past masters, bulletins, albums, recent events or history entries; skipped",
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
      /^data: 1 event, 1 social outing, 18 officers, 79 past masters in 3 lists, .*; no errors/,
    );
  });

  it("--dry-run says what it would import and replace, and writes nothing", async () => {
    const before = readFileSync(join(sample.data, "events.yaml"), "utf8");
    const { code, stdout } = await lodge(sample.root, "import", "legacy", "legacy", "--dry-run");
    expect(code).toBe(0);
    expect(stdout.slice(0, 2)).toEqual([
      "legacy/eventList.json: 1 event -> data/events.yaml",
      "legacy/goldenSquareMasters.json: 1 past master -> data/past-masters/golden-square.csv (matched by its file name)",
    ]);
    expect(stdout.slice(-2)).toEqual([
      "data/events.yaml, data/past-masters/golden-square.csv, data/social-events.yaml, data/past-masters/main.csv already exist: the import needs --force to replace them.",
      "Would import 4 entries from 4 files into data; skipped 1 entry and 1 file. Nothing was written (--dry-run).",
    ]);
    expect(readFileSync(join(sample.data, "events.yaml"), "utf8")).toBe(before);
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
        matchedBy: "by its file name",
      },
      { from: ["legacy/outings.json"], to: "data/social-events.yaml", entries: 1 },
      {
        from: ["legacy/past-master-list.json"],
        to: "data/past-masters/main.csv",
        entries: 1,
        matchedBy: "as the old site's file of the lodge's own list",
      },
    ]);
    expect(
      report.skipped.map((p: { file: string; line: number; severity: string }) => [
        p.file,
        p.line,
        p.severity,
      ]),
    ).toEqual([
      ["legacy/eventList.json", 14, "error"],
      ["legacy/notes.json", 0, "warning"],
    ]);
  });
});

describe("lodge import legacy: the old site's shapes", () => {
  const legacyFile = (name: string, value: unknown) =>
    writeFileSync(join(sample.root, "legacy", name), JSON.stringify(value, null, 2));
  const data = (file: string) => readFileSync(join(sample.data, file), "utf8");

  it("reads renamed fields once each and writes dates, times and counts as lodge writes them", async () => {
    rmSync(join(sample.root, "legacy"), { recursive: true });
    mkdirSync(join(sample.root, "legacy"));
    legacyFile("socialEvents.json", [
      { name: "Bowling", date: "2028/2/5 18:00", locationAddress: "1 Lane Rd", isRsvpBtn: true },
      {
        name: "Ballgame",
        date: "2028-6-10 7:05 PM",
        locationAddress: "2 Park Ave",
        isRsvpBtn: "x",
      },
    ]);
    legacyFile("events.json", [
      {
        date: "2028/1/5 19:00",
        name: "Table Lodge",
        rsvpOptions: true,
        rsvpExpirationDays: "3",
        rsvpExpirationTime: "9:00 PM",
        Tiled: true,
        earlyBirdOptions: { time: "18:00", price: "25", mealChoices: ["Beef"] },
      },
    ]);
    const { code, stdout } = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "legacy/events.json: 1 event -> data/events.yaml",
      "legacy/socialEvents.json: 1 social outing -> data/social-events.yaml",
      "legacy/events.json: Tiled is read as tyled (1 entry)",
      "legacy/events.json: earlyBirdOptions.price is read as earlyBirdOptions.cost (1 entry)",
      "legacy/events.json: earlyBirdOptions.mealChoices is read as earlyBirdOptions.choices (1 entry)",
      "legacy/events.json: 1 date ('YYYY/MM/DD HH:mm'), 1 number kept as text and 1 closing time ('HH:mm') rewritten as lodge writes them",
      "legacy/socialEvents.json: isRsvpBtn is read as isRsvp (2 entries)",
      "legacy/socialEvents.json: 1 date ('YYYY/MM/DD HH:mm') rewritten as lodge writes them",
      `skipped  legacy/socialEvents.json:12:18  social-events[1] (2028-6-10 7:05 PM Ballgame)  isRsvp: expected true or false, found "x"`,
      "Imported 2 entries from 2 files into data; skipped 1 entry and 0 files. Run lodge validate, then lodge build.",
    ]);
    expect(data("events.yaml")).toBe(`- date: 2028/01/05 19:00
  name: Table Lodge
  rsvpOptions: true
  rsvpExpirationDays: 3
  rsvpExpirationTime: "21:00"
  tyled: true
  earlyBirdOptions:
    time: "18:00"
    cost: "25"
    choices:
      - Beef
`);
    expect(data("social-events.yaml")).toContain("- name: Bowling\n  date: 2028/02/05 18:00\n");
    expect(data("social-events.yaml")).toContain("  isRsvp: true\n");
  });

  it("puts each past-master file in the list whose masters it holds, or the one --list names, never in a list lodge.yaml lacks", async () => {
    rmSync(join(sample.root, "legacy"), { recursive: true });
    mkdirSync(join(sample.root, "legacy"));
    // Names already in the sample's University Heights list, and a list of new ones.
    legacyFile("bundledMasters.json", [
      { number: 1, name: "Gerald K. Fisher", term: "1946-47" },
      { number: 2, name: "Edward M. Stone", term: "1947 \u2013 1948" },
      { number: -1, name: "Frank Hayes", term: "By Affiliation" },
      { number: -1, name: "Donald Clark", term: "By Affiliation" },
    ]);
    legacyFile("lodge679.json", [{ number: 1, name: "Elmer Q. Newman", term: "1921 - 1922" }]);
    legacyFile("otherMasters.json", [{ number: 1, name: "Zed Unknown", term: "1990 - 1991" }]);
    const refused = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toEqual([
      "legacy/otherMasters.json holds 1 past master, but lodge cannot tell which list of lodge.yaml (main, golden-square, university-heights) it belongs to; name it with --list otherMasters=SLUG, or add the list to lodge.yaml's pastMasters first",
      "Nothing was imported.",
    ]);
    expect(existsSync(join(sample.data, "past-masters", "otherMasters.csv"))).toBe(false);

    const { code, stdout } = await lodge(
      sample.root,
      ...["import", "legacy", "legacy", "--force", "--list", "otherMasters.json=main"],
    );
    expect(code).toBe(0);
    expect(stdout.slice(0, 3)).toEqual([
      "legacy/bundledMasters.json: 4 past masters -> data/past-masters/university-heights.csv (matched by the masters it holds)",
      "legacy/lodge679.json: 1 past master -> data/past-masters/golden-square.csv (matched by its file name)",
      "legacy/otherMasters.json: 1 past master -> data/past-masters/main.csv (matched as --list says)",
    ]);
    expect(stdout).toContain(
      "legacy/bundledMasters.json: 2 terms (years written one way) rewritten as lodge writes them",
    );
    expect(data("past-masters/university-heights.csv")).toBe(
      "number,name,term,imgUrl\n1,Gerald K. Fisher,1946-1947,\n2,Edward M. Stone,1947-1948,\n-1,Frank Hayes,By Affiliation,\n-1,Donald Clark,By Affiliation,\n",
    );
    expect(readdirSync(join(sample.data, "past-masters")).sort()).toEqual([
      "golden-square.csv",
      "main.csv",
      "university-heights.csv",
    ]);
  });

  it("copies the pictures the data names from the old app's images folder, and says in one line per kind what it did not find", async () => {
    const app = join(sample.root, "old-site", "src");
    const picture = (file: string) => {
      mkdirSync(dirname(join(app, "assets", "images", file)), { recursive: true });
      writeFileSync(join(app, "assets", "images", file), file);
    };
    picture("past_masters/pm-1.jpg");
    picture("current-officers/reed.jpg");
    picture("officer-jewels/worshipful_master.png");
    picture("events/smith.jpg");
    picture("history/smith.jpg");
    mkdirSync(join(app, "data"));
    const json = (name: string, value: unknown) =>
      writeFileSync(join(app, "data", name), JSON.stringify(value, null, 2));
    json("past-master-list.json", [
      {
        number: 1,
        name: "A",
        term: "1868 - 1869",
        imgUrl: "../../../assets/images/past_masters/pm-1.jpg",
      },
      { number: 2, name: "B", term: "1869 - 1870", imgUrl: "assets/images/past_masters/gone.jpg" },
    ]);
    json("officers.json", [
      {
        name: "Thomas A. Reed",
        office: "Worshipful Master",
        image: "current-officers/reed.jpg",
        jewel: "worshipful_master.png",
      },
      {
        name: "Samuel B. Ortiz",
        office: "Senior Warden",
        image: "current-officers/ortiz.jpg",
        jewel: "senior_warden.png",
      },
      { name: "Harold V. Lane", office: "Treasurer", image: "", jewel: "treasurer.png" },
    ]);
    json("event-list.json", [
      {
        date: "2028/01/05 19:30",
        name: "Stated Meeting",
        rsvpOptions: true,
        spotlight: true,
        spotlightImage: "smith.jpg",
      },
    ]);
    const { code, stdout } = await lodge(
      sample.root,
      ...["import", "legacy", "old-site/src/data", "--force"],
    );
    expect(code).toBe(0);
    expect(stdout.filter((line) => !line.startsWith("old-site/src/data/"))).toEqual([
      "copied 1 file of the old app into data/images/officers",
      "copied 1 file of the old app into data/images/jewels",
      "copied 1 file of the old app into data/images/past-masters",
      "the event's spotlight picture smith.jpg could be old-site/src/assets/images/events/smith.jpg or old-site/src/assets/images/history/smith.jpg; neither was copied: copy the right one to data/images/events/smith.jpg",
      "1 officer's portrait was not found in old-site/src/assets/images (looked for as named and by file name): current-officers/ortiz.jpg; lodge validate lists where each belongs",
      "2 officers' jewels were not found in old-site/src/assets/images (looked for as named, under officer-jewels/ and by file name): senior_warden.png, treasurer.png; lodge validate lists where each belongs",
      "1 past master's portrait was not found in old-site/src/assets/images (looked for as named and by file name): assets/images/past_masters/gone.jpg; lodge validate lists where each belongs",
      "Imported 6 entries from 3 files into data; skipped 0 entries and 0 files. Run lodge validate, then lodge build.",
    ]);
    expect(data("past-masters/main.csv")).toBe(
      "number,name,term,imgUrl\n1,A,1868 - 1869,pm-1.jpg\n2,B,1869 - 1870,gone.jpg\n",
    );
    expect(data("officers.yaml")).toContain("  image: reed.jpg\n  jewel: worshipful_master.png\n");
    expect(data("images/past-masters/pm-1.jpg")).toBe("past_masters/pm-1.jpg");
    expect(data("images/officers/reed.jpg")).toBe("current-officers/reed.jpg");
    expect(data("images/jewels/worshipful_master.png")).toBe(
      "officer-jewels/worshipful_master.png",
    );
    const validate = await lodge(sample.root, "validate");
    expect(validate.stdout).toContain(
      "data/past-masters/main.csv:3:17  warning  main[1] (2 B)  imgUrl: data/images/past-masters/gone.jpg not found; add the file or correct the name",
    );
  });

  it("takes the images folder from --images where it is not beside the JSON files, and says when it finds none", async () => {
    mkdirSync(join(sample.root, "pictures", "officer-jewels"), { recursive: true });
    writeFileSync(join(sample.root, "pictures", "officer-jewels", "chaplain.png"), "a jewel");
    legacyFile("officers.json", [
      { name: "Ann Example", office: "Chaplain", image: "", jewel: "chaplain.png" },
    ]);
    const without = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(without.stdout).toContain(
      "1 picture the data names was not copied (chaplain.png): the old app's images folder (assets/images) is not in legacy or a folder above it; give it with --images DIR",
    );
    const given = await lodge(
      sample.root,
      ...["import", "legacy", "legacy", "--force", "--images", "pictures"],
    );
    expect(given.stdout).toContain("copied 1 file of the old app into data/images/jewels");
    expect(data("images/jewels/chaplain.png")).toBe("a jewel");
    const wrong = await lodge(
      sample.root,
      ...["import", "legacy", "legacy", "--force", "--images", "no-such-folder"],
    );
    expect(wrong).toMatchObject({
      code: 1,
      stderr: [
        "--images no-such-folder: no such folder; give the old app's images folder, e.g. old-site/src/assets/images. Nothing was imported.",
      ],
    });
  });

  it("leaves out the files --skip names, and refuses one the folder does not hold", async () => {
    legacyFile("goldenSquareMasters-old.json", [
      { number: 1, name: "Bob Example", term: "1921 - 1922" },
    ]);
    const refused = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(refused.stderr).toEqual([
      'legacy/goldenSquareMasters-old.json and legacy/goldenSquareMasters.json both fit the list "golden-square" (each by its file name), which takes one file: leave the older export out with --skip FILE, or name each file\'s list with --list FILE=SLUG',
      "Nothing was imported.",
    ]);
    const { code, stdout } = await lodge(
      sample.root,
      ...["import", "legacy", "legacy", "--force", "--skip", "goldenSquareMasters-old.json"],
    );
    expect(code).toBe(0);
    expect(stdout).toContain("legacy/goldenSquareMasters-old.json: left out (--skip)");
    expect(stdout.at(-1)).toBe(
      "Imported 4 entries from 4 files into data; skipped 1 entry and 2 files. Run lodge validate, then lodge build.",
    );
    const absent = await lodge(
      sample.root,
      ...["import", "legacy", "legacy", "--force", "--skip", "nothing.json"],
    );
    expect(absent).toMatchObject({
      code: 1,
      stderr: ["--skip nothing.json: legacy has no file nothing.json", "Nothing was imported."],
    });
  });
});

describe("lodge import legacy: a lodge that keeps its files as JSON", () => {
  it("replaces the file the lodge keeps, in its format, never adding a second one", async () => {
    rmSync(join(sample.data, "social-events.yaml"));
    sample.write("social-events.json", "[]\n");
    const { code, stdout } = await lodge(sample.root, "import", "legacy", "legacy", "--force");
    expect(code).toBe(0);
    expect(stdout).toContain("legacy/outings.json: 1 social outing -> data/social-events.json");
    expect(existsSync(join(sample.data, "social-events.yaml"))).toBe(false);
    expect(JSON.parse(readFileSync(join(sample.data, "social-events.json"), "utf8"))).toEqual([
      { name: "Bowling", date: "2028/02/12 18:00", locationAddress: "1 Lane Rd", isRsvp: true },
    ]);
    expect((await lodge(sample.root, "validate")).code).toBe(0);
  });
});
