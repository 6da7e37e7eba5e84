import type { MeetingKept } from "../../core/rules/almoner.ts";
import { DEGREE_NAMES } from "../../core/rules/degrees.ts";
import { eventStart, formatDayAndTime } from "../../core/rules/time.ts";
import { inGoodStanding } from "../../core/schemas/member.ts";
import type { RollMember, Visitor } from "../../server/store/store.ts";
import type { MeetingRecord } from "../../server/use-cases/attendance.ts";
import { csv, table } from "./output.ts";

/**
 * What `lodge attendance` says: a meeting's register beside the answers, a member's record, a
 * year's meetings by members (the annual return's), from the register the door kept.
 */

const who = (m: RollMember) => `${m.number} ${m.firstName} ${m.lastName}`;

function section(title: string, lines: string[]): string[] {
  return [`${title}: ${lines.length}`, ...lines.map((line) => `  ${line}`)];
}

/**
 * `lodge attendance --event ID`: the register beside the answers, to reconcile them; for a
 * meeting to come (`held` false), the answers so far, nobody yet counted absent.
 */
export function eventReport(
  meeting: MeetingRecord,
  members: readonly RollMember[],
  held = true,
): string[] {
  const { event, present, apologised, answered } = meeting;
  const byId = new Map(members.map((m) => [m.id, m]));
  const named = (ids: Iterable<number>) =>
    [...ids].flatMap((id) => {
      const member = byId.get(id);
      return member ? [who(member)] : [];
    });
  const removed = [...present].filter((id) => !byId.has(id)).length;
  const silent = members.filter(
    (m) => inGoodStanding(m.status) && !present.has(m.id) && !apologised.has(m.id),
  );
  const visitor = (v: Visitor) => {
    const voucher = v.vouchedBy === undefined ? undefined : byId.get(v.vouchedBy);
    const lodge = `${v.lodgeName}${v.lodgeNumber ? ` No. ${v.lodgeNumber}` : ""}`;
    const vouched = voucher ? ` (vouched for by ${voucher.firstName} ${voucher.lastName})` : "";
    return `${v.name}, ${lodge}, ${DEGREE_NAMES[v.degree]}${vouched}`;
  };
  return [
    `${event.name}, ${formatDayAndTime(eventStart(event.date))} (${event.id})`,
    ...section("Present", [
      ...named(present),
      ...(removed > 0 ? [`and ${removed} since removed from the roll`] : []),
    ]),
    ...section("Apologies", named(apologised)),
    ...section(held ? "Absent without word" : "No word yet", silent.map(who)),
    ...section("Visitors", meeting.visitors.map(visitor)),
    ...(held
      ? [
          ...section(
            "Answered attending, not marked present",
            named([...answered].filter((id) => !present.has(id))),
          ),
          ...section(
            "Marked present without an answer",
            named([...present].filter((id) => !answered.has(id) && !apologised.has(id))),
          ),
        ]
      : [
          ...section("Answered attending", named(answered)),
          "The meeting is to come: the register is kept at the door (lodge door) on the day.",
        ]),
  ];
}

/** What a meeting's record says of a member: 'present', 'apologies' or 'absent'. */
function standing(meeting: MeetingKept, id: number): "present" | "apologies" | "absent" {
  if (meeting.present.has(id)) return "present";
  return meeting.apologised.has(id) ? "apologies" : "absent";
}

/** `lodge attendance --member NUMBER`: his record at every meeting held. */
export function memberReport(member: RollMember, meetings: readonly MeetingRecord[]): string[] {
  const rows = meetings.map((m) => [m.event.date, m.event.name, standing(m, member.id)]);
  const count = (s: string) => rows.filter((row) => row[2] === s).length;
  return [
    `${who(member)}: present at ${count("present")} of ${meetings.length} meetings, apologies at ${count("apologies")}`,
    ...(rows.length > 0 ? table(rows).split("\n") : []),
  ];
}

const MARK = { present: "P", apologies: "A", absent: "" } as const;

/**
 * `lodge attendance --year YYYY`: a row per member, a column per meeting (P present, A
 * apologies), his totals; removed members' marks as one row of counts, without names.
 */
export function yearRows(members: readonly RollMember[], meetings: readonly MeetingRecord[]) {
  const header = ["Number", "Name", ...meetings.map((m) => `${m.event.date} ${m.event.name}`)];
  const ids = new Set(members.map((m) => m.id));
  const rows = members.map((member) => {
    const marks = meetings.map((m) => standing(m, member.id));
    const count = (s: string) => marks.filter((mark) => mark === s).length;
    return [
      member.number,
      `${member.firstName} ${member.lastName}`,
      ...marks.map((mark) => MARK[mark]),
      count("present"),
      count("apologies"),
      count("absent"),
    ];
  });
  const gone = meetings.map((m) => [...m.present].filter((id) => !ids.has(id)).length);
  const removed = gone.some((n) => n > 0)
    ? [["", "Removed from the roll (present)", ...gone, gone.reduce((a, b) => a + b, 0), "", ""]]
    : [];
  return [[...header, "Present", "Apologies", "Absent"], ...rows, ...removed];
}

export function yearCsv(rows: (string | number)[][]): string {
  return `\uFEFF${csv(rows)}`;
}

export function yearTable(rows: (string | number)[][]): string {
  return table(rows.map((row) => row.map(String)));
}
