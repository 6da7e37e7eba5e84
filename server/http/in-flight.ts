/**
 * The requests the server is answering now, for the work that can wait for them: the mail worker
 * takes its next mail once none is in flight, so a burst of RSVPs is answered first and mailed
 * right after. Under a load that never pauses, the wait is `maxWaitMs` at most, so mail still
 * goes (a mail per sending slot per wait).
 */
export class RequestsInFlight {
  #count = 0;
  /** The waits for a quiet moment, each ended by one call. */
  readonly #waiting = new Set<() => void>();

  readonly maxWaitMs: number;

  constructor(maxWaitMs = 1000) {
    this.maxWaitMs = maxWaitMs;
  }

  get count(): number {
    return this.#count;
  }

  /** Counts a request in; the function returned counts it out, once however often it is called. */
  started(): () => void {
    this.#count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#count -= 1;
      if (this.#count === 0) for (const done of [...this.#waiting]) done();
    };
  }

  /** Resolves once no request is in flight, or after `maxWaitMs` if requests keep coming. */
  quiet(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.#waiting.delete(done);
        resolve();
      };
      const timer = setTimeout(done, this.maxWaitMs);
      this.#waiting.add(done);
    });
  }
}
