import { chaserDue, summonsDue } from "../../core/rules/summons.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { MailContext } from "../mail/messages.ts";
import type { Job } from "../scheduler.ts";
import type { Store } from "../store/store.ts";
import { summonMembers } from "../use-cases/summons.ts";

/** How often the server looks for summonses and chasers due: each goes within this of its time. */
export const SUMMONS_CHECK_MS = 5 * 60_000;

/** What the summons ask of the store. */
export type SummonsStore = Pick<Store, "summonsRecipients" | "queueSummons">;

/** What the summons job needs. */
export interface SummonsOptions {
  data: LodgeSource;
  store: SummonsStore;
  mail: () => MailContext;
  /** The server's secret, which signs the answer links. */
  secret: string;
  /** Told when mails were queued, so the mail worker sends them now. */
  queued: () => void;
  /** The server's log: told once when summonses are due but lodge.yaml has no siteUrl. */
  log?: { warn(context: object, message: string): void } | undefined;
}

/**
 * The summons `summons.daysBefore` each meeting that takes RSVPs, to every member whom its degree
 * admits, and the chaser `summons.chaseDaysBefore` RSVPs close to those who have not answered:
 * each once per member and event, however many instances run and however often they restart.
 */
export function summonsJob(options: SummonsOptions): Job {
  let told = false;
  return {
    name: "summons",
    everyMs: SUMMONS_CHECK_MS,
    async run(now) {
      const { lodge, events } = options.data();
      let queued = 0;
      for (const event of events) {
        const summons = summonsDue(event, now, lodge.timeZone, lodge.summons);
        const chaser = chaserDue(event, now, lodge.timeZone, lodge.summons);
        if (!summons && !chaser) continue;
        if (!lodge.siteUrl) {
          if (!told) {
            options.log?.warn(
              {},
              "summonses are due, but lodge.yaml has no siteUrl for their answer links: none is sent until it is set",
            );
          }
          told = true;
          return 0;
        }
        if (summons) {
          const members = await options.store.summonsRecipients({
            kind: "summons",
            eventId: event.id,
          });
          queued += await summonMembers(options, "summons", event, members, lodge.siteUrl, now);
        }
        if (chaser) {
          const members = await options.store.summonsRecipients({
            kind: "chaser",
            eventId: event.id,
            summonedBefore: chaser.summonedBefore,
          });
          queued += await summonMembers(options, "chaser", event, members, lodge.siteUrl, now);
        }
      }
      if (queued > 0) options.queued();
      return queued;
    },
  };
}
