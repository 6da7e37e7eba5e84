import { BY_AFFILIATION } from "../constants.ts";
import type { PastMaster } from "../schemas/past-master.ts";
import { repeats } from "./repeats.ts";
import { wallTimeIn } from "./time.ts";

/** What the past-master rules read of an entry. */
export type PastMasterEntry = Pick<PastMaster, "number" | "name" | "term">;
export type TermYears = { start: number; end: number };
/** The month and day of the lodge's installation of officers. */
export type MonthDay = { month: number; day: number };

const YEAR = /(?<!\d)\d{4}(?!\d)/g;

/**
 * The first and last year of a term: '1867 - 1868', '1952-1953', '1867–1868', '2019',
 * 'U.D. 1867' or 'Under Dispensation 1867'. Undefined when the term has no year, e.g.
 * 'By Affiliation'.
 */
export function termYears(term: string): TermYears | undefined {
  const years = Array.from(term.matchAll(YEAR), (m) => Number(m[0]));
  const start = years[0];
  const end = years.at(-1);
  return start === undefined || end === undefined ? undefined : { start, end };
}

function isByAffiliation(master: PastMasterEntry): boolean {
  return master.number === BY_AFFILIATION;
}

/**
 * SPEC 4: a past master is listed once his term is over: it ended before this year, or it ends
 * this year and the installation of officers' month and day has come (in the lodge's zone).
 * Without a known installation date a term ending this year stays hidden until next year.
 * By Affiliation entries are always listed. A term without a year (the schema rejects one) is
 * never listed, since nothing says it is over.
 */
export function isPastMasterVisible(
  master: PastMasterEntry,
  now: Date,
  timeZone: string,
  installation?: MonthDay,
): boolean {
  if (isByAffiliation(master)) return true;
  const years = termYears(master.term);
  if (!years) return false;
  const today = wallTimeIn(now, timeZone);
  if (years.end !== today.year) return years.end < today.year;
  if (!installation) return false;
  return (
    today.month > installation.month ||
    (today.month === installation.month && today.day >= installation.day)
  );
}

/**
 * Index pairs [first, repeat] of entries with the same number, name and term: legal data that
 * the validator reports as a warning, and that the lists show once.
 */
export function findDuplicatePastMasters(list: readonly PastMasterEntry[]): [number, number][] {
  return repeats(list, (master) => JSON.stringify([master.number, master.name, master.term]));
}

/**
 * The list as every past-masters page shows it (SPEC 2 and 4): visible entries, each exact
 * duplicate once, newest term first (by end year, then start year, then later in the data
 * first), so 'U.D. 1867' (number 0) comes last and two terms of one master stay in term order;
 * then the By Affiliation entries, in reverse data order.
 */
export function orderPastMasters<T extends PastMasterEntry>(
  list: readonly T[],
  now: Date,
  timeZone: string,
  installation?: MonthDay,
): T[] {
  const repeats = new Set(findDuplicatePastMasters(list).map(([, repeat]) => repeat));
  const shown = list
    .map((master, index) => ({ master, index }))
    .filter(
      ({ master, index }) =>
        !repeats.has(index) && isPastMasterVisible(master, now, timeZone, installation),
    );
  const termed = shown
    .filter(({ master }) => !isByAffiliation(master))
    .map((entry) => ({ ...entry, years: termYears(entry.master.term) ?? { start: 0, end: 0 } }))
    .sort(
      (a, b) => b.years.end - a.years.end || b.years.start - a.years.start || b.index - a.index,
    );
  const affiliated = shown.filter(({ master }) => isByAffiliation(master)).reverse();
  return [...termed, ...affiliated].map(({ master }) => master);
}
