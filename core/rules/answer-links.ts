/**
 * The answers to a summons and their links, without the date rules: the answer page reads its
 * link and names the answers with these alone, so it loads no more script than it needs.
 */

/**
 * A member's answer to a summons: he attends, attends and dines (with his meal), or sends his
 * apologies. His answer counts in the event's head count with the public RSVPs: attending takes
 * one seat, dining one seat and one dinner, apologies none.
 */

export const MEMBER_ANSWERS = ["attending", "dining", "apologies"] as const;
export type MemberAnswer = (typeof MEMBER_ANSWERS)[number];

/** The answers as the summons' links and the answer page say them. */
export const ANSWER_LABELS: Readonly<Record<MemberAnswer, string>> = {
  attending: "Attending",
  dining: "Attending and dining",
  apologies: "Apologies",
};

/** What a member answered: the answer, and his meal when he dines at an event with choices. */
export interface GivenAnswer {
  answer: MemberAnswer;
  meal?: string | undefined;
}

/** 'Attending and dining (Roast Beef)', 'Apologies' */
export function answerText({ answer, meal }: GivenAnswer): string {
  return answer === "dining" && meal ? `${ANSWER_LABELS.dining} (${meal})` : ANSWER_LABELS[answer];
}

/** An answer and meal as one key, e.g. 'dining:Salmon', for the page's options. */
export function answerKey(given: GivenAnswer | undefined): string {
  if (!given) return "";
  return given.answer === "dining" && given.meal ? `dining:${given.meal}` : given.answer;
}

export function isMemberAnswer(value: unknown): value is MemberAnswer {
  return (MEMBER_ANSWERS as readonly unknown[]).includes(value);
}

/**
 * The part of an answer link after '#': the answer chosen (and meal), then the signed token,
 * so the browser sends none of it to a server or in a Referer.
 */
export function answerFragment(token: string, chosen?: GivenAnswer): string {
  const params = new URLSearchParams();
  if (chosen) params.set("a", chosen.answer);
  if (chosen?.meal) params.set("m", chosen.meal);
  params.set("t", token);
  return params.toString();
}

/** What an answer link's fragment holds; `chosen` only when it names an answer. */
export function readAnswerFragment(hash: string): { token: string; chosen?: GivenAnswer } {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const answer = params.get("a");
  const token = params.get("t") ?? "";
  if (!isMemberAnswer(answer)) return { token };
  const meal = params.get("m") ?? undefined;
  return { token, chosen: meal ? { answer, meal } : { answer } };
}
