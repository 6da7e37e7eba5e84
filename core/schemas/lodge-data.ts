import { z } from "zod";
import { withLodgePlace } from "../rules/events.ts";
import { lodgeNameWithNumber } from "../rules/lodge-name.ts";
import type { MediaKind } from "../rules/media.ts";
import { albumPictureSchema, albumSchema } from "./album.ts";
import { bulletinSchema, bulletinsFileSchema } from "./bulletin.ts";
import { eventSchema } from "./event.ts";
import { lodgeSchema } from "./lodge.ts";
import { officerSchema } from "./officer.ts";
import { pageSchema } from "./page.ts";
import { PAST_MASTER_COLUMNS, pastMasterSchema } from "./past-master.ts";
import { recentEventSchema } from "./recent-event.ts";
import { socialEventSchema } from "./social-event.ts";
import { timelineEntrySchema } from "./timeline.ts";

/**
 * A field that names a media file: its path in an entry ('spotlightImage', 'image.src'; a list
 * met on the way is walked, so 'past.filename' is every past bulletin's), and the kind of media
 * it is, so the folder that holds it and the address that serves it.
 */
export type MediaField = {
  at: string;
  kind: MediaKind;
  /** The file is in the folder of the album this field of the entry names. */
  album?: string;
  /** The field names an album, and the file is the album's cover. */
  cover?: true;
};

/** How the site this product replaces kept an entity, as `lodge import legacy` reads it. */
export type Legacy = {
  /** Fields that tell its files apart from the other kinds: most entries carry them all. */
  signature: readonly string[];
  /** Other names the old site gave fields over the years (any case), and the field each is. */
  renamed: Readonly<Record<string, string>>;
  /** The same for the fields of an object field, by that field. */
  nested?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Fields written back as the schema read them (dates, times, counts), once an entry passed. */
  rewritten?: readonly string[];
  /**
   * Media fields whose pictures the old app kept in its own images folder (src/assets/images),
   * each with the folder its page added to the name ('' for the images folder itself: a jewel
   * 'worshipful_master.png' was shown as assets/images/officer-jewels/worshipful_master.png) and
   * what the pictures are called in the import's report. The import looks for them there.
   */
  pictures?: Readonly<Record<string, { under: string; noun: readonly [string, string] }>>;
};

/** How a lodge keeps an entity in its data folder. */
type Kept =
  /** One file `<base>.yaml` (or .yml, .json). */
  | "file"
  /** One file per past-master list of lodge.yaml, `<base>/<slug>.csv` (or YAML or JSON). */
  | "lists"
  /** One Markdown file with front matter per page, `<base>/<slug>.md`. */
  | "pages"
  /** No file: the build makes it (the pictures found in each album's folder). */
  | "built";

/** What the data holds of an entity: one value, a list, lists by slug, or values by slug. */
const one = <S extends z.ZodType>(entry: S) => ({ holds: "one" as const, entry, data: entry });
const list = <S extends z.ZodType>(entry: S) => ({
  holds: "list" as const,
  entry,
  data: z.array(entry),
});
const lists = <S extends z.ZodType>(entry: S) => ({
  holds: "lists" as const,
  entry,
  data: z.record(z.string(), z.array(entry)),
});
const bySlug = <S extends z.ZodType>(entry: S) => ({
  holds: "bySlug" as const,
  entry,
  data: z.record(z.string(), entry),
});

export type Entity = ReturnType<typeof one | typeof list | typeof lists | typeof bySlug> & {
  kept: Kept;
  /** Its file's base name (or folder) in data/, and the name of the module the build emits. */
  base: string;
  /** File endings read, in order; a file the CLI starts gets the first. */
  formats: readonly string[];
  /** A lodge without its file is refused. */
  required?: true;
  /** The type its module is declared with, as core/schemas exports it. */
  type: string;
  /** What one entry is called in messages, and many when not one + 's'. */
  noun?: readonly [string, string?];
  /** The fields that name an entry in messages: 'events[3] (2024/11/20 19:30 Stated Meeting)'. */
  names?: readonly string[];
  /** Where a file's entries are when the file is not itself their list (bulletins.yaml's past). */
  under?: { field: string; entry: z.ZodType };
  /** Column names a spreadsheet may give the fields, for a list kept as CSV. */
  columns?: Readonly<Record<string, readonly string[]>>;
  media?: readonly MediaField[];
  legacy?: Legacy;
};

