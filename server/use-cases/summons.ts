import { isSummoned } from "../../core/rules/summons.ts";
import type { Event } from "../../core/schemas/index.ts";
import type { MailContext } from "../mail/messages.ts";
import { type SummonsKind, summonsMail } from "../mail/summons.ts";
import { answerToken } from "../members/answer-link.ts";
import type { RollMember, Store, SummonsMailKind } from "../store/store.ts";

/** What summoning asks: the store, the mail set-up, and the secret that signs the answer links. */
export interface SummonsContext {
  store: Pick<Store, "queueSummons">;
  mail: () => MailContext;
  secret: string;
}

const MAIL_KIND: Record<SummonsMailKind, SummonsKind> = {
  summons: "summons",
  chaser: "summons-chaser",
};

/**
 * Summons every member due for an event: composes each mail with his links, then records the
 * sends and queues the mails in one transaction (an instance that got there first leaves them
 * recorded, and this one's are dropped). Returns how many were queued.
 */
export async function summonMembers(
  options: SummonsContext,
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
