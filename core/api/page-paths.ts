/**
 * The addresses of the pages each event and outing has, in one place: the site's routes and
 * links, the plain RSVP forms, and the calendar entries and mails that point back to the site
 * all make them here. Ids are lowercase letters, digits and hyphens (the schemas' rule): nothing
 * to encode.
 */

/** The folder of the events' own pages (they have no list page of their own there). */
export const EVENTS_PAGE = "events";

/** The outings' list page (SPEC 2), under which each outing has its own page. */
export const OUTINGS_PAGE = "social-events";

/** An event's own page, the address its cards, the spotlight and shared links use. */
export function eventPath(eventId: string): string {
  return `/${EVENTS_PAGE}/${eventId}`;
}

/** A social outing's own page. */
export function outingPath(outingId: string): string {
  return `/${OUTINGS_PAGE}/${outingId}`;
}
