import { describe, expect, it } from "vitest";
import { consoleBlocks, outputMatches, shellWords } from "./support/guide-blocks.ts";

describe("a guide's console blocks, as the guides test reads them", () => {
  it("takes each '$ ' line as a command and the lines after it as its output, in blocks indented in a step too", () => {
    const guide = [
      "Text, then a block:",
      "",
      "```console",
      "$ npx lodge validate",
      "data: 1 event; no errors, 0 warnings.",
      "```",
      "",
      "1. A step:",
      "",
      "   <!-- before: the old site -->",
      "   ```console",
      "   $ npx lodge init lodge",
      "   Started it.",
      "     lodge serve --data lodge",
      "   $ ls",
      "   ```",
      "",
      "```sh",
      "$ not run",
      "```",
    ].join("\n");
    expect(consoleBlocks(guide)).toEqual([
      {
        line: 3,
        before: undefined,
        steps: [
          {
            command: "npx lodge validate",
            expected: ["data: 1 event; no errors, 0 warnings."],
            line: 4,
          },
        ],
      },
      {
        line: 11,
        before: "the old site",
        steps: [
          {
            command: "npx lodge init lodge",
            expected: ["Started it.", "  lodge serve --data lodge"],
            line: 12,
          },
          { command: "ls", expected: [], line: 15 },
        ],
      },
    ]);
  });

  it("reads '...' as any lines, or inside a line as any text, and nothing else loosely", () => {
    const printed = ["Pictures: 3 made (0.2 MB).", "a", "b", "Built 20 pages (9.8 s)."];
    expect(
      outputMatches(["Pictures: ... made (... MB).", "...", "Built 20 pages (... s)."], printed),
    ).toBe(true);
    expect(outputMatches(["...", "Built 21 pages (... s)."], printed)).toBe(false);
    expect(outputMatches(["Pictures: 3 made (0.2 MB)."], printed)).toBe(false);
    expect(outputMatches([], [])).toBe(true);
  });

  it("splits a command line into words as a shell does, with its '> FILE'", () => {
    expect(
      shellWords(`npx lodge rsvps --event "2026-12-19 table" --format csv > rsvps.csv`),
    ).toEqual({
      words: ["npx", "lodge", "rsvps", "--event", "2026-12-19 table", "--format", "csv"],
      into: "rsvps.csv",
    });
    expect(shellWords("lodge init my-lodge --name 'Oak Grove Lodge No. 77'").words).toEqual([
      "lodge",
      "init",
      "my-lodge",
      "--name",
      "Oak Grove Lodge No. 77",
    ]);
  });
});
