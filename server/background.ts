/**
 * What the mail worker and the scheduler share: one pass at a time (a run asked for during a
 * pass joins it and makes it go round once more), a timer for the next pass that never keeps the
 * process alive, and a stop that waits for the pass under way.
 */
export abstract class Background {
  #running: Promise<void> | undefined;
  #again = false;
  #timer: NodeJS.Timeout | undefined;
  protected stopped: boolean;

  constructor(options: { stopped: boolean }) {
    this.stopped = options.stopped;
  }

  /** One pass; it calls `askedAgain()` to learn whether it should go round once more. */
  protected abstract pass(): Promise<void>;

  start(): void {
    this.stopped = false;
    this.kick();
  }

  /** Asks for a pass soon; a pass already under way absorbs it. */
  kick(): void {
    void this.run();
  }

  /** Runs a pass (or joins the one under way) and resolves when it is done. */
  run(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.#running) {
      this.#again = true;
      return this.#running;
    }
    this.#running = this.pass().finally(() => {
      this.#running = undefined;
    });
    return this.#running;
  }

  /** Resolves once no pass is under way. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Stops the timer and waits for the pass under way, if any. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.#timer);
    await this.idle();
  }

  /** True, once, when a pass was asked for while this one ran. */
  protected askedAgain(): boolean {
    const again = this.#again;
    this.#again = false;
    return again;
  }

  protected wakeIn(delay: number): void {
    clearTimeout(this.#timer);
    if (this.stopped) return;
    this.#timer = setTimeout(() => this.kick(), Math.min(Math.max(0, delay), 2 ** 31 - 1));
    this.#timer.unref();
  }
}
