import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { pastMasterSchema } from "./past-master.ts";

function problems(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

describe("past master", () => {
  it("reads a numbered term, a number kept as text and the Under Dispensation term", () => {
    expect(pastMasterSchema.parse({ number: "12", name: "Asa Bell", term: "1878 - 1879" })).toEqual(
      {
        number: 12,
        name: "Asa Bell",
        term: "1878 - 1879",
        imgUrl: "",
      },
    );
    expect(
      pastMasterSchema.parse({ number: 0, name: "Hiram Abbott", term: "U.D. 1867" }).number,
    ).toBe(0);
  });

  it("accepts -1 together with the term 'By Affiliation', however capitalised", () => {
    const affiliated = { number: -1, name: "Yale Young", term: "By Affiliation" };
    expect(pastMasterSchema.parse(affiliated)).toEqual({ ...affiliated, imgUrl: "" });
    expect(pastMasterSchema.parse({ ...affiliated, term: "by  AFFILIATION" }).term).toBe(
      "By Affiliation",
    );
  });

  it("rejects 'By Affiliation' with another number, and -1 with another term", () => {
    expect(
      problems(pastMasterSchema.safeParse({ number: 5, name: "Yale", term: "By Affiliation" })),
    ).toEqual(["number: expected -1 for a term of 'By Affiliation', found 5"]);
    expect(
      problems(pastMasterSchema.safeParse({ number: -1, name: "Yale", term: "1999" })),
    ).toEqual(["number: expected the term 'By Affiliation' for number -1, found \"1999\""]);
  });

  it("rejects a term without a year and a number below -1", () => {
    expect(
      problems(pastMasterSchema.safeParse({ number: 3, name: "Cy", term: "Unknown" })),
    ).toEqual([
      "term: expected a term with a year such as '1867 - 1868' or '2019', found \"Unknown\"",
    ]);
    expect(problems(pastMasterSchema.safeParse({ number: -2, name: "Cy", term: "1990" }))).toEqual([
      "number: expected a whole number (-1 for By Affiliation, 0 for Under Dispensation) from -1 to 9999, found -2",
    ]);
  });
});
