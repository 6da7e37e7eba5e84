import { catererSheetDue, revisedNumbersDue } from "../../core/rules/summons.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { LodgeSource } from "../lodge-source.ts";
import {
  catererName,
  catererRevisedMail,
  catererSheetMail,
  type DinnerNumbers,
  numbersFingerprint,
} from "../mail/caterer.ts";
import type { MailContext } from "../mail/messages.ts";
import type { Job } from "../scheduler.ts";
import type { Diner, EventRsvpRecord, Store } from "../store/store.ts";

/** How often the server looks for the caterer's numbers due. */
export const CATERER_CHECK_MS = 5 * 60_000;

/** What the caterer's numbers ask of the store. */
export type CatererStore = Pick<
  Store,
  "listEventRsvps" | "dinersWithNeeds" | "catererSend" | "queueCatererMail"
>;

/**
 * The event's head count as the caterer reads it, from its current RSVPs (public ones and the
 * members' answers alike): dinners per meal in the event's order, everyone at the meeting, and
 * the dietary needs of the members who dine.
 */
export function dinnerNumbers(
  event: Event,
  rsvps: readonly Pick<EventRsvpRecord, "attendees" | "dinner" | "meals" | "mealCounts">[],
  diners: readonly Diner[],
): DinnerNumbers {
  const { choices } = event.earlyBirdOptions;
  const count = (choice: string) =>
    rsvps.reduce(
      (n, r) => n + (r.dinner ? (r.mealCounts.find((m) => m.choice === choice)?.count ?? 0) : 0),
      0,
    );
  return {
    attendees: rsvps.reduce((n, r) => n + r.attendees, 0),
    dinners: rsvps.reduce((n, r) => n + (r.dinner ? r.meals : 0), 0),
    meals: choices.map((choice) => ({ choice, count: count(choice) })),
    dietary: [...diners]
      .sort((a, b) => a.lastName.localeCompare(b.lastName, "en"))
      .map((d) => ({ name: catererName(d), meal: d.meal, needs: d.dietary })),
  };
}

/**
 * The caterer's sheet when an event's dinner orders close, and revised numbers the day before
 * (at the lodge's reminderTime) if they changed since: each once per event, whichever instance
 * gets there first.
 */
export function catererJob(options: {
  data: LodgeSource;
  store: CatererStore;
  mail: () => MailContext;
  queued: () => void;
}): Job {
  return {
    name: "caterer",
    everyMs: CATERER_CHECK_MS,
    async run(now) {
      const { lodge, events } = options.data();
      const caterer = lodge.caterer;
      if (!caterer) return 0;
      let queued = 0;
      const numbersOf = async (event: Event) =>
        dinnerNumbers(
          event,
          (await options.store.listEventRsvps(event.id)).map((r) => r.record),
          await options.store.dinersWithNeeds(event.id),
        );
      for (const event of events) {
        if (!catererSheetDue(event, now, lodge.timeZone)) continue;
        const sheet = await options.store.catererSend({ eventId: event.id, kind: "sheet" });
        const numbers = await numbersOf(event);
        const fingerprint = numbersFingerprint(numbers);
        const revised =
          sheet !== undefined &&
          sheet.fingerprint !== fingerprint &&
          revisedNumbersDue(event, now, lodge.timeZone, lodge.reminderTime, sheet.sentAt) &&
          !(await options.store.catererSend({ eventId: event.id, kind: "revised" }));
        if (sheet && !revised) continue;
        const mail = sheet
          ? await catererRevisedMail(options.mail(), caterer, event, numbers, sheet, sheet.sentAt)
          : await catererSheetMail(options.mail(), caterer, event, numbers);
        const sent = await options.store.queueCatererMail({
          kind: sheet ? "revised" : "sheet",
          eventId: event.id,
          mail,
          numbers: { dinners: numbers.dinners, meals: numbers.meals },
          fingerprint,
          now,
        });
        if (sent) queued += 1;
      }
      if (queued > 0) options.queued();
      return queued;
    },
  };
}
