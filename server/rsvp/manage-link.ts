import { createHash } from "node:crypto";
import { RSVP_LINK_PAGES } from "../../core/constants.ts";
import { randomText, signToken, verifyToken } from "../security/tokens.ts";
import type { RsvpKind } from "../store/store.ts";

/**
 * The personal links in an RSVP's mails: the manage link (see, change or cancel the RSVP without
 * an account) and the claim link of a waiting-list offer. A token is 144 random bits, made when
 * the mail is composed (before the RSVP has an id), signed with the server's secret so a forged
 * one is refused before the store is asked; the store keeps only its hash, so a copy of the
 * database holds no working link. The token travels in the address's fragment
 * (`/rsvp/manage#<token>`), which browsers send neither to the server nor in a Referer header:
 * it stays out of every log. When a link expires is the event's business (its end plus a day),
 * decided where it is read, not in the token.
 */

/** What a link lets its holder do. */
export type LinkPurpose = "manage" | "claim";

/** The site's page that opens a manage link, and the one that opens a claim link. */
export const MANAGE_PAGE = RSVP_LINK_PAGES.manage;
export const CLAIM_PAGE = RSVP_LINK_PAGES.claim;

const KINDS: Record<string, RsvpKind> = { e: "event", s: "social" };
const PREFIX: Record<RsvpKind, string> = { event: "e", social: "s" };

/** A fresh token for an RSVP of `kind` (or a waiting-list offer, purpose 'claim'). */
export function newRsvpToken(secret: string, purpose: LinkPurpose, kind: RsvpKind): string {
  return signToken(secret, purpose, `${PREFIX[kind]}${randomText(18)}`);
}

/** What a token names, or undefined when it is not one this server signed for `purpose`. */
export function readRsvpToken(
  secret: string,
  purpose: LinkPurpose,
  token: unknown,
): { kind: RsvpKind; hash: string } | undefined {
  const value = verifyToken(secret, purpose, token);
  const kind = value === undefined ? undefined : KINDS[value.charAt(0)];
  if (value === undefined || kind === undefined || !/^[A-Za-z0-9_-]{24}$/.test(value.slice(1))) {
    return undefined;
  }
  return { kind, hash: tokenHash(value) };
}

/** The hash a store keeps of a token (of its random part: the signature adds nothing to find it). */
export function rsvpTokenHash(token: string): string {
  const dot = token.lastIndexOf(".");
  return tokenHash(dot > 0 ? token.slice(0, dot) : token);
}

function tokenHash(value: string): string {
  return createHash("sha256").update(value).digest("base64url");
}

/**
 * The address a mail shows: the site's public address (lodge.yaml's `siteUrl`, else the address
 * the server is reached at) and the page, the token after '#'.
 */
export function rsvpLinkUrl(siteBase: string, purpose: LinkPurpose, token: string): string {
  const page = purpose === "manage" ? MANAGE_PAGE : CLAIM_PAGE;
  return `${siteBase.replace(/\/+$/, "")}${page}#${token}`;
}

/** The manage link of an RSVP, as its mails show it. */
export function manageUrl(siteBase: string, token: string): string {
  return rsvpLinkUrl(siteBase, "manage", token);
}
