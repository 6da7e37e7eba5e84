import { setTimeout as delay } from "node:timers/promises";

/**
 * What keeps the site audit going, and what it leaves behind, whatever happens to one Lighthouse
 * run. Lighthouse rejects promises nothing awaits (a session of a frame that went away as it
 * attached to it: "Protocol error (Target.setAutoAttach): Session with given id not found", on
 * /bulletin's PDF viewer): once such a rejection ended a 20-minute audit, and left its Chromium
 * running. Here a rejection nothing handles fails the run under way, and an audit that ends, by
 * an error or a signal, stops the processes it started.
 */

/** Fails the run under way, if one is. */
let failRun: ((reason: unknown) => void) | undefined;

/** What an error says, in one line. */
export function reasonOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]?.trim() || "an error without a message";
}

/**
 * From now on, a rejection nothing handles is the failure of the run under way (see guarded), or,
 * between runs, a line in the log: never the end of the process.
 */
export function catchStrayRejections(log: (line: string) => void): void {
  process.on("unhandledRejection", (reason) => {
    if (failRun) failRun(reason);
    else log(`an error outside any Lighthouse run, left behind: ${reasonOf(reason)}`);
  });
}

/**
 * One run as a promise that settles with its result or its failure: the run's own rejection, a
 * rejection nothing handles while it runs (when catchStrayRejections is on), or no result within
 * `limitMs`. A run that failed so is given up to `settleMs` to end before this rejects, so the
 * next run does not share the browser with it.
 */
export async function guarded<T>(
  run: () => Promise<T>,
  limitMs: number,
  settleMs = 30_000,
): Promise<T> {
  let fail: (reason: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failRun = fail;
  const timer = setTimeout(() => fail(new Error(`no result after ${limitMs / 1000} s`)), limitMs);
  let running: Promise<T> | undefined;
  try {
    running = run();
    return await Promise.race([running, failed]);
  } catch (error) {
    // The wait must not keep the process alive once the run has ended.
    if (running) {
      await Promise.race([
        running.then(ignore, ignore),
        delay(settleMs, undefined, { ref: false }),
      ]);
    }
    throw error;
  } finally {
    clearTimeout(timer);
    if (failRun === fail) failRun = undefined;
  }
}

const ignore = () => {};

/** The processes to stop when the audit ends: by pid, and whether the pid leads a process group. */
const started = new Map<number, { group: boolean }>();

/**
 * Stops `pid` when the audit ends, however it ends (see stopAtEnd); `group` for a process that
 * leads a group of its own (chrome-launcher starts Debian's chromium script so), whose every
 * process is stopped with it.
 */
export function stopAtEnd(pid: number | undefined, group = false): void {
  if (pid !== undefined && pid > 0) started.set(pid, { group });
}

/** Forgets a process stopAtEnd named that has ended (its pid may be another's by the end). */
export function ended(pid: number | undefined): void {
  if (pid !== undefined) started.delete(pid);
}

/** Kills every process stopAtEnd named that is still there (SIGKILL: the audit is ending). */
export function stopStarted(): void {
  for (const [pid, { group }] of started) {
    for (const target of group ? [-pid, pid] : [pid]) {
      try {
        process.kill(target, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    started.delete(pid);
  }
}

/**
 * Ends the audit on Ctrl-C (SIGINT) or SIGTERM: `cleanup` (given `graceMs` at most), then every
 * process stopAtEnd named, then the process, with 130 or 143 as a shell reports the signal. The
 * processes are also stopped when the process exits any other way (an error, process.exit).
 */
export function endOnSignals(
  cleanup: () => Promise<void>,
  log: (line: string) => void,
  graceMs = 10_000,
): void {
  process.once("exit", stopStarted);
  for (const [signal, code] of [
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the audit, its browser and its server`);
      void Promise.race([cleanup().catch(ignore), delay(graceMs)]).finally(() => {
        stopStarted();
        process.exit(code);
      });
    });
  }
}
