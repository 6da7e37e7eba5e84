/**
 * What the machine was doing while Lighthouse loaded a page: the CPU time Chromium, the audit's
 * own process, the lodge's server and everything else used, the time the hypervisor stole, and
 * the load average, read from /proc (Linux) at a few samples a second; and the Lighthouse run's
 * own view of it (its benchmark index, the tasks that made its blocking time). The audit prints
 * one line per run and keeps every run in a JSON file, so a page that misses a timing budget in
 * one run shows whether the page or the machine made it miss.
 */
import { readdirSync, readFileSync } from "node:fs";
import { PerformanceObserver } from "node:perf_hooks";
import { median } from "./measure.ts";

/**
 * Clock ticks per second of /proc's CPU times (USER_HZ): 100 on every Linux architecture the
 * kernel exposes to user space, whatever the kernel's own tick.
 */
const TICKS_PER_SECOND = 100;
const MS_PER_TICK = 1000 / TICKS_PER_SECOND;

/** The whole machine's CPU time, in ticks, from /proc/stat's first line. */
export interface MachineTimes {
  /** User, nice, system, irq and softirq time: the CPUs doing work in this machine. */
  busy: number;
  idle: number;
  /** Time the hypervisor gave this machine's virtual CPUs to someone else. */
  steal: number;
}

/** Reads /proc/stat's summary line ("cpu  user nice system idle iowait irq softirq steal ..."). */
export function parseMachineTimes(procStat: string): MachineTimes {
  const line = procStat.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) throw new Error("/proc/stat has no 'cpu' line");
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] =
    line.trim().split(/\s+/).slice(1).map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

export interface ProcessTimes {
  pid: number;
  ppid: number;
  /** The command's name as the kernel keeps it (at most 15 characters), e.g. "kdamond.0". */
  name: string;
  /**
   * Its own CPU time (user and system), in ticks: not its reaped children's, which would land
   * all at once, whole lifetimes, in the run where the child ended.
   */
  ticks: number;
}

/**
 * Reads /proc/<pid>/stat: "pid (name) state ppid ..." with utime and stime as
 * fields 14 and 15. The name may hold spaces and parentheses, so it ends at the last ')'.
 */
export function parseProcessTimes(pidStat: string): ProcessTimes {
  const open = pidStat.indexOf("(");
  const close = pidStat.lastIndexOf(")");
  if (open < 0 || close < open) throw new Error(`not a /proc/<pid>/stat line: ${pidStat}`);
  // Fields from the state on: state is field 3, so field n is at index n - 3.
  const rest = pidStat
    .slice(close + 2)
    .trim()
    .split(/\s+/)
    .map((f) => Number(f));
  const field = (n: number) => rest[n - 3] ?? 0;
  return {
    pid: Number(pidStat.slice(0, open).trim()),
    ppid: field(4),
    name: pidStat.slice(open + 1, close),
    ticks: field(14) + field(15),
  };
}

export interface Sample {
  /** Date.now() when read. */
  at: number;
  machine: MachineTimes;
  processes: Map<number, ProcessTimes>;
}

/** The machine's and every process's CPU time now (about 2 ms for a hundred processes). */
export function sample(): Sample {
  const processes = new Map<number, ProcessTimes>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const times = parseProcessTimes(readFileSync(`/proc/${entry}/stat`, "utf8"));
      processes.set(times.pid, times);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return {
    at: Date.now(),
    machine: parseMachineTimes(readFileSync("/proc/stat", "utf8")),
    processes,
  };
}

/** `root` and every process below it, as `processes` links them. */
export function processTree(processes: Map<number, ProcessTimes>, root: number): Set<number> {
  const tree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const p of processes.values())
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
  }
  return tree;
}

/** Who used the CPUs from one sample to another, in ms of CPU time. */
export interface Usage {
  /** Wall time between the samples, ms. */
  ms: number;
  /** CPU time the browser (all its processes) used. */
  browser: number;
  /** The audit's own process (Lighthouse, its Node runtime and GC). */
  audit: number;
  /** The lodge server the pages come from. */
  server: number;
  /** Everything else on the machine, interrupts and kernel threads included. */
  other: number;
  /** CPU time the hypervisor stole. */
  steal: number;
  /** The other processes that used the most, e.g. { pid: 76, name: "kdamond.0", ms: 120 }. */
  topOther: { pid: number; name: string; ms: number }[];
}

export interface Roles {
  audit: number;
  browser: number;
  server: number;
}

/** Who used the CPUs between `before` and `after`. */
export function usageBetween(before: Sample, after: Sample, roles: Roles): Usage {
  const delta = (pid: number) => {
    const now = after.processes.get(pid)?.ticks;
    if (now === undefined) return 0;
    return now - (before.processes.get(pid)?.ticks ?? 0);
  };
  const both = new Map([...before.processes, ...after.processes]);
  const browser = processTree(both, roles.browser);
  const server = processTree(both, roles.server);
  const sum = (pids: Iterable<number>) => {
    let ticks = 0;
    for (const pid of pids) ticks += delta(pid);
    return ticks * MS_PER_TICK;
  };
  const ours = new Set([...browser, ...server, roles.audit]);
  const others = [...after.processes.values()]
    .filter((p) => !ours.has(p.pid))
    .map((p) => ({ pid: p.pid, name: p.name, ms: delta(p.pid) * MS_PER_TICK }))
    .filter(({ ms }) => ms > 0)
    .sort((a, b) => b.ms - a.ms);
  const busy = (after.machine.busy - before.machine.busy) * MS_PER_TICK;
  const used = { browser: sum(browser), audit: sum([roles.audit]), server: sum(server) };
  return {
    ms: after.at - before.at,
    ...used,
    // Processes that ended within the window are not in `after`, nor interrupts in any process:
    // what the machine was busy with beyond ours counts them. The kernel counts the machine's
    // time by ticks and a process's more finely, so the processes named can add up to more.
    other: Math.max(
      busy - used.browser - used.audit - used.server,
      others.reduce((ms, p) => ms + p.ms, 0),
    ),
    steal: (after.machine.steal - before.machine.steal) * MS_PER_TICK,
    topOther: others.slice(0, 3),
  };
}

