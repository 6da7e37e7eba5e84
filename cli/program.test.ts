import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { lodge } from "../test/support/cli-harness.ts";
import { helpAfter, helpEnd } from "./docs/commands.ts";
import { anchorsOf } from "./docs/markdown.ts";
import { commandsOf, GUIDE_SECTIONS } from "./guides.ts";
import { createProgram } from "./program.ts";

const program = createProgram({ cwd: ".", generatedDir: ".", exitCode: 0, out() {}, err() {} });
const commands = commandsOf(program);
const root = new URL("../", import.meta.url);

describe("lodge --help", () => {
  it("ends with examples at every level, lodge itself and each command and subcommand, then the guide's section", async () => {
    expect(commands.map(([words]) => words)).toContain("import legacy");
    for (const words of ["", ...commands.map(([w]) => w)]) {
      const argv = words ? words.split(" ") : [];
      const { code, stdout } = await lodge(".", ...argv, "--help");
      const shown = `lodge ${words} --help`;
      expect([shown, code]).toEqual([shown, 0]);
      const blocks = stdout.join("\n").trim().split("\n\n");
      const guide = /^Guides?: /.test(blocks.at(-1) ?? "") ? blocks.pop() : undefined;
      // The last block is the examples: a heading, then command lines to copy.
      expect(blocks.at(-1), shown).toMatch(/^Examples?:\n {2}lodge \S/);
      const section = words ? GUIDE_SECTIONS[words] : undefined;
      if (words) expect(guide, shown).toBe(section ? `Guide: ${section}` : undefined);
    }
  });

  it("points every command that has a guide's section to a heading of that guide", () => {
    for (const [words, section] of Object.entries(GUIDE_SECTIONS)) {
      expect(
        commands.map(([w]) => w),
        `GUIDE_SECTIONS names '${words}'`,
      ).toContain(words);
      const [file = "", anchor = ""] = section.split("#");
      const path = new URL(file, root);
      expect(existsSync(path), `${words}: ${file}`).toBe(true);
      expect([...anchorsOf(readFileSync(path, "utf8"))], `${words}: ${section}`).toContain(anchor);
    }
  });

  it("reads each command's examples and guide out of its help as docs/commands.md shows them", () => {
    const rsvps = commands.find(([words]) => words === "rsvps cancel")?.[1];
    if (!rsvps) throw new Error("no lodge rsvps cancel");
    expect(helpEnd(helpAfter(rsvps))).toEqual({
      notes: [
        [
          "The database and the data folder are those of lodge rsvps (--db, --data). Works while",
          "lodge serve runs; the notice goes out with its mail.",
        ],
      ],
      examples: [
        "lodge rsvps cancel 12 --dry-run",
        "lodge rsvps --db /srv/lodge/var/lodge.db cancel 12",
      ],
      guide: "docs/secretary.md#change-or-cancel-an-rsvp",
    });
  });
});
