import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Member } from "../../core/schemas/member.ts";
import { readRollCsv } from "./roll-csv.ts";
import { rollCsv, rollTable, statusesOf } from "./roll-listing.ts";

const MEMBERS: Member[] = [
  {
    number: "10424",
    firstName: "René",
    lastName: "O’Brien",
    title: "PM",
    email: "rene@example.org",
    phone: "",
    degree: "master-mason",
    status: "life",
    dietary: "No shellfish",
  },
  {
    number: "10423",
    firstName: "Adam",
    lastName: "Able",
    title: "",
    email: "adam@example.org",
    phone: "(216) 555-0101",
    degree: "fellowcraft",
    status: "active",
    dietary: "",
  },
  {
    number: "10425",
    firstName: "Carl",
    lastName: "Cole",
    title: "",
    email: "",
    phone: "",
    degree: "master-mason",
    status: "deceased",
    dietary: "",
  },
];

describe("the roll's listings", () => {
  it("shows the members by name in a table, with how many by status", () => {
    expect(rollTable(MEMBERS).split("\n")).toEqual([
      "Number  Name              E-mail            Phone           Degree        Status    Dietary needs",
      "10423   Adam Able         adam@example.org  (216) 555-0101  Fellowcraft   Active",
      "10425   Carl Cole                                           Master Mason  Deceased",
      "10424   René O’Brien, PM  rene@example.org                  Master Mason  Life      No shellfish",
      "3 members: 1 active, 1 life, 1 deceased.",
    ]);
    expect(rollTable([])).toBe(
      "No members on the roll. Import it with lodge members import FILE.csv.",
    );
  });

  it("writes a CSV that lodge members import reads back as the same roll", () => {
    const dir = mkdtempSync(join(tmpdir(), "issue-35-roll-"));
    try {
      writeFileSync(join(dir, "roll.csv"), rollCsv(MEMBERS));
      const read = readRollCsv(join(dir, "roll.csv"), "roll.csv");
      expect(read.members).toEqual([MEMBERS[1], MEMBERS[2], MEMBERS[0]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads --status as rolls write statuses, good for those in good standing, and refuses one it does not know", () => {
    expect(statusesOf(undefined)).toBeUndefined();
    expect(statusesOf("Active, Life Member")).toEqual(["active", "life"]);
    expect(statusesOf("good")).toEqual(["active", "life", "honorary", "plural"]);
    expect(() => statusesOf("retired")).toThrow(
      '--status: no status "retired"; use active, life, honorary, plural, suspended, demitted, resigned, expelled, deceased (several with commas), or good for those in good standing',
    );
  });
});
