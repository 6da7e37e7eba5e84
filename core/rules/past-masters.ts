import { BY_AFFILIATION } from "../constants.ts";
import type { PastMaster } from "../schemas/past-master.ts";
import { repeats } from "./repeats.ts";
import { wallTimeIn } from "./time.ts";

/** What the past-master rules read of an entry. */
export type PastMasterEntry = Pick<PastMaster, "number" | "name" | "term">;
export type TermYears = { start: number; end: number };
/** The month and day of the lodge's installation of officers. */
export type MonthDay = { month: number; day: number };

/**
 * A year, or a range of years: '1999 - 2000', '1999-2000', '1999–2000' (en dash), '1999—2000'
 * (em dash), '1999/2000', and the short forms spreadsheets keep, '1999-00' and '1999 - 00'.
 */
const YEARS = /(?<!\d)(\d{4})(?:\s*[-\u2013\u2014/]\s*(\d{4}|\d{2}))?(?!\d)/;

/**
 * The first and last year of a term: '1867 - 1868', '1952-1953', '1867–1868', '1999-00',
 * '2019', 'U.D. 1867' or 'Under Dispensation 1867'. Undefined when the term has no year, e.g.
 * 'By Affiliation'.
 */
export function termYears(term: string): TermYears | undefined {
  const m = YEARS.exec(term);
  if (!m) return undefined;
  const start = Number(m[1]);
  const endText = m[2];
  if (endText === undefined) return { start, end: start };
  if (endText.length === 4) return { start, end: Number(endText) };
  // '1999-00': the end is the next year with those last two digits.
  let end = start - (start % 100) + Number(endText);
  if (end < start) end += 100;
  return { start, end };
}

/** How a list writes a range of years: '1867 - 1868' (the sample's way) or '1952-1953'. */
export type TermStyle = " - " | "-";

const RANGE_ONLY = /^\s*\d{4}\s*[-\u2013\u2014/]\s*(\d{4}|\d{2})\s*$/;

/** The way most of a list's ranges are written, spaced or not; undefined for a list without ranges. */
export function termStyle(list: readonly Pick<PastMasterEntry, "term">[]): TermStyle | undefined {
  let spaced = 0;
  let tight = 0;
  for (const { term } of list) {
    if (!RANGE_ONLY.test(term)) continue;
    if (/\s[-\u2013\u2014/]|[-\u2013\u2014/]\s/.test(term)) spaced++;
    else tight++;
  }
  if (spaced + tight === 0) return undefined;
  return tight > spaced ? "-" : " - ";
}

/** SPEC 3's way, '1867 - 1868', for a list that has no way of its own yet. */
export const DEFAULT_TERM_STYLE: TermStyle = " - ";

/**
 * A term written the list's way: a range of years with the full end year and a hyphen
 * ('1999-00' and '1999–2000' become '1999 - 2000' or '1999-2000'); anything else (a single
 * year, 'U.D. 1867', 'By Affiliation') as it is, trimmed.
 */
export function writeTerm(term: string, style: TermStyle): string {
  if (!RANGE_ONLY.test(term)) return term.trim();
  const years = termYears(term);
  return years ? `${years.start}${style}${years.end}` : term.trim();
}

/** A term for comparing: the same for every way of writing the same years. */
export function termKey(term: string): string {
  const years = termYears(term);
  if (years && RANGE_ONLY.test(term)) return `${years.start}-${years.end}`;
  return term.toLowerCase().replace(/\s+/g, " ").trim();
}

/** A name for comparing: case, spaces and punctuation aside ('Larry Collins, Jr.' = 'larry collins jr'). */
export function nameKey(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

/**
 * Which past master an entry is, to match rows of two lists: his number and term, however the
 * term is written; a By Affiliation master (number -1, all with the same term) by his name.
 */
export function pastMasterKey(master: PastMasterEntry): string {
  return master.number === BY_AFFILIATION
    ? `${BY_AFFILIATION}|${nameKey(master.name)}`
    : `${master.number}|${termKey(master.term)}`;
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
 * Index pairs [first, repeat] of entries with the same number, name and term (however either is
 * written: '1999-00' is '1999 - 2000'): legal data that
 * the validator reports as a warning, and that the lists show once.
 */
export function findDuplicatePastMasters(list: readonly PastMasterEntry[]): [number, number][] {
  return repeats(list, (master) =>
    JSON.stringify([master.number, nameKey(master.name), termKey(master.term)]),
  );
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
