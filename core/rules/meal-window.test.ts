import { describe, expect, it } from "vitest";
import { eventSchema } from "../schemas/event.ts";
import {
  hasEarlyMealDeadline,
  mealDeadline,
  mealsAllowed,
  mealsClosedText,
  mealsCloseText,
  mealsOpen,
} from "./meal-window.ts";

const ZONE = "America/New_York";
const INPUT = {
  date: "2026/12/02 19:30",
  name: "Table Lodge",
  rsvpOptions: true,
  rsvpExpirationDays: 1,
  mealCutoffDays: 3,
  earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Roast Beef", "Salmon"] },
};
const event = eventSchema.parse(INPUT);
const beef = (count: number) => ({
  meals: count,
  mealCounts: [
    { choice: "Roast Beef", count },
    { choice: "Salmon", count: 0 },
  ],
});
const NONE = { meals: 0, mealCounts: [] };

describe("the meal deadline", () => {
  it("closes dinners mealCutoffDays before the event at 11:59PM lodge time, while RSVP stays open", () => {
    expect(mealDeadline(event)).toEqual({ year: 2026, month: 11, day: 29, hour: 23, minute: 59 });
    expect(mealsOpen(event, new Date("2026-11-30T04:58:00Z"), ZONE)).toBe(true);
    expect(mealsOpen(event, new Date("2026-11-30T04:59:00Z"), ZONE)).toBe(false);
    expect(mealsCloseText(event)).toBe("Dinner orders close Nov 29, 2026 at 11:59PM");
    expect(mealsClosedText(event)).toBe(
      "Dinner orders closed Nov 29, 2026 at 11:59PM so the caterer has the final count; you can still reserve seats.",
    );
    expect(hasEarlyMealDeadline(event)).toBe(true);
  });

  it("closes with RSVP, at the event's own closing time, when the event sets no meal days", () => {
    const plain = eventSchema.parse({
      ...INPUT,
      mealCutoffDays: undefined,
      rsvpExpirationTime: "18:00",
    });
    expect(mealDeadline(plain)).toEqual({ year: 2026, month: 12, day: 1, hour: 18, minute: 0 });
    expect(hasEarlyMealDeadline(plain)).toBe(false);
    const early = eventSchema.parse({ ...INPUT, rsvpExpirationTime: "18:00" });
    expect(mealDeadline(early)).toEqual({ year: 2026, month: 11, day: 29, hour: 18, minute: 0 });
  });

  it("after it, lets an RSVP add seats and keep or drop the dinners it had, never add one", () => {
    const after = new Date("2026-11-30T12:00:00Z");
    const before = new Date("2026-11-29T12:00:00Z");
    expect(mealsAllowed(event, before, ZONE, beef(2), undefined)).toBe(true);
    expect(mealsAllowed(event, after, ZONE, NONE, undefined)).toBe(true);
    expect(mealsAllowed(event, after, ZONE, beef(1), undefined)).toBe(false);
    expect(mealsAllowed(event, after, ZONE, beef(2), beef(2))).toBe(true);
    expect(mealsAllowed(event, after, ZONE, beef(1), beef(2))).toBe(true);
    expect(mealsAllowed(event, after, ZONE, beef(3), beef(2))).toBe(false);
    const swapped = {
      meals: 2,
      mealCounts: [
        { choice: "Roast Beef", count: 1 },
        { choice: "Salmon", count: 1 },
      ],
    };
    expect(mealsAllowed(event, after, ZONE, swapped, beef(2))).toBe(false);
  });

  it("is refused in the data when it would close dinners after RSVP", () => {
    const result = eventSchema.safeParse({ ...INPUT, rsvpExpirationDays: 4, mealCutoffDays: 2 });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toMatchObject([
      {
        path: ["mealCutoffDays"],
        message:
          "dinner orders must close no later than RSVP, which closes 4 days before: expected 4 or more, found 2",
      },
    ]);
    expect(
      eventSchema.safeParse({ ...INPUT, rsvpExpirationDays: 3, mealCutoffDays: 3 }).success,
    ).toBe(true);
  });
});
