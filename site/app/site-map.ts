import {
  BULLETIN_PAGE,
  CONTACT_PAGE,
  EVENTS_PAGE,
  eventPath,
  GALLERY_PAGE,
  HOME_PAGE,
  HOW_TO_JOIN_PAGE,
  OUTINGS_PAGE,
  outingPath,
  RECENT_EVENTS_PAGE,
  UPCOMING_EVENTS_PAGE,
} from "../../core/api/page-paths.ts";
import {
  eventRsvpPath,
  eventWaitlistPath,
  isPlainRsvpPage,
  outingRsvpPath,
  PLAIN_RSVP_ROUTES,
} from "../../core/api/plain-forms.ts";
import { RSVP_LINK_PAGES } from "../../core/constants.ts";
import type { Album, Lodge } from "../../core/schemas/index.ts";

/**
 * The site's pages (SPEC 2), in one place: the route config, the header's menus and the prerender
 * list are all made from this table. Past-master pages come from lodge.yaml's `pastMasters` list,
 * albums and calendar files from `dataRoutes`.
 */
export const PAGES = {
  home: { path: HOME_PAGE, file: "routes/home.tsx", label: "Home" },
  history: { path: "history", file: "routes/history.tsx", label: "History" },
  bulletin: { path: BULLETIN_PAGE, file: "routes/bulletin.tsx", label: "Current Bulletin" },
  upcomingEvents: {
    path: UPCOMING_EVENTS_PAGE,
    file: "routes/upcoming-events.tsx",
    label: "Upcoming Events",
  },
  contactUs: { path: CONTACT_PAGE, file: "routes/contact-us.tsx", label: "Contact Us" },
  officers: { path: "our-officers", file: "routes/our-officers.tsx", label: "Our Officers" },
  aboutUs: { path: "about-us", file: "routes/about-us.tsx", label: "About Us" },
  howToJoin: { path: HOW_TO_JOIN_PAGE, file: "routes/how-to-join.tsx", label: "How to Join" },
  gallery: { path: GALLERY_PAGE, file: "routes/image-gallery.tsx", label: "Image Gallery" },
  recentEvents: {
    path: RECENT_EVENTS_PAGE,
    file: "routes/recent-events.tsx",
    label: "Recent Events",
  },
  pastBulletins: {
    path: "past-bulletins",
    file: "routes/past-bulletins.tsx",
    label: "Past Bulletins",
  },
  socialEvents: { path: OUTINGS_PAGE, file: "routes/social-events.tsx", label: "Social Events" },
  brotherhoodNight: {
    path: "brotherhood-night-history",
    file: "routes/brotherhood-night-history.tsx",
    label: "Brotherhood Night History",
  },
} as const;

/**
 * The pages for one visitor, opened from the personal link in a mail (core's RSVP_LINK_PAGES): in no
 * menu and left out of the sitemap. Not in PAGES, which every page's menus carry.
 */
export function personalRoutes(): { path: string; file: string }[] {
  return [
    { path: RSVP_LINK_PAGES.manage.slice(1), file: "routes/rsvp-manage.tsx" },
    { path: RSVP_LINK_PAGES.claim.slice(1), file: "routes/rsvp-claim.tsx" },
    { path: RSVP_LINK_PAGES.answer.slice(1), file: "routes/rsvp-answer.tsx" },
    { path: RSVP_LINK_PAGES.door.slice(1), file: "routes/rsvp-door.tsx" },
  ];
}

/** Their addresses, e.g. '/rsvp/manage'. */
export function personalPages(): string[] {
  return personalRoutes().map((page) => `/${page.path}`);
}

/**
 * Whether search engines are pointed to a page: sitemap.xml lists these, and every other page
 * says noindex. Left out are the root (it only redirects), the pages for one visitor (opened
 * from a mail), and the plain RSVP and waiting-list pages, which stand in for the RSVP modal
 * without JavaScript: their event's or outing's own page is the one to find.
 */
export function isListedPage(path: string): boolean {
  return path !== "/" && !personalPages().includes(path) && !isPlainRsvpPage(path);
}

export type PageKey = keyof typeof PAGES;

/** The module every past-masters page shares; each list is its own route id. */
export const PAST_MASTERS_FILE = "routes/past-masters.tsx";

export function pastMastersRouteId(slug: string): string {
  return `past-masters-${slug}`;
}

/**
 * The route of the events' calendar files, the folder of their addresses, and the ending their
 * names have.
 */
export const CALENDAR_FILE = "routes/calendar.ts";
const CALENDAR_FOLDER = "calendar";
export const CALENDAR_SUFFIX = ".ics";

/** The address of an event's calendar file, for its 'Add to calendar' link. */
export function calendarPath(eventId: string): string {
  return `/${CALENDAR_FOLDER}/${encodeURIComponent(eventId)}${CALENDAR_SUFFIX}`;
}

/** The album page's address. */
export function albumPath(albumName: string): string {
  return `/${GALLERY_PAGE}/${encodeURIComponent(albumName)}`;
}

const GALLERY_CHILD = new RegExp(`^/${GALLERY_PAGE}/[^/]`);

/**
 * Where an address the site does not have sends the visitor: an unknown album to the image
 * gallery (SPEC 2, "If loading the album fails"), anything else home.
 */
export function redirectTarget(pathname: string): string {
  return GALLERY_CHILD.test(pathname) ? `/${GALLERY_PAGE}` : `/${HOME_PAGE}`;
}

/** redirectTarget as a script for the page the build writes for unknown addresses. */
export const REDIRECT_SCRIPT = `location.replace(${GALLERY_CHILD}.test(location.pathname)?"/${GALLERY_PAGE}":"/${HOME_PAGE}")`;

