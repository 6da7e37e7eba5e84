import { HttpError } from "./errors.ts";

/**
 * How deep a form's body may nest lists and objects. The deepest any form of the site sends is
 * the RSVP payload's: the body, its event, the event's dinner options, their meal choices (4).
 */
export const MAX_BODY_DEPTH = 8;

/**
 * Whether `value` nests lists and objects more than `max` levels deep (the value itself is level
 * 1), found without recursion: a body nested 5,000 deep is 10 KB, under the body limit, and
 * must not reach code that walks it level by level on the stack.
 */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: { item: unknown; level: number }[] = [{ item: value, level: 1 }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { item, level } = next;
    if (item === null || typeof item !== "object") continue;
    if (level > max) return true;
    for (const key in item) {
      stack.push({ item: (item as Record<string, unknown>)[key], level: level + 1 });
    }
  }
  return false;
}

/** Refuses a body that nests deeper than any form does, before anything reads its fields. */
export function refuseDeepBody(body: unknown): void {
  if (!nestedDeeperThan(body, MAX_BODY_DEPTH)) return;
  throw new HttpError(
    400,
    `The form nests lists or objects more than ${MAX_BODY_DEPTH} levels deep, which no form of this site does: send its fields as one JSON object of text, numbers and true or false.`,
  );
}
