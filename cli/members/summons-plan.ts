import { admits, DEGREE_NAMES, meetingDegree } from "../../core/rules/degrees.ts";
import type { Event } from "../../core/schemas/event.ts";
import { inGoodStanding, type Member } from "../../core/schemas/member.ts";
import { plural } from "../load/summary.ts";

/**
 * Whom `lodge summons EVENT` summons: every member the scheduler would (core's isSummoned: in
 * good standing, of a degree the meeting admits, with an address) who has not had the summons
 * yet, and why each other member of the roll is left out.
 */
export interface SummonsPlan<M> {
  send: M[];
  /** Summoned already, by the scheduler or an earlier `lodge summons`. */
  already: number;
  /** Left out: not in good standing, of a degree the meeting does not admit, without an address. */
  notInGoodStanding: number;
  lowerDegree: number;
  noEmail: number;
}

export function summonsPlan<M extends Pick<Member, "status" | "degree" | "email">>(
  event: Pick<Event, "tyled" | "degree">,
  members: readonly (M & { summoned: boolean })[],
): SummonsPlan<M> {
  const plan: SummonsPlan<M> = {
    send: [],
    already: 0,
    notInGoodStanding: 0,
    lowerDegree: 0,
    noEmail: 0,
  };
  for (const member of members) {
    if (!inGoodStanding(member.status)) plan.notInGoodStanding += 1;
    else if (!admits(event, member.degree)) plan.lowerDegree += 1;
    else if (member.email === "") plan.noEmail += 1;
    else if (member.summoned) plan.already += 1;
    else plan.send.push(member);
  }
  return plan;
}

/** '2027/12/01 19:30 Stated Meeting (2027-12-01-stated-meeting), opened on the Master Mason degree' */
function named(event: Pick<Event, "id" | "name" | "date" | "tyled" | "degree">): string {
  const degree = meetingDegree(event);
  return `${event.date} ${event.name} (${event.id})${degree ? `, opened on the ${DEGREE_NAMES[degree]} degree` : ", open to all"}`;
}

/** What `lodge summons` did (or, with dryRun, would do), in two lines. */
export function summonsReport<M>(
  event: Pick<Event, "id" | "name" | "date" | "tyled" | "degree">,
  plan: SummonsPlan<M>,
  dryRun: boolean,
): string[] {
  const left = [
    plan.lowerDegree > 0 && `${plan.lowerDegree} of a degree it does not admit`,
    plan.notInGoodStanding > 0 && `${plan.notInGoodStanding} not in good standing`,
    plan.noEmail > 0 && `${plan.noEmail} without an e-mail address`,
  ].filter((part): part is string => typeof part === "string");
  const already = plan.already > 0 ? `; ${plan.already} had it already` : "";
  const verb = dryRun ? "Would summon" : "Summoned";
  return [
    `${verb} ${plural(plan.send.length, "member")} to ${named(event)}${already}.`,
    ...(left.length > 0 ? [`Not summoned: ${left.join(", ")}.`] : []),
    dryRun
      ? "Nothing was sent (--dry-run)."
      : plan.send.length > 0
        ? "lodge serve sends them now; lodge mail lists them."
        : "Nothing new to send.",
  ];
}
