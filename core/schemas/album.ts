import { z } from "zod";
import { readDay, whyNot } from "../rules/time.ts";
import { optionalText, requiredText, shown } from "./common.ts";

const ALBUM_EXAMPLES = "such as '2024-10-19-table-lodge' or '2017_03_15_Sports_Night'";

/**
 * A date-prefixed folder name as lodges have named their album folders: '2024-10-19-table-lodge',
 * '2017_03_15_Sports_Night', '2019.12.11 Brotherhood Night'. The date comes first (any of - _ .
 * or a space between its parts, one or two digits for month and day), then anything a folder and
 * a web address can both hold: the name is the album's folder and, URL-encoded, its page's
 * address, as on the old site, so old links keep working.
 */
const DATE_PREFIX = /^(\d{4})[-_. ](\d{1,2})[-_. ](\d{1,2})(?:$|[-_. ])/;

/** An album folder name's date ('2017-03-15') and what follows it ('Sports_Night'); none without one. */
export function albumNameParts(name: string): { date: string; rest: string } | undefined {
  const date = DATE_PREFIX.exec(name);
  return date
    ? { date: `${date[1]}-${date[2]}-${date[3]}`, rest: name.slice(date[0].length) }
    : undefined;
}
/** Characters a folder name cannot hold, or that a web address would read as something else. */
const NOT_IN_NAME = /[/\\%?#]|\p{Cc}/u;

const albumName = z
  .string({ error: (i) => `expected a folder name ${ALBUM_EXAMPLES}, found ${shown(i.input)}` })
  .superRefine((name, ctx) => {
    const fail = (message: string) => ctx.addIssue({ code: "custom", input: name, message });
    const parts = albumNameParts(name);
    if (!parts) {
      fail(
        `expected a folder name that starts with its date, ${ALBUM_EXAMPLES}, found ${shown(name)}`,
      );
      return;
    }
    const day = readDay(parts.date);
    if (!day.ok) fail(`${whyNot(day, "expected a real date")}, found ${shown(name)}`);
    const bad = NOT_IN_NAME.exec(name);
    if (bad || name !== name.trim()) {
      fail(
        `a folder name cannot hold ${bad ? JSON.stringify(bad[0]) : "spaces at its ends"}, found ${shown(name)}; rename the folder and the album`,
      );
    }
  });

export const albumSchema = z.strictObject({
  albumName: albumName.meta({
    kind: "folder name",
    description:
      "The album's folder in albums/ and its page's address, image-gallery/<albumName>; it starts with its date, e.g. 2024-10-19-table-lodge, 2017_03_15_Sports_Night or '2019.12.11 Brotherhood Night'. In the folder, _cover.jpg is the cover, and files with 'cover' in their name stay out of the album's photos.",
  }),
  title: requiredText("the album's title").meta({ description: "The album's title." }),
  subtitle: optionalText.meta({ description: "Shown under the title." }),
  description: optionalText.meta({ description: "A photo credit, or empty." }),
});
export type Album = z.infer<typeof albumSchema>;

/** One object of a cloud-storage listing. */
export const remoteImageSchema = z.object({ name: z.string() });
export type RemoteImage = z.infer<typeof remoteImageSchema>;

/** One picture of an album as the gallery shows it. */
export const galleryItemSchema = z.object({ src: z.string(), thumb: z.string() });
export type GalleryItem = z.infer<typeof galleryItemSchema>;

/** One picture of an album folder as the build found it: its file name and size in pixels. */
export const albumPictureSchema = z.object({
  file: z.string(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type AlbumPicture = z.infer<typeof albumPictureSchema>;
