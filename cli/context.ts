import { relative } from "node:path";
import { z } from "zod";
import { GENERATED_DIR } from "./emit/emit-modules.ts";
import { type Output, UserError } from "./errors.ts";

/** What a command needs from the world, so tests can run commands in-process. */
export interface Context extends Output {
  cwd: string;
  /** Where `lodge build` writes the data modules the site imports. */
  generatedDir: string;
  /** Set by a command that finished but failed a check. */
  exitCode: number;
  /** Asks the person at the terminal; absent when nobody is there (a pipe, CI, a test). */
  ask?: (question: string, fallback: string) => Promise<string>;
  /** Releases the terminal once the command is done. */
  close?: () => void;
  /** Rewrites one status line in place (a progress bar); absent when output is not a terminal. */
  status?: (line: string) => void;
  /** Where `lodge serve` reads its settings (PORT, SMTP_URL...); process.env when left out. */
  env?: Record<string, string | undefined>;
  /** Ends a long-running command (`lodge serve`) as Ctrl-C does; tests abort it. */
  stop?: AbortSignal;
}

/**
 * Questions on the terminal, offering a default in brackets (Enter takes it). One readline
 * interface serves every question, so answers typed ahead or pasted at once are not lost.
 */
function terminal(): { ask: NonNullable<Context["ask"]>; close(): void } {
  let rl: import("node:readline").Interface | undefined;
  let lines: AsyncIterator<string> | undefined;
  return {
    async ask(question, fallback) {
      if (!rl) {
        rl = (await import("node:readline")).createInterface({
          input: process.stdin,
          output: process.stdout,
        });
        lines = rl[Symbol.asyncIterator]();
      }
      process.stdout.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
      const next = await lines?.next();
      // Ctrl-D: nobody will answer, so a question asked again would be asked for ever.
      if (!next || next.done) throw new UserError(`No answer to "${question}": the input ended.`);
      return next.value.trim() || fallback;
    },
    close: () => rl?.close(),
  };
}

/** A path as the user would type it: relative inside the working directory, in full outside it. */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === "" || rel.startsWith("..") ? path : rel;
}

export function processContext(): Context {
  const tty = process.stdin.isTTY && process.stdout.isTTY ? terminal() : undefined;
  return {
    cwd: process.cwd(),
    // The same variable the site build reads, so a second lodge can be built beside the first.
    generatedDir: process.env.LODGE_GENERATED_DIR ?? GENERATED_DIR,
    exitCode: 0,
    ask: tty?.ask,
    status: process.stdout.isTTY ? (line) => process.stdout.write(`\r\x1b[2K${line}`) : undefined,
    close: tty?.close,
    out: (line) => process.stdout.write(`${line}\n`),
    err: (line) => process.stderr.write(`${line}\n`),
  };
}

/** A command used the wrong way (bad flag values): exit 2, like an unknown flag. */
export class UsageError extends UserError {
  override name = "UsageError";
}

/** Parses a command's options with its schema, first thing in the action. */
export function parseOptions<S extends z.ZodType>(schema: S, options: unknown): z.output<S> {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `--${issue.path.join(".")}: ${issue.message}`);
  throw new UsageError(lines.join("\n"));
}

/** The --data option's value: a folder. */
export const dataDir = z.string().min(1, { error: "give the data folder, e.g. --data data" });

/** Options every command that reads a lodge takes. */
export const dataOption = {
  flags: "--data <dir>",
  description: "the lodge's data folder",
  default: "data",
} as const;
