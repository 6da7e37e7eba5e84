import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { lodge, sampleCopy } from "../../test/cli-harness.ts";

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
      (await lodge(sample.root, "edit-event", "2028-01-19-stated-meeting", "--cancel", "--full"))
        .code,
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
      'no event has the id "2028-01-12-stated-meeting"; events of that month: 2028-01-05-stated-meeting, 2028-01-19-stated-meeting',
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

  it("changes an event of events.json as of events.yaml, writing JSON", async () => {
    rmSync(join(sample.data, "events.yaml"));
    const events = [
      { date: "2028/01/05 19:30", name: "Stated Meeting" },
      { date: "2028/01/19 19:30", name: "Stated Meeting", rsvpOptions: true },
    ];
    sample.write("events.json", JSON.stringify(events, null, 2));
    const flags = ["--postpone", "2028-01-26", "--cancel"];
    const edited = await lodge(sample.root, "edit-event", "2028-01-05-stated-meeting", ...flags);
    expect([edited.code, ...edited.stdout]).toEqual([
      0,
      "Stated Meeting (2028-01-05-stated-meeting) postponed from 2028/01/05 19:30 to 2028/01/26 19:30; cancelled: the site says so and RSVP is closed. Run lodge build to show it on the site.",
    ]);
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
});
