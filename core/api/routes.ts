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

type RouteTable = Readonly<Record<string, { path: string }>>;

/**
 * Where a table's API answers, read from its routes' paths so that a route under a new prefix is
 * the API's the moment it is declared: each path's part up to its api/ ('/mj/api/',
 * '/sheets/api/'), under which every address is the API's (an unknown one is its 404, never a
 * page), and a path outside any such prefix (the old site's past-master file, under the site's
 * /assets/) as itself only.
 */
export function apiAddressesOf(routes: RouteTable): {
  prefixes: readonly string[];
  isApiPath: (url: string) => boolean;
} {
  const paths = Object.values(routes).map((route) => route.path);
  const prefixes = [
    ...new Set(
      paths.flatMap((path) => {
        const at = path.indexOf("/api/");
        return at < 0 ? [] : [path.slice(0, at + "/api/".length)];
      }),
    ),
  ];
  const own = new Set(paths.filter((path) => !prefixes.some((prefix) => path.startsWith(prefix))));
  return {
    prefixes,
    isApiPath: (url) =>
      prefixes.some((prefix) => url.startsWith(prefix)) || own.has(url.split("?", 1)[0] ?? url),
  };
}

const API_ADDRESSES = apiAddressesOf(API_ROUTES);
/** The prefixes under which the API answers: '/mj/api/' and '/sheets/api/'. */
export const API_PREFIXES = API_ADDRESSES.prefixes;
/** Whether a request's address is the API's: never a page of the site. */
export const isApiPath = API_ADDRESSES.isApiPath;