const YAML = [".yaml", ".yml", ".json"] as const;

/**
 * Every entity a lodge keeps, the one place that lists them (DESIGN.md section 3): what it holds
 * and its schema, where its file is, the module the build emits for it, how its entries are named
 * in messages, which of its fields name media files, and how the old site kept it. Loading,
 * emitting, the media checks and `lodge import legacy` all read this table.
 */
export const ENTITIES = {
  lodge: {
    ...one(lodgeSchema),
    // Its name as the pages show it, with the number (the file is checked as written).
    data: lodgeSchema.transform((lodge) => ({
      ...lodge,
      name: lodgeNameWithNumber(lodge.name, lodge.number),
    })),
    kept: "file",
    base: "lodge",
    formats: YAML,
    required: true,
    type: "Lodge",
    media: [
      { at: "defaultPortrait", kind: "images" },
      { at: "links.petition", kind: "media" },
    ],
  },
  events: {
    ...list(eventSchema),
    kept: "file",
    base: "events",
    formats: YAML,
    type: "Event",
    noun: ["event"],
    names: ["date", "name"],
    media: [{ at: "spotlightImage", kind: "eventImages" }],
    legacy: {
      signature: ["date", "name", "rsvpOptions"],
      renamed: {
        rsvpOption: "rsvpOptions",
        rsvpExpirationDay: "rsvpExpirationDays",
        rsvpExpiryDays: "rsvpExpirationDays",
        rsvpExpiryTime: "rsvpExpirationTime",
        rsvpCloseTime: "rsvpExpirationTime",
        spotlightImg: "spotlightImage",
        spotlightImageUrl: "spotlightImage",
        alt: "altText",
        tiled: "tyled",
        isTyled: "tyled",
        extraInformation: "extraInfo",
        earlyBirdOption: "earlyBirdOptions",
        isCancelled: "cancelled",
        isFull: "full",
      },
      nested: { earlyBirdOptions: { meals: "choices", mealChoices: "choices", price: "cost" } },
      rewritten: ["date", "postponedFrom", "rsvpExpirationDays", "rsvpExpirationTime"],
      pictures: {
        spotlightImage: {
          under: "",
          noun: ["event's spotlight picture", "events' spotlight pictures"],
        },
      },
    },
  },
  socialEvents: {
    ...list(socialEventSchema),
    kept: "file",
    base: "social-events",
    formats: YAML,
    type: "SocialEvent",
    noun: ["social outing"],
    names: ["date", "name"],
    media: [{ at: "eventImageUrl", kind: "socialEvents" }],
    legacy: {
      signature: ["date", "name", "locationAddress"],
      renamed: {
        isRsvpBtn: "isRsvp",
        rsvpBtn: "isRsvp",
        rsvpDescription: "rsvpDesc",
        eventImage: "eventImageUrl",
        eventImg: "eventImageUrl",
        locationLink: "locationUrl",
      },
      rewritten: ["date"],
    },
  },
  officers: {
    ...list(officerSchema),
    kept: "file",
    base: "officers",
    formats: YAML,
    type: "Officer",
    noun: ["officer"],
    names: ["office", "name"],
    media: [
      { at: "image", kind: "officers" },
      { at: "jewel", kind: "jewels" },
    ],
    legacy: {
      signature: ["name", "office"],
      renamed: {
        img: "image",
        imgUrl: "image",
        imageUrl: "image",
        jewelImg: "jewel",
        jewelImage: "jewel",
      },
      pictures: {
        image: { under: "", noun: ["officer's portrait", "officers' portraits"] },
        jewel: { under: "officer-jewels", noun: ["officer's jewel", "officers' jewels"] },
      },
    },
  },
  pastMasters: {
    ...lists(pastMasterSchema),
    kept: "lists",
    base: "past-masters",
    formats: [".csv", ...YAML],
    type: "PastMaster",
    noun: ["past master"],
    names: ["number", "name"],
    columns: PAST_MASTER_COLUMNS,
    media: [{ at: "imgUrl", kind: "pastMasters" }],
    legacy: {
      signature: ["number", "name", "term"],
      renamed: { imageUrl: "imgUrl", img: "imgUrl", image: "imgUrl" },
      rewritten: ["number", "term"],
      pictures: {
        imgUrl: { under: "", noun: ["past master's portrait", "past masters' portraits"] },
      },
    },
  },
  bulletins: {
    ...one(bulletinsFileSchema),
    kept: "file",
    base: "bulletins",
    formats: YAML,
    required: true,
    type: "BulletinsFile",
    noun: ["past bulletin"],
    names: ["year", "displayName"],
    under: { field: "past", entry: bulletinSchema },
    media: [
      { at: "current", kind: "bulletins" },
      { at: "past.filename", kind: "bulletins" },
    ],
    legacy: {
      signature: ["year", "displayName", "filename"],
      renamed: { fileName: "filename", file: "filename" },
      rewritten: ["year"],
    },
  },
  albums: {
    ...list(albumSchema),
    kept: "file",
    base: "albums",
    formats: YAML,
    type: "Album",
    noun: ["album"],
    names: ["albumName"],
    media: [{ at: "albumName", kind: "albums", cover: true }],
    legacy: {
      signature: ["albumName", "title"],
      renamed: { folderName: "albumName", subTitle: "subtitle" },
    },
  },
  albumPictures: {
    ...lists(albumPictureSchema),
    kept: "built",
    base: "album-pictures",
    formats: [],
    type: "AlbumPicture",
  },
  recentEvents: {
    ...list(recentEventSchema),
    kept: "file",
    base: "recent-events",
    formats: YAML,
    type: "RecentEvent",
    noun: ["recent event"],
    names: ["eventDate", "eventName"],
    media: [{ at: "imageUrls", kind: "albums", album: "albumName" }],
    legacy: {
      signature: ["eventName", "imageUrls"],
      renamed: { images: "imageUrls", slideLabel: "slideLabels" },
    },
  },
  history: {
    ...list(timelineEntrySchema),
    kept: "file",
    base: "history",
    formats: YAML,
    type: "TimelineEntry",
    noun: ["history entry", "history entries"],
    names: ["year"],
    media: [{ at: "imageSrc", kind: "history" }],
    legacy: {
      signature: ["year", "content"],
      renamed: { imgSrc: "imageSrc", image: "imageSrc", caption: "imageCaption", alt: "altText" },
      pictures: { imageSrc: { under: "", noun: ["history picture", "history pictures"] } },
    },
  },
  pages: {
    ...bySlug(pageSchema),
    kept: "pages",
    base: "pages",
    formats: [".md"],
    type: "Page",
    noun: ["page"],
    media: [{ at: "image.src", kind: "images" }],
  },
} as const satisfies Record<string, Entity>;

export type EntityKey = keyof typeof ENTITIES;

/** An entity's row, as the one type every row has. */
export const entityOf = (key: EntityKey): Entity => ENTITIES[key];

/** The entities in the table's order, each with its key. */
export const ENTITY_LIST = (Object.keys(ENTITIES) as EntityKey[]).map((key) => ({
  key,
  ...entityOf(key),
}));

type Shape = { [K in EntityKey]: (typeof ENTITIES)[K]["data"] };

/**
 * Everything a lodge keeps in data/, validated: what the build emits and the server reads. An
 * event that names no place is at the lodge's (withLodgePlace).
 */
export const lodgeDataSchema = z
  .object(Object.fromEntries(ENTITY_LIST.map((entity) => [entity.key, entity.data])) as Shape)
  .transform((data) => ({
    ...data,
    events: data.events.map((event) => withLodgePlace(event, data.lodge.address)),
  }));
export type LodgeData = z.output<typeof lodgeDataSchema>;
