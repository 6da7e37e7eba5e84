import { z } from "zod";
import { WEEKDAYS } from "../rules/time.ts";
import {
  clockTime,
  isoDate,
  kind,
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
  )
  .meta(kind("time zone", "an IANA time zone such as America/New_York or America/Chicago"));

const publishTarget = z
  .string({ error: (i) => `expected gs://BUCKET[/prefix] or file://DIR, found ${shown(i.input)}` })
  .regex(/^(gs:\/\/[a-z0-9][a-z0-9._-]{1,220}[a-z0-9](\/\S*)?|file:\/\/\S+)$/, {
    error: (i) => `expected gs://BUCKET[/prefix] or file://DIR, found ${shown(i.input)}`,
  })
  .meta({
    ...kind(
      "publish target",
      "gs://BUCKET or gs://BUCKET/prefix (a Cloud Storage bucket), or file://DIR (a folder a web server serves)",
    ),
    defaultText: "none",
  });

const link = z.strictObject({
  label: requiredText("the link's label").meta({ description: "The link's text." }),
  href: url.meta({ description: "Where it leads." }),
});
export type Link = z.infer<typeof link>;

export const pastMasterListSchema = z.strictObject({
  slug: z
    .string()
    .regex(/^[a-z0-9-]+$/, {
      error: (i) => `expected a slug such as 'golden-square', found ${shown(i.input)}`,
    })
    .meta({
      description:
        "Names the list's file, past-masters/<slug>.csv; 'main' is the lodge's own list. Lowercase letters, digits and hyphens.",
    }),
  route: z
    .string()
    .regex(/^[a-z0-9-]+$/, {
      error: (i) => `expected a route such as 'past-masters', found ${shown(i.input)}`,
    })
    .meta({ description: "The page's address on the site, e.g. past-masters." }),
  heading: requiredText("the page heading").meta({
    description: "The page's heading, e.g. 'Past Masters of Golden Square Lodge No. 679'.",
  }),
  views: z
    .array(z.enum(["cards", "table"]))
    .min(1)
    .default(["cards", "table"])
    .meta({
      description:
        "The views the page offers, cards (portraits, a page at a time) and table; the first is shown first.",
    }),
  pageSize: wholeNumber("a page size", 1, 100)
    .default(12)
    .meta({ description: "Cards on one page of the card view." }),
  pageLinks: wholeNumber("a number of page links", 1, 30)
    .default(10)
    .meta({ description: "Page numbers the card view's pager shows at once." }),
});
export type PastMasterList = z.infer<typeof pastMasterListSchema>;

/** An address lodge.yaml may leave empty (not set yet) or out. */
function emailAddress(what: string) {
  return z
    .string({ error: (i) => `expected ${what}, found ${shown(i.input)}` })
    .trim()
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: (i) => `expected ${what}, found ${shown(i.input)}`,
    })
    .transform((value) => value || undefined)
    .optional();
}

