import { Background } from "./background.ts";
import { scrub } from "./logging.ts";

export interface SchedulerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

/**
 * Work the server does on its own, at its time: reminders, erasure, offers that ran out. A job
 * must be safe to run in several instances at once and again after a restart: whatever it does
 * per item (a reminder, an erasure) it claims in the store first, in a transaction, so each item
 * is done once whichever instance gets there first.
 */
export interface Job {
  /** Names the job in logs, e.g. 'reminders'. */
  name: string;
  /** How long after a run the job runs again. */
  everyMs: number;
  /**
   * Does what is due at `now`. Resolves with how many items it did (a number, for the log), or with anything else.
   * A rejection is logged and the job is tried again at its next run.
   */
  run(now: Date): Promise<unknown>;
}

export interface SchedulerOptions {
  /** The clock jobs are due by and run with; tests pass one they move by hand. */
  now: () => Date;
  log: SchedulerLog;
  /**
   * The longest a wait between runs may be in real time, whatever the jobs' intervals: a clock
   * that jumps (a suspended machine, a corrected time) is noticed within it.
   */
  maxWaitMs?: number;
}

interface Entry {
  job: Job;
  /** When it is next due, by the injected clock. */
  dueAt: number;
}

/**
 * Runs each job when it falls due by the injected clock: once at start (so a restart catches up
 * on what it missed), then every `everyMs`. One run of the scheduler at a time; a job that fails
 * is logged and does not stop the others. `runDue()` runs what is due now and resolves when it is
 * done, which is how tests drive it after moving their clock: nothing waits on real time.
 */
export class Scheduler extends Background {
  readonly #options: Required<SchedulerOptions>;
  readonly #entries: Entry[] = [];

  constructor(options: SchedulerOptions) {
    super({ stopped: true });
    this.#options = { maxWaitMs: 60_000, ...options };
  }

  /** Adds a job, due at once. */
  add(job: Job): this {
    if (this.#entries.some((entry) => entry.job.name === job.name)) {
      throw new Error(`a job named ${job.name} is already scheduled`);
    }
    this.#entries.push({ job, dueAt: Number.NEGATIVE_INFINITY });
    this.kick();
    return this;
  }

  /** The jobs' names, in the order they run. */
  get jobs(): string[] {
    return this.#entries.map((entry) => entry.job.name);
  }

  /** Makes a job due now (something it waits for has happened) and asks for a run soon. */
  due(name: string): void {
    const entry = this.#entries.find((candidate) => candidate.job.name === name);
    if (!entry) throw new Error(`no job named ${name} is scheduled`);
    entry.dueAt = Number.NEGATIVE_INFINITY;
    this.kick();
  }

  /** Runs every job due at `now()`; resolves when they are done. Never rejects. */
  runDue(): Promise<void> {
    return this.run();
  }

  protected async pass(): Promise<void> {
    do {
      for (const entry of this.#entries) {
        if (this.stopped) return;
        const at = this.#options.now();
        if (entry.dueAt > at.getTime()) continue;
        await this.#run(entry, at);
      }
    } while (this.askedAgain() && !this.stopped);
    this.#wake();
  }

  async #run(entry: Entry, at: Date): Promise<void> {
    const { job } = entry;
    entry.dueAt = at.getTime() + job.everyMs;
    try {
      const done = await job.run(at);
      if (typeof done === "number" && done > 0) {
        this.#options.log.info({ job: job.name, done }, "scheduled job done");
      }
    } catch (error) {
      this.#options.log.error(
        { job: job.name, reason: scrub(error instanceof Error ? error.message : String(error)) },
        "scheduled job failed; it is tried again at its next run",
      );
    }
  }

  /** Sleeps until the next job is due, and at most `maxWaitMs`. */
  #wake(): void {
    if (this.#entries.length === 0) return;
    const at = this.#options.now().getTime();
    const next = Math.min(...this.#entries.map((entry) => entry.dueAt));
    this.wakeIn(Math.min(next - at, this.#options.maxWaitMs));
  }
}
