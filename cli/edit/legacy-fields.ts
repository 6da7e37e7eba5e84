import { dayText, readDay } from "../../core/rules/time.ts";

/** The kinds of content the site this product replaces kept as JSON lists. */
export type LegacyKind =
  | "events"
  | "socialEvents"
  | "officers"
  | "pastMasters"
  | "bulletins"
  | "albums"
  | "recentEvents"
  | "history";

/**
 * Fields each kind has, as lodge names them (DESIGN 3, after SPEC 3): a field written in
 * another case ('AltText', 'imgURL') is read as the one of these it spells.
 */
const FIELDS: Record<LegacyKind, readonly string[]> = {
  events: [
    "id",
    "date",
    "name",
    "description",
    "extraInfo",
    "location",
    "address",
    "addressLink",
    "rsvpOptions",
    "rsvpExpirationDays",
    "rsvpExpirationTime",
    "spotlight",
    "spotlightImage",
    "altText",
    "tyled",
    "rsvpLimit",
    "cancelled",
    "full",
    "postponedFrom",
    "earlyBirdOptions",
  ],
  socialEvents: [
    "id",
    "name",
    "date",
    "location",
    "locationAddress",
    "locationUrl",
    "description",
    "eventImageUrl",
    "isRsvp",
    "rsvpDesc",
  ],
  officers: ["name", "office", "image", "bio", "jewel"],
  pastMasters: ["number", "name", "term", "imgUrl"],
  bulletins: ["year", "displayName", "filename"],
  albums: ["albumName", "title", "subtitle", "description"],
  recentEvents: [
    "eventName",
    "eventId",
    "displayDate",
    "description",
    "albumName",
    "imageUrls",
    "slideLabels",
    "slideContent",
    "eventDate",
  ],
  history: ["year", "content", "imageSrc", "imageCaption", "altText"],
};

/**
 * Names the old site gave fields over the years, whose meaning is plain, and the field each is
 * (compared without regard to case). Only names that cannot mean another field of the same kind.
 */
const RENAMED: Record<LegacyKind, Record<string, string>> = {
  events: {
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
  socialEvents: {
    isRsvpBtn: "isRsvp",
    rsvpBtn: "isRsvp",
    rsvpDescription: "rsvpDesc",
    eventImage: "eventImageUrl",
    eventImg: "eventImageUrl",
    locationLink: "locationUrl",
  },
  officers: {
    img: "image",
    imgUrl: "image",
    imageUrl: "image",
    jewelImg: "jewel",
    jewelImage: "jewel",
  },
  pastMasters: { imageUrl: "imgUrl", img: "imgUrl", image: "imgUrl" },
  bulletins: { fileName: "filename", file: "filename" },
  albums: { folderName: "albumName", subTitle: "subtitle" },
  recentEvents: { images: "imageUrls", slideLabel: "slideLabels" },
  history: { imgSrc: "imageSrc", image: "imageSrc", caption: "imageCaption", alt: "altText" },
};

/** The fields of an event's earlyBirdOptions, and their old names. */
const EARLY_BIRD_FIELDS = ["time", "cost", "choices", "choiceLabel"];
const EARLY_BIRD_RENAMED: Record<string, string> = {
  meals: "choices",
  mealChoices: "choices",
  price: "cost",
};

/** One renaming, to be said once per file: 'isRsvpBtn is read as isRsvp (8 entries)'. */
export type Renaming = { from: string; to: string; count: number };

function fieldNamer(known: readonly string[], renamed: Record<string, string>) {
  const byLower = new Map<string, string>([
    ...Object.entries(renamed).map(([from, to]) => [from.toLowerCase(), to] as const),
    ...known.map((name) => [name.toLowerCase(), name] as const),
  ]);
  return (key: string) => byLower.get(key.toLowerCase()) ?? key;
}

function renameKeys(
  entry: Record<string, unknown>,
  name: (key: string) => string,
  seen: Map<string, Renaming>,
  original: Record<string, string>,
  prefix = "",
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(entry)) {
    const to = name(key);
    // A field written both ways keeps the one under lodge's name.
    if (to !== key && to in entry) {
      out[key] = value;
      continue;
    }
    if (to !== key) {
      original[prefix + to] = key;
      const id = `${prefix}${key}>${to}`;
      const renaming = seen.get(id) ?? { from: prefix + key, to: prefix + to, count: 0 };
      renaming.count++;
      seen.set(id, renaming);
    }
    out[to] = value;
  }
  return out;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The entries of a list of `kind` with the old site's field names read as lodge's, and the
 * renamings made, each once with the number of entries it was made in.
 */
export function renameFields(
  kind: LegacyKind,
  list: readonly unknown[],
): {
  entries: unknown[];
  renamings: Renaming[];
  originalPath: (path: PropertyKey[]) => PropertyKey[];
} {
  const seen = new Map<string, Renaming>();
  const name = fieldNamer(FIELDS[kind], RENAMED[kind]);
  const earlyBird = fieldNamer(EARLY_BIRD_FIELDS, EARLY_BIRD_RENAMED);
  // Per entry, each renamed field's dotted path and the name the file gave it.
  const originals: Record<string, string>[] = [];
  const entries = list.map((item, i) => {
    const original: Record<string, string> = {};
    originals[i] = original;
    if (!isObject(item)) return item;
    const entry = renameKeys(item, name, seen, original);
    if (kind === "events" && isObject(entry.earlyBirdOptions)) {
      entry.earlyBirdOptions = renameKeys(
        entry.earlyBirdOptions,
        earlyBird,
        seen,
        original,
        "earlyBirdOptions.",
      );
    }
    return entry;
  });
  /** A path into the renamed entries as a path into the file: [3, "isRsvp"] -> [3, "isRsvpBtn"]. */
  const originalPath = (path: PropertyKey[]): PropertyKey[] => {
    const [index, ...keys] = path;
    const original = typeof index === "number" ? originals[index] : undefined;
    if (index === undefined || !original) return path;
    return [index, ...keys.map((key, k) => original[keys.slice(0, k + 1).join(".")] ?? key)];
  };
  return { entries, renamings: [...seen.values()], originalPath };
}

/** Fields written back as lodge writes them once an entry passed its schema, and how. */
const NORMALISED: Partial<Record<LegacyKind, string[]>> = {
  events: ["date", "postponedFrom", "rsvpExpirationDays", "rsvpExpirationTime"],
  socialEvents: ["date"],
  pastMasters: ["number", "term"],
  bulletins: ["year"],
};

/**
 * An entry as the import writes it: as the old file had it (so an unknown field stays for lodge
 * validate to point at), except dates, times and counts, which are written as the schema read
 * them ('2024/12/4 19:00' as '2024/12/04 19:00', "3" as 3), and a recent event's day as
 * 'YYYY/MM/DD'. Returns the fields it changed.
 */
export function normalised(
  kind: LegacyKind,
  entry: Record<string, unknown>,
  parsed: Record<string, unknown>,
): { entry: Record<string, unknown>; changed: string[] } {
  const out = { ...entry };
  const changed: string[] = [];
  for (const field of NORMALISED[kind] ?? []) {
    if (!(field in entry) || parsed[field] === undefined) continue;
    if (parsed[field] !== entry[field]) {
      out[field] = parsed[field];
      changed.push(field);
    }
  }
  if (kind === "recentEvents" && typeof entry.eventDate === "string") {
    const day = readDay(entry.eventDate);
    const text = day.ok ? dayText(day.value) : entry.eventDate;
    if (text !== entry.eventDate) {
      out.eventDate = text;
      changed.push("eventDate");
    }
  }
  return { entry: out, changed };
}
