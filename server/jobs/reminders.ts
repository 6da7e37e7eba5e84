import { dayText, eventStart, remindersDue } from "../../core/rules/index.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { MailContext } from "../mail/messages.ts";
import { reminderMail } from "../mail/reminder.ts";
import type { Job } from "../scheduler.ts";
import type { EventRsvpRecord, Store, Stored } from "../store/store.ts";

/** How often the server looks for reminders due: a reminder goes within this of its time. */
export const REMINDER_CHECK_MS = 5 * 60_000;

/** The link an attendee changes or cancels their RSVP with, when the server gives one. */
export type ManageLink = (
  rsvp: Stored<EventRsvpRecord>,
) => { url: string; tokenHash: string } | undefined;

/**
 * Reminds every attendee of an event the day before it (core's `remindersDue`): each RSVP's
 * reminder is claimed in the store with its mail, so it goes once, whichever instance runs first
 * and however often the server restarts. The day of the event in the claim means a postponed
 * event reminds again for its new day.
 */
export function remindersJob(options: {
  data: LodgeSource;
  store: Store;
  mail: () => MailContext;
  manageLink: ManageLink;
  /** Told when reminders were queued, so the mail worker sends them now. */
  queued: () => void;
}): Job {
  return {
    name: "reminders",
    everyMs: REMINDER_CHECK_MS,
    async run(now) {
      const { lodge, events } = options.data();
      let queued = 0;
      for (const event of events) {
        const due = remindersDue(event, now, lodge.timeZone, lodge.reminderTime);
        if (!due) continue;
        const day = dayText(eventStart(event.date), "-");
        const rsvps = await options.store.unremindedRsvps(event.id, day, due.receivedBefore);
        for (const rsvp of rsvps) {
          const link = options.manageLink(rsvp);
          const mail = await reminderMail(options.mail(), event, rsvp, link?.url);
          if (await options.store.queueReminder(rsvp.id, day, mail, now, link?.tokenHash)) {
            queued += 1;
          }
        }
      }
      if (queued > 0) options.queued();
      return queued;
    },
  };
}
