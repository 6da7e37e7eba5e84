import { termYears } from "../../core/rules/past-masters.ts";
import { BY_AFFILIATION, type PastMaster } from "../../core/schemas/past-master.ts";

const HEADER = ["number", "name", "term", "imgUrl"] as const;

function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** A past-master list as CSV text, header first, CRLF-free, one master a line. */
export function pastMastersCsv(list: readonly PastMaster[]): string {
  const lines = [
    HEADER.join(","),
    ...list.map((m) => [String(m.number), m.name, m.term, m.imgUrl].map(csvField).join(",")),
  ];
  return `${lines.join("\n")}\n`;
}

export interface MergeResult {
  list: PastMaster[];
  added: PastMaster[];
  /** Entries whose name, portrait or way of writing the term the import changes. */
  changed: { was: PastMaster; now: PastMaster }[];
  unchanged: PastMaster[];
  removed: PastMaster[];
}

/** What makes two rows the same past master: number and term, however the term is spaced. */
export const entryKey = (m: PastMaster) => `${m.number}|${m.term.replace(/\s+/g, "")}`;

/** Term order: earliest first by start year, then number; By Affiliation entries stay last in their order. */
function inTermOrder(list: PastMaster[]): PastMaster[] {
  const start = (m: PastMaster) => termYears(m.term)?.start ?? Number.POSITIVE_INFINITY;
  const termed = list.filter((m) => m.number !== BY_AFFILIATION);
  const affiliated = list.filter((m) => m.number === BY_AFFILIATION);
  return [...termed.sort((a, b) => start(a) - start(b) || a.number - b.number), ...affiliated];
}

/**
 * Merges imported past masters into a list by number and term (an imported row with the same
 * number and term updates that entry), or replaces the list. An empty imported imgUrl keeps the
 * portrait already known.
 */
export function mergePastMasters(
  current: readonly PastMaster[],
  imported: readonly PastMaster[],
  replace: boolean,
): MergeResult {
  const byKey = new Map(current.map((m) => [entryKey(m), m]));
  const result: MergeResult = { list: [], added: [], changed: [], unchanged: [], removed: [] };
  const merged = new Map<string, PastMaster>(replace ? [] : current.map((m) => [entryKey(m), m]));
  const seen = new Set<string>();
  for (const row of imported) {
    const k = entryKey(row);
    if (seen.has(k)) continue;
    seen.add(k);
    const old = byKey.get(k);
    const next = { ...row, imgUrl: row.imgUrl || old?.imgUrl || "" };
    if (!old) {
      result.added.push(next);
      merged.set(k, next);
    } else if (old.name !== next.name || old.imgUrl !== next.imgUrl || old.term !== next.term) {
      result.changed.push({ was: old, now: next });
      merged.set(k, next);
    } else {
      result.unchanged.push(old);
      merged.set(k, old);
    }
  }
  if (replace) result.removed = current.filter((m) => !seen.has(entryKey(m)));
  result.list = inTermOrder([...merged.values()]);
  return result;
}
