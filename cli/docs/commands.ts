import type { EventEmitter } from "node:events";
import type { Command, Help } from "commander";
import { commandsOf } from "../guides.ts";
import { createProgram } from "../program.ts";
import { anchorOf, code, fence, inline, sentence, table } from "./markdown.ts";

/** The text a command's --help shows after its options: notes, examples, the guide's section. */
export function helpAfter(command: Command): string {
  let text = "";
  const context = { error: false, command, write: (part: string) => (text += part) };
  // addHelpText keeps its text as a listener of the command's 'afterHelp' event.
  const emitter = command as unknown as EventEmitter;
  for (const listener of emitter.listeners("afterHelp")) listener(context);
  return text;
}

/** The parts of what follows a command's options, as a person reads them. */
export type HelpEnd = {
  /** Paragraphs (and indented lines such as YAML) that say what to know. */
  notes: string[][];
  /** The example command lines, without their indent. */
  examples: string[];
  /** The guide's section that teaches it, a path in docs/, when it has one. */
  guide: string | undefined;
};

/**
 * Splits the end of a --help into notes, examples and guide: blocks apart by empty lines, the
 * block headed 'Example:' or 'Examples:' holding the examples, and a last line 'Guide: PATH'.
 */
export function helpEnd(after: string): HelpEnd {
  const blocks = after
    .trim()
    .split(/\n\s*\n/)
    .map((block) => block.split("\n"));
  const end: HelpEnd = { notes: [], examples: [], guide: undefined };
  for (const block of blocks) {
    const [first = "", ...rest] = block;
    const guide = /^Guides?: (.+)$/.exec(first);
    if (guide && rest.length === 0) end.guide = guide[1];
    else if (/^Examples?:$/.test(first)) end.examples.push(...rest.map((line) => line.slice(2)));
    else end.notes.push(block);
  }
  return end;
}

/** A block of notes: its lines as a paragraph, its indented lines (YAML, a list) as code. */
function noteMarkdown(block: string[]): string {
  const prose = block.filter((line) => !line.startsWith("  "));
  const indented = block.filter((line) => line.startsWith("  "));
  const parts = [];
  if (prose.length > 0) parts.push(inline(prose.join(" ")));
  if (indented.length > 0) {
    const depth = Math.min(...indented.map((line) => /^ */.exec(line)?.[0].length ?? 0));
    parts.push(fence("text", indented.map((line) => line.slice(depth)).join("\n")));
  }
  return parts.join("\n\n");
}

/** A guide's section (docs/secretary.md#x) as a link from docs/commands.md. */
const guideLink = (path: string) => {
  const target = path.replace(/^docs\//, "");
  return `Guide: [${target}](${target})`;
};

function commandSection(words: string, command: Command, help: Help): string {
  const args = help.visibleArguments(command);
  const options = help.visibleOptions(command);
  // Not commander's own 'help' command, which every command with subcommands has.
  const subs = command.commands;
  const end = helpEnd(helpAfter(command));
  const parts = [
    `## lodge ${words}`,
    inline(sentence(help.commandDescription(command))),
    fence("text", help.commandUsage(command)),
  ];
  if (args.length > 0) {
    parts.push(
      table(
        ["argument", "what it is"],
        args.map((arg) => [code(help.argumentTerm(arg)), inline(help.argumentDescription(arg))]),
      ),
    );
  }
  parts.push(
    table(
      ["option", "what it does"],
      options.map((option) => [
        code(help.optionTerm(option)),
        inline(help.optionDescription(option)),
      ]),
    ),
  );
  if (subs.length > 0) {
    parts.push(
      subs
        .map(
          (sub) =>
            `- [lodge ${words} ${sub.name()}](#${anchorOf(`lodge ${words} ${sub.name()}`)}): ${inline(sub.description())}`,
        )
        .join("\n"),
    );
  }
  parts.push(...end.notes.map(noteMarkdown));
  if (end.examples.length > 0) parts.push(fence("sh", end.examples.join("\n")));
  if (end.guide) parts.push(guideLink(end.guide));
  return parts.join("\n\n");
}

/** A program made only to be read: its commands print nowhere and do nothing. */
export function readableProgram(): Command {
  return createProgram({ cwd: ".", exitCode: 0, out() {}, err() {} });
}

/** docs/commands.md: every command and subcommand of `lodge`, as --help tells it. */
export function commandsReference(program: Command = readableProgram()): string {
  const help = program.createHelp();
  const commands = commandsOf(program);
  const end = helpEnd(helpAfter(program));
  return `${[
    "# Commands",
    "<!-- Made by `npm run docs` from the commands' definitions (cli/commands/, cli/docs/commands.ts): edit those, not this file. -->",
    `${inline(sentence(program.description()))} Run a command as \`npx lodge <command>\` (or \`npm run lodge -- <command>\`) in the project's folder; each one's \`--help\` says what this page says of it.`,
    ...end.notes.map(noteMarkdown),
    fence("sh", end.examples.join("\n")),
    commands
      .map(
        ([words, command]) =>
          `${"  ".repeat(words.split(" ").length - 1)}- [lodge ${words}](#${anchorOf(`lodge ${words}`)}): ${inline(command.description())}`,
      )
      .join("\n"),
    ...commands.map(([words, command]) => commandSection(words, command, help)),
  ].join("\n\n")}\n`;
}
