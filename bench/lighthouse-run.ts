/**
 * One Lighthouse run of a page for the site audit (audit-site.ts): its figures, judged by the
 * budgets, and the record of the machine it ran on, kept with the audit's results.
 */
import { writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";
import type { Figures, Measured } from "./audit-runs.ts";
import {
  bracket,
  type Collection,
  collectionsBetween,
  commandOf,
  type Roles,
  type Sample,
  sampler,
  usageBetween,
} from "./run-conditions.ts";

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

const AUDIT_OF: Record<string, string> = {
  lcp: "largest-contentful-paint",
  fcp: "first-contentful-paint",
  tti: "interactive",
  tbt: "total-blocking-time",
  cls: "cumulative-layout-shift",
};

/**
 * One Lighthouse run of a page, mobile or desktop, with the machine watched while it ran; with
 * `tracesDir`, a phone run that counts blocking time keeps its trace there.
 */
export async function lighthouseRun(
  url: string,
  port: number,
  options: { desktop: boolean; skipAudits: string[]; roles: Roles; tracesDir?: string | undefined },
): Promise<Measured> {
  const { desktop, skipAudits, roles, tracesDir } = options;
  const load = loadavg()[0] ?? 0;
  const machine = sampler();
  let samples: Sample[] = [];
  let collections: Collection[] = [];
  const result = await lighthouse(
    url,
    { port, output: "json", logLevel: "error", skipAudits },
    desktop ? desktopConfig : undefined,
  ).finally(() => {
    ({ samples, collections } = machine.stop());
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  const figures = figuresOf(lhr);
  let trace: string | undefined;
  if (tracesDir && !desktop && figures.tbt > 0) {
    trace = join(
      tracesDir,
      `${new URL(url).pathname.slice(1).replaceAll("/", "_")}-${Date.now()}.json`,
    );
    writeFileSync(trace, JSON.stringify(result.artifacts.Trace));
  }
  return {
    figures,
    record: recordOf(lhr, figures, { load, samples, collections, roles }, trace),
  };
}

/** The figures the budgets judge, from a run's report; throws when Lighthouse could not measure one. */
function figuresOf(lhr: LighthouseResult): Figures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary =
    (
      lhr.audits["resource-summary"]?.details as {
        items?: { resourceType: string; transferSize: number; requestCount: number }[];
      }
    )?.items ?? [];
  const of = (type: string) => summary.find((i) => i.resourceType === type);
  const itemsOf = (id: string): { wastedBytes?: number }[] =>
    (lhr.audits[id]?.details as { items?: { wastedBytes?: number }[] } | undefined)?.items ?? [];
  const figures: Figures = {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcp: numeric("largest-contentful-paint"),
    fcp: numeric("first-contentful-paint"),
    tti: numeric("interactive"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsKb: (of("script")?.transferSize ?? 0) / 1024,
    cssKb: (of("stylesheet")?.transferSize ?? 0) / 1024,
    requests: of("total")?.requestCount ?? 0,
    imageSavingsKb: itemsOf("image-delivery-insight").reduce(
      (kb, item) => kb + (item.wastedBytes ?? 0) / 1024,
      0,
    ),
    imagesTooSmall: itemsOf("image-size-responsive").length,
  };
  const missing = Object.entries(figures).filter(([, value]) => Number.isNaN(value));
  if (missing.length > 0) {
    const why = missing.map(([key]) => lhr.audits[AUDIT_OF[key] ?? key]?.errorMessage ?? key);
    throw new Error(`no ${missing.map(([key]) => key).join(", ")} (${why.join("; ")})`);
  }
  return figures;
}

/**
 * What a run is recorded with beside its figures: the machine's state, the long tasks and what
 * each adds to TBT, the CPU used by whom during the page's navigation, and the trace's file.
 */
function recordOf(
  lhr: LighthouseResult,
  figures: Figures,
  run: { load: number; samples: Sample[]; collections: Collection[]; roles: Roles },
  trace: string | undefined,
): Measured["record"] {
  const { samples, collections, roles } = run;
  const rowsOf = <T>(id: string) => (lhr.audits[id]?.details as { items?: T[] })?.items ?? [];
  // Lighthouse's timing marks count from this process's time origin, as performance.now().
  // The last navigation is the page's: Lighthouse first navigates to about:blank.
  const navigate = lhr.timing.entries.findLast((entry) => entry.name === "lh:driver:navigate");
  const window = navigate
    ? [
        performance.timeOrigin + navigate.startTime,
        performance.timeOrigin + navigate.startTime + navigate.duration,
      ]
    : [samples[0]?.at ?? 0, samples.at(-1)?.at ?? 0];
  const [from, to] = bracket(samples, window[0] ?? 0, window[1] ?? 0);
  const cpu = usageBetween(from, to, roles);
  return {
    tbtMs: Math.round(figures.tbt),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    load: Math.round(run.load * 100) / 100,
    fcpMs: Math.round(figures.fcp),
    ttiMs: Math.round(figures.tti),
    longTasks: rowsOf<{ url: string; duration: number; startTime: number }>("long-tasks").map(
      (task) => ({
        url: task.url.replace(/^https?:\/\/[^/]+/, ""),
        ms: Math.round(task.duration),
        startMs: Math.round(task.startTime),
        // What the task adds to TBT (Lantern's rule: its part between FCP and TTI, less 50 ms),
        // from Lighthouse's own FCP and TTI; Lantern's TBT averages two estimates of those.
        blockingMs: Math.round(
          Math.max(
            0,
            Math.min(task.startTime + task.duration, figures.tti) -
              Math.max(task.startTime, figures.fcp) -
              50,
          ),
        ),
      }),
    ),
    tasksOver10Ms: rowsOf<{ duration: number; startTime: number }>("main-thread-tasks")
      .filter((task) => task.duration >= 10)
      .map((task) => ({
        ms: Math.round(task.duration * 10) / 10,
        startMs: Math.round(task.startTime),
      })),
    cpu,
    auditGc: collectionsBetween(collections, window[0] ?? 0, window[1] ?? 0),
    otherCommands: cpu.topOther.map(({ pid, name }) => commandOf(pid, name)),
    ...(trace ? { trace } : {}),
  };
}
