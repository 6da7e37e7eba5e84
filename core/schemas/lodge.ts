import { z } from "zod";
import { WEEKDAYS } from "../rules/time.ts";
import {
  clockTime,
  isoDate,
  optionalText,
  requiredText,
  shown,
  url,
  wholeNumber,
} from "./common.ts";
import { costText } from "./event.ts";

const timeZone = z
  .string({
    error: (i) => `expected an IANA time zone such as 'America/New_York', found ${shown(i.input)}`,
  })
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    {
      error: (i) =>
        `expected an IANA time zone such as 'America/New_York', found ${shown(i.input)}`,
    },
  );

const publishTarget = z
  .string({ error: (i) => `expected gs://BUCKET[/prefix] or file://DIR, found ${shown(i.input)}` })
  .regex(/^(gs:\/\/[a-z0-9][a-z0-9._-]{1,220}[a-z0-9](\/\S*)?|file:\/\/\S+)$/, {
    error: (i) => `expected gs://BUCKET[/prefix] or file://DIR, found ${shown(i.input)}`,
  });

const link = z.strictObject({ label: requiredText("the link's label"), href: url });
export type Link = z.infer<typeof link>;

export const pastMasterListSchema = z.strictObject({
  /** Names the file past-masters/<slug>.csv; 'main' is the lodge's own list. */
  slug: z.string().regex(/^[a-z0-9-]+$/, {
    error: (i) => `expected a slug such as 'golden-square', found ${shown(i.input)}`,
  }),
  /** Route of the page, e.g. 'past-masters'. */
  route: z.string().regex(/^[a-z0-9-]+$/, {
    error: (i) => `expected a route such as 'past-masters', found ${shown(i.input)}`,
  }),
  heading: requiredText("the page heading"),
  /** The views the page offers; the first is shown first. */
  views: z
    .array(z.enum(["cards", "table"]))
    .min(1)
    .default(["cards", "table"]),
  pageSize: wholeNumber("a page size", 1, 100).default(12),
  pageLinks: wholeNumber("a number of page links", 1, 30).default(10),
});
export type PastMasterList = z.infer<typeof pastMasterListSchema>;

export const lodgeSchema = z.strictObject({
  /**
   * Full name, e.g. 'Euclid Valley Lodge No. 231'; a name without its number is shown with it
   * ('Riverside Lodge' as 'Riverside Lodge No. 712': lodgeNameWithNumber).
   */
  name: requiredText("the lodge's full name"),
  /** Name used in running text, e.g. 'Euclid Valley'. */
  shortName: requiredText("the lodge's short name"),
  number: wholeNumber("the lodge number", 1, 99999),
  charterDate: isoDate,
  timeZone: timeZone.default("America/New_York"),
  address: z.strictObject({
    venue: requiredText("the meeting place's name"),
    street: requiredText("a street address"),
    city: requiredText("a city"),
    state: requiredText("a state"),
    zip: requiredText("a ZIP code"),
    mapLink: url,
    /** Address of an embeddable map (iframe src). */
    mapEmbed: optionalText,
  }),
  meetings: z.strictObject({
    weekday: z.enum(WEEKDAYS, {
      error: (i) => `expected a weekday such as 'Wednesday', found ${shown(i.input)}`,
    }),
    /** Which weeks of the month, e.g. [1, 3] for the 1st and 3rd. */
    weeks: z.array(wholeNumber("a week of the month", 1, 5)).min(1),
    /** Months without meetings, 1-12. */
    skipMonths: z.array(wholeNumber("a month", 1, 12)).default([]),
    time: clockTime,
    dinnerTime: clockTime,
    /** What the dinner before a stated meeting costs; empty for no dinner. */
    dinnerCost: costText,
    rsvpExpirationDays: wholeNumber("a whole number of days", 0, 60).default(1),
  }),
  guestLimit: wholeNumber("a number of guests", 1, 10000).default(70),
  /**
   * The seats of one event that RSVPs sent from one network address may hold together, so one
   * visitor cannot take every seat under invented names. A hall where many members reserve on
   * one connection may need more.
   */
  seatsPerAddress: wholeNumber("a number of seats", 1, 10000).default(20),
  /** When the day before an event its attendees get their reminder, in lodge time. */
  reminderTime: clockTime.default("10:00"),
  /**
   * Days after an event (or a message) that the names, addresses, phone numbers and message text
   * of its RSVPs (or the message) are erased; attendees and meals are kept for the records.
   */
  keepPersonalDataDays: wholeNumber("a number of days", 1, 3650).default(90),
  socialSeries: z.strictObject({
    title: requiredText("the social series' title"),
    description: optionalText,
  }),
  pastMasters: z.array(pastMasterListSchema).min(1),
  /**
   * Where RSVP notices and contact messages go. Empty (as `lodge init` leaves it when nobody
   * answered) means not set yet: `lodge serve` needs it, or SECRETARY_EMAIL.
   */
  secretaryEmail: z
    .string({ error: (i) => `expected an e-mail address, found ${shown(i.input)}` })
    .trim()
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: (i) => `expected an e-mail address, found ${shown(i.input)}`,
    })
    .transform((value) => value || undefined)
    .optional(),
  links: z.strictObject({
    petition: url,
    grandLodge: url,
    joinExternal: url,
    external: z.array(link).default([]),
    social: z.array(link).default([]),
  }),
  /** Where pictures and PDFs are served from (a path on the site or a bucket's public address). */
  media: z
    .strictObject({
      images: url.default("/media/images/"),
      albums: url.default("/media/albums/"),
      thumbnails: url.default("/media/thumbnails/"),
      bulletins: url.default("/media/bulletins/"),
      socialEvents: url.default("/media/social-events/"),
    })
    .default({
      images: "/media/images/",
      albums: "/media/albums/",
      thumbnails: "/media/thumbnails/",
      bulletins: "/media/bulletins/",
      socialEvents: "/media/social-events/",
    }),
  /**
   * Where the site sends RSVPs and messages (the API of SPEC 7): empty for the server that serves
   * the site itself, or the address of another, e.g. https://api.example.org.
   */
  apiBase: optionalText.refine((value) => value === "" || /^https?:\/\/[^\s?#]+$/.test(value), {
    error: (i) =>
      `expected nothing (this site) or an address starting with https://, found ${shown(i.input)}`,
  }),
  /**
   * The site's public address, e.g. https://www.example.org: the canonical address of every page,
   * share cards, the sitemap and the calendar feed need it. Kept without a trailing slash.
   */
  siteUrl: optionalText
    .refine(
      (value) => value === "" || /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s?#]*)?$/i.test(value),
      {
        error: (i) =>
          `expected the site's address such as https://www.example.org (no ? or #), found ${shown(i.input)}`,
      },
    )
    .transform((value) => value.replace(/\/+$/, "")),
  /**
   * Where `lodge publish` uploads: the site, and each media kind that `media` serves from a bucket
   * of its own. Each is gs://BUCKET[/prefix] or file://DIR.
   */
  publish: z
    .strictObject({
      site: publishTarget.optional(),
      images: publishTarget.optional(),
      albums: publishTarget.optional(),
      thumbnails: publishTarget.optional(),
      bulletins: publishTarget.optional(),
      socialEvents: publishTarget.optional(),
    })
    .default({}),
  /** Portrait shown for a past master without a photo. */
  defaultPortrait: optionalText,
  analyticsId: optionalText,
});
export type Lodge = z.infer<typeof lodgeSchema>;
