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
