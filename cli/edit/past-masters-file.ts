import {
  DEFAULT_TERM_STYLE,
  pastMasterKey,
  termStyle,
  termYears,
  writeTerm,
} from "../../core/rules/past-masters.ts";
import { BY_AFFILIATION, type PastMaster } from "../../core/schemas/past-master.ts";

/**
 * The list with every range of years written one way: the way most of the list already writes
 * them ('1999-00' and '1999–2000' become '1999 - 2000' in a list of '1867 - 1868').
 */
export function withTermsWritten(
  list: readonly PastMaster[],
  style = termStyle(list) ?? DEFAULT_TERM_STYLE,
) {
  return list.map((m) => ({ ...m, term: writeTerm(m.term, style) }));
}

export interface MergeResult {
  list: PastMaster[];
  added: PastMaster[];
  /** Entries whose name, portrait or way of writing the term the import changes. */
  changed: { was: PastMaster; now: PastMaster }[];
  unchanged: PastMaster[];
  removed: PastMaster[];
  /**
   * Imported rows (by index) whose number the list already has for another term: most likely a
   * typo in the number or the term, so they are not added as another master.
   */
  conflicts: { index: number; row: PastMaster; existing: PastMaster }[];
}

/** Term order: earliest first by start year, then number; By Affiliation entries stay last in their order. */
function inTermOrder(list: PastMaster[]): PastMaster[] {
  const start = (m: PastMaster) => termYears(m.term)?.start ?? Number.POSITIVE_INFINITY;
  const termed = list.filter((m) => m.number !== BY_AFFILIATION);
  const affiliated = list.filter((m) => m.number === BY_AFFILIATION);
  return [...termed.sort((a, b) => start(a) - start(b) || a.number - b.number), ...affiliated];
}

/**
 * Merges imported past masters into a list, or replaces the list. A row is the same master as
 * an entry with the same number and term (however the term is written), or for By Affiliation
 * masters the same name; it updates that entry. Imported terms are written the list's way. An
 * empty imported imgUrl keeps the portrait already known. A row whose number the list already has
 * for another term is a conflict, not a new master: a second term under one number (as the
 * sample's 156) comes with the whole list, by `replace`.
 */
export function mergePastMasters(
  current: readonly PastMaster[],
  imported: readonly PastMaster[],
  replace: boolean,
): MergeResult {
  const style = termStyle(current) ?? termStyle(imported) ?? DEFAULT_TERM_STYLE;
  const byKey = new Map(current.map((m) => [pastMasterKey(m), m]));
  const result: MergeResult = {
    list: [],
    added: [],
    changed: [],
    unchanged: [],
    removed: [],
    conflicts: [],
  };
  const merged = new Map<string, PastMaster>(replace ? [] : byKey);
  const seen = new Set<string>();
  imported.forEach((row, index) => {
    const k = pastMasterKey(row);
    if (seen.has(k)) return;
    seen.add(k);
    const old = byKey.get(k);
    const next = {
      ...row,
      term: writeTerm(row.term, style),
      imgUrl: row.imgUrl || old?.imgUrl || "",
    };
    if (!old) {
      const other = replace
        ? undefined
        : current.find((m) => m.number === row.number && m.number !== BY_AFFILIATION);
      if (other) {
        result.conflicts.push({ index, row, existing: other });
        return;
      }
      result.added.push(next);
      merged.set(k, next);
    } else if (old.name !== next.name || old.imgUrl !== next.imgUrl || old.term !== next.term) {
      result.changed.push({ was: old, now: next });
      merged.set(k, next);
    } else {
      result.unchanged.push(old);
      merged.set(k, old);
    }
  });
  if (replace) result.removed = current.filter((m) => !seen.has(pastMasterKey(m)));
  result.list = inTermOrder([...merged.values()]);
  return result;
}

const described = (m: PastMaster) => `${m.number} ${m.name} (${m.term})`;

/** One line per past master the import adds, changes or removes, in the list's order. */
function changeLines(merge: MergeResult, dryRun: boolean): string[] {
  const verb = (done: string, planned: string) => (dryRun ? `would ${planned}` : done);
  const differences = ({ was, now }: MergeResult["changed"][number]) =>
    [
      was.name !== now.name ? `name was ${was.name}` : "",
      was.term !== now.term ? `term was written ${was.term}` : "",
      was.imgUrl !== now.imgUrl ? `portrait was ${was.imgUrl || "none"}` : "",
    ]
      .filter(Boolean)
      .join(", ");
  const lines = new Map<PastMaster, string>([
    ...merge.added.map((m) => [m, `${verb("added", "add")} ${described(m)}`] as const),
    ...merge.changed.map(
      (c) =>
        [c.now, `${verb("changed", "change")} ${described(c.now)}: ${differences(c)}`] as const,
    ),
  ]);
  return [
    ...merge.list.flatMap((m) => lines.get(m) ?? []),
    ...merge.removed.map((m) => `${verb("removed", "remove")} ${described(m)}`),
  ];
}

function summary(shown: string, merge: MergeResult, replace: boolean, dryRun: boolean): string {
  const changes = merge.added.length + merge.changed.length + merge.removed.length;
  const total = `${merge.list.length} past master${merge.list.length === 1 ? "" : "s"} in all`;
  if (changes === 0) {
    return `${shown}: nothing to change, ${merge.unchanged.length} unchanged; ${total}. Nothing was written.`;
  }
  const counts = [
    `${merge.added.length} added`,
    `${merge.changed.length} changed`,
    `${merge.unchanged.length} unchanged`,
  ];
  if (replace) counts.push(`${merge.removed.length} removed`);
  return dryRun
    ? `${shown} would have ${counts.join(", ")}; ${total}. Nothing was written (--dry-run).`
    : `${shown}: ${counts.join(", ")}; ${total}.`;
}

/** What a merge did (or, with dryRun, would do) to the list in `shown`: a line per master, then a summary. */
export function mergeReport(
  merge: MergeResult,
  shown: string,
  { replace, dryRun }: { replace: boolean; dryRun: boolean },
): string[] {
  return [...changeLines(merge, dryRun), summary(shown, merge, replace, dryRun)];
}
