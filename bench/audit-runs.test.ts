import { describe, expect, it } from "vitest";
import { FAILURES, type Figures, FormRuns, type Measured, type RunRecord } from "./audit-runs.ts";

/** What a Lighthouse run measured on a quiet machine, with its TBT. */
function measured(tbtMs: number): Measured {
  const figures = { tbt: tbtMs } as Figures;
  return {
    figures,
    record: {
      tbtMs,
      benchmarkIndex: 1800,
      load: 0.5,
      longTasks: [],
      fcpMs: 800,
      ttiMs: 900,
      tasksOver10Ms: [],
      cpu: { ms: 3000, browser: 2500, audit: 300, server: 20, other: 50, steal: 0, topOther: [] },
      auditGc: { ms: 0, major: 0 },
      otherCommands: [],
    },
  };
}

/** The error Lighthouse threw on /bulletin in the full audit, its PDF viewer's frame gone. */
const PROTOCOL_ERROR = new Error(
  "Protocol error (Target.setAutoAttach): Session with given id not found.\n    at ...",
);

/** FormRuns over a list of runs, each a figure or an error; what it logged, and how often it waited. */
function formRuns(outcomes: (number | Error)[]) {
  const queue = [...outcomes];
  const lines: string[] = [];
  const session: RunRecord[] = [];
  let settled = 0;
  const runs = new FormRuns("/bulletin", "desktop", {
    run: async () => {
      const next = queue.shift();
      if (next === undefined) throw new Error("the test ran out of runs");
      if (next instanceof Error) throw next;
      return measured(next);
    },
    session,
    settle: async () => {
      settled++;
    },
    log: (line) => lines.push(line),
  });
  return { runs, lines, session, settled: () => settled, left: queue };
}

describe("the site audit's runs of a page in one form", () => {
  it("takes a run that throws as that run's failure: reports it and measures again, and the audit goes on", async () => {
    const { runs, lines, session, settled } = formRuns([20, PROTOCOL_ERROR, 30, 40]);
    await runs.take(3);
    expect(runs.figures.map((f) => f.tbt)).toEqual([20, 30, 40]);
    expect(runs.failures).toEqual([
      {
        page: "/bulletin",
        form: "desktop",
        run: 2,
        failed: "Protocol error (Target.setAutoAttach): Session with given id not found.",
      },
    ]);
    expect(runs.gaveUp).toBeUndefined();
    expect(lines[1]).toBe(
      "/bulletin desktop 2: failed (Protocol error (Target.setAutoAttach): Session with given id not found.); measuring again",
    );
    // It waited for a quiet machine before measuring again; the three runs that count are kept.
    expect(settled()).toBe(1);
    expect(session.map((r) => [r.run, r.tbtMs])).toEqual([
      [1, 20],
      [2, 30],
      [3, 40],
    ]);
  });

  it("gives the page up in that form after FAILURES failed runs, saying why, without throwing", async () => {
    const hung = new Error("no result after 180 s");
    const { runs, lines, left } = formRuns([
      PROTOCOL_ERROR,
      15,
      hung,
      new Error("NO_LCP: The page did not display content"),
      99,
    ]);
    await runs.take(3);
    expect(FAILURES).toBe(3);
    expect(runs.figures.map((f) => f.tbt)).toEqual([15]);
    expect(runs.gaveUp).toBe(
      "3 runs failed (Protocol error (Target.setAutoAttach): Session with given id not found.; no result after 180 s; NO_LCP: The page did not display content)",
    );
    expect(lines.at(-1)).toBe(
      "/bulletin desktop 2: failed (NO_LCP: The page did not display content); given up after 3 failed runs",
    );
    // Nothing more is measured of a page given up, also when more runs are asked for.
    await runs.take(2);
    expect(left).toEqual([99]);
  });

  it("takes a rejection of any value, not only an Error", async () => {
    const odd = new FormRuns("/home", "mobile", {
      run: () => Promise.reject("the browser went away"),
      session: [],
      settle: async () => {},
      log: () => {},
    });
    await odd.take(1);
    expect(odd.failures.map((f) => f.failed)).toEqual([
      "the browser went away",
      "the browser went away",
      "the browser went away",
    ]);
    expect(odd.gaveUp).toBe("3 runs failed (the browser went away)");
  });
});
