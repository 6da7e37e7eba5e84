import { describe, expect, it } from "vitest";
import { costText } from "../schemas/event.ts";
import {
  formatCostPerMeal,
  mealCountField,
  mealCountsAddUp,
  mealCountsText,
  priceText,
} from "./meals.ts";

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

describe("formatCostPerMeal", () => {
  const cost = (raw: string | number) => formatCostPerMeal(costText.parse(raw));

  it("writes a dollar amount, decimals only when not whole", () => {
    expect(cost(12)).toBe("$12");
    expect(cost("$12.50")).toBe("$12.50");
    expect(cost("15 - 20")).toBe("$15 - 20");
  });

  it("writes 'No Charge' for a free dinner and '-' when there is none", () => {
    expect(cost("No Charge")).toBe("No Charge");
    expect(cost(0)).toBe("No Charge");
    expect(cost("")).toBe("-");
  });
});

describe("priceText", () => {
  const price = (raw: string | number, per?: "per meal") => priceText(costText.parse(raw), per);

  it("says a free dinner is no charge, with or without 'per meal'", () => {
    expect(price("No Charge")).toBe("no charge");
    expect(price(0, "per meal")).toBe("no charge");
  });

  it("says a price in dollars, per meal when asked", () => {
    expect(price(15)).toBe("$15");
    expect(price("15 - 20", "per meal")).toBe("$15 - 20 per meal");
  });
});

describe("mealCountsText", () => {
  it("writes each choice's meals in the order given, leaving out a choice of none", () => {
    expect(
      mealCountsText([
        { choice: "Chicken", count: 2 },
        { choice: "Fish", count: 0 },
        { choice: "Beef", count: 1 },
      ]),
    ).toBe("2 Chicken, 1 Beef");
    expect(mealCountsText([{ choice: "Chicken", count: 0 }])).toBe("");
  });
});
