import { messagesExpireBefore, rsvpDataExpired } from "../../core/rules/index.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { Job } from "../scheduler.ts";
import type { Store } from "../store/store.ts";

/** How often the server looks for personal data due for erasure. */
export const ERASURE_CHECK_MS = 60 * 60_000;

/** How long a friend's address waits for its confirmation before it is forgotten. */
export const UNCONFIRMED_FRIEND_MS = 7 * 24 * 60 * 60_000;

/**
 * Erases the personal data of RSVPs and messages `keepPersonalDataDays` (lodge.yaml) after their
 * event or their sending (core's retention rules); the store keeps attendees and meals and records
 * each erasure, which `lodge rsvps --erased` lists. The text of the mail sent to members goes
 * as long after it was sent. Safe in several instances at once: a row is
 * erased once, by whichever gets there first.
 */
export function erasureJob(options: { data: LodgeSource; store: Store }): Job {
  return {
    name: "erasure",
    everyMs: ERASURE_CHECK_MS,
    async run(now) {
      const { lodge, events, socialEvents } = options.data();
      const keep = lodge.keepPersonalDataDays;
      let erased = 0;
      for (const held of await options.store.personalData()) {
        const list = held.kind === "event" ? events : socialEvents;
        const item = list.find((candidate) => candidate.id === held.subject);
        if (!rsvpDataExpired(item, held.newest, now, lodge.timeZone, keep)) continue;
        erased += await options.store.eraseRsvps({ kind: held.kind, subject: held.subject, now });
      }
      const receivedBefore = messagesExpireBefore(now, keep);
      erased += await options.store.eraseMessages({ receivedBefore, now });
      // The mail sent to members, as long after it went as a message is kept.
      erased += await options.store.eraseMemberMail({ sentBefore: receivedBefore });
      // An address subscribed on the site and never confirmed, a week on (the mail says so).
      const createdBefore = new Date(now.getTime() - UNCONFIRMED_FRIEND_MS);
      erased += await options.store.eraseUnconfirmedFriends({ createdBefore, now });
      return erased;
    },
  };
}
