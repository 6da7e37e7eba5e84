import { RSVP_LINK_PAGES } from "../../core/constants.ts";
import { signToken, verifyToken } from "../security/tokens.ts";

/**
 * The door link: the register of one meeting, for the Tyler's phone. Its token names the event,
 * signed with the server's secret (the manage link's machinery: a forged or cut token is refused
 * before the store is asked); it opens the register from the day before the meeting to the day
 * after (core/rules/door.ts), so a link left on a phone opens nothing a week later. The token
 * sits after '#', so it reaches no server log and no Referer.
 */

const PURPOSE = "door";
const EVENT_ID = /^[a-z0-9][a-z0-9-]{0,150}$/;

export function doorToken(secret: string, eventId: string): string {
  return signToken(secret, PURPOSE, eventId);
}

/** The event a door token names, or undefined when it is not one we signed. */
export function readDoorToken(secret: string, token: unknown): string | undefined {
  const eventId = verifyToken(secret, PURPOSE, token);
  return eventId !== undefined && EVENT_ID.test(eventId) ? eventId : undefined;
}

/** The door page's address: the site's public address, the page, and the token after '#'. */
export function doorUrl(siteBase: string, token: string): string {
  return `${siteBase.replace(/\/+$/, "")}${RSVP_LINK_PAGES.door}#t=${token}`;
}
