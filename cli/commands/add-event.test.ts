import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, lodgeAt, SAMPLE, sampleCopy } from "../../test/support/cli-harness.ts";
import { onTerminal } from "../../test/support/terminal.ts";
import { mealsOf } from "../edit/event-questions.ts";

let sample: ReturnType<typeof sampleCopy>;
const EVENTS = "# Events.\n- date: 2028/01/05 19:30\n  name: Stated Meeting\n";
beforeEach(() => {
  sample = sampleCopy();
  sample.write("events.yaml", EVENTS);
});
afterEach(() => sample.cleanup());

const events = () => readFileSync(join(sample.data, "events.yaml"), "utf8");

describe("lodge add-event", () => {
  it("adds a dinner event with three meal choices from flags, in date order, with lodge.yaml's defaults", async () => {
    const { code, stdout } = await lodge(
      sample.root,
      "add-event",
      "--date",
      "2028-01-12",
      "--name",
      "Table Lodge",
      "--tyled",
      "--rsvp-days",
      "3",
      "--cost",
      "25",
      "--meal",
      "Prime Rib",
      "--meal",
      "Salmon",
      "--meal",
      "Vegetable Lasagna",
    );
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "Added 2028/01/12 19:30 Table Lodge (id 2028-01-12-table-lodge) to data/events.yaml. Run lodge build to show it on the site.",
    ]);
    expect(events()).toBe(`${EVENTS}- date: 2028/01/12 19:30
  name: Table Lodge
  rsvpOptions: true
  rsvpExpirationDays: 3
  tyled: true
  earlyBirdOptions:
    time: "18:30"
    cost: 25
    choices:
      - Prime Rib
      - Salmon
      - Vegetable Lasagna
`);
    expect((await lodge(sample.root, "validate")).code).toBe(0);
  });

  it("writes the degree a tyled meeting is opened on, and refuses one for an event open to all", async () => {
    const flags = ["add-event", "--date", "2028-01-19", "--name", "Special Meeting", "--no-rsvp"];
    const refused = await lodge(sample.root, ...flags, "--no-tyled", "--degree", "fellowcraft");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toEqual([
      "--degree: only a tyled meeting is opened on a degree: add tyled: true, or remove degree from an event open to all",
      "Nothing was added.",
    ]);
    const { code } = await lodge(sample.root, ...flags, "--tyled", "--degree", "FC");
    expect(code).toBe(0);
    expect(events()).toContain(
      "- date: 2028/01/19 19:30\n  name: Special Meeting\n  rsvpOptions: false\n  rsvpExpirationDays: 1\n  tyled: true\n  degree: fellowcraft\n",
    );
  });

  it("writes a date given with one-digit parts or a 12-hour time as 'YYYY/MM/DD HH:mm'", async () => {
    const { code, stdout } = await lodge(
      sample.root,
      "add-event",
      "--date",
      "2028/3/7",
      "--time",
      "7:00 PM",
      "--name",
      "Awards Night",
    );
    expect(code).toBe(0);
    expect(stdout[0]).toMatch(
      /^Added 2028\/03\/07 19:00 Awards Night \(id 2028-03-07-awards-night\)/,
    );
    expect(events()).toContain("- date: 2028/03/07 19:00\n  name: Awards Night\n");
  });

  it("asks at the terminal for what the flags leave out, offering lodge.yaml's defaults", async () => {
    const { code, asked } = await lodgeAt(
      {
        cwd: sample.root,
        answers: [
          "2028-02-09",
          "",
          "Awards Night",
          "Annual awards.",
          "",
          "",
          "",
          "",
          "3",
          "12",
          "",
          "Chicken, Fish",
          "",
        ],
      },
      "add-event",
    );
    expect(code).toBe(0);
    expect(asked).toEqual([
      "Date (YYYY-MM-DD)",
      "Start time (HH:mm, 24-hour) [19:30]",
      "Name [Stated Meeting]",
      "Description",
      "Location [Lyndhurst Masonic Center]",
      "Address [5025 Linden Crest Road, Lyndhurst, OH 44124]",
      "Masons only (tyled)? (y/n) [n]",
      "Take RSVPs? (y/n) [y]",
      "RSVPs close how many days before? [1]",
      "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; 'none' for no dinner) [15]",
      "Dinner time [18:30]",
      "Meal choices, up to 4, separated by commas; quote one with a comma in it (empty for none)",
      "Add it? (y/n) [y]",
    ]);
    expect(events()).toContain(
      "- date: 2028/02/09 19:30\n  name: Awards Night\n  description: Annual awards.\n",
    );
    expect(events()).toContain(
      '  rsvpOptions: true\n  rsvpExpirationDays: 3\n  tyled: false\n  earlyBirdOptions:\n    time: "18:30"\n    cost: 12\n    choices:\n      - Chicken\n      - Fish\n',
    );
  });

  it("shows the event and adds it only once confirmed; a quoted meal keeps its comma; dinner follows the start", async () => {
    const answers = [
      "2028-02-16",
      "18:00",
      "Burns Night",
      "",
      "",
      "",
      "n",
      "",
      "",
      "20",
      "",
      '"Neeps & Tatties, with gravy", Haggis',
    ];
    const declined = await lodgeAt({ cwd: sample.root, answers: [...answers, "n"] }, "add-event");
    expect(declined.asked.slice(-3)).toEqual([
      // An hour before its 18:00 start, as the stated meetings' 18:30 is before their 19:30.
      "Dinner time [17:00]",
      "Meal choices, up to 4, separated by commas; quote one with a comma in it (empty for none)",
      "Add it? (y/n) [y]",
    ]);
    expect(declined.stdout).toEqual([
      "events.yaml gets:",
      "- date: 2028/02/16 18:00",
      "  name: Burns Night",
      "  rsvpOptions: true",
      "  rsvpExpirationDays: 1",
      "  tyled: false",
      "  earlyBirdOptions:",
      '    time: "17:00"',
      "    cost: 20",
      "    choices:",
      "      - Neeps & Tatties, with gravy",
      "      - Haggis",
    ]);
    expect([declined.code, ...declined.stderr]).toEqual([1, "Nothing was added."]);
    expect(events()).toBe(EVENTS);
    const added = await lodgeAt({ cwd: sample.root, answers: [...answers, ""] }, "add-event");
    expect(added.code).toBe(0);
    expect(events()).toContain("      - Neeps & Tatties, with gravy\n      - Haggis\n");
  });

  it("reads quoted meal choices as one each, commas and all", () => {
    expect(mealsOf('"Neeps & Tatties, with gravy", Salmon')).toEqual([
      "Neeps & Tatties, with gravy",
      "Salmon",
    ]);
    expect(mealsOf("Beef,  Fish ,Chicken")).toEqual(["Beef", "Fish", "Chicken"]);
    expect(mealsOf("“Surf, Turf”, 'Pie, Mash'")).toEqual(["Surf, Turf", "Pie, Mash"]);
    expect(mealsOf("")).toEqual([]);
  });

  it("offers a stated meeting as tyled with lodge.yaml's dinner, and takes 'none' for no dinner", async () => {
    const meeting = await lodgeAt(
      { cwd: sample.root, answers: ["2028-02-02", "", "", "", "", "", "", "", "", "", "", "", ""] },
      "add-event",
    );
    expect(meeting.code).toBe(0);
    expect(meeting.asked.slice(6, 10)).toEqual([
      "Masons only (tyled)? (y/n) [y]",
      "Take RSVPs? (y/n) [y]",
      "RSVPs close how many days before? [1]",
      "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; 'none' for no dinner) [15]",
    ]);
    expect(events()).toContain(
      '  rsvpExpirationDays: 1\n  tyled: true\n  earlyBirdOptions:\n    time: "18:30"\n    cost: 15\n',
    );
    const picnic = await lodgeAt(
      {
        cwd: sample.root,
        answers: ["2028-06-10", "12:00", "Family Picnic", "", "", "", "", "n", "none", ""],
      },
      "add-event",
    );
    expect(picnic.code).toBe(0);
    expect(picnic.asked.at(-2)).toBe(
      "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; 'none' for no dinner) [15]",
    );
    // At the lodge's own place, taken as offered: no copy of it, lodge.yaml's is read at each build.
    expect(events()).toContain("  name: Family Picnic\n  rsvpOptions: false\n");
    expect(events()).toMatch(
      /name: Family Picnic\n(?:.*\n)*? {2}earlyBirdOptions:\n {4}time: ""\n {4}cost: ""\n/,
    );
  });

  it("asks again after each answer it cannot use, saying what is wrong and never naming a flag", async () => {
    const { code, stderr, asked } = await lodgeAt(
      {
        cwd: sample.root,
        answers: [
          "2028-02-30",
          "tomorrow",
          "next week",
          "2028-02-09",
          "7.30pm",
          "19:00",
          "Awards Night",
          "",
          "",
          "",
          "perhaps",
          "y",
          "",
          "two",
          "2",
          "twelve",
          "12",
          "",
          "Beef, Fish, Chicken, Pasta, Salad",
          "Beef, Fish",
          "",
        ],
      },
      "add-event",
    );
    expect(code).toBe(0);
    expect(stderr).toEqual([
      '  February 2028 has 29 days, found "2028-02-30"; try again.',
      '  expected a date such as 2027-03-17, found "tomorrow"; try again.',
      '  expected a date such as 2027-03-17, found "next week"; try again.',
      '  expected a time such as 19:30 or 7:30 PM, found "7.30pm"; try again.',
      '  answer y or n, found "perhaps"; try again.',
      '  expected a whole number of days, found "two"; try again.',
      `  expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing, found "twelve"; try again.`,
      "  the RSVP form offers at most 4 meal choices, found 5; try again.",
    ]);
    expect(asked.filter((q) => q.startsWith("Date"))).toHaveLength(4);
    expect(events()).toContain("- date: 2028/02/09 19:00\n  name: Awards Night\n");
    expect(events()).toContain("  tyled: true\n");
    expect(events()).toContain("    choices:\n      - Beef\n      - Fish\n");
  });

  it("writes nothing when the input ends before the last answer, and says so (exit 1)", async () => {
    const { code, stderr } = await lodgeAt(
      { cwd: sample.root, answers: ["2028-05-01", "12:00", "Pancake Breakfast", ""] },
      "add-event",
    );
    expect(code).toBe(1);
    expect(stderr).toEqual(['No answer to "Location": the input ended. Nothing was added.']);
    expect(events()).toBe(EVENTS);
  });

  it("asks before adding an event in the past, and without a terminal wants --force", async () => {
    const flags = ["add-event", "--date", "2020-05-01", "--name", "Pancake Breakfast", "--no-rsvp"];
    const piped = await lodge(sample.root, ...flags, "--cost", "");
    expect([piped.code, ...piped.stderr]).toEqual([
      1,
      "2020/05/01 19:30 is in the past; add --force to add it anyway. Nothing was added.",
    ]);
    const declined = await lodgeAt(
      { cwd: sample.root, answers: ["", "", "", "", "", "none", ""] },
      ...flags,
    );
    expect([declined.code, ...declined.stderr]).toEqual([
      1,
      "2020/05/01 19:30 is in the past.",
      "Nothing was added.",
    ]);
    expect(declined.asked.at(-1)).toBe("Add it anyway? (y/n) [n]");
    expect(events()).toBe(EVENTS);
    const forced = await lodge(sample.root, ...flags, "--cost", "", "--force");
    expect(forced.code).toBe(0);
    expect(events()).toContain("- date: 2020/05/01 19:30\n  name: Pancake Breakfast\n");
  });

  it("touches only the lines of the event it adds, in the file's own style", async () => {
    const before = readFileSync(join(SAMPLE, "events.yaml"), "utf8");
    sample.write("events.yaml", before);
    const flags = ["--date", "2027-05-01", "--time", "12:00", "--name", "Pancake Breakfast"];
    const meals = ["--no-tyled", "--cost", "12", "--meal", "Pizza", "--meal", "Eggs"];
    expect((await lodge(sample.root, "add-event", ...flags, ...meals)).code).toBe(0);
    const after = events().split("\n");
    const lines = before.split("\n");
    const first = lines.findIndex((line, i) => line !== after[i]);
    const added = after.slice(first, first + after.length - lines.length);
    expect([...after.slice(0, first), ...after.slice(first + added.length)]).toEqual(lines);
    expect(added).toEqual([
      "- date: '2027/05/01 12:00'",
      "  name: Pancake Breakfast",
      "  rsvpOptions: true",
      "  rsvpExpirationDays: 1",
      "  tyled: false",
      "  earlyBirdOptions:",
      // An hour before a noon start, as the stated meetings' dinner is an hour before theirs.
      "    time: '11:00'",
      "    cost: 12",
      "    choices: [Pizza, Eggs]",
      "",
    ]);
  });

  it("closes dinners earlier with --meal-cutoff-days, and refuses them closing after RSVP", async () => {
    const base = ["add-event", "--date", "2028-03-01", "--name", "Table Lodge", "--rsvp-days", "3"];
    const early = await lodge(
      sample.root,
      ...base,
      "--meal-cutoff-days",
      "7",
      "--cost",
      "25",
      "--dry-run",
    );
    expect(early.code).toBe(0);
    expect(early.stdout).toContain("  rsvpExpirationDays: 3");
    expect(early.stdout).toContain("  mealCutoffDays: 7");
    const late = await lodge(sample.root, ...base, "--meal-cutoff-days", "1");
    expect(late.code).toBe(2);
    expect(late.stderr).toEqual([
      "--meal-cutoff-days: dinner orders must close no later than RSVP, which closes 3 days before: expected 3 or more, found 1",
      "Nothing was added.",
    ]);
    expect(events()).toBe(EVENTS);
  });

  it("prints the YAML with --dry-run and changes nothing", async () => {
    const { code, stdout } = await lodge(
      sample.root,
      "add-event",
      "--date",
      "2028-03-01",
      "--name",
      "Special Meeting",
      "--no-rsvp",
      "--dry-run",
    );
    expect(code).toBe(0);
    expect(stdout[0]).toBe("- date: 2028/03/01 19:30");
    expect(stdout).toContain("  rsvpOptions: false");
    expect(stdout.at(-1)).toBe("(dry run: events.yaml was not changed)");
    expect(events()).toBe(EVENTS);
  });

  it("refuses a duplicate unless --force, and bad values naming the flag", async () => {
    const twice = await lodge(
      sample.root,
      "add-event",
      "--date",
      "2028-01-05",
      "--name",
      "stated meeting",
    );
    expect(twice.code).toBe(1);
    expect(twice.stderr).toEqual([
      "events.yaml already has Stated Meeting on 2028/01/05 (id 2028-01-05-stated-meeting); add --force to add it anyway. Nothing was added.",
    ]);
    const bad = await lodge(
      sample.root,
      "add-event",
      "--date",
      "2028-02-30",
      "--name",
      "Awards Night",
      "--cost",
      "twelve",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual([
      `--date/--time: February 2028 has 29 days, found "2028-02-30 19:30"`,
      `--cost: expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing, found "twelve"`,
      "Nothing was added.",
    ]);
    const noName = await lodge(sample.root, "add-event", "--date", "2028-02-02");
    expect(noName.code).toBe(2);
    expect(noName.stderr).toEqual(["give --name (there is no terminal to ask on)"]);
    expect(events()).toBe(EVENTS);
  });

  it("adds to events.json when the lodge keeps its events in JSON, never to a second events.yaml", async () => {
    rmSync(join(sample.data, "events.yaml"));
    const stated = { date: "2028/01/05 19:30", name: "Stated Meeting" };
    sample.write("events.json", `${JSON.stringify([stated], null, 2)}\n`);
    const flags = ["--date", "2027-12-01", "--name", "Table Lodge", "--no-rsvp"];
    const added = await lodge(sample.root, "add-event", ...flags);
    expect([added.code, ...added.stdout]).toEqual([
      0,
      "Added 2027/12/01 19:30 Table Lodge (id 2027-12-01-table-lodge) to data/events.json. Run lodge build to show it on the site.",
    ]);
    expect(existsSync(join(sample.data, "events.yaml"))).toBe(false);
    const written = JSON.parse(readFileSync(join(sample.data, "events.json"), "utf8"));
    expect(written.map((e: { date: string; name: string }) => [e.date, e.name])).toEqual([
      ["2027/12/01 19:30", "Table Lodge"],
      ["2028/01/05 19:30", "Stated Meeting"],
    ]);
    expect(written[0]).toMatchObject({ rsvpOptions: false });
    expect(written[0]).not.toHaveProperty("location");

    // The file's own indentation stays: four spaces here.
    sample.write("events.json", `${JSON.stringify([stated], null, 4)}\n`);
    expect((await lodge(sample.root, "add-event", ...flags)).code).toBe(0);
    expect(readFileSync(join(sample.data, "events.json"), "utf8")).toMatch(
      /^\[\n {4}\{\n {8}"date": "2027\/12\/01 19:30",\n/,
    );
    const validate = await lodge(sample.root, "validate");
    expect(validate.code).toBe(0);
    expect(validate.stdout.at(-1)).toMatch(/^data: 2 events, /);
  });
});

const START = [
  { after: "Date (YYYY-MM-DD): ", keys: "2098-05-01\r" },
  { after: "Start time (HH:mm, 24-hour) [19:30]: ", keys: "12:00\r" },
];

// Each test starts lodge in a process of its own, which takes a few seconds on a loaded machine.
describe("lodge add-event on a terminal", { timeout: 30_000 }, () => {
  it("writes nothing when Ctrl-C stops it mid-answer, says so and exits 130", async () => {
    const { code, screen } = await onTerminal(
      sample.root,
      ["add-event"],
      [
        ...START,
        { after: "Name [Stated Meeting]: ", keys: "Pancake Bre" },
        { after: "Pancake Bre", keys: "\x03" },
      ],
    );
    expect(screen).toBe(
      "Date (YYYY-MM-DD): 2098-05-01\nStart time (HH:mm, 24-hour) [19:30]: 12:00\nName [Stated Meeting]: Pancake Bre^C\nStopped with Ctrl-C. Nothing was added.\n",
    );
    expect(code).toBe(130);
    expect(events()).toBe(EVENTS);
  });

  it("writes nothing when the input ends (Ctrl-D) before the last answer, says so and exits 1", async () => {
    const { code, screen } = await onTerminal(
      sample.root,
      ["add-event"],
      [...START, { after: "Name [Stated Meeting]: ", keys: "\x04" }],
    );
    expect(screen.split("\n").slice(-2)).toEqual([
      'No answer to "Name": the input ended. Nothing was added.',
      "",
    ]);
    expect(code).toBe(1);
    expect(events()).toBe(EVENTS);
  });

  it("adds a tyled dinner with two meals from the answers typed", async () => {
    const enter = (after: string, keys = "") => ({ after, keys: `${keys}\r` });
    const { code, screen } = await onTerminal(
      sample.root,
      ["add-event"],
      [
        enter("Date (YYYY-MM-DD): ", "2098-03-15"),
        enter("[19:30]: "),
        enter("Name [Stated Meeting]: ", "Table Lodge"),
        enter("Description: ", "A festive board after the degree."),
        enter("[Lyndhurst Masonic Center]: "),
        enter("OH 44124]: "),
        enter("Masons only (tyled)? (y/n) [n]: ", "y"),
        enter("Take RSVPs? (y/n) [y]: "),
        enter("RSVPs close how many days before? [1]: ", "3"),
        enter("for no dinner) [15]: ", "25"),
        enter("Dinner time [18:30]: "),
        enter("(empty for none): ", '"Neeps & Tatties, with gravy", Salmon'),
        enter("Add it? (y/n) [y]: "),
      ],
    );
    expect(code).toBe(0);
    expect(screen.split("\n").at(-2)).toBe(
      "Added 2098/03/15 19:30 Table Lodge (id 2098-03-15-table-lodge) to data/events.yaml. Run lodge build to show it on the site.",
    );
    expect(events()).toContain(
      '  tyled: true\n  earlyBirdOptions:\n    time: "18:30"\n    cost: 25\n    choices:\n      - Neeps & Tatties, with gravy\n      - Salmon\n',
    );
    // The event as it will be written, shown before the question.
    expect(screen).toContain("events.yaml gets:\n- date: 2098/03/15 19:30\n  name: Table Lodge\n");
  });
});
