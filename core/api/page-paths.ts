/**
 * The addresses of the pages each event and outing has, in one place: the site's routes and
 * links, the plain RSVP forms, and the calendar entries and mails that point back to the site
 * all make them here. Ids are lowercase letters, digits and hyphens (the schemas' rule): nothing
 * to encode.
 */

/** The home page, where the site's root, the header's name and every "back home" link go. */
export const HOME_PAGE = "home";

/** The Recent Events page, whose write-ups the news feed tells of. */
export const RECENT_EVENTS_PAGE = "recent-events";

/** The Upcoming Events page, where the footer, the home page and the RSVP pages send visitors. */
export const UPCOMING_EVENTS_PAGE = "upcoming-events";

/** The recruiting page, which the footer links to (SPEC 2). */
export const HOW_TO_JOIN_PAGE = "how-to-join";

/** The server's page where a friend of the lodge subscribes to its announcements (no script). */
export const FRIENDS_PATH = "/friends";

/** The current bulletin, which the past bulletins' page points to. */
export const BULLETIN_PAGE = "bulletin";

/** The contact page (SPEC 2), whose form works without JavaScript too. */
export const CONTACT_PAGE = "contact-us";

/** The image gallery, under which each album has its own page. */
export const GALLERY_PAGE = "image-gallery";

/**
 * A page's full address, for what is read away from the site (sitemap, feed, link previews):
 * the lodge's `siteUrl` and the path as the build wrote the page, URL-encoded.
 */
export function pageUrl(siteUrl: string, path: string): string {
  return siteUrl + encodeURI(path);
}

/**
 * What an event's or outing's id is made of (their schemas hold them to it): lowercase letters,
 * digits and hyphens, a letter or digit first.
 */
export const PAGE_ID = /^[a-z0-9][a-z0-9-]*$/;

/**
 * Whether `pathname` is a page of the route `route` as the router spells it ('events/:id/rsvp',
 * ':id' standing for an id), asked for as the browser or a static server may ('/x', '/x/',
 * '/x/index.html').
 */
export function isPageOf(route: string, pathname: string): boolean {
  const parts = pathname.replace(/\/(index\.html)?$/, "").split("/");
  const wanted = `/${route}`.split("/");
  return (
    parts.length === wanted.length &&
    wanted.every((part, i) => (part === ":id" ? PAGE_ID.test(parts[i] ?? "") : part === parts[i]))
  );
}

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

/**
 * Where the pages lodge serve writes itself are (the friends' form and its confirmation,
 * unsubscribing): at apiBase when the site is published elsewhere and lodge serve answers there,
 * else on the site. Empty when lodge.yaml gives neither (the caller's own address then).
 */
export function serverPagesBase(lodge: { apiBase: string; siteUrl?: string | undefined }): string {
  return (lodge.apiBase || lodge.siteUrl || "").replace(/\/+$/, "");
}
