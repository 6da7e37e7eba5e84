import { DEGREE_NAMES } from "../../core/rules/degrees.ts";
import { type Member, type MemberField, STATUS_NAMES } from "../../core/schemas/member.ts";
import { plural } from "../load/summary.ts";

/**
 * What an import does to the roll: members are matched by number (case aside); a member the
 * file holds is added, changed in the fields the file gives (a Grand Lodge export without a
 * Dietary column keeps the dietary needs the secretary noted) or left as he is; with `replace`,
 * a member the file does not hold is removed (his personal data erased, the counts kept).
 */

export interface RollChange {
  field: MemberField;
  was: string;
  now: string;
}

export interface RollPlan {
  added: Member[];
  changed: { was: Member; now: Member; changes: RollChange[] }[];
  unchanged: Member[];
  removed: Member[];
  /** How many members the roll holds once the import is done. */
  size: number;
}

/** The roll's fields in the order a change lists them, and how it names each. */
const FIELD_NAMES: readonly [MemberField, string][] = [
  ["firstName", "first name"],
  ["lastName", "last name"],
  ["title", "title"],
  ["email", "e-mail"],
  ["phone", "phone"],
  ["degree", "degree"],
  ["status", "status"],
  ["dietary", "dietary needs"],
];

/** A field's value as the secretary reads it: 'Master Mason', 'Life', or 'none'. */
function shownValue(member: Member, field: MemberField): string {
  if (field === "degree") return DEGREE_NAMES[member.degree];
  if (field === "status") return STATUS_NAMES[member.status];
  return member[field] || "none";
}

const key = (member: Pick<Member, "number">) => member.number.toLowerCase();

/** `imported` as it will stand on the roll: the fields it does not give kept from `was`. */
function mergedMember(was: Member, imported: Member, fields: readonly MemberField[]): Member {
  const now = { ...was };
  // The number is how the member is found, written as the roll first had it ('A1', not 'a1').
  for (const field of fields)
    if (field !== "number") Object.assign(now, { [field]: imported[field] });
  return now;
}

export function planRoll(
  current: readonly Member[],
  imported: readonly Member[],
  fields: readonly MemberField[],
  replace: boolean,
): RollPlan {
  const byNumber = new Map(current.map((m) => [key(m), m]));
  const plan: RollPlan = { added: [], changed: [], unchanged: [], removed: [], size: 0 };
  for (const row of imported) {
    const was = byNumber.get(key(row));
    if (!was) {
      plan.added.push(row);
      continue;
    }
    const now = mergedMember(was, row, fields);
    const changes = FIELD_NAMES.filter(([field]) => was[field] !== now[field]).map(
      ([field]): RollChange => ({
        field,
        was: shownValue(was, field),
        now: shownValue(now, field),
      }),
    );
    if (changes.length > 0) plan.changed.push({ was, now, changes });
    else plan.unchanged.push(was);
  }
  if (replace) {
    const kept = new Set(imported.map(key));
    plan.removed = current.filter((m) => !kept.has(key(m)));
  }
  plan.size = current.length + plan.added.length - plan.removed.length;
  return plan;
}

/** 'e-mail was a@x.org, now b@x.org; status was Active, now Deceased' */
export function changeText(changes: readonly RollChange[]): string {
  const named = new Map(FIELD_NAMES);
  return changes
    .map(({ field, was, now }) => {
      const name = named.get(field) ?? field;
      return `${name} ${name.endsWith("needs") ? "were" : "was"} ${was}, now ${now}`;
    })
    .join("; ");
}

const described = (m: Member) => `${m.number} ${m.firstName} ${m.lastName}`;

/**
 * What an import did (or, with dryRun, would do): a line per member added, changed (and how) or
 * removed, then one line of counts.
 */
export function planReport(
  plan: RollPlan,
  { dryRun, replace }: { dryRun: boolean; replace: boolean },
): string[] {
  const verb = (done: string, planned: string) => (dryRun ? `would ${planned}` : done);
  const lines = [
    ...plan.added.map((m) => `${verb("added", "add")} ${described(m)}`),
    ...plan.changed.map(
      ({ now, changes }) =>
        `${verb("changed", "change")} ${described(now)}: ${changeText(changes)}`,
    ),
    ...plan.removed.map(
      (m) =>
        `${verb("removed", "remove")} ${described(m)} (his personal data erased, his answers counted)`,
    ),
  ];
  const counts = [
    `${plan.added.length} added`,
    `${plan.changed.length} changed`,
    `${plan.unchanged.length} unchanged`,
    ...(replace ? [`${plan.removed.length} removed`] : []),
  ].join(", ");
  const changes = plan.added.length + plan.changed.length + plan.removed.length;
  const roll = `${plural(plan.size, "member")} on the roll`;
  if (changes === 0) return [`The roll is up to date: ${counts}; ${roll}. Nothing was written.`];
  return [
    ...lines,
    dryRun
      ? `The import would make ${counts}; ${roll}. Nothing was written (--dry-run).`
      : `The roll: ${counts}; ${roll}.`,
  ];
}
