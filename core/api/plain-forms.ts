/**
 * The forms that work without JavaScript: the event and outing RSVP pages and the contact form
 * post themselves, as a browser does with no script, to the API's own routes. The pages are
 * prerendered, so what only the server knows (the visitor's XSRF token, a fresh contact-form
 * token) is a placeholder in the built HTML that the server fills in as it serves the page.
 * The fields and placeholders are in plain-form-fields.ts, apart, so the pages' common script
 * that links to the RSVP pages does not carry them.
 */

import { eventPath, outingPath } from "./page-paths.ts";

/** The plain RSVP page of an event whose reservations are open. */
export function eventRsvpPath(eventId: string): string {
  return `${eventPath(eventId)}/rsvp`;
}

/** The plain page that puts a full event's visitor on its waiting list, with the RSVP's fields. */
export function eventWaitlistPath(eventId: string): string {
  return `${eventPath(eventId)}/waitlist`;
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
  return `${outingPath(outingId)}/rsvp`;
}

const FORM_PAGE =
  /^\/(?:contact-us|events\/[a-z0-9][a-z0-9-]*\/(?:rsvp|waitlist)|social-events\/[a-z0-9][a-z0-9-]*\/rsvp)\/?(?:index\.html)?$/;

/** Whether a page's address is one of the plain forms' pages (the server fills those in). */
export function isFormPage(pathname: string): boolean {
  return FORM_PAGE.test(pathname);
}
