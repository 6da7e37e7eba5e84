import type { AppConfig } from "../config.ts";
import type { ManageLink } from "./reminders.ts";

/**
 * The manage link a reminder carries. The RSVP's own signed link comes with the change-and-cancel
 * page; until then a reminder says to reply to the secretary instead.
 */
export function manageLinkOf(_config: AppConfig): ManageLink {
  return () => undefined;
}
