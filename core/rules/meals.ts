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
