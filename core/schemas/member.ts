import { z } from "zod";
import { DEGREE_NAMES, DEGREES, readDegree } from "../rules/degrees.ts";
import {
  checkEmail,
  checkName,
  checkPhone,
  checkTitle,
  type FieldCheck,
  normal,
} from "../rules/form-checks.ts";
import { shown } from "./common.ts";

/**
 * A member of the lodge as the roll keeps him: personal data, kept in the server's database only,
 * never in the data folder, git, the built site or a log. The roll comes from the Grand Lodge's
 * or the secretary's spreadsheet (`lodge members import`), merged by member number.
 */

/**
 * Where a member stands. Members in good standing (active, life, honorary, plural: a member of
 * another lodge who is also ours) are summoned; the others are kept on the roll for the records.
 */
export const MEMBER_STATUSES = [
  "active",
  "life",
  "honorary",
  "plural",
  "suspended",
  "demitted",
  "resigned",
  "expelled",
  "deceased",
] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** How the listings name a status: 'Life'. */
export const STATUS_NAMES: Readonly<Record<MemberStatus, string>> = {
  active: "Active",
  life: "Life",
  honorary: "Honorary",
  plural: "Plural",
  suspended: "Suspended",
  demitted: "Demitted",
  resigned: "Resigned",
  expelled: "Expelled",
  deceased: "Deceased",
};

const IN_GOOD_STANDING: ReadonlySet<MemberStatus> = new Set([
  "active",
  "life",
  "honorary",
  "plural",
]);

/** Whether a member of this status is summoned to the lodge's meetings. */
export function inGoodStanding(status: MemberStatus): boolean {
  return IN_GOOD_STANDING.has(status);
}

/**
 * A status as rolls write it, any case: 'Active', 'Life Member', 'Honorary Member', 'Plural',
 * 'Dual Member', 'Suspended NPD', 'Demit', 'Excluded' (UGLE's word), 'Died'... Undefined when
 * it is none of those.
 */
export function readStatus(text: string): MemberStatus | undefined {
  const key = text
    .toLowerCase()
    .replace(/\bmember(ship)?\b/g, "")
    .replace(/[^a-z]/g, "");
  return STATUS_SPELLINGS.get(key);
}

const STATUS_SPELLINGS = new Map<string, MemberStatus>([
  ...MEMBER_STATUSES.map((status) => [status, status] as const),
  ...(
    [
      ["", "active"],
      ["regular", "active"],
      ["ingoodstanding", "active"],
      ["goodstanding", "active"],
      ["current", "active"],
      ["lifemember", "life"],
      ["hon", "honorary"],
      ["dual", "plural"],
      ["affiliate", "plural"],
      ["affiliated", "plural"],
      ["suspendednpd", "suspended"],
      ["npd", "suspended"],
      ["demit", "demitted"],
      ["demited", "demitted"],
      ["excluded", "expelled"],
      ["dead", "deceased"],
      ["died", "deceased"],
    ] as const
  ).map(([key, status]) => [key, status] as const),
]);

/** A member's number as his Grand Lodge gives it: letters, digits and separators, kept as text. */
const memberNumber = z
  .string({ error: (i) => `expected the member's number, found ${shown(i.input)}` })
  .trim()
  .min(1, { error: "expected the member's number, found an empty value" })
  .max(20, { error: (i) => `expected at most 20 characters, found ${shown(i.input)}` })
  .regex(/^[\p{L}\p{N}][\p{L}\p{N}./-]*$/u, {
    error: (i) => `expected letters and digits such as 10423, found ${shown(i.input)}`,
  });

/**
 * A field of the roll read by the forms' own check (core/rules/form-checks.ts): the value as the
 * server keeps it (trimmed, an address lowercased), or the check's sentence with what was found.
 * `optional`: empty is fine (a member without an address or a phone).
 */
function checked(field: string, check: FieldCheck, optional = false) {
  return z
    .string({ error: (i) => `expected text, found ${shown(i.input)}` })
    .transform((value, ctx) => {
      const kept = normal(field, value);
      const problem = optional && kept === "" ? undefined : check(kept);
      if (problem === undefined) return kept;
      ctx.issues.push({
        code: "custom",
        input: value,
        message: kept === "" ? problem : `${problem}, found ${shown(value)}`,
      });
      return z.NEVER;
    });
}

/** An e-mail address as the forms take it, lowercased; empty for a member who has none. */
export const memberEmail = checked("email", checkEmail, true);

export const memberPhone = checked("phone", checkPhone, true);

export const memberDegree = z
  .string({ error: (i) => `expected a degree (EA, FC or MM), found ${shown(i.input)}` })
  .transform((value, ctx) => {
    const degree = readDegree(value);
    if (degree) return degree;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: `expected a degree: EA, FC or MM (or ${DEGREES.map((d) => DEGREE_NAMES[d]).join(", ")}), found ${shown(value)}`,
    });
    return z.NEVER;
  });

export const memberStatus = z
  .string({ error: (i) => `expected a status such as Active, found ${shown(i.input)}` })
  .transform((value, ctx) => {
    const status = readStatus(value);
    if (status) return status;
    ctx.issues.push({
      code: "custom",
      input: value,
      message: `expected one of ${Object.values(STATUS_NAMES).join(", ")}, found ${shown(value)}`,
    });
    return z.NEVER;
  });

/** What the secretary notes of a member's diet for the caterer: 'no shellfish', 'vegetarian'. */
export const memberDietary = checked("dietary", (value) =>
  /[<>\p{Cc}]/u.test(value)
    ? "may not contain < or >, a tab or a line break"
    : value.length > 200
      ? `must be at most 200 characters (it has ${value.length})`
      : undefined,
);

/** A member as the roll keeps him, every field read as the import and `members edit` take it. */
export const memberSchema = z.strictObject({
  number: memberNumber,
  firstName: checked("firstName", checkName),
  lastName: checked("lastName", checkName),
  /** 'PM', 'WM': shown after his name, as an RSVP's masonic title is. */
  title: checked("title", checkTitle).default(""),
  email: memberEmail.default(""),
  phone: memberPhone.default(""),
  degree: memberDegree,
  status: memberStatus.default("active"),
  dietary: memberDietary.default(""),
});
export type Member = z.output<typeof memberSchema>;
export type MemberInput = z.input<typeof memberSchema>;

/** The fields of a member the roll's import and `members edit` may set. */
export type MemberField = keyof Member;
