/**
 * Rules of an event's dinner that its page shows as well as the forms and the mails use: apart
 * from the form checks and payloads, which an event's page would otherwise load whole at start.
 */
import type { Cost } from "../schemas/event.ts";

/** A free dinner as the data files, the payloads and the secretary's mail write it (SPEC 3). */
export const NO_CHARGE = "No Charge";

/** What a payload's field says when there is nothing to say (no dinner, no cost). */
export const NOTHING = "-";

/** True when the event offers a dinner to reserve (a non-empty cost, SPEC 2). */
export function offersDinner(event: { earlyBirdOptions: { cost: Cost } }): boolean {
  return event.earlyBirdOptions.cost.kind !== "none";
}

function dollars(amount: number): string {
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2);
}

/** The cost per meal as the secretary's mail shows it: '$12', '$12.50', '$15 - 20', 'No Charge'. */
export function formatCostPerMeal(cost: Cost): string {
  switch (cost.kind) {
    case "fixed":
      return `$${dollars(cost.amount)}`;
    case "range":
      return `$${dollars(cost.min)} - ${dollars(cost.max)}`;
    case "free":
      return NO_CHARGE;
    case "none":
      return NOTHING;
  }
}

/**
 * What a dinner costs as the pages and mails say it to a visitor: 'no charge', '$15', or with
 * `per` '$15 per meal' (a free dinner is no charge, never 'No Charge per meal').
 */
export function priceText(cost: Cost, per?: "per meal"): string {
  if (cost.kind === "free") return "no charge";
  return per ? `${formatCostPerMeal(cost)} ${per}` : formatCostPerMeal(cost);
}

/** '2 Chicken, 1 Beef': the meals of each choice, in the order given, a choice of none left out. */
export function mealCountsText(counts: readonly { choice: string; count: number }[]): string {
  return counts
    .filter(({ count }) => count > 0)
    .map(({ choice, count }) => `${count} ${choice}`)
    .join(", ");
}

/** The form field that holds how many meals of one choice: 'count' plus the choice without spaces. */
export function mealCountField(choice: string): `count${string}` {
  return `count${choice.replace(/\s+/g, "")}`;
}

/**
 * The meal-count rule (SPEC 5): with more than one meal, the per-choice counts must add up
 * exactly to the number of meals. With one meal (or none) the counts are not used.
 */
export function mealCountsAddUp(numberOfMeals: number, counts: readonly number[]): boolean {
  if (numberOfMeals <= 1) return true;
  return counts.reduce((sum, n) => sum + n, 0) === numberOfMeals;
}
