import { describe, expect, it } from "vitest";
import { mealCountField, mealCountsAddUp } from "./meals.ts";

describe("mealCountField", () => {
  it("names the count field 'count' plus the choice without spaces", () => {
    expect(mealCountField("Roast Beef")).toBe("countRoastBeef");
    expect(mealCountField("Salmon")).toBe("countSalmon");
    expect(mealCountField(" Chicken  Parm ")).toBe("countChickenParm");
  });
});

describe("mealCountsAddUp", () => {
  it("requires the per-choice counts to add up exactly to several meals", () => {
    expect(mealCountsAddUp(3, [2, 1])).toBe(true);
    expect(mealCountsAddUp(3, [2, 0])).toBe(false);
    expect(mealCountsAddUp(3, [2, 2])).toBe(false);
    expect(mealCountsAddUp(2, [])).toBe(false);
  });

  it("ignores the counts for one meal or none", () => {
    expect(mealCountsAddUp(1, [0, 0])).toBe(true);
    expect(mealCountsAddUp(1, [4])).toBe(true);
    expect(mealCountsAddUp(0, [])).toBe(true);
  });
});
