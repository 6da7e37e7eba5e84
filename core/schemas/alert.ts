import { z } from "zod";

export const alertSchema = z.object({
  className: z.enum(["error", "success"]),
  heading: z.string(),
  text: z.string(),
  /** Milliseconds before the alert clears itself. */
  timeout: z.number().int().positive().optional(),
});
export type Alert = z.infer<typeof alertSchema>;
