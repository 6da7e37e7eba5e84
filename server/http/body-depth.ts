import { Refusal } from "../use-cases/refusal.ts";

/**
 * How deep a form's body may nest lists and objects. The deepest any form of the site sends is
 * the RSVP payload's: the body, its event, the event's dinner options, their meal choices (4).
 */
export const MAX_BODY_DEPTH = 8;

/**
 * Whether `value` nests lists and objects more than `max` levels deep (the value itself is level
 * 1). A body nested 5,000 deep is 10 KB, under the body limit, and must not reach code that walks
 * it level by level on the stack: this walk goes down `max` + 1 levels at the most.
 */
export function nestedDeeperThan(value: unknown, max: number, level = 1): boolean {
  if (value === null || typeof value !== "object") return false;
  if (level > max) return true;
  for (const key in value) {
    if (nestedDeeperThan((value as Record<string, unknown>)[key], max, level + 1)) return true;
  }
  return false;
}

/** Refuses a body that nests deeper than any form does, before anything reads its fields. */
export function refuseDeepBody(body: unknown): void {
  if (!nestedDeeperThan(body, MAX_BODY_DEPTH)) return;
  throw new Refusal(
    "invalid",
    `The form nests lists or objects more than ${MAX_BODY_DEPTH} levels deep, which no form of this site does: send its fields as one JSON object of text, numbers and true or false.`,
  );
}
