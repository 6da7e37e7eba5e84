/**
 * The commands a guide in docs/ shows, as its ```console blocks hold them: each line starting
 * with '$ ' is a command, the lines after it what it prints. A line '...' stands for any lines,
 * and '...' inside a line for any text (a duration, a count that depends on the machine).
 * A comment `<!-- before: NAME -->` just above a block names what the test sets up first. A block
 * may be indented, as in a numbered step: its lines are read without the fence's indent.
 */

export type Step = {
  command: string;
  expected: string[];
  /** The line of the command in the guide, 1-based. */
  line: number;
};

export type Block = { steps: Step[]; before: string | undefined; line: number };

export function consoleBlocks(markdown: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  let block: Block | undefined;
  let fence = false;
  let indent = "";
  let before: string | undefined;
  lines.forEach((line, index) => {
    const opening = fence ? undefined : /^( *)```/.exec(line);
    if (opening) indent = opening[1] ?? "";
    const text = line.startsWith(indent) ? line.slice(indent.length) : line;
    if (text.startsWith("```")) {
      if (!fence && /^```console\s*$/.test(text)) block = { steps: [], before, line: index + 1 };
      if (fence && block) blocks.push(block);
      if (fence) block = undefined;
      fence = !fence;
      before = undefined;
      return;
    }
    if (!fence) {
      const named = /^<!-- before: (.+?) -->$/.exec(text.trim());
      if (named) before = named[1];
      else if (text.trim() !== "") before = undefined;
      return;
    }
    if (!block) return;
    if (text.startsWith("$ ")) {
      block.steps.push({ command: text.slice(2), expected: [], line: index + 1 });
    } else block.steps.at(-1)?.expected.push(text);
  });
  return blocks;
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Whether one printed line is the one shown, '...' in it standing for any text. */
function lineMatches(shown: string, printed: string): boolean {
  if (!shown.includes("...")) return shown === printed;
  return new RegExp(`^${shown.split("...").map(literal).join(".*")}$`).test(printed);
}

/** Whether what a command printed is what the guide shows, a line '...' for any lines. */
export function outputMatches(shown: readonly string[], printed: readonly string[]): boolean {
  const [first, ...rest] = shown;
  if (first === undefined) return printed.length === 0;
  if (first === "...") {
    for (let skip = 0; skip <= printed.length; skip++) {
      if (outputMatches(rest, printed.slice(skip))) return true;
    }
    return false;
  }
  const [line, ...after] = printed;
  return line !== undefined && lineMatches(first, line) && outputMatches(rest, after);
}

/**
 * A command line split into words as a shell splits it: quotes group, a backslash at the end
 * of a line continues it. Returns the words and the file of a '> FILE' at the end, if any.
 */
export function shellWords(command: string): { words: string[]; into: string | undefined } {
  const words: string[] = [];
  let word = "";
  let quote: string | undefined;
  let started = false;
  for (const char of command) {
    if (quote) {
      if (char === quote) quote = undefined;
      else word += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      started = true;
    } else if (/\s/.test(char)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += char;
      started = true;
    }
  }
  if (started) words.push(word);
  const at = words.indexOf(">");
  if (at === -1) return { words, into: undefined };
  return { words: words.slice(0, at), into: words[at + 1] };
}
