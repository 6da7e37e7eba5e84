import { describe, expect, it } from "vitest";
import type { Member } from "../../core/schemas/member.ts";
import { planReport, planRoll } from "./roll-merge.ts";

const member = (number: string, more: Partial<Member> = {}): Member => ({
  number,
  firstName: "John",
  lastName: `Member${number}`,
  title: "",
  email: `m${number}@example.org`,
  phone: "",
  degree: "master-mason",
  status: "active",
  dietary: "",
  ...more,
});
const ALL = ["number", "firstName", "lastName", "email", "degree", "status", "dietary"] as const;

describe("planRoll", () => {
  it("adds, changes (saying how) and keeps members by number, and removes none without --replace", () => {
    const current = [member("1"), member("2", { dietary: "No nuts" }), member("3")];
    const imported = [
      member("2", { email: "new2@example.org", dietary: "No nuts" }),
      member("1"),
      member("4", { degree: "fellowcraft" }),
    ];
    const plan = planRoll(current, imported, ALL, false);
    expect(plan.added.map((m) => m.number)).toEqual(["4"]);
    expect(plan.changed).toEqual([
      {
        was: current[1],
        now: { ...current[1], email: "new2@example.org" },
        changes: [{ field: "email", was: "m2@example.org", now: "new2@example.org" }],
      },
    ]);
    expect(plan.unchanged).toEqual([current[0]]);
    expect(plan.removed).toEqual([]);
    expect(plan.size).toBe(4);
    expect(planReport(plan, { dryRun: false, replace: false })).toEqual([
      "added 4 John Member4",
      "changed 2 John Member2: e-mail was m2@example.org, now new2@example.org",
      "The roll: 1 added, 1 changed, 1 unchanged; 4 members on the roll.",
    ]);
  });

  it("changes only the fields the file gives: an export without Dietary or Degree keeps what the roll has", () => {
    const current = [member("1", { dietary: "Vegetarian", degree: "fellowcraft" })];
    const imported = [member("1", { dietary: "", degree: "master-mason", status: "life" })];
    const plan = planRoll(current, imported, ["number", "firstName", "lastName", "status"], false);
    expect(plan.changed.map((c) => [c.now.dietary, c.now.degree, c.now.status])).toEqual([
      ["Vegetarian", "fellowcraft", "life"],
    ]);
    expect(planReport(plan, { dryRun: true, replace: false })).toEqual([
      "would change 1 John Member1: status was Active, now Life",
      "The import would make 0 added, 1 changed, 0 unchanged; 1 member on the roll. Nothing was written (--dry-run).",
    ]);
  });

  it("with --replace removes the members the file does not hold, and matches numbers whatever their case", () => {
    const current = [member("A1"), member("B2"), member("C3", { status: "deceased" })];
    const plan = planRoll(
      current,
      [member("a1", { lastName: "MemberA1", email: "mA1@example.org" })],
      ALL,
      true,
    );
    expect(plan.removed.map((m) => m.number)).toEqual(["B2", "C3"]);
    expect(plan.unchanged.map((m) => m.number)).toEqual(["A1"]);
    expect(planReport(plan, { dryRun: false, replace: true })).toEqual([
      "removed B2 John MemberB2 (his personal data erased, his answers counted)",
      "removed C3 John MemberC3 (his personal data erased, his answers counted)",
      "The roll: 0 added, 0 changed, 1 unchanged, 2 removed; 1 member on the roll.",
    ]);
  });

  it("says the roll is up to date when nothing changes", () => {
    const plan = planRoll([member("1")], [member("1")], ALL, false);
    expect(planReport(plan, { dryRun: false, replace: false })).toEqual([
      "The roll is up to date: 0 added, 0 changed, 1 unchanged; 1 member on the roll. Nothing was written.",
    ]);
  });
});
