import { describe, expect, it } from "vitest";
import { inGoodStanding, MEMBER_STATUSES, memberSchema, readStatus } from "./member.ts";

describe("readStatus", () => {
  it.each([
    ["Active", "active"],
    ["", "active"],
    ["Regular Member", "active"],
    ["Life Member", "life"],
    ["Honorary", "honorary"],
    ["Dual Member", "plural"],
    ["Plural", "plural"],
    ["Suspended NPD", "suspended"],
    ["Demit", "demitted"],
    ["Excluded", "expelled"],
    ["DECEASED", "deceased"],
  ])("reads %j as %s", (text, status) => {
    expect(readStatus(text)).toBe(status);
  });

  it("reads no status in a word it does not know", () => {
    expect(readStatus("Retired")).toBeUndefined();
  });

  it("summons members in good standing only", () => {
    expect(MEMBER_STATUSES.filter(inGoodStanding)).toEqual([
      "active",
      "life",
      "honorary",
      "plural",
    ]);
  });
});

describe("memberSchema", () => {
  it("keeps the number as text, lowercases the address and fills what a row leaves out", () => {
    expect(
      memberSchema.parse({
        number: " 00712 ",
        firstName: "José",
        lastName: "O’Brien",
        email: " Jose@Example.ORG ",
        degree: "EA",
      }),
    ).toEqual({
      number: "00712",
      firstName: "José",
      lastName: "O’Brien",
      title: "",
      email: "jose@example.org",
      phone: "",
      degree: "entered-apprentice",
      status: "active",
      dietary: "",
    });
  });

  it("refuses markup in a name or a dietary note", () => {
    const result = memberSchema.safeParse({
      number: "1",
      firstName: "<b>",
      lastName: "X",
      degree: "MM",
      dietary: "a\u0007",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.path.join("."))).toEqual(["firstName", "dietary"]);
  });
});
