import { z } from "zod";
import { repeats } from "../../core/rules/repeats.ts";
import {
  inGoodStanding,
  type Member,
  type MemberField,
  memberSchema,
} from "../../core/schemas/member.ts";
import { check, listEntries } from "../load/check.ts";
import { type Problem, sortProblems, WHOLE_FILE } from "../load/problems.ts";
import { type ColumnNames, readSource, type Source } from "../load/source.ts";
import { plural } from "../load/summary.ts";

/**
 * The members' roll as a Grand Lodge's system or a spreadsheet exports it, read as
 * `lodge members import` takes it: UTF-8 or Windows-1252 (Excel's 'CSV'), CRLF, headers in any
 * case and under the names such exports give them, empty columns at the end. Columns the roll
 * does not keep (an address, the date of initiation) are left out, never stored.
 */

/** The roll's columns and the other names exports give them (case, spaces and dots aside). */
export const ROLL_COLUMNS: ColumnNames = {
  number: [
    "Member No",
    "Member No.",
    "Member Number",
    "Member ID",
    "Membership No",
    "Membership Number",
    "Membership ID",
    "No",
    "No.",
    "ID",
    "Ref",
  ],
  firstName: ["First Name", "First", "Given Name", "Forename", "Forenames", "Christian Name"],
  lastName: ["Last Name", "Last", "Surname", "Family Name"],
  name: ["Full Name", "Member Name", "Member", "Brother"],
  title: ["Masonic Title", "Rank"],
  email: ["E-mail", "Email Address", "E-mail Address", "Mail"],
  phone: ["Telephone", "Tel", "Phone Number", "Mobile", "Mobile Phone", "Cell", "Home Phone"],
  degree: ["Degree"],
  status: ["Status", "Membership Status", "Member Status"],
  dietary: ["Dietary", "Dietary Needs", "Dietary Requirements", "Diet", "Allergies"],
};

/** What the roll keeps of a row; `name` is split into first and last names. */
const KEPT: readonly MemberField[] = [
  "number",
  "firstName",
  "lastName",
  "title",
  "email",
  "phone",
  "degree",
  "status",
  "dietary",
];

/** How the rows are named in messages: 'row[2] (10423 John Smith)'. */
const rollRows = listEntries("row", "number", "firstName", "lastName");

/** Words that belong to the last name they stand before: 'van der Berg', 'de la Cruz'. */
const PARTICLES = new Set([
  "van",
  "von",
  "der",
  "den",
  "de",
  "del",
  "della",
  "da",
  "di",
  "du",
  "la",
  "le",
  "st",
  "st.",
]);
/** Words after a last name that stay with it: 'Smith Jr.', 'Brown III'. */
const SUFFIXES = /^(jr\.?|sr\.?|ii|iii|iv|v)$/i;

/**
 * A full name as one column holds it: 'Smith, John A.' (last name first, as rolls sort it) or
 * 'John A. Smith' (the last word and the particles before it, with a suffix such as Jr.).
 */
export function splitName(full: string): { firstName: string; lastName: string } {
  const text = full.trim().replace(/\s+/g, " ");
  const comma = text.indexOf(",");
  if (comma > 0) {
    const last = text.slice(0, comma).trim();
    const first = text.slice(comma + 1).trim();
    // 'John Smith, Jr.' is not 'Jr.' for a first name.
    if (!SUFFIXES.test(first)) return { firstName: first, lastName: last };
  }
  const words = text.replace(/,\s*/g, " ").split(" ");
  let end = words.length;
  while (end > 1 && SUFFIXES.test(words[end - 1] ?? "")) end--;
  let start = Math.max(end - 1, 0);
  while (start > 1 && PARTICLES.has((words[start - 1] ?? "").toLowerCase())) start--;
  if (start === 0) return { firstName: "", lastName: words.join(" ") };
  return { firstName: words.slice(0, start).join(" "), lastName: words.slice(start).join(" ") };
}

export interface RollFile {
  source: Source;
  /** The members the file holds, in its order; absent when a row is bad. */
  members?: Member[];
  /** The line each member was read from. */
  lines: number[];
  /** The fields the file gives: an import changes only these of a member already on the roll. */
  fields: MemberField[];
  problems: Problem[];
  /** The columns the file lacks and must have: the number, and the names. */
  missing: string[];
}

/** The header's columns as the roll reads them, with the notes on what it reads or leaves. */
function columnsOf(source: Source): {
  fields: MemberField[];
  missing: string[];
  splitNames: boolean;
  notes: Problem[];
} {
  const header = source.header ?? [];
  const has = (name: string) => header.includes(name);
  const splitNames = has("name") && !(has("firstName") && has("lastName"));
  const missing = [
    ...(has("number") ? [] : ["number (Member No)"]),
    ...(has("firstName") && has("lastName")
      ? []
      : splitNames
        ? []
        : ["First Name and Last Name (or one Name column)"]),
  ];
  const fields = KEPT.filter(
    (field) => has(field) || (splitNames && (field === "firstName" || field === "lastName")),
  );
  const at = { file: source.file, line: 1, column: 1 };
  const left = header.filter(
    (name) => !(KEPT as readonly string[]).includes(name) && name !== "name",
  );
  const notes: Problem[] = [];
  if (left.length > 0) {
    notes.push({
      severity: "note",
      ...at,
      ...source.keyPosition([], left[0] ?? ""),
      message: `the ${left.length === 1 ? "column" : "columns"} ${left.map((name) => `"${name}"`).join(", ")} ${left.length === 1 ? "is" : "are"} not read: the roll keeps only the number, names, title, e-mail, phone, degree, status and dietary needs`,
    });
  }
  if (splitNames) {
    notes.push({
      severity: "note",
      ...at,
      message: `the column "name" is read as the first and last names ('Smith, John' or 'John Smith')`,
    });
  }
  if (!has("degree") && missing.length === 0) {
    notes.push({
      severity: "note",
      ...at,
      message:
        "there is no Degree column: every member it adds is read as a Master Mason, and the degree of a member already on the roll is kept",
    });
  }
  return { fields, missing, splitNames, notes };
}

