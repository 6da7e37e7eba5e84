import { type WaitlistContext, withOffers } from "../rsvp/waitlist.ts";
import type { Job } from "../scheduler.ts";

/** How often the server looks for offers that ran out: an offer passes on within this of its end. */
export const OFFER_CHECK_MS = 60_000;

/**
 * Passes the waiting-list offers that ran out to the next in line, telling their parties and the
 * secretary, gives back the seats of RSVPs whose hold for a confirmation ended unconfirmed, and
 * offers free seats a party fits in (seats freed where no offer could be made, e.g. by the
 * secretary's command without the site's address). Safe in several instances at
 * once: the store expires an offer once, under the event's lock, with its mails, and offers each
 * freed seat once. Links in the mails it makes go to lodge.yaml's
 * `siteUrl`, else to `fallbackBase` (where the server listens).
 */
export function waitlistOffersJob(
  options: WaitlistContext & { fallbackBase: string; queued: () => void },
): Job {
  return {
    name: "waitlist offers",
    everyMs: OFFER_CHECK_MS,
    async run(now) {
      const { lodge, events } = options.data();
      const base = lodge.siteUrl || options.fallbackBase;
      let done = 0;
      for (const eventId of await options.store.waitlistDue({
        now,
        guestLimit: lodge.guestLimit,
      })) {
        const event = events.find((candidate) => candidate.id === eventId);
        if (!event) continue;
        const outcome = await withOffers(options, event, base, now, 0, (offers) =>
          options.store.settleWaitlist({ eventId, now, offers }),
        );
        done += outcome.expired + outcome.lapsed + outcome.offered;
        // Offers made and offers that ran out both queued mail (a hold that lapsed, none).
        if (outcome.expired + outcome.offered > 0) options.queued();
      }
      return done;
    },
  };
}