/**
 * The browser's own process: the one listening on `port` for DevTools. Debian's chromium is a
 * shell script that starts it, so the launcher's pid is not the browser's, and the browser's
 * parent is init.
 */
export function browserProcess(port: number): number {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const args = readFileSync(`/proc/${entry}/cmdline`, "utf8").split("\0");
      if (
        args.includes(`--remote-debugging-port=${port}`) &&
        !args.some((a) => a.startsWith("--type="))
      )
        return Number(entry);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  throw new Error(`no browser process listens for DevTools on port ${port}`);
}

/** A process's command line, shortened, e.g. "node …/vitest run cli" (or its name once gone). */
export function commandOf(pid: number, name: string): string {
  try {
    const args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
    const short = args.map((a) =>
      a.includes("/") ? a.replace(/^.*\/(?=[^/]+\/[^/]+$)/, "…/") : a,
    );
    return short.join(" ").slice(0, 80) || name;
  } catch {
    return name;
  }
}

/** The samples that bracket [from, to]: the last taken by `from` and the first taken after `to`. */
export function bracket(samples: Sample[], from: number, to: number): [Sample, Sample] {
  const first = samples.findLast((s) => s.at <= from) ?? samples[0];
  const last = samples.find((s) => s.at >= to) ?? samples.at(-1);
  if (!first || !last) throw new Error("no samples of the machine's CPU time");
  return [first, last];
}

/** A garbage collection of this process: when it began (Date.now() ms), how long, and whether major. */
export interface Collection {
  at: number;
  ms: number;
  major: boolean;
}

/** What this process's garbage collector took from `from` to `to` (Date.now() ms). */
export function collectionsBetween(collections: Collection[], from: number, to: number) {
  const within = collections.filter((c) => c.at + c.ms >= from && c.at <= to);
  return {
    ms: Math.round(within.reduce((ms, c) => ms + c.ms, 0)),
    major: within.filter((c) => c.major).length,
  };
}

/**
 * Takes a sample every `intervalMs` until stopped, and notes this process's garbage
 * collections: reading /proc costs about 2 ms, 2% of one CPU at the default 10 a second, and the
 * page loads in well under a second.
 */
export function sampler(intervalMs = 100) {
  const samples: Sample[] = [sample()];
  const collections: Collection[] = [];
  const gc = new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      collections.push({
        at: performance.timeOrigin + entry.startTime,
        ms: entry.duration,
        // NODE_PERFORMANCE_GC_MAJOR
        major: (entry as { detail?: { kind?: number } }).detail?.kind === 4,
      });
  });
  gc.observe({ entryTypes: ["gc"] });
  const timer = setInterval(() => samples.push(sample()), intervalMs);
  return {
    stop(): { samples: Sample[]; collections: Collection[] } {
      clearInterval(timer);
      gc.disconnect();
      samples.push(sample());
      return { samples, collections };
    },
  };
}

/**
 * When a run's machine was not the machine the others ran on (Lighthouse's variability guide:
 * client resource contention and hardware variability move its figures, and its benchmark index
 * measures the CPU as the run began). Quiet runs on the 2 cores this is tuned on: other
 * processes 0-2% of one CPU, no steal, benchmark index 2400-2900.
 */
export const DISTURBED = {
  /** A benchmark index below this share of the session's median so far. */
  benchmarkShare: 0.8,
  /** Other processes busy more than this share of one CPU while the page loaded. */
  otherShare: 0.1,
  /** The hypervisor stealing more than this share of one CPU. */
  stealShare: 0.05,
};

/**
 * Why a run was disturbed, e.g. "benchmarkIndex 1230 vs median 2100", or undefined for a run
 * on a quiet machine. `benchmarkIndexes` are the session's runs so far (three at least before
 * their median counts).
 */
export function disturbance(
  run: { benchmarkIndex: number; cpu: Pick<Usage, "ms" | "other" | "steal" | "topOther"> },
  benchmarkIndexes: number[],
): string | undefined {
  const reasons: string[] = [];
  const usual = median(benchmarkIndexes);
  if (benchmarkIndexes.length >= 3 && run.benchmarkIndex < usual * DISTURBED.benchmarkShare)
    reasons.push(`benchmarkIndex ${run.benchmarkIndex} vs median ${usual}`);
  const share = (ms: number) => (run.cpu.ms > 0 ? ms / run.cpu.ms : 0);
  if (share(run.cpu.other) > DISTURBED.otherShare) {
    const who = run.cpu.topOther[0];
    reasons.push(
      `other processes used ${Math.round(share(run.cpu.other) * 100)}% of a CPU${who ? ` (most: ${who.name} ${who.ms} ms)` : ""}`,
    );
  }
  if (share(run.cpu.steal) > DISTURBED.stealShare)
    reasons.push(`steal ${Math.round(share(run.cpu.steal) * 100)}% of a CPU`);
  return reasons.length > 0 ? reasons.join(", ") : undefined;
}
