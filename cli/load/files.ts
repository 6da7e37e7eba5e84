import { z } from "zod";
import {
  albumSchema,
  bulletinsFileSchema,
  eventSchema,
  lodgeSchema,
  officerSchema,
  recentEventSchema,
  socialEventSchema,
  timelineEntrySchema,
} from "../../core/schemas/index.ts";
import { type EntryNamer, listEntries, wholeFile } from "./check.ts";

export const YAML_EXTENSIONS = [".yaml", ".yml", ".json"];

/** The content files of a lodge (DESIGN.md section 3), each with its schema and how entries are named. */
export const FILES = {
  lodge: { base: "lodge", schema: lodgeSchema, name: wholeFile, required: true },
  events: {
    base: "events",
    schema: z.array(eventSchema),
    name: listEntries("events", "date", "name"),
  },
  socialEvents: {
    base: "social-events",
    schema: z.array(socialEventSchema),
    name: listEntries("social-events", "date", "name"),
  },
  officers: {
    base: "officers",
    schema: z.array(officerSchema),
    name: listEntries("officers", "office", "name"),
  },
  bulletins: {
    base: "bulletins",
    schema: bulletinsFileSchema,
    required: true,
    name: ((path, raw) =>
      path[0] === "past"
        ? {
            ...listEntries(
              "past",
              "year",
              "displayName",
            )(path.slice(1), (raw as { past?: unknown })?.past),
            depth: 2,
          }
        : { depth: 0 }) as EntryNamer,
  },
  albums: {
    base: "albums",
    schema: z.array(albumSchema),
    name: listEntries("albums", "albumName"),
  },
  recentEvents: {
    base: "recent-events",
    schema: z.array(recentEventSchema),
    name: listEntries("recent-events", "eventDate", "eventName"),
  },
  history: {
    base: "history",
    schema: z.array(timelineEntrySchema),
    name: listEntries("history", "year"),
  },
} as const;

export const pastMasterEntries = (slug: string) => listEntries(slug, "number", "name");

/** Every file and folder lodge reads in data/; anything else there gets a warning. */
export const KNOWN_ENTRIES = new Set([
  ...Object.values(FILES).flatMap((f) => YAML_EXTENSIONS.map((ext) => f.base + ext)),
  "past-masters",
  "pages",
  "images",
  "albums",
  "bulletins",
  "media",
]);
