/** Business constants of SPEC.md section 9 that are not the lodge's own data (those live in lodge.yaml). */

/** Attendees and meals per RSVP; 1 when the event's rsvpLimit is set. */
export const MAX_PER_RSVP = 10;
/** RSVP on the home page closes at 21:00 on the cutoff day. */
export const HOME_RSVP_CUTOFF = { hour: 21, minute: 0 } as const;
/** RSVP on the upcoming-events page closes at 11:59PM on the cutoff day. */
export const UPCOMING_RSVP_CUTOFF = { hour: 23, minute: 59 } as const;
/** Social RSVP closes at 21:00 on the day before the outing. */
export const SOCIAL_RSVP_CUTOFF = { daysBefore: 1, hour: 21, minute: 0 } as const;

export const HOME_CAROUSEL = { maxSlides: 3, intervalMs: 10_000 } as const;
export const RECENT_EVENTS_CAROUSEL_MS = 5000;
export const RECENT_EVENTS_WINDOW_DAYS = 365;

export const ALERT_TIMEOUT_MS = 5000;
export const ALERT_FADE_MS = 250;

export const STICKY_HEADER_PX = 99;
export const TOP_BUTTON_PX = 400;
export const MOBILE_MAX_WIDTH_PX = 1023;
export const MOBILE_TOP_BUTTON_DELAY_MS = 2000;

export const PAGERS = {
  pastMasters: { pageSize: 12, maxLinks: 10 },
  gallery: { pageSize: 6, maxLinks: 10 },
  bulletins: { pageSize: 10, maxLinks: 20 },
  defaults: { page: 1, pageSize: 10, maxLinks: 10 },
} as const;

export const PORTRAIT_HEIGHT_PX = 350;

/** The number a past master has when he joined by affiliation; his term reads 'By Affiliation'. */
export const BY_AFFILIATION = -1;
export const BY_AFFILIATION_TERM = "By Affiliation";

/**
 * The site's pages the API's mails link to with a personal token after '#': a reservation's
 * own page, the page that claims seats offered from the waiting list, and a member's answer to
 * his summons. Pages for one visitor:
 * in no menu and no sitemap.
 */
export const RSVP_LINK_PAGES = {
  manage: "/rsvp/manage",
  claim: "/rsvp/claim",
  /** A member's answer to a summons: attending, dining or apologies. */
  answer: "/rsvp/answer",
  /** The Tyler's register at the door of a meeting: who is present, and the visitors. */
  door: "/rsvp/door",
} as const;

/**
 * How long seats offered from the waiting list are held for the one offered them, unless the
 * RSVP deadline comes first: then the next in line has a chance while the event still takes RSVPs.
 */
export const OFFER_HOLD_MS = 24 * 60 * 60 * 1000;

/**
 * How long an RSVP past the seats one network address may hold keeps its seats for its visitor
 * to confirm from the mail, unless the RSVP deadline comes first: long enough to open one's mail
 * in a lodge room, short enough that invented addresses give the seats back soon.
 */
export const CONFIRM_HOLD_MS = 30 * 60 * 1000;
