import type { z } from "zod";
import type { API_CONTRACT } from "./contract.ts";

/**
 * The API's routes (SPEC 7) as the browser needs them: method and path, and the types of what
 * each takes and answers, read from the contract's schemas (core/api/contract.ts) without
 * bringing zod into the page's JavaScript. The server registers exactly these routes from the
 * contract, and the site's client calls them by name.
 */

/** The cookie the server sets on every page, and the header every POST must echo it in. */
export const XSRF_COOKIE = "XSRF-TOKEN";
export const XSRF_HEADER = "X-XSRF-TOKEN";
/** The header whose key makes a retried submission count once. */
export const IDEMPOTENCY_HEADER = "Idempotency-Key";
/** The contact form's hidden field that people never see and spam robots fill in. */
export const HONEYPOT_FIELD = "website";

/** The site's spreadsheet writes, sent after a stored RSVP: SPEC 7's append calls. */
export const SHEET_ROW_PREFIX = "/sheets/api/append-";
/** A member's answer to the summons, by his signed link: it costs his hall's address nothing. */
export const SUMMONS_PREFIX = "/mj/api/summons/";
/** The Tyler's register, by the door link: a lodge's members marked from one phone cost nothing. */
export const DOOR_PREFIX = "/mj/api/door/";

export const API_ROUTES = {
  eventRsvp: { method: "POST", path: "/mj/api/rsvp" },
  eventSheetRow: { method: "POST", path: `${SHEET_ROW_PREFIX}rsvp` },
  attendeeCounts: { method: "GET", path: "/sheets/api/read" },
  socialRsvp: { method: "POST", path: "/mj/api/social-rsvp" },
  socialSheetRow: { method: "POST", path: `${SHEET_ROW_PREFIX}social-rsvp` },
  formToken: { method: "GET", path: "/mj/api/form-token" },
  contact: { method: "POST", path: "/mj/api/contact-us" },
  pastMasterList: { method: "GET", path: "/assets/data/past-master-list.json" },
  manageRsvp: { method: "POST", path: "/mj/api/rsvp/manage" },
  changeRsvp: { method: "POST", path: "/mj/api/rsvp/change" },
  cancelRsvp: { method: "POST", path: "/mj/api/rsvp/cancel" },
  confirmRsvp: { method: "POST", path: "/mj/api/rsvp/confirm" },
  joinWaitlist: { method: "POST", path: "/mj/api/rsvp/waitlist" },
  waitlistEntry: { method: "POST", path: "/mj/api/rsvp/waitlist/view" },
  leaveWaitlist: { method: "POST", path: "/mj/api/rsvp/waitlist/leave" },
  claimOffer: { method: "POST", path: "/mj/api/rsvp/claim" },
  memberAnswer: { method: "POST", path: `${SUMMONS_PREFIX}view` },
  answerSummons: { method: "POST", path: `${SUMMONS_PREFIX}answer` },
  doorRegister: { method: "POST", path: `${DOOR_PREFIX}view` },
  doorChanges: { method: "POST", path: `${DOOR_PREFIX}marks` },
  doorVisitors: { method: "POST", path: `${DOOR_PREFIX}visitors` },
} as const satisfies Record<string, { method: "GET" | "POST"; path: `/${string}` }>;

export type ApiRouteName = keyof typeof API_ROUTES;
export type ApiMethod = (typeof API_ROUTES)[ApiRouteName]["method"];
/** The routes of one method. */
export type ApiRoutesOf<M extends ApiMethod> = {
  [K in ApiRouteName]: (typeof API_ROUTES)[K]["method"] extends M ? K : never;
}[ApiRouteName];

/** What a route takes: a POST's JSON body, a GET's query, as a client may send it. */
export type ApiRequest<K extends ApiRouteName> = z.input<(typeof API_CONTRACT)[K]["request"]>;
/** What a route answers when it succeeds. */
export type ApiResponse<K extends ApiRouteName> = z.output<(typeof API_CONTRACT)[K]["response"]>;
