import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Member } from "../core/schemas/member.ts";
import { openStore } from "../server/store/open-store.ts";
import { lodgeAt, sampleCopy } from "./support/cli-harness.ts";

/**
 * `lodge attendance` on a copy of the sample lodge, its register kept at the stated meetings of
 * 2 and 16 December 2026 and read the morning after the second: a meeting beside its answers, a
 * member's record, the year as a spreadsheet opens it, and the brothers the Almoner is told of.
 */
let sample: ReturnType<typeof sampleCopy> | undefined;
afterEach(() => {
  sample?.cleanup();
  sample = undefined;
});

const AFTER = new Date("2026-12-17T12:00:00Z");
const DEC2 = "2026-12-02-stated-meeting";
const DEC16 = "2026-12-16-stated-meeting";

const brother = (n: number, firstName: string, lastName: string): Member & { key: string } => ({
  number: String(10_400 + n),
  firstName,
  lastName,
  title: "",
  email: `b${n}@example.org`,
  phone: `555-010${n}`,
  degree: "master-mason",
  status: "active",
  dietary: "",
  key: `k${String(n).padStart(15, "0")}`,
});

async function keptRegister(root: string) {
  const store = openStore(join(root, "var", "lodge.db"), AFTER);
  const roll = [
    brother(1, "José", "Martínez"),
    brother(2, "Arthur", "Penhaligon"),
    brother(3, "Connor", "O'Neill"),
    brother(4, "=SUM(A1)", "Abernethy"),
    brother(5, "Gone", "Away"),
  ];
  await store.importRoll({ add: roll, change: [], remove: [], now: AFTER });
  const members = await store.listMembers();
  const id = (n: number) => members.find((m) => m.number === String(10_400 + n))?.id ?? 0;
  const answer = async (n: number, eventId: string, given: "attending" | "apologies") => {
    const member = members.find((m) => m.id === id(n));
    if (!member) throw new Error("no roll");
    await store.answerSummons({
      member,
      eventId,
      given: { answer: given },
      guestLimit: 100,
      now: AFTER,
      mails: { seated: [], waiting: [] },
    });
  };
  await answer(2, DEC2, "attending");
  await answer(3, DEC2, "apologies");
  const mark = (eventId: string, n: number) =>
    store.markPresent({ markId: `${eventId}-${n}`, eventId, memberId: id(n), now: AFTER });
  for (const n of [1, 5]) await mark(DEC2, n);
  for (const n of [1, 2]) await mark(DEC16, n);
  await store.addVisitor({
    markId: "visit-1",
    eventId: DEC2,
    visitor: {
      name: "Jean Dupré",
      lodgeName: "Lodge of Friendship",
      lodgeNumber: "206",
      degree: "master-mason",
      vouchedBy: id(1),
    },
    now: AFTER,
  });
  await store.removeMember({ id: id(5), now: AFTER });
  await store.close();
}

const run = (root: string, ...args: string[]) => lodgeAt({ cwd: root, now: AFTER }, ...args);

describe("lodge attendance", () => {
  it("tells a meeting's register beside its answers, a member's record and the absent", async () => {
    sample = sampleCopy();
    await keptRegister(sample.root);
    const event = await run(sample.root, "attendance", "--event", DEC2);
    expect(event.stdout).toEqual([
      "Stated Meeting, Wed, Dec 2, 2026 at 7:30PM (2026-12-02-stated-meeting)",
      "Present: 2",
      "  10401 José Martínez",
      "  and 1 since removed from the roll",
      "Apologies: 1",
      "  10403 Connor O'Neill",
      "Absent without word: 2",
      "  10402 Arthur Penhaligon",
      "  10404 =SUM(A1) Abernethy",
      "Visitors: 1",
      "  Jean Dupré, Lodge of Friendship No. 206, Master Mason (vouched for by José Martínez)",
      "Answered attending, not marked present: 1",
      "  10402 Arthur Penhaligon",
      "Marked present without an answer: 1",
      "  10401 José Martínez",
    ]);
    // Before the meeting nobody is absent yet: the answers so far, and where the register is kept.
    const before = await lodgeAt(
      { cwd: sample.root, now: new Date("2026-12-01T12:00:00Z") },
      "attendance",
      "--event",
      DEC2,
    );
    expect(before.stdout.slice(6)).toEqual([
      "No word yet: 2",
      "  10402 Arthur Penhaligon",
      "  10404 =SUM(A1) Abernethy",
      "Visitors: 1",
      "  Jean Dupré, Lodge of Friendship No. 206, Master Mason (vouched for by José Martínez)",
      "Answered attending: 1",
      "  10402 Arthur Penhaligon",
      "The meeting is to come: the register is kept at the door (lodge door) on the day.",
    ]);

    const record = await run(sample.root, "attendance", "--member", "10402");
    expect(record.stdout[0]).toMatch(
      /^10402 Arthur Penhaligon: present at 1 of \d+ meetings, apologies at 0$/,
    );
    expect(record.stdout.at(-1)).toMatch(/^2026\/12\/16 19:30 +Stated Meeting +present$/);

    const absent = await run(sample.root, "attendance", "--absent");
    expect(absent.stdout).toEqual([
      "Absent without word at the last two stated meetings or more: 1",
      "  10404 =SUM(A1) Abernethy: 2 meetings since 2026-12-02-stated-meeting (555-0104, b4@example.org)",
    ]);
  });

  it("writes a year as a spreadsheet opens it: UTF-8 with its mark, CRLF, formulas kept as text", async () => {
    sample = sampleCopy();
    await keptRegister(sample.root);
    const year = await run(sample.root, "attendance", "--year", "2026", "--format", "csv");
    expect(year.code).toBe(0);
    const text = year.stdout.join("\n");
    expect(text.startsWith("\uFEFFNumber,Name,")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines[0]).toMatch(
      /,2026\/12\/02 19:30 Stated Meeting,2026\/12\/16 19:30 Stated Meeting,Present,Apologies,Absent$/,
    );
    expect(lines[1]).toMatch(/^10401,José Martínez,(,)*P,P,2,0,\d+$/);
    expect(lines[3]).toMatch(/^10403,Connor O'Neill,.*A,,0,1,\d+$/);
    expect(lines[4]).toMatch(/^10404,'=SUM\(A1\) Abernethy,/);
    expect(lines[5]).toMatch(/^,Removed from the roll \(present\),.*1,0,1,,$/);

    const bad = await run(sample.root, "attendance", "--year", "26");
    expect(bad.code).toBe(2);
    expect(bad.stderr.join(" ")).toContain("--year takes a year");
    const none = await run(sample.root, "attendance");
    expect(none.code).toBe(2);
    expect(none.stderr.join(" ")).toContain("Give one of --event EVENT");
  });
});
