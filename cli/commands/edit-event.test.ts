import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, lodgeAt, SAMPLE, sampleCopy } from "../../test/support/cli-harness.ts";

let sample: ReturnType<typeof sampleCopy>;
const EVENTS = `# Events.
- date: 2028/01/05 19:30
  name: Stated Meeting # the first

- date: 2028/01/19 19:30
  name: Stated Meeting
  rsvpOptions: true
`;
beforeEach(() => {
  sample = sampleCopy();
  sample.write("events.yaml", EVENTS);
});
afterEach(() => sample.cleanup());

const events = () => readFileSync(join(sample.data, "events.yaml"), "utf8");

describe("lodge edit-event", () => {
  it("postpones an event, keeping its id and date order, and remembers the first date", async () => {
    const { code, stdout } = await lodge(
      sample.root,
      "edit-event",
      "2028-01-05-stated-meeting",
      "--postpone",
      "2028-01-26",
    );
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "Stated Meeting (2028-01-05-stated-meeting) postponed from 2028/01/05 19:30 to 2028/01/26 19:30. Run lodge build to show it on the site.",
    ]);
    expect(events()).toBe(`# Events.
- date: 2028/01/19 19:30
  name: Stated Meeting
  rsvpOptions: true

- date: 2028/01/26 19:30
  name: Stated Meeting # the first
  id: 2028-01-05-stated-meeting
  postponedFrom: 2028/01/05 19:30
`);
    const again = await lodge(
      sample.root,
      "edit-event",
      "2028-01-05-stated-meeting",
      "--postpone",
      "2028/2/2",
      "--time",
      "6:00 PM",
    );
    expect(again.code).toBe(0);
    expect(events()).toContain(
      "- date: 2028/02/02 18:00\n  name: Stated Meeting # the first\n  id: 2028-01-05-stated-meeting\n  postponedFrom: 2028/01/05 19:30\n",
    );
  });

  it("cancels, marks full and reopens as fields the site reads", async () => {
    expect(
      (await lodge(sample.root, "edit-event", "2028-01-19-stated-meeting", "--cancel")).code,
    ).toBe(0);
    expect(
      (await lodge(sample.root, "edit-event", "2028-01-19-stated-meeting", "--full")).code,
    ).toBe(0);
    expect(events()).toContain("  rsvpOptions: true\n  cancelled: true\n  full: true\n");
    const reopened = await lodge(
      sample.root,
      "edit-event",
      "2028-01-19-stated-meeting",
      "--reopen",
    );
    expect(reopened.stdout).toEqual([
      "Stated Meeting (2028-01-19-stated-meeting) reopened: RSVP follows its usual dates again. Run lodge build to show it on the site.",
    ]);
    expect(events()).toBe(EVENTS);
  });

  it("refuses an unknown id, a missing change and a bad date, changing nothing", async () => {
    const unknown = await lodge(sample.root, "edit-event", "2028-01-12-stated-meeting", "--cancel");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toEqual([
      'no event has the id "2028-01-12-stated-meeting"; did you mean one of these?',
      // The id one letter away first.
      "  2028/01/19 19:30 Stated Meeting (id 2028-01-19-stated-meeting)",
      "  2028/01/05 19:30 Stated Meeting (id 2028-01-05-stated-meeting)",
    ]);
    const nothing = await lodge(sample.root, "edit-event", "2028-01-19-stated-meeting");
    expect(nothing.code).toBe(2);
    expect(nothing.stderr).toEqual([
      "--postpone: say what to change: --postpone DATE, --cancel, --full or --reopen",
    ]);
    const bad = await lodge(
      sample.root,
      "edit-event",
      "2028-01-19-stated-meeting",
      "--postpone",
      "2028-02-31",
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual([
      `--postpone: February 2028 has 29 days, found "2028-02-31 19:30"`,
      "Nothing was changed.",
    ]);
    expect(events()).toBe(EVENTS);
  });

  it("changes only the lines of the event it edits, in the file's own style", async () => {
    const before = readFileSync(join(SAMPLE, "events.yaml"), "utf8");
    sample.write("events.yaml", before);
    const edited = await lodge(sample.root, "edit-event", "2027-12-15", "--full");
    expect(edited.code).toBe(0);
    const lines = before.split("\n");
    const after = events().split("\n");
    const at = lines.indexOf("- date: '2027/12/15 19:30'");
    const end = lines.indexOf("", at);
    expect(after.slice(0, end)).toEqual(lines.slice(0, end));
    expect(after.slice(end + 1)).toEqual(lines.slice(end));
    expect(after[end]).toBe("  full: true");
    const postponed = await lodge(
      sample.root,
      "edit-event",
      "2027-12-15",
      "--postpone",
      "2027-12-22",
    );
    expect(postponed.code).toBe(0);
    expect(
      events()
        .split("\n")
        .slice(end - 1, end + 4),
    ).toEqual([
      lines[end - 1],
      "  full: true",
      "  id: 2027-12-15-stated-meeting",
      "  postponedFrom: 2027/12/15 19:30",
      "",
    ]);
    expect(events()).toContain("- date: '2027/12/22 19:30'\n");
  });

  it("changes an event of events.json as of events.yaml, writing JSON", async () => {
    rmSync(join(sample.data, "events.yaml"));
    const events = [
      { date: "2028/01/05 19:30", name: "Stated Meeting" },
      { date: "2028/01/19 19:30", name: "Stated Meeting", rsvpOptions: true },
    ];
    sample.write("events.json", JSON.stringify(events, null, 2));
    const edited = await lodge(sample.root, "edit-event", "2028-01-05", "--postpone", "2028-01-26");
    expect([edited.code, ...edited.stdout]).toEqual([
      0,
      "Stated Meeting (2028-01-05-stated-meeting) postponed from 2028/01/05 19:30 to 2028/01/26 19:30. Run lodge build to show it on the site.",
    ]);
    expect((await lodge(sample.root, "edit-event", "2028-01-26", "--cancel")).code).toBe(0);
    expect(JSON.parse(readFileSync(join(sample.data, "events.json"), "utf8"))).toEqual([
      events[1],
      {
        date: "2028/01/26 19:30",
        name: "Stated Meeting",
        id: "2028-01-05-stated-meeting",
        postponedFrom: "2028/01/05 19:30",
        cancelled: true,
      },
    ]);
    expect((await lodge(sample.root, "validate")).code).toBe(0);
  });

  it("finds an event by its date, or its date and part of its name, and lists the candidates otherwise", async () => {
    sample.write(
      "events.yaml",
      `${EVENTS}
- date: 2028/01/19 12:00
  name: Table Lodge Lunch

- date: 2028/01/22 18:00
  name: Spring Gala
  id: gala
`,
    );
    const byDayAndName = await lodge(sample.root, "edit-event", "2028-01-19", "table", "--full");
    expect(byDayAndName.stdout).toEqual([
      "Table Lodge Lunch (2028-01-19-table-lodge-lunch) full: RSVP is closed. Run lodge build to show it on the site.",
    ]);
    const twoThatDay = await lodge(sample.root, "edit-event", "2028/1/19", "--cancel");
    expect([twoThatDay.code, ...twoThatDay.stderr]).toEqual([
      2,
      "2 events are on 2028/01/19; add part of the name, or give the id:",
      "  2028/01/19 12:00 Table Lodge Lunch (id 2028-01-19-table-lodge-lunch)",
      "  2028/01/19 19:30 Stated Meeting (id 2028-01-19-stated-meeting)",
    ]);
    const noneThatDay = await lodge(sample.root, "edit-event", "2028-01-20", "--cancel");
    expect(noneThatDay.stderr[0]).toBe("no event on 2028/01/20; the events in 2028/01:");
    expect(noneThatDay.stderr).toContain("  2028/01/22 18:00 Spring Gala (id gala)");
    const mistyped = await lodge(sample.root, "edit-event", "2028-01-22-spring-gala", "--cancel");
    expect(mistyped.stderr).toContain("  2028/01/22 18:00 Spring Gala (id gala)");
    const byName = await lodge(sample.root, "edit-event", "Gala", "--cancel");
    expect(byName.stderr).toEqual([
      'no event has the id "Gala"; did you mean one of these?',
      "  2028/01/22 18:00 Spring Gala (id gala)",
    ]);
    expect((await lodge(sample.root, "edit-event", "2028-01-22", "--cancel")).code).toBe(0);
    expect(events()).toContain("  id: gala\n  cancelled: true\n");
  });

  it("refuses changes that do not go together, before reading the events", async () => {
    const both = await lodge(
      sample.root,
      "edit-event",
      "2028-01-05",
      "--postpone",
      "2028-01-12",
      "--cancel",
    );
    expect([both.code, ...both.stderr]).toEqual([
      2,
      "--cancel: --postpone and --cancel do not go together; make one change at a time",
    ]);
    const reopenFull = await lodge(sample.root, "edit-event", "2028-01-05", "--full", "--reopen");
    expect(reopenFull.stderr).toEqual([
      "--reopen: --full and --reopen do not go together; make one change at a time",
    ]);
    const time = await lodge(
      sample.root,
      "edit-event",
      "2028-01-05",
      "--cancel",
      "--time",
      "18:00",
    );
    expect(time.stderr).toEqual([
      "--time: --time goes with --postpone DATE: the new day's start time",
    ]);
    expect(events()).toBe(EVENTS);
  });

  it("postpones onto a day that has another event only when confirmed, or with --force", async () => {
    const flags = ["edit-event", "2028-01-05", "--postpone", "2028-01-19"];
    const piped = await lodge(sample.root, ...flags);
    expect([piped.code, ...piped.stderr]).toEqual([
      1,
      "Stated Meeting (id 2028-01-19-stated-meeting) is on 2028/01/19 already; add --force to postpone it anyway. Nothing was changed.",
    ]);
    const declined = await lodgeAt({ cwd: sample.root, answers: [""] }, ...flags);
    expect([declined.code, ...declined.stderr]).toEqual([
      1,
      "Stated Meeting (id 2028-01-19-stated-meeting) is on 2028/01/19 already.",
      "Nothing was changed.",
    ]);
    expect(declined.asked).toEqual(["Postpone onto that day all the same? (y/n) [n]"]);
    expect(events()).toBe(EVENTS);
    const forced = await lodge(sample.root, ...flags, "--force", "--dry-run");
    expect(forced.stdout[0]).toMatch(
      /^Would mark Stated Meeting \(2028-01-05-stated-meeting\) postponed/,
    );
    expect(events()).toBe(EVENTS);
    const confirmed = await lodgeAt({ cwd: sample.root, answers: ["y"] }, ...flags);
    expect(confirmed.code).toBe(0);
    expect(events()).toContain("postponedFrom: 2028/01/05 19:30");
  });
});
