import { z } from "zod";
import { optionalText, requiredText, shown } from "./common.ts";

export const albumSchema = z.strictObject({
  /** Date-prefixed folder name, e.g. '2024-10-19-table-lodge'; the route parameter. */
  albumName: z
    .string({
      error: (i) =>
        `expected a folder name such as '2024-10-19-table-lodge', found ${shown(i.input)}`,
    })
    .regex(/^\d{4}-\d{2}-\d{2}[-_][A-Za-z0-9_-]+$/, {
      error: (i) =>
        `expected a date-prefixed folder name such as '2024-10-19-table-lodge', found ${shown(i.input)}`,
    }),
  title: requiredText("the album's title"),
  subtitle: optionalText,
  /** Photo credit, or empty. */
  description: optionalText,
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
