import { chaserDue, isSummoned, summonsDue } from "../../core/rules/summons.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { MailContext } from "../mail/messages.ts";
import { type SummonsKind, summonsMail } from "../mail/summons.ts";
import { answerToken } from "../members/answer-link.ts";
import type { Job } from "../scheduler.ts";
import type { RollMember, Store, SummonsMailKind } from "../store/store.ts";

/** How often the server looks for summonses and chasers due: each goes within this of its time. */
export const SUMMONS_CHECK_MS = 5 * 60_000;

/** What the summons ask of the store. */
export type SummonsStore = Pick<Store, "summonsRecipients" | "queueSummons">;

const MAIL_KIND: Record<SummonsMailKind, SummonsKind> = {
  summons: "summons",
  chaser: "summons-chaser",
};

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
 * Summons every member due for an event: composes each mail with his links, then records the
 * sends and queues the mails in one transaction (an instance that got there first leaves them
 * recorded, and this one's are dropped). Returns how many were queued.
 */
export async function summonMembers(
  options: Pick<SummonsOptions, "store" | "mail" | "secret">,
  kind: SummonsMailKind,
  event: Event,
  members: readonly RollMember[],
  siteBase: string,
  now: Date,
): Promise<number> {
  const ctx = options.mail();
  const summoned = members.filter((member) => isSummoned(event, member));
  if (summoned.length === 0) return 0;
  const sends = await Promise.all(
    summoned.map(async (member) => ({
      memberId: member.id,
      mail: await summonsMail(
        ctx,
        MAIL_KIND[kind],
        event,
        member,
        { token: answerToken(options.secret, member.key, event.id), siteBase },
        now,
      ),
    })),
  );
  return options.store.queueSummons({ kind, eventId: event.id, sends, now });
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
