import { z } from "zod";
import { pastMasterKey } from "../../core/rules/past-masters.ts";
import { repeats } from "../../core/rules/repeats.ts";
import {
  PAST_MASTER_COLUMNS,
  type PastMaster,
  pastMasterSchema,
} from "../../core/schemas/past-master.ts";
import { check, listEntries, locate } from "../load/check.ts";
import type { Problem } from "../load/problems.ts";
import { readSource, type Source } from "../load/source.ts";
import type { MergeResult } from "./past-masters-file.ts";

const REQUIRED_COLUMNS = ["number", "name", "term"];

/** How the rows of an imported spreadsheet are named in messages: 'row[2] (5 Eli Example)'. */
export const importedRows = listEntries("row", "number", "name");

/**
 * A past-master list exported from a spreadsheet, read as `lodge import past-masters` takes it:
 * any encoding decodeText reads, headers in any case or as the site's table names them, empty
 * columns at the end ignored. Every bad row is a problem; `rows` is absent when there is one, or
 * when the header lacks a column (`missing`).
 */
export function readPastMastersCsv(
  path: string,
  file: string,
): { source: Source; rows?: PastMaster[]; problems: Problem[]; missing: string[] } {
  const source = readSource(path, file, PAST_MASTER_COLUMNS);
  const missing =
    source.value === undefined
      ? []
      : REQUIRED_COLUMNS.filter((column) => !source.header?.includes(column));
  if (missing.length > 0) return { source, problems: source.problems, missing };
  const { value, problems } = check(source, z.array(pastMasterSchema), importedRows);
  const all = [...problems, ...repeatedRows(source, value ?? [])];
  const bad = value === undefined || all.some((p) => p.severity === "error");
  return { source, rows: bad ? undefined : value, problems: all, missing };
}

/**
 * Rows naming the same past master (number and term, or the name of a By Affiliation master)
 * twice: a bad row when they disagree, since either could be the right one; a warning when one
 * repeats the other, which is imported once.
 */
function repeatedRows(source: Source, list: readonly PastMaster[]): Problem[] {
  return repeats(list, pastMasterKey).map(([earlier, index]) => {
    const [other, row] = [list[earlier], list[index]] as [PastMaster, PastMaster];
    const line = source.position([earlier]).line;
    const same = other.name === row.name && other.imgUrl === row.imgUrl;
    return {
      severity: same ? "warning" : "error",
      ...locate(source, importedRows, [index]),
      message: same
        ? `repeats line ${line}; imported once`
        : `same number and term as line ${line} (${other.name}); keep the right one and delete the other`,
    };
  });
}

/** The rows a merge would not add because the list has their number for another term. */
export function conflictProblems(
  source: Source,
  conflicts: MergeResult["conflicts"],
  listFile: string,
): Problem[] {
  return conflicts.map(({ index, existing }) => ({
    severity: "error",
    ...locate(source, importedRows, [index]),
    message: `number ${existing.number} is already ${existing.name} (${existing.term}) in ${listFile}, so this row is not added as another master; correct its number or term, or import the whole list with --replace`,
  }));
}
