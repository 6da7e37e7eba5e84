import { describe, expect, it } from "vitest";
import { isSummoned } from "../../core/rules/summons.ts";
import type { Member } from "../../core/schemas/member.ts";
import { summonsPlan, summonsReport } from "./summons-plan.ts";

type Row = Pick<Member, "status" | "degree" | "email"> & { summoned: boolean; n: number };
const row = (n: number, more: Partial<Row> = {}): Row => ({
  n,
  status: "active",
  degree: "master-mason",
  email: `m${n}@example.org`,
  summoned: false,
  ...more,
});
const EVENT = {
  id: "2027-12-01-stated-meeting",
  name: "Stated Meeting",
  date: "2027/12/01 19:30",
  tyled: true,
  degree: "fellowcraft" as const,
};

describe("lodge summons", () => {
  const roll = [
    row(1),
    row(2, { degree: "fellowcraft" }),
    row(3, { degree: "entered-apprentice" }),
    row(4, { status: "demitted" }),
    row(5, { email: "" }),
    row(6, { summoned: true }),
    row(7, { status: "honorary" }),
  ];

  it("summons the members the scheduler would, once, and says why the others are left out", () => {
    const plan = summonsPlan(EVENT, roll);
    expect(plan.send.map((m) => m.n)).toEqual([1, 2, 7]);
    expect(plan.send.every((m) => isSummoned(EVENT, m))).toBe(true);
    expect(summonsReport(EVENT, plan, true)).toEqual([
      "Would summon 3 members to 2027/12/01 19:30 Stated Meeting (2027-12-01-stated-meeting), opened on the Fellowcraft degree; 1 had it already.",
      "Not summoned: 1 of a degree it does not admit, 1 not in good standing, 1 without an e-mail address.",
      "Nothing was sent (--dry-run).",
    ]);
  });

  it("says there is nothing new once everyone has had it", () => {
    const plan = summonsPlan({ ...EVENT, tyled: false, degree: undefined }, [
      row(1, { summoned: true }),
    ]);
    expect(summonsReport({ ...EVENT, tyled: false, degree: undefined }, plan, false)).toEqual([
      "Summoned 0 members to 2027/12/01 19:30 Stated Meeting (2027-12-01-stated-meeting), open to all; 1 had it already.",
      "Nothing new to send.",
    ]);
  });
});
