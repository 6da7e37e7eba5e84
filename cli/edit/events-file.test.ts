import { describe, expect, it } from "vitest";
import { insertEvents } from "./events-file.ts";

const FILE = `# Events of the lodge.
- date: 2027/01/06 19:30
  name: Stated Meeting # first of the year

- date: 2027-02-03 19:30
  name: Stated Meeting
`;

describe("insertEvents", () => {
  it("puts events in date order and keeps comments and blank lines", () => {
    const text = insertEvents(FILE, [
      {
        date: "2027/03/03 19:30",
        name: "Awards Night",
        earlyBirdOptions: { cost: "12", choices: ["Chicken", "Fish"] },
      },
      { date: "2027/01/20 19:30", name: "Stated Meeting" },
    ]);
    expect(text).toBe(`# Events of the lodge.
- date: 2027/01/06 19:30
  name: Stated Meeting # first of the year

- date: 2027/01/20 19:30
  name: Stated Meeting

- date: 2027-02-03 19:30
  name: Stated Meeting

- date: 2027/03/03 19:30
  name: Awards Night
  earlyBirdOptions:
    cost: "12"
    choices:
      - Chicken
      - Fish
`);
  });

  it("writes the events of a file holding only '[]' (as lodge init leaves it) one field a line", () => {
    const text = insertEvents("# Events of the lodge.\n[]\n", [
      { date: "2027/01/06 19:30", name: "Stated Meeting", earlyBirdOptions: { choices: [] } },
    ]);
    expect(text).toBe(
      "# Events of the lodge.\n- date: 2027/01/06 19:30\n  name: Stated Meeting\n  earlyBirdOptions:\n    choices: []\n",
    );
  });

  it("starts a list in an empty file", () => {
    expect(insertEvents("", [{ date: "2027/01/06 19:30", name: "Stated Meeting" }])).toBe(
      "- date: 2027/01/06 19:30\n  name: Stated Meeting\n",
    );
  });
});
