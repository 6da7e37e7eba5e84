import { dateTimeText, readDateTime } from "../../core/rules/time.ts";
import { slugify } from "../../core/schemas/event.ts";
import { Refusal } from "../use-cases/refusal.ts";

/** What a payload says about its event: our id, or SPEC 3's whole record without it. */
export interface EventRef {
  id?: string | undefined;
  date?: string | undefined;
  name?: string | undefined;
}

/**
 * The event or outing a payload means: by id when it sends one; else, as a SPEC 3 client sends
 * the whole record, by its date and name, the two its id is derived from (the date as people
 * write it, read by the one date reader; names compared as ids compare them; an event postponed
 * since the page was loaded is found by its former date too).
 */
export function findByRef<
  T extends { id: string; date: string; name: string; postponedFrom?: string | undefined },
>(list: readonly T[], ref: EventRef, what: "event" | "outing"): T {
  const reload = `Reload the page to see the current ${what}s.`;
  if (ref.id !== undefined) {
    const found = list.find((candidate) => candidate.id === ref.id);
    if (found) return found;
    throw new Refusal(
      "not-found",
      `There is no ${what} ${JSON.stringify(ref.id)} on the calendar. ${reload}`,
      "event.id",
    );
  }
  const read = readDateTime(ref.date ?? "");
  const date = read.ok ? dateTimeText(read.value) : undefined;
  const slug = slugify(ref.name ?? "");
  if (!date || !slug) {
    throw new Refusal(
      "invalid",
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
  throw new Refusal(
    "not-found",
    `There is no ${what} ${JSON.stringify(ref.name)} on ${date} on the calendar. ${reload}`,
    "event",
  );
}
