import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Context } from "../../cli/context.ts";
import { Abandoned } from "../../cli/errors.ts";
import { runCli } from "../../cli/program.ts";

export const SAMPLE = fileURLToPath(new URL("../../data/", import.meta.url));

/** Noon in the sample lodge's zone (America/New_York) on Saturday 21 November 2026. */
export const NOW = new Date("2026-11-21T17:00:00Z");

/**
 * The web sizes of the sample lodge's pictures (the project's var/images): made by the first
 * test run that builds the sample, then reused by every build of it or of a copy of it.
 */
export const SAMPLE_IMAGES = fileURLToPath(new URL("../../var/images/", import.meta.url));

/** A scratch folder holding a copy of the sample lodge in data/, removed by `cleanup`. */
export function sampleCopy(): {
  root: string;
  data: string;
  write(file: string, text: string): void;
  cleanup(): void;
} {
  const root = mkdtempSync(join(tmpdir(), "lodge-test-"));
  const data = join(root, "data");
  cpSync(SAMPLE, data, { recursive: true });
  return {
    root,
    data,
    write: (file, text) => writeFileSync(join(data, file), text),
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** Runs the real `lodge` command in-process, in `cwd`, and collects what it printed. */
export async function lodge(
  cwd: string,
  ...argv: string[]
): Promise<{
  code: number;
  stdout: string[];
  stderr: string[];
  generatedDir: string;
  asked: string[];
}> {
  return lodgeAt({ cwd }, ...argv);
}

/**
 * `lodge build` in `cwd` for the tests' moment (NOW) rather than the machine's, as the site tests
 * build: what has passed and what is to come is the same on any day the tests run.
 */
export async function lodgeBuild(cwd: string, ...argv: string[]): ReturnType<typeof lodge> {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  process.env.SOURCE_DATE_EPOCH = String(NOW.getTime() / 1000);
  try {
    return await lodge(cwd, "build", ...argv);
  } finally {
    if (epoch === undefined) delete process.env.SOURCE_DATE_EPOCH;
    else process.env.SOURCE_DATE_EPOCH = epoch;
  }
}

/**
 * Like `lodge`, with a terminal that answers the command's questions from `answers` in order
 * (an empty answer takes the offered default; past the last one, the input ends as with Ctrl-D).
 * The questions asked are returned.
 */
export async function lodgeAt(
  { cwd, answers, now = NOW }: { cwd: string; answers?: string[]; now?: Date },
  ...argv: string[]
): Promise<{
  code: number;
  stdout: string[];
  stderr: string[];
  generatedDir: string;
  asked: string[];
}> {
  const asked: string[] = [];
  const queue = [...(answers ?? [])];
  const stdout: string[] = [];
  const stderr: string[] = [];
  const ctx: Context = {
    cwd,
    generatedDir: join(cwd, "generated"),
    exitCode: 0,
    now,
    out: (line) => stdout.push(...line.split("\n")),
    err: (line) => stderr.push(...line.split("\n")),
    ask: answers
      ? async (question, fallback) => {
          asked.push(fallback ? `${question} [${fallback}]` : question);
          const answer = queue.shift();
          // Out of answers: as when the input ends (Ctrl-D) at a real terminal.
          if (answer === undefined) {
            throw new Abandoned(`No answer to "${question}": the input ended.`, "ended");
          }
          return answer || fallback;
        }
      : undefined,
  };
  const code = await runCli(argv, ctx);
  return { code, stdout, stderr, generatedDir: ctx.generatedDir ?? "", asked };
}

/**
 * Starts `lodge serve` in-process with the environment given (not the test's) and its clock
 * starting at NOW: `started` resolves with its address once it listens, `exit` with its exit
 * code once `stop` has stopped it. With
 * `terminal`, its output goes to a terminal (a context that can rewrite a status line).
 */
export function serveInProcess(
  cwd: string,
  argv: string[],
  env: Record<string, string> = {},
  terminal = false,
) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const stop = new AbortController();
  let listening: (url: string) => void = () => {};
  const started = new Promise<string>((resolve) => {
    listening = resolve;
  });
  const ctx: Context = {
    cwd,
    generatedDir: join(cwd, "generated"),
    exitCode: 0,
    now: NOW,
    env,
    stop: stop.signal,
    ...(terminal ? { status: () => {} } : {}),
    out: (line) => {
      stdout.push(...line.split("\n"));
      const match = /^Serving .* at (http:\/\/\S+)$/.exec(line);
      if (match?.[1]) listening(match[1]);
    },
    err: (line) => stderr.push(...line.split("\n")),
  };
  const exit = runCli(["serve", ...argv], ctx);
  return { started, exit, stop: () => stop.abort(), stdout, stderr };
}
