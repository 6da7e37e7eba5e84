import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, lodgeAt, sampleCopy } from "../../test/cli-harness.ts";

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
  location: Lyndhurst Masonic Center
  address: 5025 Linden Crest Road, Lyndhurst, OH 44124
  addressLink: https://maps.google.com/?q=5025+Linden+Crest+Road,+Lyndhurst,+OH+44124
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
          "12",
          "Chicken, Fish",
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
      "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; empty for no dinner)",
      "Meal choices, separated by commas (empty for none)",
    ]);
    expect(events()).toContain(
      "- date: 2028/02/09 19:30\n  name: Awards Night\n  description: Annual awards.\n",
    );
    expect(events()).toContain("    cost: 12\n    choices:\n      - Chicken\n      - Fish\n");
  });

  it("asks again after an answer it cannot use, saying what is wrong, and gives up after three", async () => {
    const { code, stderr, asked } = await lodgeAt(
      {
        cwd: sample.root,
        answers: [
          "2028-02-30",
          "2028-02-09",
          "7.30pm",
          "19:00",
          "Awards Night",
          "",
          "",
          "",
          "twelve",
          "12",
          "",
        ],
      },
      "add-event",
    );
    expect(code).toBe(0);
    expect(stderr).toEqual([
      '  February 2028 has 29 days, found "2028-02-30"; try again.',
      '  expected a time such as 19:30 or 7:30 PM, found "7.30pm"; try again.',
      `  expected a dollar amount such as 12, a range such as 15 - 20, 'No Charge', or nothing, found "twelve"; try again.`,
    ]);
    expect(asked.filter((q) => q.startsWith("Date"))).toHaveLength(2);
    expect(events()).toContain("- date: 2028/02/09 19:00\n  name: Awards Night\n");

    const before = events();
    const given = await lodgeAt(
      { cwd: sample.root, answers: ["tomorrow", "next week", "soon"] },
      "add-event",
    );
    expect(given.code).toBe(2);
    expect(given.stderr.at(-1)).toBe(
      'Date (YYYY-MM-DD): expected a date such as 2027-03-17, found "soon". Nothing was added.',
    );
    expect(events()).toBe(before);
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
    expect(written[0]).toMatchObject({ rsvpOptions: false, location: "Lyndhurst Masonic Center" });
    const validate = await lodge(sample.root, "validate");
    expect(validate.code).toBe(0);
    expect(validate.stdout.at(-1)).toMatch(/^data: 2 events, /);
  });
});