/** The local-storage key of the gallery's page number, kept while the visitor stays in the gallery. */
export const GALLERY_PAGE_KEY = "gallery-page";

/** True for the image gallery and its albums, the routes that keep local storage (SPEC 2). */
export function isGalleryPath(pathname: string): boolean {
  return pathname === `/${GALLERY_PAGE}` || pathname.startsWith(`/${GALLERY_PAGE}/`);
}

/** What the data gives pages of: albums, every event and outing, and the events still to come. */
export interface DataPages {
  albums: readonly Pick<Album, "albumName">[];
  events?: readonly { id: string }[];
  outings?: readonly { id: string }[];
  /** The events still to come when the site is built: each gets a calendar file. */
  calendarEvents?: readonly { id: string }[];
  /** The events and outings whose reservations are open when the site is built: each gets an
   * RSVP page that works without JavaScript. */
  rsvpEvents?: readonly { id: string }[];
  rsvpOutings?: readonly { id: string }[];
}

/**
 * The routes whose pages the data makes, each with the addresses to prerender (as prerenderPaths
 * gives them): an album's page for each album, a page for every event and outing (past ones
 * too, so a shared link never dies), a calendar file for each event still to come, and a plain
 * RSVP page (for a browser without JavaScript) for each event and outing taking reservations. A route with
 * no address is left out: prerendering (ssr:false) refuses a route with a loader and no page,
 * and without the route an old album link still reaches the gallery, as any unknown address does.
 */
export function dataRoutes({
  albums,
  events = [],
  outings = [],
  calendarEvents = [],
  rsvpEvents = [],
  rsvpOutings = [],
}: DataPages): { path: string; file: string; paths: string[] }[] {
  return [
    {
      path: `${GALLERY_PAGE}/:albumName`,
      file: "routes/album.tsx",
      paths: albums.map((album) => decodeURIComponent(albumPath(album.albumName))),
    },
    {
      path: `${EVENTS_PAGE}/:id`,
      file: "routes/event.tsx",
      paths: events.map((e) => eventPath(e.id)),
    },
    {
      path: `${PAGES.socialEvents.path}/:id`,
      file: "routes/outing.tsx",
      paths: outings.map((o) => outingPath(o.id)),
    },
    {
      path: PLAIN_RSVP_ROUTES.eventRsvp,
      file: "routes/event-rsvp.tsx",
      paths: rsvpEvents.map((e) => eventRsvpPath(e.id)),
    },
    {
      path: PLAIN_RSVP_ROUTES.eventWaitlist,
      file: "routes/event-waitlist.tsx",
      paths: rsvpEvents.map((e) => eventWaitlistPath(e.id)),
    },
    {
      path: PLAIN_RSVP_ROUTES.outingRsvp,
      file: "routes/outing-rsvp.tsx",
      paths: rsvpOutings.map((o) => outingRsvpPath(o.id)),
    },
    {
      path: `${CALENDAR_FOLDER}/:file`,
      file: CALENDAR_FILE,
      paths: calendarEvents.map((event) => calendarPath(event.id)),
    },
  ].filter((route) => route.paths.length > 0);
}

/**
 * Every address to write at build time: '/', each page, and the pages and files of dataRoutes.
 * Paths are given as names, not URL-encoded: the router compares them with the decoded address,
 * and the files are written under these names, which is what a web server looks for when asked
 * for '/image-gallery/2019.12.11%20Brotherhood%20Night'.
 */
export function prerenderPaths(lodge: Pick<Lodge, "pastMasters">, data: DataPages) {
  return [
    "/",
    ...Object.values(PAGES).map((page) => `/${page.path}`),
    ...personalPages(),
    ...lodge.pastMasters.map((list) => `/${list.route}`),
    ...dataRoutes(data).flatMap((route) => route.paths),
  ];
}

export type NavLink = { label: string; href: string; external?: boolean; file?: boolean };
export type NavGroup = { label: string; links: NavLink[] };
export type NavItem = NavLink | NavGroup;

const internal = (key: PageKey): NavLink => ({
  label: PAGES[key].label,
  href: `/${PAGES[key].path}`,
});

/** The label of a past-masters list in menus: its heading without 'Past Masters of'. */
export function pastMastersLabel(heading: string): string {
  return heading.replace(/^Past Masters of\s+/i, "") || heading;
}

/** The header's menus (SPEC 2, "Layout on every page"): every page, the petition, other sites. */
export function headerNav(lodge: Pick<Lodge, "pastMasters" | "links">): NavItem[] {
  return [
    internal("home"),
    {
      label: "About",
      links: [
        internal("aboutUs"),
        internal("history"),
        internal("brotherhoodNight"),
        internal("officers"),
      ],
    },
    {
      label: "Past Masters",
      links: lodge.pastMasters.map((list) => ({
        label: pastMastersLabel(list.heading),
        href: `/${list.route}`,
      })),
    },
    {
      label: "Events",
      links: [
        internal("upcomingEvents"),
        internal("recentEvents"),
        internal("socialEvents"),
        internal("gallery"),
      ],
    },
    { label: "Bulletins", links: [internal("bulletin"), internal("pastBulletins")] },
    {
      label: "Join",
      links: [
        internal("howToJoin"),
        { label: "Petition for Membership (PDF)", href: lodge.links.petition, file: true },
      ],
    },
    {
      label: "Links",
      links: [...lodge.links.external, ...lodge.links.social].map((link) => ({
        ...link,
        external: true,
      })),
    },
    internal("contactUs"),
  ];
}

export function isGroup(item: NavItem): item is NavGroup {
  return "links" in item;
}
