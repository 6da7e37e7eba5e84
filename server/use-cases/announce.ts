import { BULLETIN_PAGE } from "../../core/api/page-paths.ts";
import type { Event } from "../../core/schemas/index.ts";
import { queueAnnouncement } from "../jobs/announce.ts";
import {
  type AnnouncementBody,
  AnnouncementError,
  type AnnouncementSource,
  announcementMail,
  readAnnouncement,
  renderAnnouncement,
} from "../mail/announcement.ts";
import type { MailContext } from "../mail/messages.ts";
import type { MailTransport } from "../mail/transport.ts";
import { Refusal } from "./refusal.ts";

/**
 * The secretary's announcement (lodge announce): the file read and made into its mail, a test
 * copy sent to one address, and the queueing and sending of every recipient's mail
 * (server/jobs/announce.ts, which lodge publish's bulletin announcement shares).
 */

export { announcementKey, queueAnnouncement, sendAnnouncement } from "../jobs/announce.ts";
export type { AnnouncementBody, AnnouncementSource, MailTransport };

/** The announcement's text made into its parts; a Refusal says what is wrong with the file. */
export function announcementFrom(
  text: string,
  file: string,
  events: readonly Pick<Event, "id" | "name">[],
  siteUrl: string,
): { source: AnnouncementSource; body: AnnouncementBody } {
  let source: AnnouncementSource;
  try {
    source = readAnnouncement(text, file);
  } catch (error) {
    if (!(error instanceof AnnouncementError)) throw error;
    throw new Refusal("invalid", error.message);
  }
  const event = source.event ? events.find((e) => e.id === source.event) : undefined;
  if (source.event && !event) {
    throw new Refusal("not-found", `${file}: no event ${source.event} (lodge events lists them).`);
  }
  return { source, body: renderAnnouncement(source, siteUrl, event) };
}

/** One copy of the announcement to `address`, sent now and queued for nobody. */
export async function sendTestCopy(
  sending: { mail: MailContext; secret: string; transport: MailTransport; siteUrl: string },
  body: AnnouncementBody,
  address: string,
): Promise<void> {
  const copy = await announcementMail(
    sending.mail,
    body,
    { list: "friend", key: "test-copy", email: address },
    { secret: sending.secret, siteBase: sending.siteUrl },
  );
  await sending.transport.deliver({ ...copy, id: 0, attempts: 0 });
}

/**
 * The current bulletin's announcement to the members and the friends (lodge.yaml's
 * `bulletin: { announce: true }`), queued once per bulletin whoever publishes it: its key is the
 * bulletin's file. Undefined when it was queued before; lodge serve sends it.
 */
export async function announceBulletin(
  ctx: Parameters<typeof queueAnnouncement>[0],
  bulletin: { current: string; lodgeName: string },
  now: Date,
): Promise<{ queued: number } | undefined> {
  const key = `bulletin:${bulletin.current}`;
  if (await ctx.store.announcementByKey(key)) return undefined;
  const body = renderAnnouncement(
    {
      subject: `The new bulletin of ${bulletin.lodgeName}`,
      markdown: `The new bulletin of ${bulletin.lodgeName} is out: [read it on the site](/${BULLETIN_PAGE}).`,
    },
    ctx.siteBase,
  );
  const { queued } = await queueAnnouncement(ctx, key, body, "all", now);
  return { queued };
}
