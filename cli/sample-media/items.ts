/** The media files a lodge's data names, each with what to draw on it. */
import path from "node:path";
import { ALBUM_COVER, MEDIA_FOLDERS, SITE_IMAGES } from "../../core/rules/media.ts";
import { type MediaReference, mediaReferences } from "../../core/rules/media-references.ts";
import { albumNameParts, type LodgeData } from "../../core/schemas/index.ts";
import { hash } from "./shapes.ts";

type Kind = "photo" | "portrait" | "jewel" | "hero" | "logo" | "pdf";

export interface MediaItem {
  /** Path relative to the data folder. */
  file: string;
  kind: Kind;
  /** The large label drawn on the picture or the PDF's title line. */
  label: string;
  /** A smaller second line. */
  sub: string;
  /** Extra text used only to choose colours and symbols. */
  hint?: string;
}

/** A file name the data gives, or undefined for an empty value or an address on another host. */
function localName(value: string): string | undefined {
  if (value === "" || /^[a-z]+:\/\//i.test(value) || value.startsWith("//")) return undefined;
  const normal = path.posix.normalize(value.replace(/^\/+/, ""));
  return normal === "." || normal.startsWith("..") ? undefined : normal;
}

/** What an album's photos are named after: its folder's name without the date. */
function albumSlug(albumName: string): string {
  return (albumNameParts(albumName)?.rest ?? albumName) || "photo";
}

const text = (value: unknown) => (value === undefined || value === null ? "" : String(value));

/** What to draw for a file the data names, by the entity and field that name it. */
function drawing(
  { entity, kind, path: at, entry }: MediaReference,
  lodgeName: string,
): Omit<MediaItem, "file"> {
  const field = (key: string) => text(entry[key]);
  switch (entity) {
    case "lodge":
      return kind === "media"
        ? { kind: "pdf", label: "Petition for the Degrees of Freemasonry", sub: lodgeName }
        : { kind: "portrait", label: "", sub: "No photo" };
    case "events":
      return { kind: "photo", label: field("name"), sub: field("date").slice(0, 10) };
    case "officers":
      return kind === "jewels"
        ? { kind: "jewel", label: field("office"), sub: "" }
        : { kind: "portrait", label: field("name"), sub: field("office") };
    case "pastMasters": {
      const number = Number(entry.number);
      const term = field("term");
      return {
        kind: "portrait",
        label: field("name"),
        sub: number > 0 ? `No. ${number}, ${term}` : term,
      };
    }
    case "history":
      return { kind: "photo", label: field("year"), sub: field("imageCaption"), hint: "history" };
    case "socialEvents":
      return { kind: "photo", label: field("name"), sub: field("location"), hint: "social" };
    case "pages":
      return { kind: "photo", label: field("heading") || field("title"), sub: "", hint: "page" };
    case "bulletins":
      return {
        kind: "pdf",
        label: `${lodgeName} Bulletin`,
        sub: at[0] === "past" ? `${field("displayName")} ${field("year")}`.trim() : "Current issue",
      };
    default:
      return { kind: "photo", label: field("name") || field("title"), sub: "" };
  }
}

/** Every file the data names, each once, with what to draw on it. */
export function collectMedia(data: LodgeData): MediaItem[] {
  const items = new Map<string, MediaItem>();
  const add = (dir: string, name: string, item: Omit<MediaItem, "file">) => {
    const local = localName(name);
    if (local === undefined) return;
    const file = path.posix.join(dir, local);
    if (!items.has(file)) items.set(file, { file, ...item });
  };

  const { lodge } = data;
  const lodgeName = lodge.name || "Our Lodge";
  const place = [lodge.address.city, lodge.address.state].filter(Boolean).join(", ");
  const since = lodge.charterDate.slice(0, 4);
  add(MEDIA_FOLDERS.site, SITE_IMAGES.hero, {
    kind: "hero",
    label: lodgeName,
    sub: [place && `Freemasonry in ${place}`, since && `since ${since}`].filter(Boolean).join(" "),
  });
  add(MEDIA_FOLDERS.site, SITE_IMAGES.logo, { kind: "logo", label: lodgeName, sub: "" });

  // The albums' pictures are drawn below, a whole album at a time.
  for (const reference of mediaReferences(data)) {
    if (reference.kind === "albums") continue;
    add(reference.folder, reference.file, drawing(reference, lodgeName));
  }

  // Albums: every album of the gallery and every album a recent event names gets a cover and
  // four to eight photos; the photos a recent event names are among them.
  const albums = new Map<string, { title: string; photos: string[] }>();
  const album = (name: string, title: string) => {
    const local = localName(name);
    if (local === undefined || local.includes("/")) return undefined;
    let found = albums.get(local);
    if (!found) {
      found = { title, photos: [] };
      albums.set(local, found);
    }
    return found;
  };
  for (const entry of data.albums) album(entry.albumName, entry.title);
  for (const entry of data.recentEvents) {
    const found = album(entry.albumName, entry.eventName);
    for (const url of entry.imageUrls) {
      if (localName(url) && !found?.photos.includes(url)) found?.photos.push(url);
    }
  }
  for (const [name, found] of albums) {
    const slug = albumSlug(name);
    const wanted = Math.min(8, Math.max(found.photos.length, 4 + (hash(name) % 3)));
    for (let n = 1; found.photos.length < wanted; n++) {
      const photo = `${slug}-${String(n).padStart(2, "0")}.jpg`;
      if (!found.photos.includes(photo)) found.photos.push(photo);
    }
    const dir = path.posix.join(MEDIA_FOLDERS.albums, name);
    add(dir, ALBUM_COVER, { kind: "photo", label: found.title, sub: "Album", hint: name });
    found.photos.forEach((photo, index) => {
      add(dir, photo, {
        kind: "photo",
        label: found.title,
        sub: `Photo ${index + 1} of ${found.photos.length}`,
        hint: name,
      });
    });
  }
  return [...items.values()];
}
