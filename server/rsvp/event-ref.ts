import { slugify } from "../../core/schemas/event.ts";
import { HttpError } from "../http/errors.ts";

/** What a payload says about its event: our id, or SPEC 3's whole record without it. */
export interface EventRef {
  id?: string | undefined;
  date?: string | undefined;
  name?: string | undefined;
}

// Written here rather than beside the data's date parser, which takes two-digit parts only
// today: a visitor's page from another site may send '2024/12/4 19:00'.
const LOOSE_DATE = /^(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T](\d{1,2}):(\d{2})$/;

/** 'YYYY/MM/DD HH:mm' from a date written with one- or two-digit parts, or undefined. */
export function canonicalEventDate(text: string): string | undefined {
  const m = LOOSE_DATE.exec(text.trim());
  if (!m) return undefined;
  const [year, month, day, hour, minute] = m.slice(1) as [string, string, string, string, string];
  const two = (part: string) => part.padStart(2, "0");
  return `${year}/${two(month)}/${two(day)} ${two(hour)}:${minute}`;
}

/**
 * The event or outing a payload means: by id when it sends one; else, as a SPEC 3 client sends
 * the whole record, by its date and name, the two its id is derived from (names compared as ids
 * compare them; an event postponed since the page was loaded is found by its former date too).
 */
export function findByRef<
  T extends { id: string; date: string; name: string; postponedFrom?: string | undefined },
>(list: readonly T[], ref: EventRef, what: "event" | "outing"): T {
  const reload = `Reload the page to see the current ${what}s.`;
  if (ref.id !== undefined) {
    const found = list.find((candidate) => candidate.id === ref.id);
    if (found) return found;
    throw new HttpError(
      404,
      `There is no ${what} ${JSON.stringify(ref.id)} on the calendar. ${reload}`,
      "event.id",
    );
  }
  const date = canonicalEventDate(ref.date ?? "");
  const slug = slugify(ref.name ?? "");
  if (!date || !slug) {
    throw new HttpError(
      400,
      `Event: send the ${what}'s id, or its record with its date ('YYYY/MM/DD HH:mm') and name.`,
      "event",
    );
  }
  const found = list.find(
    (candidate) =>
      slugify(candidate.name) === slug &&
      (candidate.date === date || candidate.postponedFrom === date),
  );
  if (found) return found;
  throw new HttpError(
    404,
    `There is no ${what} ${JSON.stringify(ref.name)} on ${date} on the calendar. ${reload}`,
    "event",
  );
}
