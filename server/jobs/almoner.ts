import { absenceRuns, almonerDue, isStatedMeeting } from "../../core/rules/almoner.ts";
import { inGoodStanding } from "../../core/schemas/member.ts";
import type { LodgeSource } from "../lodge-source.ts";
import { almonerMail, type MissedBrother } from "../mail/almoner.ts";
import type { MailContext } from "../mail/messages.ts";
import type { Job } from "../scheduler.ts";
import type { Store } from "../store/store.ts";
import { meetingRecords, meetingsHeld } from "../use-cases/attendance.ts";

/** How often the server looks whether the Almoner's mail is due. */
export const ALMONER_CHECK_MS = 15 * 60_000;

/**
 * The Almoner's mail, the day after a stated meeting: each member in good standing who has
 * neither attended nor sent apologies at the last two stated meetings, once per run of such
 * absences (recorded with the mail, whichever instance gets there first).
 */
export function almonerJob(options: {
  data: LodgeSource;
  store: Store;
  mail: () => MailContext;
  queued: () => void;
}): Job {
  return {
    name: "almoner",
    everyMs: ALMONER_CHECK_MS,
    async run(now) {
      const { lodge, events } = options.data();
      const to = lodge.almonerEmail;
      if (!to) return 0;
      const stated = meetingsHeld(events, lodge.timeZone, now).filter(isStatedMeeting);
      const last = stated.at(-1);
      if (!last || !almonerDue(last, now, lodge.timeZone, lodge.reminderTime)) return 0;
      const { store } = options;
      const [members, told, meetings] = await Promise.all([
        store.listMembers(),
        store.almonerToldRuns(),
        meetingRecords(store, stated),
      ]);
      const good = members.filter((m) => inGoodStanding(m.status));
      const runs = absenceRuns(
        meetings,
        good.map((m) => m.id),
      ).filter((run) => !told.has(`${run.memberId}:${run.since}`));
      const brethren = runs.flatMap((run): MissedBrother[] => {
        const member = good.find((m) => m.id === run.memberId);
        const since = stated.find((e) => e.id === run.since);
        return member && since ? [{ member, meetings: run.meetings, since }] : [];
      });
      if (brethren.length === 0) return 0;
      const mail = await almonerMail(options.mail(), to, last, brethren);
      const queued = await store.queueAlmonerMail({ runs, mail, now });
      if (queued > 0) options.queued();
      return queued > 0 ? 1 : 0;
    },
  };
}
