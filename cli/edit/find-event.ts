import { dayText, readDay } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/event.ts";
import { UsageError } from "../context.ts";
import { distance } from "../load/check.ts";

/** An event as a line of a list of candidates: '2027/01/06 19:30 Stated Meeting (id ...)'. */
const line = (event: Event) => `  ${event.date} ${event.name} (id ${event.id})`;

/** The day an event is on, 'YYYY/MM/DD', and its month, 'YYYY/MM'. */
const dayOf = (event: Event) => event.date.slice(0, 10);

/**
 * The index of the event `words` name: its id, its date ('2027-01-06', '2027/1/6'), or its date
 * and part of its name ('2027-01-06 table'), when that names one event. Otherwise a message that
 * lists the candidates: the events of that day, or of that month, or whose id is like it (an
 * event with an id of its own among them).
 */
export function findEvent(events: readonly Event[], words: readonly string[]): number {
  const query = words.join(" ").trim();
  const byId = events.findIndex((event) => event.id === query);
  if (byId >= 0) return byId;

  const [first = "", ...rest] = query.split(/\s+/);
  const day = readDay(first);
  const part = rest.join(" ").toLowerCase();
  if (day.ok) {
    const date = dayText(day.value);
    const that = (event: Event) => dayOf(event) === date;
    const matching = events.flatMap((event, index) =>
      that(event) && event.name.toLowerCase().includes(part) ? [index] : [],
    );
    if (matching.length === 1) return matching[0] as number;
    const sameDay = events.filter(that);
    if (matching.length > 1) {
      throw new UsageError(
        `${matching.length} events are on ${date}; add part of the name, or give the id:\n${matching.map((i) => line(events[i] as Event)).join("\n")}`,
      );
    }
    const sameMonth = events.filter((event) => dayOf(event).startsWith(date.slice(0, 7)));
    const shown = sameDay.length > 0 ? sameDay : sameMonth;
    const where = sameDay.length > 0 ? `on ${date}` : `in ${date.slice(0, 7)}`;
    throw new UsageError(
      `no event on ${date}${part ? ` is named like "${rest.join(" ")}"` : ""}${shown.length > 0 ? `; the events ${where}:\n${shown.map(line).join("\n")}` : "; lodge events lists them all"}`,
    );
  }

  const lower = query.toLowerCase();
  const month = /^\d{4}-\d{2}/.exec(query)?.[0].replace("-", "/");
  const like = events.filter(
    (event) =>
      (month !== undefined && dayOf(event).startsWith(month)) ||
      (lower.length >= 3 && (event.id.includes(lower) || event.name.toLowerCase().includes(lower))),
  );
  // A mistyped id: the ids a few letters away from it too; the closest first.
  const away = new Map(events.map((event) => [event, distance(lower, event.id)]));
  const typo = events.filter((event) => (away.get(event) ?? 0) <= Math.max(2, lower.length / 6));
  const near = [...new Set([...typo, ...like])].sort(
    (a, b) => (away.get(a) ?? 0) - (away.get(b) ?? 0),
  );
  throw new UsageError(
    `no event has the id "${query}"${near.length > 0 ? `; did you mean one of these?\n${near.slice(0, 12).map(line).join("\n")}` : "; lodge events lists every event with its id"}`,
  );
}
