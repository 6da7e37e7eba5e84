import { z } from "zod";
import { albumPictureSchema, albumSchema } from "./album.ts";
import { bulletinsFileSchema } from "./bulletin.ts";
import { eventSchema } from "./event.ts";
import { lodgeSchema } from "./lodge.ts";
import { officerSchema } from "./officer.ts";
import { pageSchema } from "./page.ts";
import { pastMasterSchema } from "./past-master.ts";
import { recentEventSchema } from "./recent-event.ts";
import { socialEventSchema } from "./social-event.ts";
import { timelineEntrySchema } from "./timeline.ts";

/** Everything a lodge keeps in data/, validated: what the build emits and the server reads. */
export const lodgeDataSchema = z.object({
  lodge: lodgeSchema,
  events: z.array(eventSchema),
  socialEvents: z.array(socialEventSchema),
  officers: z.array(officerSchema),
  /** Past masters per list slug of lodge.yaml ('main' and the other lodges). */
  pastMasters: z.record(z.string(), z.array(pastMasterSchema)),
  bulletins: bulletinsFileSchema,
  albums: z.array(albumSchema),
  /** The pictures in each album's folder, by albumName, in file-name order: the image manifest. */
  albumPictures: z.record(z.string(), z.array(albumPictureSchema)),
  recentEvents: z.array(recentEventSchema),
  history: z.array(timelineEntrySchema),
  /** Pages by slug (file name in pages/ without .md). */
  pages: z.record(z.string(), pageSchema),
});
export type LodgeData = z.output<typeof lodgeDataSchema>;
