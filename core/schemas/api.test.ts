import { describe, expect, it } from "vitest";
import { rsvpRulesSchema } from "./api.ts";
import { eventSchema } from "./event.ts";

describe("rsvpRulesSchema, picked from the event's own fields", () => {
  it("takes an event's rules as the server sends them, and gives them back the same", () => {
    const event = eventSchema.parse({
      date: "2026/12/02 19:30",
      name: "Table Lodge",
      rsvpOptions: true,
      rsvpExpirationDays: 3,
      rsvpExpirationTime: "9:00 PM",
      mealCutoffDays: 5,
      earlyBirdOptions: { time: "18:30", cost: "15 - 20", choices: ["Beef", "Fish"] },
    });
    const rules = JSON.parse(
      JSON.stringify({
        date: event.date,
        rsvpExpirationDays: event.rsvpExpirationDays,
        rsvpExpirationTime: event.rsvpExpirationTime,
        mealCutoffDays: event.mealCutoffDays,
        rsvpLimit: event.rsvpLimit,
        earlyBirdOptions: event.earlyBirdOptions,
      }),
    );
    expect(rsvpRulesSchema.parse(rules)).toEqual(rules);
    expect(rules.earlyBirdOptions.cost).toEqual({ kind: "range", min: 15, max: 20 });
  });

  it("refuses what the event's fields refuse", () => {
    const refused = rsvpRulesSchema.safeParse({
      date: "2026/12/02 19:30",
      rsvpExpirationDays: 99,
      rsvpLimit: false,
      earlyBirdOptions: { time: "", cost: { kind: "none" }, choices: [] },
    });
    expect(refused.error?.issues[0]?.path).toEqual(["rsvpExpirationDays"]);
  });
});
