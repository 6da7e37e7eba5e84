import { addDays, atTime, dayOf, eventStart, instantOf, readClock } from "./time.ts";

/**
 * Who the Almoner is told of: a brother who has neither attended nor sent apologies at the last
 * two stated meetings (as UGLE's Hermes tells an Almoner), once per run of such absences. Pure:
 * the store gives the registers and answers, the job and `lodge attendance --absent` the rest.
 */

/** How many stated meetings in a row a brother misses without word before the Almoner is told. */
export const ABSENCES_TOLD = 2;

/** A stated meeting: a tyled meeting of the lodge called 'stated', not cancelled. */
export function isStatedMeeting(event: { name: string; tyled: boolean; cancelled?: boolean }) {
  return event.tyled && !event.cancelled && /\bstated\b/i.test(event.name);
}

/** What the register and the answers say of one meeting. */
export interface MeetingKept {
  eventId: string;
  /** Members (by id) marked present. */
  present: ReadonlySet<number>;
  /** Members who sent apologies. */
  apologised: ReadonlySet<number>;
}

/** A brother's run of absences without word: from which meeting, and how many so far. */
export interface AbsenceRun {
  memberId: number;
  /** The first meeting of the run: with the member, what the Almoner's notice is kept by. */
  since: string;
  meetings: number;
}

/**
 * The brothers among `members` whose latest stated meetings (`meetings`, oldest first, those
 * held; a meeting whose register was not kept, with nobody marked, does not count) are at least
 * ABSENCES_TOLD absences without word in a row, with the run they are in.
 */
export function absenceRuns(
  meetings: readonly MeetingKept[],
  members: readonly number[],
): AbsenceRun[] {
  const kept = meetings.filter((m) => m.present.size > 0);
  const runs: AbsenceRun[] = [];
  for (const memberId of members) {
    let count = 0;
    let since = "";
    for (const meeting of kept) {
      const word = meeting.present.has(memberId) || meeting.apologised.has(memberId);
      if (word) {
        count = 0;
        continue;
      }
      if (count === 0) since = meeting.eventId;
      count += 1;
    }
    if (count >= ABSENCES_TOLD) runs.push({ memberId, since, meetings: count });
  }
  return runs;
}

/** How many days after a stated meeting its Almoner's mail may still go (a server down a while). */
const DUE_FOR_DAYS = 7;

/**
 * Whether the Almoner's mail after `meeting` is due at `now`: from the day after it at the
 * lodge's `time` (its reminderTime) for a week, so a server down that morning sends it later.
 */
export function almonerDue(
  meeting: { date: string },
  now: Date,
  timeZone: string,
  time: string,
): boolean {
  const read = readClock(time);
  const clock = read.ok ? read.value : { hour: 10, minute: 0 };
  const day = dayOf(eventStart(meeting.date));
  const from = instantOf(atTime(addDays(day, 1), clock), timeZone).getTime();
  const until = instantOf(atTime(addDays(day, 1 + DUE_FOR_DAYS), clock), timeZone).getTime();
  return now.getTime() >= from && now.getTime() < until;
}
