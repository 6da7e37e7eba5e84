import { dayText, eventStart, remindersDue } from "../../core/rules/index.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { MailContext } from "../mail/messages.ts";
import { type Reminded, reminderMail } from "../mail/reminder.ts";
import type { Job } from "../scheduler.ts";
import type { RsvpKind, Store } from "../store/store.ts";

/** How often the server looks for reminders due: a reminder goes within this of its time. */
export const REMINDER_CHECK_MS = 5 * 60_000;

/** A fresh link to change or cancel an RSVP of `kind`, when the server can give one. */
export type ManageLink = (kind: RsvpKind) => { url: string; tokenHash: string } | undefined;

/**
 * Reminds every attendee of an event or a social outing the day before it (core's
 * `remindersDue`): each RSVP's reminder is claimed in the store with its mail, so it goes once,
 * whichever instance runs first and however often the server restarts. The day in the claim
 * means a postponed event reminds again for its new day.
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
      const { lodge, events, socialEvents } = options.data();
      const { store } = options;
      let queued = 0;
      /** Queues the reminders of one event or outing that are due and not yet claimed. */
      const remind = async (day: string, found: Reminded[]) => {
        for (const reminded of found) {
          const link = options.manageLink(reminded.kind);
          const mail = await reminderMail(options.mail(), reminded, link?.url);
          const reminder = { kind: reminded.kind, rsvpId: reminded.rsvp.id, eventDate: day };
          if (
            await store.queueReminder({ ...reminder, mail, now, manageTokenHash: link?.tokenHash })
          ) {
            queued += 1;
          }
        }
      };
      for (const event of events) {
        const due = remindersDue(event, now, lodge.timeZone, lodge.reminderTime);
        if (!due) continue;
        const day = dayText(eventStart(event.date), "-");
        const rsvps = await store.unremindedRsvps({
          kind: "event",
          subjectId: event.id,
          eventDate: day,
          receivedBefore: due.receivedBefore,
        });
        await remind(
          day,
          rsvps.map((rsvp) => ({ kind: "event", item: event, rsvp })),
        );
      }
      for (const outing of socialEvents) {
        const due = remindersDue(outing, now, lodge.timeZone, lodge.reminderTime);
        if (!due) continue;
        const day = dayText(eventStart(outing.date), "-");
        const rsvps = await store.unremindedRsvps({
          kind: "social",
          subjectId: outing.id,
          eventDate: day,
          receivedBefore: due.receivedBefore,
        });
        await remind(
          day,
          rsvps.map((rsvp) => ({ kind: "social", item: outing, rsvp })),
        );
      }
      if (queued > 0) options.queued();
      return queued;
    },
  };
}
