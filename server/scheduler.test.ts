import { afterEach, describe, expect, it } from "vitest";
import { Clock, startServer } from "../test/support/api-harness.ts";
import { type Job, Scheduler } from "./scheduler.ts";

const START = new Date("2026-11-21T17:00:00Z");
const MINUTE = 60_000;

function clock() {
  let time = START.getTime();
  return {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
}

function recordingLog() {
  const lines: { level: string; object: object; message: string }[] = [];
  return {
    lines,
    info: (object: object, message: string) => lines.push({ level: "info", object, message }),
    error: (object: object, message: string) => lines.push({ level: "error", object, message }),
  };
}

/** A job that notes the moments it ran at, and fails while `failing` is set. */
function countingJob(name: string, everyMs: number) {
  const runs: string[] = [];
  const job: Job & { runs: string[]; failing: boolean } = {
    name,
    everyMs,
    runs,
    failing: false,
    async run(now) {
      runs.push(now.toISOString());
      if (job.failing) throw new Error(`database gone for ann@example.org`);
      return 1;
    },
  };
  return job;
}

let schedulers: Scheduler[] = [];
afterEach(async () => {
  for (const scheduler of schedulers) await scheduler.stop();
  schedulers = [];
});

function scheduler(now: () => Date, log = recordingLog()) {
  const made = new Scheduler({ now, log });
  schedulers.push(made);
  return made;
}

describe("the server's scheduler", () => {
  it("runs each job at start, then again only once its interval has passed on the clock", async () => {
    const time = clock();
    const often = countingJob("often", MINUTE);
    const seldom = countingJob("seldom", 60 * MINUTE);
    const jobs = scheduler(time.now).add(often).add(seldom);
    jobs.start();
    await jobs.idle();
    expect(often.runs).toEqual([START.toISOString()]);
    expect(seldom.runs).toEqual([START.toISOString()]);

    await jobs.runDue();
    expect(often.runs).toHaveLength(1);

    time.advance(MINUTE);
    await jobs.runDue();
    expect(often.runs).toEqual([START.toISOString(), "2026-11-21T17:01:00.000Z"]);
    expect(seldom.runs).toHaveLength(1);

    time.advance(59 * MINUTE);
    await jobs.runDue();
    expect(often.runs).toHaveLength(3);
    expect(seldom.runs).toEqual([START.toISOString(), "2026-11-21T18:00:00.000Z"]);
  });

  it("runs nothing before start and nothing after stop", async () => {
    const time = clock();
    const job = countingJob("job", MINUTE);
    const jobs = scheduler(time.now).add(job);
    await jobs.runDue();
    expect(job.runs).toEqual([]);
    jobs.start();
    await jobs.idle();
    await jobs.stop();
    time.advance(10 * MINUTE);
    await jobs.runDue();
    expect(job.runs).toHaveLength(1);
  });

  it("makes a job due at once when asked, without waiting for its interval", async () => {
    const time = clock();
    const job = countingJob("offers", 60 * MINUTE);
    const jobs = scheduler(time.now).add(job);
    jobs.start();
    await jobs.idle();
    time.advance(1000);
    jobs.due("offers");
    await jobs.idle();
    expect(job.runs).toEqual([START.toISOString(), "2026-11-21T17:00:01.000Z"]);
    expect(() => jobs.due("nothing")).toThrow("no job named nothing is scheduled");
  });

  it("logs a failing job without an address, keeps the others running, and tries it again at its next run", async () => {
    const time = clock();
    const log = recordingLog();
    const broken = countingJob("broken", MINUTE);
    const healthy = countingJob("healthy", MINUTE);
    broken.failing = true;
    const jobs = scheduler(time.now, log).add(broken).add(healthy);
    jobs.start();
    await jobs.idle();
    expect(healthy.runs).toHaveLength(1);
    const failure = log.lines.find((line) => line.level === "error");
    expect(failure?.message).toBe("scheduled job failed; it is tried again at its next run");
    expect(JSON.stringify(failure?.object)).not.toContain("ann@example.org");

    broken.failing = false;
    time.advance(MINUTE);
    await jobs.runDue();
    expect(broken.runs).toHaveLength(2);
    expect(log.lines.filter((line) => line.level === "error")).toHaveLength(1);
  });

  it("runs one pass at a time: a run asked for during a run joins it", async () => {
    const time = clock();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let concurrent = 0;
    let most = 0;
    const slow: Job = {
      name: "slow",
      everyMs: MINUTE,
      async run() {
        concurrent += 1;
        most = Math.max(most, concurrent);
        await gate;
        concurrent -= 1;
      },
    };
    const jobs = scheduler(time.now).add(slow);
    jobs.start();
    const second = jobs.runDue();
    release();
    await second;
    await jobs.idle();
    expect(most).toBe(1);
  });

  it("refuses two jobs of one name", () => {
    const jobs = scheduler(clock().now).add(countingJob("reminders", MINUTE));
    expect(() => jobs.add(countingJob("reminders", MINUTE))).toThrow(
      "a job named reminders is already scheduled",
    );
    expect(jobs.jobs).toEqual(["reminders"]);
  });
});

describe("the app's scheduler", () => {
  it("starts with the app, runs by the app's clock, and stops when the app closes", async () => {
    const clock = new Clock(START);
    const job = countingJob("job", MINUTE);
    const server = await startServer({ clock, jobs: [job] });
    try {
      expect(server.scheduler.jobs).toContain("job");
      await server.scheduler.idle();
      expect(job.runs).toEqual([START.toISOString()]);
      clock.advance(MINUTE);
      await server.scheduler.runDue();
      expect(job.runs).toEqual([START.toISOString(), "2026-11-21T17:01:00.000Z"]);
    } finally {
      await server.close();
    }
    clock.advance(MINUTE);
    await server.scheduler.runDue();
    expect(job.runs).toHaveLength(2);
  });
});
