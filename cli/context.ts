import { relative } from "node:path";
import { z } from "zod";
import { Abandoned, type Output, UserError } from "./errors.ts";

/** What a command needs from the world, so tests can run commands in-process. */
export interface Context extends Output {
  cwd: string;
  /**
   * Where `lodge build` writes the data modules the site imports; left out, the lodge's own
   * (site/generated/ for --data data; see core/places.ts).
   */
  generatedDir?: string | undefined;
  /** Set by a command that finished but failed a check. */
  exitCode: number;
  /** The moment a command takes as now (what is past, what is to come); the clock's when left out. */
  now?: Date;
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
 * Ctrl-C or the end of the input (Ctrl-D) while a question waits rejects it with Abandoned, so
 * the command stops before it writes anything; Ctrl-C at any other moment stops the process as
 * it would without the questions.
 */
function terminal(): { ask: NonNullable<Context["ask"]>; close(): void } {
  let rl: import("node:readline").Interface | undefined;
  const typed: string[] = [];
  let waiting:
    | { question: string; answer(line: string): void; fail(e: Abandoned): void }
    | undefined;
  let stopped: Abandoned | undefined;
  const stop = (error: Abandoned) => {
    stopped ??= error;
    waiting?.fail(stopped);
    waiting = undefined;
  };
  const open = async () => {
    const readline = await import("node:readline");
    const opened = readline.createInterface({ input: process.stdin, output: process.stdout });
    opened.on("line", (line) => {
      if (waiting) waiting.answer(line);
      else typed.push(line);
      waiting = undefined;
    });
    opened.on("SIGINT", () => {
      process.stdout.write("^C\n");
      if (!waiting) {
        opened.close();
        process.kill(process.pid, "SIGINT");
        return;
      }
      stop(new Abandoned("Stopped with Ctrl-C.", "interrupted"));
      opened.close();
    });
    opened.on("close", () => {
      if (waiting) process.stdout.write("\n");
      stop(new Abandoned(`No answer to "${waiting?.question ?? ""}": the input ended.`, "ended"));
    });
    return opened;
  };
  return {
    async ask(question, fallback) {
      rl ??= await open();
      if (stopped && typed.length === 0) throw stopped;
      process.stdout.write(fallback ? `${question} [${fallback}]: ` : `${question}: `);
      const line =
        typed.shift() ??
        (await new Promise<string>((answer, fail) => {
          waiting = { question, answer, fail };
        }));
      return line.trim() || fallback;
    },
    close: () => rl?.close(),
  };
}

/**
 * The clock of a command that runs on (lodge serve): the machine's, or one that starts at the
 * context's `now` and runs at the machine's pace from there, so a test's server keeps the tests'
 * day whatever the date.
 */
export function runningClock(ctx: Pick<Context, "now">): () => Date {
  const start = ctx.now;
  if (!start) return () => new Date();
  const started = performance.now();
  return () => new Date(start.getTime() + (performance.now() - started));
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
    // The same variable the site build reads; without it, each lodge's own folder.
    generatedDir: process.env.LODGE_GENERATED_DIR || undefined,
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
