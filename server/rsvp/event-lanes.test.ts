import { describe, expect, it } from "vitest";
import { EventLanes } from "./event-lanes.ts";

/** A write that runs until the test lets it end, noting when it starts and ends. */
function gated(log: string[], name: string) {
  let end: () => void = () => {};
  const ended = new Promise<void>((resolve) => {
    end = resolve;
  });
  return {
    work: async () => {
      log.push(`${name} starts`);
      await ended;
      log.push(`${name} ends`);
      return name;
    },
    end,
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("an event's lanes", () => {
  it("run the writes made from a read one at a time, in the order they came", async () => {
    const lanes = new EventLanes();
    const log: string[] = [];
    const [a, b] = [gated(log, "a"), gated(log, "b")];
    const done = [lanes.alone("e1", a.work), lanes.alone("e1", b.work)];
    await turn();
    expect(log).toEqual(["a starts"]);
    a.end();
    await turn();
    expect(log).toEqual(["a starts", "a ends", "b starts"]);
    b.end();
    expect(await Promise.all(done)).toEqual(["a", "b"]);
    expect(lanes.idle).toBe(true);
  });

  it("run joins beside each other, but never inside a write alone, nor ahead of one that waits", async () => {
    const lanes = new EventLanes();
    const log: string[] = [];
    const [j1, j2, a, j3] = ["j1", "j2", "a", "j3"].map((name) => gated(log, name)) as [
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
      ReturnType<typeof gated>,
    ];
    const done = [
      lanes.shared("e1", j1.work),
      lanes.shared("e1", j2.work),
      lanes.alone("e1", a.work),
      lanes.shared("e1", j3.work),
    ];
    await turn();
    expect(log).toEqual(["j1 starts", "j2 starts"]);
    j1.end();
    await turn();
    // The write alone waits for the join still running; the join behind it waits for it.
    expect(log).toEqual(["j1 starts", "j2 starts", "j1 ends"]);
    j2.end();
    await turn();
    expect(log.slice(3)).toEqual(["j2 ends", "a starts"]);
    a.end();
    await turn();
    expect(log.slice(5)).toEqual(["a ends", "j3 starts"]);
    j3.end();
    await Promise.all(done);
    expect(lanes.idle).toBe(true);
  });

  it("keep each event's writes to itself, and go on after a write that fails", async () => {
    const lanes = new EventLanes();
    const log: string[] = [];
    const a = gated(log, "a");
    const other = lanes.alone("e1", a.work);
    expect(await lanes.alone("e2", async () => "e2 alone")).toBe("e2 alone");
    const failing = lanes.alone("e1", async () => {
      throw new Error("refused");
    });
    a.end();
    await other;
    await expect(failing).rejects.toThrow("refused");
    expect(await lanes.alone("e1", async () => "after")).toBe("after");
    expect(lanes.idle).toBe(true);
  });
});
