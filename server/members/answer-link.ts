import { RSVP_LINK_PAGES } from "../../core/constants.ts";
import { answerFragment, type GivenAnswer } from "../../core/rules/answers.ts";
import { randomText, signToken, verifyToken } from "../security/tokens.ts";

/**
 * The links in a member's summons: one per answer, each the answer page with the answer chosen
 * and a token naming the member and the event, signed with the server's secret (the manage
 * link's machinery: a forged or cut token is refused before the store is asked). The member is
 * named by his key, 16 random characters the roll gives him, not by his number: a link says
 * nothing of who he is, and once `lodge members remove` erases the key, his links open nothing.
 * The token needs no row of its own, so the summons and its chaser carry the same links, and the
 * link after '#' reaches no server log and no Referer.
 */

const PURPOSE = "summons";
const KEY = /^[A-Za-z0-9_-]{16}$/;
const EVENT_ID = /^[a-z0-9][a-z0-9-]{0,150}$/;

/** A member's key on the roll: what his links name him by. */
export function newMemberKey(): string {
  return randomText(12);
}

/** The token of a member's answers to one event. */
export function answerToken(secret: string, memberKey: string, eventId: string): string {
  // A dot and the characters of keys and ids: nothing an address needs to escape.
  return signToken(secret, PURPOSE, `${memberKey}.${eventId}`);
}

/** The member (by key) and event a token names, or undefined when it is not one we signed. */
export function readAnswerToken(
  secret: string,
  token: unknown,
): { memberKey: string; eventId: string } | undefined {
  const value = verifyToken(secret, PURPOSE, token);
  if (value === undefined) return undefined;
  const dot = value.indexOf(".");
  const [memberKey, eventId] = [value.slice(0, dot), value.slice(dot + 1)];
  if (dot < 0 || !KEY.test(memberKey) || !EVENT_ID.test(eventId)) return undefined;
  return { memberKey, eventId };
}

/**
 * The answer page's address as a mail shows it: the site's public address, the page, and after
 * '#' the answer chosen (none for the link that only opens the page) and the token.
 */
export function answerUrl(siteBase: string, token: string, chosen?: GivenAnswer): string {
  return `${siteBase.replace(/\/+$/, "")}${RSVP_LINK_PAGES.answer}#${answerFragment(token, chosen)}`;
}
