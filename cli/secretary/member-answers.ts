import { answerText } from "../../core/rules/answer-links.ts";
import { isSummoned } from "../../core/rules/summons.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { AnsweredMember, RollMember, Store } from "../../server/store/store.ts";
import { plural } from "../load/summary.ts";
import { byName } from "../members/roll-listing.ts";
import { table } from "./output.ts";

/**
 * The members' side of an event in the secretary's listings: who answered the summons and how
 * (their seats are among the event's RSVPs, counted with the visitors'), who sent apologies, who
 * waits for a seat, and who has not answered yet (Hermes' 'did not respond').
 */
export interface EventMembers {
  answers: AnsweredMember[];
  /** Members the event admits (in good standing, of its degree, with an address) who have not answered. */
  noAnswer: RollMember[];
}

/** The members' answers to an event and who has not answered; none for an event without RSVPs. */
export async function eventMembers(
  store: Pick<Store, "listMemberAnswers" | "listMembers">,
  event: Event | undefined,
  id: string,
): Promise<EventMembers | undefined> {
  const answers = await store.listMemberAnswers(id);
  if (!event?.rsvpOptions && answers.length === 0) return undefined;
  const answered = new Set(answers.map((a) => a.member.id));
  const members = await store.listMembers();
  if (answers.length === 0 && members.length === 0) return undefined;
  const noAnswer = event ? members.filter((m) => !answered.has(m.id) && isSummoned(event, m)) : [];
  return { answers, noAnswer };
}

const nameOf = (m: Pick<RollMember, "firstName" | "lastName" | "title">) =>
  m.firstName || m.lastName
    ? `${m.firstName} ${m.lastName}${m.title ? `, ${m.title}` : ""}`
    : "(removed from the roll)";

/** The counts of the members' answers, in one line. */
export function membersSummary(members: EventMembers): string {
  const { answers, noAnswer } = members;
  const seated = answers.filter((a) => a.answer.answer !== "apologies" && !a.answer.waiting);
  const dining = seated.filter((a) => a.answer.answer === "dining");
  const meals = new Map<string, number>();
  for (const a of dining) {
    if (a.answer.meal) meals.set(a.answer.meal, (meals.get(a.answer.meal) ?? 0) + 1);
  }
  const byMeal = [...meals].map(([meal, n]) => `${n} ${meal}`).join(", ");
  const waiting = answers.filter((a) => a.answer.waiting).length;
  const apologies = answers.filter((a) => a.answer.answer === "apologies").length;
  return [
    `${plural(seated.length, "member")} attending (${dining.length} dining${byMeal ? `: ${byMeal}` : ""})`,
    ...(waiting > 0 ? [`${waiting} waiting for a seat`] : []),
    `${plural(apologies, "apology", "apologies")}`,
    `${noAnswer.length} no answer yet`,
  ].join(", ");
}

/** The members' lines of an event's table: the counts, then apologies and no answer by name. */
export function memberLines(members: EventMembers, lodgeZone: (at: Date) => string): string[] {
  const apologies = members.answers.filter((a) => a.answer.answer === "apologies");
  const waiting = members.answers.filter((a) => a.answer.waiting);
  const rows = (list: AnsweredMember[]) =>
    table([
      ["Number", "Name", "E-mail", "Answered"],
      ...byName(list.map((a) => ({ ...a.member, at: a.answeredAt }))).map((m) => [
        m.number,
        nameOf(m),
        m.email,
        lodgeZone(m.at),
      ]),
    ]).replace(/^/gm, "    ");
  return [
    `  Members (their seats are among the RSVPs above): ${membersSummary(members)}`,
    ...(waiting.length > 0
      ? [`  Waiting for a seat: ${plural(waiting.length, "member")}`, rows(waiting)]
      : []),
    ...(apologies.length > 0
      ? [`  Apologies: ${plural(apologies.length, "member")}`, rows(apologies)]
      : []),
    ...(members.noAnswer.length > 0
      ? [
          `  No answer yet: ${plural(members.noAnswer.length, "member")}`,
          table([
            ["Number", "Name", "E-mail"],
            ...byName(members.noAnswer).map((m) => [m.number, nameOf(m), m.email]),
          ]).replace(/^/gm, "    "),
        ]
      : []),
  ];
}

/**
 * The CSV rows of the members who hold no seat (after an event's totals, which do not count
 * them): their apologies, their wait for a seat, or no answer yet.
 */
export function memberCsvRows(
  members: EventMembers,
  event: readonly string[],
  width: number,
  lodgeZone: (at: Date) => string,
): string[][] {
  const row = (m: RollMember, status: string, at = "") => {
    const cells = ["", ...event, at, m.firstName, m.lastName, m.title, m.email];
    return [...cells, ...Array(width - cells.length - 3).fill(""), status, "", ""];
  };
  const answered = (status: string, pick: (a: AnsweredMember) => boolean) =>
    byName(members.answers.filter(pick).map((a) => ({ ...a.member, at: a.answeredAt }))).map((m) =>
      row(m, status, lodgeZone(m.at)),
    );
  return [
    ...answered("member waiting", (a) => a.answer.waiting),
    ...answered("apologies", (a) => a.answer.answer === "apologies"),
    ...byName(members.noAnswer).map((m) => row(m, "no answer")),
  ];
}

/** A member's answer as the JSON listing gives it. */
export function memberAnswerJson(a: AnsweredMember) {
  const { id: _, key: __, ...member } = a.member;
  return {
    member,
    answer: answerText(a.answer),
    waiting: a.answer.waiting,
    answeredAt: a.answeredAt,
  };
}