export const lodgeSchema = z.strictObject({
  // A name without its number is shown with it ('Riverside Lodge' as 'Riverside Lodge No. 712':
  // lodgeNameWithNumber).
  name: requiredText("the lodge's full name").meta({
    description:
      "The lodge's full name, e.g. 'Hillcrest Lodge No. 586'. Every page, mail and feed shows it with its number ('Riverside Lodge' as 'Riverside Lodge No. 712') unless it already carries it.",
  }),
  shortName: requiredText("the lodge's short name").meta({
    description: "The name used in running text, e.g. Hillcrest.",
  }),
  number: wholeNumber("the lodge number", 1, 99999).meta({
    description:
      "The lodge's number. A database and a built site remember their lodge by it, so a corrected name is still the same lodge.",
  }),
  charterDate: isoDate.meta({
    description:
      "When the lodge was chartered: the home page's 'Celebrating N years of Masonic Pride' and the history's 'Today' count from it.",
  }),
  timeZone: timeZone.default("America/New_York").meta({
    description:
      "The lodge's time zone: every date rule (upcoming or past, RSVP cutoffs, the lodge's age, past-master visibility) is evaluated in it, whatever the machine's or the browser's.",
  }),
  address: z
    .strictObject({
      venue: requiredText("the meeting place's name").meta({
        description: "The meeting place's name, e.g. Lyndhurst Masonic Center.",
      }),
      street: requiredText("a street address").meta({ description: "Its street address." }),
      city: requiredText("a city").meta({ description: "Its city." }),
      state: requiredText("a state").meta({ description: "Its state, e.g. OH." }),
      zip: requiredText("a ZIP code").meta({ description: "Its ZIP code." }),
      mapLink: url.meta({ description: "A map link for the address." }),
      mapEmbed: optionalText.meta({
        description:
          "The address of the map embedded on the Upcoming Events page (an iframe's src); empty: no map.",
      }),
    })
    .meta({
      description:
        "Where the lodge meets: shown in the footer and on the Upcoming Events map, and the place of every event that names none of its own (the stated meetings), so correcting it here corrects them all.",
    }),
  meetings: z
    .strictObject({
      weekday: z
        .enum(WEEKDAYS, {
          error: (i) => `expected a weekday such as 'Wednesday', found ${shown(i.input)}`,
        })
        .meta({ description: "The day of the week the lodge meets." }),
      weeks: z
        .array(wholeNumber("a week of the month", 1, 5))
        .min(1)
        .meta({ description: "Which weeks of the month, e.g. [1, 3] for the 1st and 3rd." }),
      skipMonths: z
        .array(wholeNumber("a month", 1, 12))
        .default([])
        .meta({ description: "Months without meetings, 1 to 12, e.g. [7, 8]: dark in summer." }),
      time: clockTime.meta({ description: "When the stated meetings start." }),
      dinnerTime: clockTime.meta({ description: "When the dinner before them starts." }),
      dinnerCost: costText.meta({
        description: "What the dinner before a stated meeting costs; empty for no dinner.",
      }),
      rsvpExpirationDays: wholeNumber("a whole number of days", 0, 60).default(1).meta({
        description: "RSVPs to the stated meetings close this many days before each.",
      }),
    })
    .meta({
      description:
        "The stated meetings' schedule: lodge add-meetings makes a year of events from it, and lodge add-event takes its defaults from it.",
    }),
  guestLimit: wholeNumber("a number of guests", 1, 10000).default(70).meta({
    description:
      "The most attendees an event takes (outings have no limit): once its RSVPs hold them all, the RSVP button is shown disabled and a new RSVP is pointed to the waiting list.",
  }),
  // So one visitor cannot take every seat under invented names.
  seatsPerAddress: wholeNumber("a number of seats", 1, 10000).default(20).meta({
    description:
      "The seats of one event that RSVPs sent from one network address may hold at once; past them each further RSVP is held for 30 minutes until its visitor confirms it from the mail (a hall of members on one connection reserves them all so).",
  }),
  reminderTime: clockTime.default("10:00").meta({
    description: "When, the day before an event or an outing, its attendees get a reminder.",
  }),
  keepPersonalDataDays: wholeNumber("a number of days", 1, 3650).default(90).meta({
    description:
      "Days after an event (or a message) that the names, addresses, phone numbers and message text of its RSVPs (or the message) are erased; attendees and meals are kept for the records, and the forms say so.",
  }),
  // The members' summons to each meeting that takes RSVPs, and the chaser to who has not answered.
  summons: z
    .strictObject({
      daysBefore: wholeNumber("a whole number of days", 1, 90).default(10).meta({
        description: "Days before a meeting that its summons is mailed to every member it admits.",
      }),
      time: clockTime.default("10:00").meta({
        description: "The time of day (lodge time) the summons and the chaser are mailed.",
      }),
      chaseDaysBefore: wholeNumber("a whole number of days", 0, 60).default(3).meta({
        description:
          "Days before RSVPs close that members who have not answered get one short reminder.",
      }),
    })
    .default({ daysBefore: 10, time: "10:00", chaseDaysBefore: 3 })
    .meta({
      description:
        "When lodge serve mails the members of the roll (lodge members import) the summons to each meeting that takes RSVPs, once per member and meeting.",
    }),
  // The bulletin announced by mail when lodge publish first publishes a new one.
  bulletin: z
    .strictObject({
      announce: z.boolean().default(false).meta({
        description:
          "Whether the first lodge publish after bulletins.yaml's current bulletin changes mails its announcement (the Bulletin page's link) to the members and the friends, once per bulletin.",
      }),
    })
    .optional()
    .meta({
      description: "The bulletin's announcement by mail. Kept out of the site like secretaryEmail.",
      defaultText: "none: no bulletin is announced",
    }),
  caterer: emailAddress("the caterer's e-mail address").meta({
    kind: "e-mail address",
    description:
      "The caterer's address: when dinner orders close it gets the numbers per meal and the members' dietary needs, once, and revised numbers the day before if they change. Kept out of the site like secretaryEmail.",
    defaultText: "none: no mail goes to a caterer",
  }),
  almonerEmail: emailAddress("the Almoner's e-mail address").meta({
    kind: "e-mail address",
    description:
      "The Almoner's address: the day after a stated meeting (at reminderTime) it gets one mail naming each member in good standing who has neither attended nor sent apologies at the last two stated meetings, with his phone and e-mail from the roll; once per run of absences. Kept out of the site like secretaryEmail.",
    defaultText: "none: no mail goes to an Almoner",
  }),
  socialSeries: z
    .strictObject({
      title: requiredText("the social series' title").meta({
        description:
          "e.g. 'Hillcrest Night Out': the outings' heading and their RSVP form's title.",
      }),
      description: optionalText.meta({ description: "Shown under the title." }),
    })
    .meta({ description: "The social outings' page." }),
  pastMasters: z.array(pastMasterListSchema).min(1).meta({
    description:
      "One entry per past-masters page: 'main' for the lodge's own, then each other lodge whose past masters the site shows.",
  }),
  secretaryEmail: z
    .string({ error: (i) => `expected an e-mail address, found ${shown(i.input)}` })
    .trim()
    .refine((value) => value === "" || z.email().safeParse(value).success, {
      error: (i) => `expected an e-mail address, found ${shown(i.input)}`,
    })
    .transform((value) => value || undefined)
    .optional()
    .meta({
      kind: "e-mail address",
      description:
        "Where RSVP notices and contact messages go. Empty (as lodge init leaves it when nobody answered) means not set yet: lodge serve needs it, or SECRETARY_EMAIL, and lodge validate warns.",
      defaultText: "not set",
    }),
  links: z
    .strictObject({
      petition: url.meta({
        description: "The petition for membership (a PDF), linked from the header and footer.",
      }),
      grandLodge: url.meta({ description: "The grand lodge's site, linked from the footer." }),
      joinExternal: url.meta({
        description: "An outside page on joining, linked from the 'how to join' block.",
      }),
      external: z
        .array(link)
        .default([])
        .meta({ description: "Other Masonic sites, in the header's menu." }),
      social: z
        .array(link)
        .default([])
        .meta({ description: "The lodge's social media, in the header's menu." }),
    })
    .meta({ description: "Links in the header, the footer and the 'how to join' block." }),
  media: z
    .strictObject({
      images: url.default("/media/images/").meta({
        description: "Where the pictures of images/ are served from.",
      }),
      albums: url.default("/media/albums/").meta({
        description: "Where the albums' pictures are served from.",
      }),
      thumbnails: url.default("/media/thumbnails/").meta({
        description: "Where the albums' thumbnails are served from.",
      }),
      bulletins: url.default("/media/bulletins/").meta({
        description: "Where the bulletins' PDFs are served from.",
      }),
      socialEvents: url.default("/media/social-events/").meta({
        description: "Where the outings' pictures are served from.",
      }),
    })
    .default({
      images: "/media/images/",
      albums: "/media/albums/",
      thumbnails: "/media/thumbnails/",
      bulletins: "/media/bulletins/",
      socialEvents: "/media/social-events/",
    })
    .meta({
      description:
        "Where pictures and PDFs are served from: a path on the site, or a bucket's public address (https://storage.googleapis.com/BUCKET/), which lodge publish uploads to.",
    }),
  apiBase: optionalText
    .refine((value) => value === "" || /^https?:\/\/[^\s?#]+$/.test(value), {
      error: (i) =>
        `expected nothing (this site) or an address starting with https://, found ${shown(i.input)}`,
    })
    .meta({
      description:
        "Where the site sends RSVPs and messages: empty when lodge serve serves the site too, or the address of the server that runs the API, e.g. https://api.example.org.",
    }),
  siteUrl: optionalText
    .refine(
      (value) => value === "" || /^https?:\/\/[a-z0-9.-]+(:\d+)?(\/[^\s?#]*)?$/i.test(value),
      {
        error: (i) =>
          `expected the site's address such as https://www.example.org (no ? or #), found ${shown(i.input)}`,
      },
    )
    .transform((value) => value.replace(/\/+$/, ""))
    .meta({
      description:
        "The site's public address, e.g. https://www.example.org: every page's canonical address and share card, the sitemap, the news feed and the calendar feed need it, and the build says so once when it is missing.",
    }),
  publish: z
    .strictObject({
      site: publishTarget.optional().meta({ description: "Where the built site goes." }),
      images: publishTarget.optional().meta({
        description: "Where the pictures go, when media.images is a bucket's.",
      }),
      albums: publishTarget.optional().meta({
        description: "Where the albums' pictures go, when media.albums is a bucket's.",
      }),
      thumbnails: publishTarget.optional().meta({
        description: "Where the albums' thumbnails go, when media.thumbnails is a bucket's.",
      }),
      bulletins: publishTarget.optional().meta({
        description: "Where the bulletins go, when media.bulletins is a bucket's.",
      }),
      socialEvents: publishTarget.optional().meta({
        description: "Where the outings' pictures go, when media.socialEvents is a bucket's.",
      }),
    })
    .default({})
    .meta({
      description:
        "Where lodge publish uploads. A media address on https://storage.googleapis.com/BUCKET/ needs no line of its own: it is published to that bucket.",
    }),
  defaultPortrait: optionalText.meta({
    description: "The portrait shown for a past master or an officer without a photo.",
  }),
  analyticsId: optionalText.meta({
    description:
      "The old site's analytics id: when set, lodge serve's content security policy lets Google Tag Manager's scripts run.",
  }),
});
export type Lodge = z.infer<typeof lodgeSchema>;
