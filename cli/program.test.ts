import { readFileSync } from "node:fs";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { lodge } from "../test/cli-harness.ts";
import { createProgram } from "./program.ts";

const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const program = createProgram({ cwd: ".", generatedDir: ".", exitCode: 0, out() {}, err() {} });

/** Every command and subcommand, as the words that call it: ['import', 'legacy']. */
function paths(command: Command, above: string[] = []): string[][] {
  return command.commands.flatMap((sub) => {
    const path = [...above, sub.name()];
    return [path, ...paths(sub, path)];
  });
}

describe("lodge --help", () => {
  it("ends with examples at every level, lodge itself and each command and subcommand", async () => {
    const levels = [[], ...paths(program)];
    expect(levels).toContainEqual(["import", "legacy"]);
    for (const words of levels) {
      const { code, stdout } = await lodge(".", ...words, "--help");
      expect([words.join(" "), code]).toEqual([words.join(" "), 0]);
      expect(stdout.join("\n"), `lodge ${words.join(" ")} --help`).toMatch(
        /\nExamples?:\n {2}lodge \S/,
      );
    }
  });

  it("names in the README's command table every command it has, and no other", () => {
    const table = [...README.matchAll(/^\| `lodge ([a-z-]+)/gm)].map((m) => m[1]);
    const commands = program.commands.map((command) => command.name());
    expect(new Set(table)).toEqual(new Set(commands));
  });
});
