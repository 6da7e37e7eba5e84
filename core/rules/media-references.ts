import {
  ENTITY_LIST,
  type EntityKey,
  entityOf,
  type LodgeData,
  type MediaField,
} from "../schemas/lodge-data.ts";
import { ALBUM_COVER, MEDIA_FOLDERS, MEDIA_PATH, type MediaKind } from "./media.ts";

/** One media file the data names, found by the entity table's media fields. */
export type MediaReference = {
  entity: EntityKey;
  /** The past-master list or page that names it. */
  slug?: string;
  /** Where in its file's value (or in the entry given): [3, "spotlightImage"], ["past", 0, "filename"]. */
  path: (string | number)[];
  kind: MediaKind;
  /** The data folder that holds it: 'images/events', 'albums/2024-10-19-table-lodge'. */
  folder: string;
  /** Its name there, as the data writes it (a file name, or an address kept elsewhere). */
  file: string;
  /** The entry that names it (a list's entry, else the file's value), e.g. to label a picture. */
  entry: Record<string, unknown>;
};

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

type Found = { path: (string | number)[]; value: unknown; entry: Record<string, unknown> };

/** The values at `at` in `value`, walking every list met on the way, each with its list entry. */
function walk(
  value: unknown,
  at: readonly string[],
  path: (string | number)[],
  entry: Record<string, unknown>,
): Found[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, i) => walk(item, at, [...path, i], isObject(item) ? item : entry));
  }
  const [head, ...rest] = at;
  if (head === undefined) return [{ path, value, entry }];
  return isObject(value) ? walk(value[head], rest, [...path, head], entry) : [];
}

/** The folder of an album's pictures. */
const albumFolder = (albumName: string) =>
  albumName === "" ? MEDIA_FOLDERS.albums : `${MEDIA_FOLDERS.albums}/${albumName}`;

/** The folder and name of the file a media field's value names; none when it names no file. */
function placeOf(
  field: MediaField,
  value: string,
  entry: Record<string, unknown>,
): { folder: string; file: string } | undefined {
  if (field.cover) return { folder: albumFolder(value), file: ALBUM_COVER };
  if (field.album !== undefined) {
    const album = entry[field.album];
    return typeof album === "string" ? { folder: albumFolder(album), file: value } : undefined;
  }
  // The files of data/media/ are named by their address on the site ('/media/petition.pdf').
  if (field.kind === "media") {
    return value.startsWith(MEDIA_PATH)
      ? { folder: MEDIA_FOLDERS.media, file: value.slice(MEDIA_PATH.length) }
      : undefined;
  }
  return { folder: MEDIA_FOLDERS[field.kind], file: value };
}

function referencesIn(
  entity: EntityKey,
  fields: readonly MediaField[],
  value: unknown,
  slug?: string,
): MediaReference[] {
  const root = isObject(value) ? value : {};
  return fields.flatMap((field) =>
    walk(value, field.at.split("."), [], root).flatMap(({ path, value: name, entry }) => {
      if (typeof name !== "string" || name === "") return [];
      const place = placeOf(field, name, entry);
      if (!place) return [];
      return [
        {
          entity,
          ...(slug === undefined ? {} : { slug }),
          path,
          kind: field.kind,
          ...place,
          entry,
        },
      ];
    }),
  );
}

/** Every media file the lodge's data names (a file name or an address), in the table's order. */
export function mediaReferences(data: LodgeData): MediaReference[] {
  return ENTITY_LIST.flatMap(({ key, holds, media = [] }) => {
    const value: unknown = data[key];
    if ((holds === "lists" || holds === "bySlug") && isObject(value)) {
      return Object.entries(value).flatMap(([slug, one]) => referencesIn(key, media, one, slug));
    }
    return referencesIn(key, media, value);
  });
}

/**
 * The media files one entry of a list names, however its file is read (an old site's JSON
 * entry too): paths are within the entry. An album's cover is not named by a field, so not here.
 */
export function entryMedia(entity: EntityKey, entry: Record<string, unknown>): MediaReference[] {
  const { media = [], under } = entityOf(entity);
  const prefix = under ? `${under.field}.` : "";
  const fields = media
    .filter((field) => !field.cover && field.at.startsWith(prefix))
    .map((field) => ({ ...field, at: field.at.slice(prefix.length) }));
  return referencesIn(entity, fields, entry);
}
