import { nameKey, termYears } from "../../core/rules/past-masters.ts";
import type { PastMasterList } from "../../core/schemas/lodge.ts";
import type { PastMaster } from "../../core/schemas/past-master.ts";
import { plural } from "../load/summary.ts";

/** A file of past masters to import, by the name of the file and what it holds. */
export type ListFile = { file: string; name: string; masters: readonly PastMaster[] };

/** A list of lodge.yaml, with the masters its file already holds (if any). */
export type TargetList = Pick<PastMasterList, "slug" | "route" | "heading"> & {
  masters: readonly PastMaster[];
};

export type ListMatch = { file: string; slug: string; why: string };

/** Words that tell no list from another. */
const GENERIC = new Set(["past", "master", "masters", "list", "pm", "pms", "of", "lodge", "no"]);

/** The words of a name: 'uhPastMasters738' -> uh, past, masters, 738. */
function words(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z0-9])/g, "$1 $2")
    .replace(/([0-9])([A-Za-z])/g, "$1 $2")
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== "" && !GENERIC.has(word));
}

/** What names a list: its slug's, route's and heading's words, the slug's initials, its lodge number. */
function listWords(list: TargetList): Set<string> {
  const slug = list.slug.split("-").filter((word) => word !== "");
  return new Set([
    ...words(list.slug),
    ...words(list.route),
    ...words(list.heading),
    ...(slug.length > 1 ? [slug.map((word) => word[0]).join("")] : []),
  ]);
}

/** The share of the file's masters that the list already holds, by name. */
function overlap(file: ListFile, list: TargetList): number {
  if (file.masters.length === 0 || list.masters.length === 0) return 0;
  const names = new Set(list.masters.map((m) => nameKey(m.name)));
  return file.masters.filter((m) => names.has(nameKey(m.name))).length / file.masters.length;
}

/** SPEC 7: the old site read the lodge's own list from assets/data/past-master-list.json. */
const OLD_MAIN_FILE = /^past[-_ ]?masters?[-_ ]?list$/i;

function score(
  file: ListFile,
  list: TargetList,
  charterYear: number | undefined,
): { points: number; why: string } {
  const held = overlap(file, list);
  if (held >= 0.5) return { points: 100 + held, why: "by the masters it holds" };
  const named = words(file.name).filter((word) => listWords(list).has(word)).length;
  if (named > 0) return { points: 10 * named, why: "by its file name" };
  if (list.slug === "main" && OLD_MAIN_FILE.test(file.name)) {
    return { points: 5, why: "as the old site's file of the lodge's own list" };
  }
  const first = Math.min(...file.masters.map((m) => termYears(m.term)?.start ?? Infinity));
  if (list.slug === "main" && first === charterYear) {
    return { points: 3, why: "by its first term, in the year of the charter" };
  }
  return { points: 0, why: "" };
}

/** The last year of a file's terms, to tell an older export of a list from the current one. */
function lastYear(file: ListFile): number | undefined {
  const ends = file.masters.flatMap((m) => termYears(m.term)?.end ?? []);
  return ends.length > 0 ? Math.max(...ends) : undefined;
}

/**
 * What to do with two files of one list when one is an older export of the other: leave it out
 * with --skip, naming the one whose terms end earlier when they differ.
 */
function skipAdvice(a: ListFile, b: ListFile): string {
  const [endA, endB] = [lastYear(a), lastYear(b)];
  if (endA === undefined || endB === undefined || endA === endB) {
    return "leave the older export out with --skip FILE";
  }
  const [older, newer] = endA < endB ? [a, b] : [b, a];
  return `leave the older export out with --skip ${older.name}.json (its terms end in ${Math.min(endA, endB)}, ${newer.name}.json's in ${Math.max(endA, endB)})`;
}

/**
 * Which list of lodge.yaml each file of past masters fills: the one named with --list, else the
 * one whose masters it holds already, whose name its file name has, or (for 'main') the old
 * site's own file name or a first term in the charter year. A file no list fits is a problem to
 * fix, never a list lodge.yaml does not name.
 */
export function matchLists(
  files: readonly ListFile[],
  lists: readonly TargetList[],
  named: ReadonlyMap<string, string>,
  charterYear?: number,
): { matches: ListMatch[]; problems: string[] } {
  const matches: ListMatch[] = [];
  const problems: string[] = [];
  const slugs = lists.map((list) => list.slug);
  /** The file each list has taken. */
  const taken = new Map<string, ListFile>();
  const open = new Set(files);
  const take = (file: ListFile, slug: string, why: string) => {
    matches.push({ file: file.file, slug, why });
    taken.set(slug, file);
    open.delete(file);
  };
  for (const file of files) {
    const slug = named.get(file.name);
    if (slug === undefined) continue;
    // A file --list names is placed there or reported, never placed elsewhere by a guess.
    open.delete(file);
    if (!slugs.includes(slug)) {
      problems.push(
        `--list ${file.name}=${slug}: lodge.yaml has no past-master list "${slug}"; use one of ${slugs.join(", ")}, or add it to lodge.yaml's pastMasters first`,
      );
    } else if (taken.has(slug)) {
      const other = taken.get(slug) as ListFile;
      problems.push(
        `--list: two files are named for the list "${slug}" (${other.name}.json and ${file.name}.json); give each its own list, or ${skipAdvice(other, file)}`,
      );
    } else take(file, slug, "as --list says");
  }
  const candidates = [...open]
    .flatMap((file) => lists.map((list) => ({ file, list, ...score(file, list, charterYear) })))
    .filter((c) => c.points > 0)
    .sort((a, b) => b.points - a.points);
  for (const { file, list, why } of candidates) {
    if (open.has(file) && !taken.has(list.slug)) take(file, list.slug, why);
  }
  for (const file of open) {
    const rival = candidates.find((c) => c.file === file && taken.get(c.list.slug) !== file);
    const winner = rival && taken.get(rival.list.slug);
    if (rival && winner) {
      problems.push(
        `${winner.file} and ${file.file} both fit the list "${rival.list.slug}" (each ${rival.why}), which takes one file: ${skipAdvice(winner, file)}, or name each file's list with --list FILE=SLUG`,
      );
      continue;
    }
    problems.push(
      `${file.file} holds ${plural(file.masters.length, "past master")}, but lodge cannot tell which list of lodge.yaml (${slugs.join(", ")}) ${file.masters.length === 1 ? "it belongs" : "they belong"} to; name it with --list ${file.name}=SLUG, or add the list to lodge.yaml's pastMasters first`,
    );
  }
  return { matches, problems };
}
