import { performance } from "node:perf_hooks";
import { loadData } from "../cli/load/load-data.ts";
import { eventSchema } from "../core/schemas/index.ts";
import type { Member } from "../core/schemas/member.ts";
import { mailIdentity } from "../server/config.ts";
import { loadTemplates } from "../server/mail/templates.ts";
import { newMemberKey } from "../server/members/answer-link.ts";
import type { Store } from "../server/store/store.ts";
import { summonMembers } from "../server/use-cases/summons.ts";
import { onBothStores } from "./both-stores.ts";
import { median } from "./measure.ts";

/**
 * Summoning a roll of 1,000 members to one meeting, as the scheduler does: each summons composed
 * (templates, the member's signed links, MIME), then every send recorded and every mail queued
 * in one transaction. On a SQLite file and on a durable PostgreSQL, each round a new meeting.
 */
export const ROLL = 1000;
const ROUNDS = 3;
const NOW = new Date("2026-11-22T15:00:00Z");

export interface SummonsFigures {
  store: string;
  members: number;
  composeSeconds: number;
  queueSeconds: number;
  queued: number;
  outbox: number;
}

/** A roll of `size` active Master Masons, each with an address and a key. */
export function benchRoll(size = ROLL): (Member & { key: string })[] {
  return Array.from({ length: size }, (_, i) => ({
    number: String(20_000 + i),
    firstName: `Brother${i}`,
    lastName: `Mason${i}`,
    title: "",
    email: `brother${i}@example.org`,
    phone: "",
    degree: "master-mason",
    status: "active",
    dietary: "",
    key: newMemberKey(),
  }));
}

async function measure(name: string, store: Store, sample: string): Promise<SummonsFigures> {
  const { data } = loadData(sample, sample);
  if (!data) throw new Error("the sample lodge does not load");
  const { lodge } = data;
  const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
  const ctx = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
  const options = { store, mail: () => ctx, secret: "bench-secret-bench-secret-bench-secret" };
  await store.importRoll({ add: benchRoll(), change: [], remove: [], now: NOW });
  const members = await store.listMembers();
  const compose: number[] = [];
  const queue: number[] = [];
  let queued = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const event = eventSchema.parse({
      id: `stated-${round}`,
      date: "2026/12/02 19:30",
      name: "Stated Meeting",
      tyled: true,
      rsvpOptions: true,
      earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Roast Beef", "Salmon"] },
    });
    // The job's own work, timed in its two halves: composing, then the one transaction.
    const timedStore = {
      ...options,
      store: {
        ...store,
        queueSummons: async (batch: Parameters<Store["queueSummons"]>[0]) => {
          compose.push((performance.now() - started) / 1000);
          const at = performance.now();
          const n = await store.queueSummons(batch);
          queue.push((performance.now() - at) / 1000);
          return n;
        },
      },
    };
    const started = performance.now();
    queued = await summonMembers(timedStore, "summons", event, members, lodge.siteUrl, NOW);
    if (queued !== ROLL) throw new Error(`${name}: queued ${queued} of ${ROLL} summonses`);
  }
  const outbox = (await store.listMail("pending")).length;
  return {
    store: name,
    members: members.length,
    composeSeconds: median(compose),
    queueSeconds: median(queue),
    queued,
    outbox,
  };
}

export function benchSummons(sample: string, scratch: string): Promise<SummonsFigures[]> {
  return onBothStores(scratch, "summons.db", NOW, (name, store) => measure(name, store, sample));
}
