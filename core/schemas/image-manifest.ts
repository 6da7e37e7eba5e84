import { z } from "zod";

export const imageVariantSchema = z.object({
  /** Path of the file under the images output folder, with forward slashes. */
  src: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  format: z.enum(["webp", "jpeg", "png"]),
});
export type ImageVariant = z.infer<typeof imageVariantSchema>;

export const imageEntrySchema = z.object({
  /** Hash of the source file and the processing settings: unchanged means nothing to redo. */
  hash: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Web sizes, smallest first, in every format made. */
  variants: z.array(imageVariantSchema),
  /** Album pictures only: the small picture of the thumbnail grid. */
  thumbs: z.array(imageVariantSchema).default([]),
  /** Pictures pages are shared with only: the 1200x630 JPEG of share cards (og:image). */
  share: z.array(imageVariantSchema).default([]),
});
export type ImageEntry = z.infer<typeof imageEntrySchema>;

/** What `lodge images` made, keyed by the source's path in the data folder ('albums/x/a.jpg'). */
export const imageManifestSchema = z.record(z.string(), imageEntrySchema);
export type ImageManifest = z.infer<typeof imageManifestSchema>;

/**
 * One lodge's manifest in a pictures' folder several lodges may share (var/images/lodges/): its
 * data folder, so a lodge whose folder is gone is forgotten, and what was made of its pictures.
 */
export const lodgeImagesSchema = z.object({
  dataDir: z.string(),
  pictures: imageManifestSchema,
});
export type LodgeImages = z.infer<typeof lodgeImagesSchema>;
