import { DEGREE_NAMES } from "../../core/rules/degrees.ts";
import {
  MEMBER_STATUSES,
  type Member,
  type MemberStatus,
  readStatus,
  STATUS_NAMES,
} from "../../core/schemas/member.ts";
import { UsageError } from "../context.ts";
import { plural } from "../load/summary.ts";
import { csv, table } from "../secretary/output.ts";

/**
 * `lodge members`: the roll as the secretary reads it, in a table, a spreadsheet or JSON. It is
 * the members' personal data, printed for the secretary only: never written anywhere by lodge.
 */

/** The roll's members, by last and first name. */
export function byName<T extends Pick<Member, "firstName" | "lastName">>(members: readonly T[]) {
  return [...members].sort(
    (a, b) =>
      a.lastName.localeCompare(b.lastName, "en") || a.firstName.localeCompare(b.firstName, "en"),
  );
}

/**
 * The statuses `--status` names, as rolls write them ('active,life', 'Life Member'); `good`
 * names every status in good standing (those summoned).
 */
export function statusesOf(option: string | undefined): MemberStatus[] | undefined {
  if (option === undefined) return undefined;
  const wanted = option.split(",").map((part) => part.trim());
  const unknown = wanted.filter((part) => part !== "good" && readStatus(part) === undefined);
  if (unknown.length > 0 || wanted.every((part) => part === "")) {
    throw new UsageError(
      `--status: no status ${unknown.map((u) => JSON.stringify(u)).join(", ") || "given"}; use ${MEMBER_STATUSES.join(", ")} (several with commas), or good for those in good standing`,
    );
  }
  const statuses = wanted.flatMap((part) =>
    part === "good" ? ["active", "life", "honorary", "plural"] : [readStatus(part)],
  ) as MemberStatus[];
  return [...new Set(statuses)];
}

const HEADER = ["Number", "Name", "E-mail", "Phone", "Degree", "Status", "Dietary needs"];

function cells(m: Member): string[] {
  const name = `${m.firstName} ${m.lastName}${m.title ? `, ${m.title}` : ""}`;
  return [
    m.number,
    name,
    m.email,
    m.phone,
    DEGREE_NAMES[m.degree],
    STATUS_NAMES[m.status],
    m.dietary,
  ];
}

/** The members in a table, then how many by status. */
export function rollTable(members: readonly Member[]): string {
  if (members.length === 0) {
    return "No members on the roll. Import it with lodge members import FILE.csv.";
  }
  const counts = MEMBER_STATUSES.flatMap((status) => {
    const n = members.filter((m) => m.status === status).length;
    return n > 0 ? [`${n} ${STATUS_NAMES[status].toLowerCase()}`] : [];
  });
  return [
    table([HEADER, ...byName(members).map(cells)]),
    `${plural(members.length, "member")}: ${counts.join(", ")}.`,
  ].join("\n");
}

/** The members as CSV with a byte-order mark, so Excel reads the names as UTF-8. */
export function rollCsv(members: readonly Member[]): string {
  const header = [
    "number",
    "first_name",
    "last_name",
    "title",
    "email",
    "phone",
    "degree",
    "status",
    "dietary",
  ];
  const rows = byName(members).map((m) => [
    m.number,
    m.firstName,
    m.lastName,
    m.title,
    m.email,
    m.phone,
    DEGREE_NAMES[m.degree],
    STATUS_NAMES[m.status],
    m.dietary,
  ]);
  return `\uFEFF${csv([header, ...rows])}`;
}

/** The members as JSON: the roll's fields, as `members import` reads them back. */
export function rollJson(members: readonly Member[]): string {
  return JSON.stringify(byName(members), null, 2);
}
