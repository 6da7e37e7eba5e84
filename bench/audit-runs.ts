import { reasonOf } from "./audit-guard.ts";
import { disturbance, type Usage } from "./run-conditions.ts";

/**
 * The site audit's runs of one page in one form (mobile or desktop): the runs that count, each
 * measured again when the machine disturbed it, and when it failed. A Lighthouse run fails in
 * many ways (no LCP in its trace, a page that hung, a protocol error as a frame went away, a
 * rejection nothing handled, see audit-guard.ts): any of them is that run's failure, measured
 * again like a disturbed run and reported, and after FAILURES of them the page in that form is
 * given up and reported, never the end of the audit.
 */

export interface Figures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  fcp: number;
  tti: number;
  tbt: number;
  cls: number;
  jsKb: number;
  cssKb: number;
  requests: number;
  /**
   * What Lighthouse's image delivery insight says the page's pictures could save, in KB (its
   * audit replaced uses-responsive-images, modern-image-formats, uses-optimized-images and
   * efficient-animated-content), and how many pictures it finds too small for the screen.
   */
  imageSavingsKb: number;
  imagesTooSmall: number;
}

/**
 * A run in one line, e.g. "/home mobile 2: TBT 82 ms · benchmarkIndex 1830 · long tasks 95 ms
 * framework.js, 62 ms home.js · tasks >= 10 ms: 18, 14 · load 1.20 · CPU in 2.9 s: browser 2400,
 * audit 300, server 20, other 150 (kdamond.0 90), steal 0 ms".
 */
export function runLine(r: RunRecord): string {
  const long = r.longTasks
    .slice(0, 3)
    .map((t) => `${t.ms} ms ${t.url} (+${t.blockingMs})`)
    .join(", ");
  const others = r.cpu.topOther.map(({ ms }, i) => `${r.otherCommands[i]} ${ms}`).join(", ");
  return [
    `${r.page} ${r.form} ${r.run}: TBT ${r.tbtMs} ms`,
    `benchmarkIndex ${r.benchmarkIndex}`,
    `FCP ${r.fcpMs} ms`,
    `long tasks (+ TBT after FCP) ${long || "none"}`,
    `tasks >= 10 ms: ${r.tasksOver10Ms.map((t) => Math.round(t.ms)).join(", ") || "none"}`,
    `load ${r.load.toFixed(2)}`,
    `CPU in ${(r.cpu.ms / 1000).toFixed(1)} s: browser ${r.cpu.browser}, audit ${r.cpu.audit} (GC ${r.auditGc.ms} ms, ${r.auditGc.major} major), server ${r.cpu.server}, other ${r.cpu.other}${others ? ` (${others})` : ""}, steal ${r.cpu.steal} ms`,
    ...(r.remeasured ? [`re-measured: ${r.remeasured}`] : []),
  ].join(" · ");
}

/**
 * One Lighthouse run as it happened: its blocking time, Lighthouse's benchmark index of the
 * machine (its speed at a fixed piece of JavaScript as the run began), the tasks that made the
 * blocking time, and who used the CPUs while the page loaded (see run-conditions.ts).
 */
export interface RunRecord {
  page: string;
  form: "mobile" | "desktop";
  run: number;
  tbtMs: number;
  benchmarkIndex: number;
  /** The 1-minute load average as the run began. */
  load: number;
  /** The tasks Lighthouse counts as long (>= 50 ms as simulated on its phone), longest first. */
  longTasks: { url: string; ms: number; startMs: number; blockingMs: number }[];
  /** Lighthouse's first contentful paint and time to interactive (simulated on mobile): TBT counts between them. */
  fcpMs: number;
  ttiMs: number;
  /** The page's top-level main-thread tasks of 10 ms or more as measured (not simulated). */
  tasksOver10Ms: { ms: number; startMs: number }[];
  /** Who used the CPUs while Lighthouse loaded the page (its navigation, not its analysis). */
  cpu: Usage;
  /** The audit's own garbage collections while the page loaded: their time, how many were major. */
  auditGc: { ms: number; major: number };
  /** The command lines of the other processes that used the most CPU, e.g. "node …/vitest run". */
  otherCommands: string[];
  /** The file its trace is in (`--traces=DIR`). */
  trace?: string;
  /** Why this run was measured again, if it was. */
  remeasured?: string;
}

