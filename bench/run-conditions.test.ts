import { describe, expect, it } from "vitest";
import {
  disturbance,
  type ProcessTimes,
  parseMachineTimes,
  parseProcessTimes,
  type Sample,
  sample,
  usageBetween,
} from "./run-conditions.ts";

const PROC_STAT = [
  "cpu  3623275 258493 1271856 3136126 33792 0 35530 2638 0 0",
  "cpu0 1761941 131097 577360 1685525 9567 0 12515 1311 0 0",
  "intr 1 2 3",
].join("\n");

function at(
  ms: number,
  machine: { busy: number; idle?: number; steal?: number },
  processes: [pid: number, ppid: number, name: string, ticks: number][],
): Sample {
  return {
    at: ms,
    machine: { idle: 0, steal: 0, ...machine },
    processes: new Map(
      processes.map(([pid, ppid, name, ticks]): [number, ProcessTimes] => [
        pid,
        { pid, ppid, name, ticks },
      ]),
    ),
  };
}

describe("the machine's CPU time while a page loads", () => {
  it("reads /proc/stat's summary line: busy is user, nice, system, irq and softirq; idle takes iowait; steal apart", () => {
    expect(parseMachineTimes(PROC_STAT)).toEqual({
      busy: 3623275 + 258493 + 1271856 + 0 + 35530,
      idle: 3136126 + 33792,
      steal: 2638,
    });
  });

  it("reads a process's own CPU time, not its reaped children's, its name ending at the last ')'", () => {
    // Fields after the name: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime cutime cstime ...
    const line = "4242 (Web (Content) x) S 17 4242 4242 0 -1 4194560 100 0 0 0 250 50 7 3 20 0 1 0";
    expect(parseProcessTimes(line)).toEqual({
      pid: 4242,
      ppid: 17,
      name: "Web (Content) x",
      ticks: 250 + 50,
    });
  });

  it("splits the CPU time between the browser (with the renderer it started), the audit, the server and everything else", () => {
    const before = at(1000, { busy: 1000, steal: 5 }, [
      [1, 0, "init", 50],
      [10, 1, "node", 100], // the audit
      [11, 10, "node", 20], // the server
      [20, 1, "chromium", 300], // the browser, reparented to init by its launcher script
      [21, 20, "chromium", 40], // its zygote
      [76, 2, "kdamond.0", 500],
      [90, 1, "MainThread", 10],
    ]);
    const after = at(3800, { busy: 1250, steal: 7 }, [
      [1, 0, "init", 50],
      [10, 1, "node", 112],
      [11, 10, "node", 25],
      [20, 1, "chromium", 360],
      [21, 20, "chromium", 40],
      [22, 21, "chromium", 90], // a renderer started while the page loaded
      [76, 2, "kdamond.0", 503],
      [90, 1, "MainThread", 40],
    ]);
    expect(usageBetween(before, after, { audit: 10, browser: 20, server: 11 })).toEqual({
      ms: 2800,
      browser: 1500,
      audit: 120,
      server: 50,
      // 2500 ms busy in all: 830 ms not ours, of which the processes still running account for 330.
      other: 830,
      steal: 20,
      topOther: [
        { pid: 90, name: "MainThread", ms: 300 },
        { pid: 76, name: "kdamond.0", ms: 30 },
      ],
    });
  });

  it("reads this process from /proc", () => {
    const now = sample();
    expect(now.processes.get(process.pid)?.ppid).toBe(process.ppid);
    expect(now.machine.busy).toBeGreaterThan(0);
  });
});

describe("a disturbed run", () => {
  const quiet = {
    benchmarkIndex: 2700,
    cpu: { ms: 2800, other: 30, steal: 0, topOther: [{ pid: 76, name: "kdamond.0", ms: 20 }] },
  };
  const session = [2750, 2800, 2600, 2900];

  it("is not one on a quiet machine", () => {
    expect(disturbance(quiet, session)).toBeUndefined();
  });

  it("is one when Lighthouse found the CPU slower than the session's median by a fifth", () => {
    expect(disturbance({ ...quiet, benchmarkIndex: 2200 }, session)).toBe(
      "benchmarkIndex 2200 vs median 2800",
    );
    expect(disturbance({ ...quiet, benchmarkIndex: 2250 }, session)).toBeUndefined();
  });

  it("needs three runs before their median counts", () => {
    expect(disturbance({ ...quiet, benchmarkIndex: 1000 }, [2800, 2800])).toBeUndefined();
  });

  it("is one when other processes used a tenth of a CPU while the page loaded, and names the busiest", () => {
    const busy = {
      benchmarkIndex: 2700,
      cpu: {
        ms: 2800,
        other: 700,
        steal: 0,
        topOther: [{ pid: 90, name: "MainThread", ms: 610 }],
      },
    };
    expect(disturbance(busy, session)).toBe(
      "other processes used 25% of a CPU (most: MainThread 610 ms)",
    );
    expect(disturbance({ ...busy, cpu: { ...busy.cpu, other: 280 } }, session)).toBeUndefined();
  });

  it("is one when the hypervisor stole from the machine, with every reason at once", () => {
    expect(
      disturbance(
        { benchmarkIndex: 1400, cpu: { ...quiet.cpu, steal: 300, other: 0, topOther: [] } },
        session,
      ),
    ).toBe("benchmarkIndex 1400 vs median 2800, steal 11% of a CPU");
  });
});
