import type { MeetingKept } from "../../core/rules/almoner.ts";
import { eventStart, instantOf } from "../../core/rules/time.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { Store, Visitor } from "../store/store.ts";

/**
 * The meetings as the register and the answers left them: what `lodge attendance` reports and
 * the Almoner's rule reads.
 */

/** A meeting as the register and the answers left it. */
export interface MeetingRecord extends MeetingKept {
  event: Event;
  /** Members who answered that they attend (or dine). */
  answered: ReadonlySet<number>;
  visitors: Visitor[];
}

/** The tyled meetings held before `now`, oldest first: those a register is kept for. */
export function meetingsHeld(events: readonly Event[], timeZone: string, now: Date): Event[] {
  const start = (e: Event) => instantOf(eventStart(e.date), timeZone).getTime();
  return events
    .filter((e) => e.tyled && !e.cancelled && start(e) <= now.getTime())
    .sort((a, b) => start(a) - start(b));
}

/** What the store keeps of each meeting. */
export async function meetingRecords(
  store: Store,
  events: readonly Event[],
): Promise<MeetingRecord[]> {
  const marks = await store.attendanceAt(events.map((e) => e.id));
  return Promise.all(
    events.map(async (event) => {
      const [answers, register] = await Promise.all([
        store.listMemberAnswers(event.id),
        store.register(event.id),
      ]);
      const ids = (answer: (a: (typeof answers)[number]) => boolean) =>
        new Set(answers.filter(answer).map((a) => a.member.id));
      return {
        event,
        eventId: event.id,
        present: new Set(
          marks.flatMap((m) => (m.eventId === event.id && m.memberId ? [m.memberId] : [])),
        ),
        apologised: ids((a) => a.answer.answer === "apologies"),
        answered: ids((a) => a.answer.answer !== "apologies"),
        visitors: register.visitors,
      };
    }),
  );
}