/** The rows as the member schema reads them: kept columns only, the names split, a degree. */
function rowsOf(source: Source, splitNames: boolean, fields: readonly MemberField[]): unknown[] {
  const rows = Array.isArray(source.value) ? (source.value as Record<string, string>[]) : [];
  return rows.map((row) => {
    const kept: Record<string, string> = {};
    for (const field of fields) if (row[field] !== undefined) kept[field] = row[field];
    if (splitNames) Object.assign(kept, splitName(row.name ?? ""));
    if (!fields.includes("degree")) kept.degree = "MM";
    for (const field of ["title", "email", "phone", "dietary", "status"]) {
      if (kept[field] === "") delete kept[field];
    }
    return kept;
  });
}

/**
 * Rows naming one member number twice: an error on the later one (one member is one row; which
 * is right only the secretary knows). Two members sharing an e-mail address is a warning: each
 * gets his own summons there. `members` holds each row as the schema reads it, undefined for a
 * bad row, so a repeat is told beside the other problems of the file, not only once they are gone.
 */
function repeatedRows(source: Source, members: readonly (Member | undefined)[]): Problem[] {
  const lineOf = (index: number) => source.position([index]).line;
  const rows = members.flatMap((m, i) => (m ? [{ m, i }] : []));
  const named = (index: number) => rollRows([index], source.value).entry;
  const numbers = repeats(rows, ({ m }) => m.number.toLowerCase()).map(([a, b]): Problem => {
    const [first, index] = [rows[a]?.i ?? 0, rows[b]?.i ?? 0];
    return {
      severity: "error",
      file: source.file,
      ...source.position([index, "number"]),
      entry: named(index),
      field: "number",
      message: `the number ${members[index]?.number} is on line ${lineOf(first)} too; a member is one row: delete the wrong one`,
    };
  });
  const withEmail = rows.filter(({ m }) => m.email !== "");
  const emails = repeats(withEmail, ({ m }) => m.email).map(([a, b]): Problem => {
    const [first, index] = [withEmail[a]?.i ?? 0, withEmail[b]?.i ?? 0];
    return {
      severity: "warning",
      file: source.file,
      ...source.position([index, "email"]),
      entry: named(index),
      field: "email",
      message: `the same address as line ${lineOf(first)}; each member gets his own summons there`,
    };
  });
  return [...numbers, ...emails];
}

/** One warning naming the members in good standing the summons cannot reach by mail. */
function withoutEmail(file: string, members: readonly Member[], given: boolean): Problem[] {
  if (!given) return [];
  const unreachable = members.filter((m) => m.email === "" && inGoodStanding(m.status));
  if (unreachable.length === 0) return [];
  const named = unreachable.slice(0, 10).map((m) => `${m.number} ${m.firstName} ${m.lastName}`);
  const more = unreachable.length > 10 ? ` and ${unreachable.length - 10} more` : "";
  return [
    {
      severity: "warning",
      file,
      ...WHOLE_FILE,
      message: `${plural(unreachable.length, "member")} in good standing ${unreachable.length === 1 ? "has no e-mail address and gets" : "have no e-mail address and get"} no summons by mail: ${named.join(", ")}${more}`,
    },
  ];
}

/**
 * Reads a roll file. Every bad row is a problem located at its line and column; `members` is
 * absent when there is one, or when the header lacks a column the roll needs (`missing`).
 */
export function readRollCsv(path: string, file: string): RollFile {
  const source = readSource(path, file, ROLL_COLUMNS);
  const empty = { source, lines: [], fields: [] };
  if (source.value === undefined) return { ...empty, problems: source.problems, missing: [] };
  const { fields, missing, splitNames, notes } = columnsOf(source);
  if (missing.length > 0) return { ...empty, problems: source.problems, missing };
  const rows = rowsOf(source, splitNames, fields);
  // The names come from the name column when they were split from it.
  const position: Source["position"] = ([row, field, ...rest]) =>
    source.position([
      row as number,
      splitNames && (field === "firstName" || field === "lastName") ? "name" : (field as string),
      ...rest,
    ]);
  const rowsSource: Source = { ...source, value: rows, position, problems: [] };
  const checked = check(rowsSource, z.array(memberSchema), rollRows);
  const members = checked.value ?? [];
  const each = checked.value ?? rows.map((row) => memberSchema.safeParse(row).data);
  const problems = sortProblems([
    ...source.problems,
    ...notes,
    ...checked.problems,
    ...repeatedRows(rowsSource, each),
    ...(checked.value ? withoutEmail(file, members, fields.includes("email")) : []),
  ]);
  const bad = !checked.value || problems.some((p) => p.severity === "error");
  return {
    source: rowsSource,
    members: bad ? undefined : members,
    lines: rows.map((_, i) => source.position([i]).line),
    fields,
    problems,
    missing: [],
  };
}
