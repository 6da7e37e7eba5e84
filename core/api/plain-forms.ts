/**
 * The forms that work without JavaScript: the event and outing RSVP pages and the contact form
 * post themselves, as a browser does with no script, to the API's own routes. The pages are
 * prerendered, so what only the server knows (the visitor's XSRF token, a fresh contact-form
 * token) is a placeholder in the built HTML that the server fills in as it serves the page.
 * The fields and placeholders are in plain-form-fields.ts, apart, so the pages' common script
 * that links to the RSVP pages does not carry them.
 */

import { CONTACT_PAGE, EVENTS_PAGE, isPageOf, OUTINGS_PAGE } from "./page-paths.ts";

/**
 * The routes of the plain RSVP pages, as the router spells them (':id' is the event's or the
 * outing's): the site's route config and the addresses below are made from them.
 */
export const PLAIN_RSVP_ROUTES = {
  eventRsvp: `${EVENTS_PAGE}/:id/rsvp`,
  eventWaitlist: `${EVENTS_PAGE}/:id/waitlist`,
  outingRsvp: `${OUTINGS_PAGE}/:id/rsvp`,
} as const;

const pageOf = (route: string, id: string) => `/${route.replace(":id", id)}`;

/** The plain RSVP page of an event whose reservations are open. */
export function eventRsvpPath(eventId: string): string {
  return pageOf(PLAIN_RSVP_ROUTES.eventRsvp, eventId);
}

/** The plain page that puts a full event's visitor on its waiting list, with the RSVP's fields. */
export function eventWaitlistPath(eventId: string): string {
  return pageOf(PLAIN_RSVP_ROUTES.eventWaitlist, eventId);
}

/**
 * The plain page of the route a refusal names instead (the server's `instead`): an RSVP refused
 * for want of seats is answered with the waiting list's page, a place on the list while seats
 * are free with the RSVP's, both filled in with what the visitor sent.
 */
export function insteadPath(route: string, eventId: string): string | undefined {
  if (route === "joinWaitlist") return eventWaitlistPath(eventId);
  if (route === "eventRsvp") return eventRsvpPath(eventId);
  return undefined;
}

/** The plain RSVP page of a social outing whose reservations are open. */
export function outingRsvpPath(outingId: string): string {
  return pageOf(PLAIN_RSVP_ROUTES.outingRsvp, outingId);
}

/**
 * Whether a page's address is a plain RSVP page: one that stands in for the RSVP modal without
 * JavaScript and tells nothing its event's or outing's own page does not.
 */
export function isPlainRsvpPage(pathname: string): boolean {
  return Object.values(PLAIN_RSVP_ROUTES).some((route) => isPageOf(route, pathname));
}

/** Whether a page's address is one of the plain forms' pages (the server fills those in). */
export function isFormPage(pathname: string): boolean {
  return isPageOf(CONTACT_PAGE, pathname) || isPlainRsvpPage(pathname);
}
