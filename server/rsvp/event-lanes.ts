/**
 * The writes of one event that must not overlap in this process. A cancel, a change, a claim, a
 * party leaving the waiting list or an offer that ran out reads the event's list, composes its
 * mails from it (an offer's, the secretary's notice telling the list) and then writes; the store
 * refuses the write as stale when the list changed in between, and the server reads and composes
 * again. Under a burst (cancels, joins and claims of one event arriving together) each of them
 * changed the list under the others, until every try of most of them had gone stale. Run here,
 * one at a time per event, none goes stale for another of this process; a join, which reads
 * nothing before its write and never goes stale, runs beside other joins but not inside such a
 * read-and-write. Other processes and instances still may change the list meanwhile: the server
 * keeps trying those writes (untilFresh), which a lane makes rare.
 */

type Grant = () => void;

interface Lane {
  /** Writes running beside each other (joins). */
  shared: number;
  /** A write running alone. */
  alone: boolean;
  /** Those waiting, in the order they came: a write alone is not passed by later joins. */
  waiting: { alone: boolean; grant: Grant }[];
}

export class EventLanes {
  readonly #lanes = new Map<string, Lane>();

  /** Runs `work` with no other write of the event's lane running. */
  alone<T>(eventId: string, work: () => Promise<T>): Promise<T> {
    return this.#run(eventId, true, work);
  }

  /** Runs `work` beside the event's other shared writes, never inside one that runs alone. */
  shared<T>(eventId: string, work: () => Promise<T>): Promise<T> {
    return this.#run(eventId, false, work);
  }

  /** Whether nothing runs or waits (tests). */
  get idle(): boolean {
    return this.#lanes.size === 0;
  }

  async #run<T>(eventId: string, alone: boolean, work: () => Promise<T>): Promise<T> {
    const lane = this.#lanes.get(eventId) ?? { shared: 0, alone: false, waiting: [] };
    this.#lanes.set(eventId, lane);
    if (lane.waiting.length === 0 && !lane.alone && (!alone || lane.shared === 0)) {
      this.#take(lane, alone);
    } else {
      await new Promise<void>((grant) => lane.waiting.push({ alone, grant }));
    }
    try {
      return await work();
    } finally {
      if (alone) lane.alone = false;
      else lane.shared -= 1;
      this.#next(eventId, lane);
    }
  }

  #take(lane: Lane, alone: boolean): void {
    if (alone) lane.alone = true;
    else lane.shared += 1;
  }

  /** Lets the next ones in: a write alone once nothing runs, or every join up to the next one. */
  #next(eventId: string, lane: Lane): void {
    for (let head = lane.waiting[0]; head; head = lane.waiting[0]) {
      if (lane.alone || (head.alone && lane.shared > 0)) break;
      lane.waiting.shift();
      this.#take(lane, head.alone);
      head.grant();
      if (head.alone) break;
    }
    if (!lane.alone && lane.shared === 0 && lane.waiting.length === 0) {
      this.#lanes.delete(eventId);
    }
  }
}
