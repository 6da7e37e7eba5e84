import { performance } from "node:perf_hooks";
import { loadData } from "../cli/load/load-data.ts";
import { mailIdentity } from "../server/config.ts";
import { queueAnnouncement, sendAnnouncement } from "../server/jobs/announce.ts";
import { renderAnnouncement } from "../server/mail/announcement.ts";
import { loadTemplates } from "../server/mail/templates.ts";
import { smtpTransport } from "../server/mail/transport.ts";
import type { Store } from "../server/store/store.ts";
import { TestSmtp } from "../test/support/smtp-harness.ts";
import { onBothStores } from "./both-stores.ts";
import { benchRoll } from "./summons.ts";

/**
 * One announcement to a roll of 5,000 members, as `lodge announce` does it: every mail composed
 * (the lodge's look, each member's signed unsubscribe link, MIME), then all of them queued in one
 * transaction, then sent to a local SMTP server (smtp-server on 127.0.0.1) four at a time, each
 * marked sent as it goes. On a SQLite file and on a durable PostgreSQL.
 */
export const RECIPIENTS = 5000;
const NOW = new Date("2026-11-22T15:00:00Z");

export interface AnnounceFigures {
  store: string;
  recipients: number;
  composeSeconds: number;
  queueSeconds: number;
  sendSeconds: number;
  sent: number;
}

async function measure(name: string, store: Store, sample: string): Promise<AnnounceFigures> {
  const { data } = loadData(sample, sample);
  if (!data) throw new Error("the sample lodge does not load");
  const { lodge } = data;
  const { mailFrom, secretaryEmail } = mailIdentity({}, lodge);
  const mail = { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
  await store.importRoll({ add: benchRoll(RECIPIENTS), change: [], remove: [], now: NOW });
  const body = renderAnnouncement(
    {
      subject: "The Grand Master's visit",
      markdown:
        "The **Most Worshipful Grand Master** visits the lodge at its December stated meeting.\n\nDinner follows; see [the calendar](/upcoming-events).",
    },
    lodge.siteUrl,
  );
  let composed = 0;
  let queueSeconds = 0;
  const timed: Store = {
    ...store,
    queueAnnouncement: async (input) => {
      composed = (performance.now() - started) / 1000;
      const at = performance.now();
      const result = await store.queueAnnouncement(input);
      queueSeconds = (performance.now() - at) / 1000;
      return result;
    },
  };
  const secret = "bench-secret-bench-secret-bench-secret";
  const ctx = { store: timed, mail, secret, siteBase: lodge.siteUrl };
  const started = performance.now();
  const { id, queued } = await queueAnnouncement(ctx, "bench", body, "members", NOW);
  if (queued !== RECIPIENTS) throw new Error(`${name}: queued ${queued} of ${RECIPIENTS}`);
  const smtp = new TestSmtp();
  await smtp.start();
  const transport = smtpTransport(smtp.url);
  try {
    const at = performance.now();
    const done = await sendAnnouncement({ store, transport, now: () => NOW }, id);
    const sendSeconds = (performance.now() - at) / 1000;
    if (smtp.received.length !== RECIPIENTS)
      throw new Error(`${name}: ${smtp.received.length} received`);
    return {
      store: name,
      recipients: RECIPIENTS,
      composeSeconds: composed,
      queueSeconds,
      sendSeconds,
      sent: done.sent,
    };
  } finally {
    await transport.close();
    await smtp.stop();
  }
}

export function benchAnnounce(sample: string, scratch: string): Promise<AnnounceFigures[]> {
  return onBothStores(scratch, "announce.db", NOW, (name, store) => measure(name, store, sample));
}
