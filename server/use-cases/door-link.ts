import type { Event } from "../../core/schemas/index.ts";
import { doorLinkMail } from "../mail/door.ts";
import type { MailContext } from "../mail/messages.ts";
import { doorToken, doorUrl } from "../members/door-link.ts";
import type { Store } from "../store/store.ts";

/**
 * The door link as `lodge door` hands it out: signed with the server's secret for one meeting,
 * at the site's public address, and mailed to the Tyler with --to (queued; lodge serve sends it).
 */

/** The door page's address for `event`, signed with `secret`. */
export function doorLink(siteUrl: string, secret: string, event: Pick<Event, "id">): string {
  return doorUrl(siteUrl, doorToken(secret, event.id));
}

/** Queues the door link's mail to `to`, for lodge serve to send. */
export async function mailDoorLink(
  store: Store,
  mail: MailContext,
  to: string,
  event: Event,
  link: string,
  now: Date,
): Promise<void> {
  const composed = await doorLinkMail(mail, to, event, link);
  await store.queueDoorMail({ mail: composed, now });
}