/** What one Lighthouse run measured: the page's figures, and the run as it happened. */
export interface Measured {
  figures: Figures;
  record: Omit<RunRecord, "page" | "form" | "run">;
}

/** Failed runs of a page in one form before the audit gives it up (and reports it). */
export const FAILURES = 3;

/** How many runs of a page in one form the audit measures again for a disturbed machine. */
export const REMEASURES = 2;

/** A run that failed, as the run records keep it. */
export interface FailedRun {
  page: string;
  form: "mobile" | "desktop";
  run: number;
  failed: string;
}

/** How FormRuns measures. */
export interface FormRunsOptions {
  /** One Lighthouse run of the page in this form; it may throw or reject, in any way. */
  run: () => Promise<Measured>;
  /** Every run of the session so far, which the disturbed-run rule reads; this form's go in. */
  session: RunRecord[];
  /** Waits for a quiet machine before a run is measured again. */
  settle: () => Promise<unknown>;
  log: (line: string) => void;
}

/** A page's runs in one form, taken as the audit asks for them (see take). */
export class FormRuns {
  /** The figures of the runs that count. */
  readonly figures: Figures[] = [];
  /** Each failed run. */
  readonly failures: FailedRun[] = [];
  /** Each run measured again for a disturbed machine, e.g. "/home mobile run 2 (steal 9% of a CPU)". */
  readonly remeasured: string[] = [];
  /** Why the page was given up in this form, once FAILURES runs failed. */
  gaveUp: string | undefined;
  #again = 0;

  readonly #page: string;
  readonly #form: "mobile" | "desktop";
  readonly #how: FormRunsOptions;

  constructor(page: string, form: "mobile" | "desktop", how: FormRunsOptions) {
    this.#page = page;
    this.#form = form;
    this.#how = how;
  }

  /** Takes `count` more runs that count, unless the page is given up on the way. */
  async take(count: number): Promise<void> {
    for (let i = 0; i < count && this.gaveUp === undefined; i++) await this.#one();
  }

  async #one(): Promise<void> {
    const [page, form, how] = [this.#page, this.#form, this.#how];
    for (;;) {
      const number = this.figures.length + 1;
      let measured: Measured;
      try {
        measured = await how.run();
      } catch (error) {
        const failed = reasonOf(error);
        this.failures.push({ page, form, run: number, failed });
        if (this.failures.length >= FAILURES) {
          this.gaveUp = `${FAILURES} runs failed (${[...new Set(this.failures.map((f) => f.failed))].join("; ")})`;
          how.log(
            `${page} ${form} ${number}: failed (${failed}); given up after ${FAILURES} failed runs`,
          );
          return;
        }
        how.log(`${page} ${form} ${number}: failed (${failed}); measuring again`);
        await how.settle();
        continue;
      }
      const run: RunRecord = { page, form, run: number, ...measured.record };
      const why = disturbance(
        run,
        how.session.map((r) => r.benchmarkIndex),
      );
      how.session.push(run);
      // Lighthouse's figures hold for the machine it measured on: a run the machine disturbed is
      // measured again (at most REMEASURES times per page and form), and the report says so.
      if (why && this.#again < REMEASURES) {
        this.#again++;
        run.remeasured = `run ${run.run} measured again: ${why}`;
        how.log(runLine(run));
        this.remeasured.push(`${page} ${form} run ${run.run} (${why})`);
        await how.settle();
        continue;
      }
      if (why)
        run.remeasured = `disturbed (${why}), but measured again ${REMEASURES} times already`;
      how.log(runLine(run));
      this.figures.push(measured.figures);
      return;
    }
  }
}
