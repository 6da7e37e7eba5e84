import { describe, expect, it } from "vitest";
import { rollMember } from "../../test/support/roll.ts";
import { storeKindsOfThisFile } from "../../test/support/served-stores.ts";
import type { Store } from "./store.ts";

/**
 * The Tyler's register held against each store: SQLite, SQLite on its own thread (lodge
 * serve's) and PostgreSQL. Two stores on one place stand for two phones' requests reaching two
 * instances. The clock is the tests' own (NOW), never today's.
 */
const NOW = new Date("2027-11-21T18:30:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const kinds = storeKindsOfThisFile("issue-36-store", NOW);

const member = rollMember;

async function roll(store: Store, n: number) {
  const add = Array.from({ length: n }, (_, i) => member(i + 1));
  await store.importRoll({ add, change: [], remove: [], now: NOW });
  return (await store.listMembers()).map((m) => m.id);
}

const present = async (store: Store, eventId = "e1") =>
  (await store.register(eventId)).members.map((m) => m.memberId).sort((a, b) => a - b);

const visitor = {
  name: "Élie Dupré",
  lodgeName: "Lodge of Friendship",
  lodgeNumber: "206",
  degree: "master-mason" as const,
};

describe.each(kinds)("the $name store's register", (kind) => {
  it("keeps a mark once however often it is sent, undoes it by its id, and refuses an id reused for another", async () => {
    const store = await kind.open(await kind.place());
    const [a = 0, b = 0] = await roll(store, 2);
    const mark = { markId: "mark-a-1", eventId: "e1", memberId: a, now: NOW };
    expect(await store.markPresent(mark)).toBe("kept");
    expect(await store.markPresent({ ...mark, now: later(5) })).toBe("again");
    expect(await store.markPresent({ ...mark, memberId: b })).toBe("conflict");
    expect(await store.register("e1")).toEqual({
      members: [{ memberId: a, markIds: ["mark-a-1"] }],
      visitors: [],
    });
    const undo = { markId: "mark-a-1", eventId: "e1", marked: { memberId: a }, now: later(1) };
    expect(await store.undoMark(undo)).toBe("kept");
    expect(await store.undoMark({ ...undo, now: later(2) })).toBe("again");
    expect(await present(store)).toEqual([]);
    // The mark sent again after its undo (a phone's retry) does not bring him back.
    expect(await store.markPresent(mark)).toBe("again");
    expect(await present(store)).toEqual([]);
    await store.close();
  });

  it("keeps an undo that arrives before its mark, and two phones' marks of one brother apart", async () => {
    const place = await kind.place();
    const [one, two] = [await kind.open(place), await kind.open(place)];
    const [a = 0, b = 0] = await roll(one, 2);
    const early = { markId: "late-mark", eventId: "e1", marked: { memberId: b }, now: NOW };
    expect(await two.undoMark(early)).toBe("kept");
    await one.markPresent({ markId: "late-mark", eventId: "e1", memberId: b, now: later(1) });
    expect(await present(one)).toEqual([]);
    // Both phones mark brother a; the first phone's undo takes back its own mark only.
    await Promise.all([
      one.markPresent({ markId: "phone1-a", eventId: "e1", memberId: a, now: later(2) }),
      two.markPresent({ markId: "phone2-a", eventId: "e1", memberId: a, now: later(2) }),
    ]);
    await one.undoMark({
      markId: "phone1-a",
      eventId: "e1",
      marked: { memberId: a },
      now: later(3),
    });
    expect(await two.register("e1")).toEqual({
      members: [{ memberId: a, markIds: ["phone2-a"] }],
      visitors: [],
    });
    await one.close();
    await two.close();
  });

  it("loses none of 2 × 40 marks sent at once from two phones, each sent twice", async () => {
    const place = await kind.place();
    const [one, two] = [await kind.open(place), await kind.open(place)];
    const ids = await roll(one, 80);
    const marks = ids.map((memberId, i) => ({
      store: i % 2 ? one : two,
      mark: { markId: `m-${memberId}`, eventId: "e1", memberId, now: later(i) },
    }));
    const sent = [...marks, ...marks].map(({ store, mark }) => store.markPresent(mark));
    const outcomes = await Promise.all(sent);
    expect(outcomes.filter((o) => o === "kept")).toHaveLength(80);
    expect(outcomes.filter((o) => o === "again")).toHaveLength(80);
    expect(await present(two)).toEqual([...ids].sort((x, y) => x - y));
    await one.close();
    await two.close();
  });

  it("adds a visitor once by the mark's id, finds him when he comes again, and keeps the register apart from each event", async () => {
    const store = await kind.open(await kind.place());
    const [a = 0] = await roll(store, 1);
    const visit = { markId: "v-1", eventId: "e1", visitor: { ...visitor, vouchedBy: a }, now: NOW };
    const id = await store.addVisitor(visit);
    expect(id).toBeTypeOf("number");
    expect(await store.addVisitor({ ...visit, now: later(1) })).toBe(id);
    expect(await store.listVisitors()).toEqual([{ ...visitor, vouchedBy: a, id }]);
    // He comes again to e2, now a member of another lodge too: the same visitor, brought up to date.
    const again = { ...visitor, lodgeNumber: "207", id: id ?? 0 };
    expect(
      await store.addVisitor({ markId: "v-2", eventId: "e2", visitor: again, now: later(60) }),
    ).toBe(id);
    expect(
      await store.addVisitor({
        markId: "v-3",
        eventId: "e2",
        visitor: { ...again, id: 999 },
        now: NOW,
      }),
    ).toBeUndefined();
    expect(await store.listVisitors()).toEqual([{ ...visitor, lodgeNumber: "207", id }]);
    expect((await store.register("e1")).visitors.map((v) => [v.id, v.markIds])).toEqual([
      [id, ["v-1"]],
    ]);
    expect((await store.register("e2")).visitors.map((v) => v.markIds)).toEqual([["v-2"]]);
    await store.undoMark({
      markId: "v-2",
      eventId: "e2",
      marked: { visitorId: id ?? 0 },
      now: later(61),
    });
    expect((await store.register("e2")).visitors).toEqual([]);
    await store.close();
  });

  it("keeps a removed member's attendance as a count, and the register through the RSVPs' erasure", async () => {
    const store = await kind.open(await kind.place());
    const [a = 0, b = 0] = await roll(store, 2);
    for (const [i, memberId] of [a, b].entries()) {
      await store.markPresent({ markId: `k-${i}`, eventId: "e1", memberId, now: NOW });
    }
    await store.addVisitor({ markId: "v", eventId: "e1", visitor, now: NOW });
    await store.removeMember({ id: a, now: later(10) });
    await store.eraseRsvps({ kind: "event", subject: "e1", now: later(60 * 24 * 30) });
    const marks = await store.attendanceAt(["e1", "e2"]);
    expect(marks.map((m) => [m.memberId ?? null, m.visitorId !== undefined])).toEqual([
      [a, false],
      [b, false],
      [null, true],
    ]);
    expect(marks[0]?.markedAt).toEqual(NOW);
    const dump = JSON.stringify(await store.dump());
    expect(dump).not.toContain("Brother1");
    expect(dump).toContain("Élie Dupré");
    await store.close();
  });
});
