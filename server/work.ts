import type { FastifyBaseLogger } from "fastify";
import type { AppConfig } from "./config.ts";
import { RequestsInFlight } from "./http/in-flight.ts";
import { almonerJob } from "./jobs/almoner.ts";
import { catererJob } from "./jobs/caterer.ts";
import { erasureJob } from "./jobs/erasure.ts";
import { manageLinkOf } from "./jobs/manage-link.ts";
import { remindersJob } from "./jobs/reminders.ts";
import { summonsJob } from "./jobs/summons.ts";
import { waitlistOffersJob } from "./jobs/waitlist-offers.ts";
import { failureSummaryMail } from "./mail/failures.ts";
import { composeOrdered } from "./mail/orders.ts";
import type { MailTransport } from "./mail/transport.ts";
import { type Backoff, MailWorker } from "./mail/worker.ts";
import { type Job, Scheduler } from "./scheduler.ts";
import type { UseCaseContext } from "./use-cases/context.ts";

export interface WorkOptions {
  config: AppConfig;
  transport: MailTransport;
  backoff?: Backoff | undefined;
  mail?: { concurrency?: number; pollMs?: number } | undefined;
  jobs?: Job[] | undefined;
}

/**
 * The server's work besides its answers: the mail worker that sends what the use cases queue,
 * between the API's requests (see RequestsInFlight), and the scheduler of its timed work.
 */
export function backgroundWork(
  uc: Omit<UseCaseContext, "queued" | "lanes"> & Pick<UseCaseContext, "lanes">,
  log: FastifyBaseLogger,
  options: WorkOptions,
) {
  const { config } = options;
  const inFlight = new RequestsInFlight();
  const worker = new MailWorker({
    store: uc.store,
    transport: options.transport,
    now: uc.now,
    log,
    quiet: () => inFlight.quiet(),
    summary: (failures) => failureSummaryMail(uc.mail(), failures),
    compose: (ordered) => composeOrdered(uc.mail(), uc.data(), ordered),
    // Longer than the longest send (connection, greeting and message, each up to the timeout),
    // and no longer: after a crash, the mail it held waits this long to be taken again.
    leaseMs: Math.max(60_000, 4 * config.smtpTimeoutSeconds * 1000),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...options.mail,
  });
  const queued = () => worker.kick();
  const scheduler = new Scheduler({ now: uc.now, log });
  const manageLink = manageLinkOf(config, uc.data);
  scheduler.add(remindersJob({ ...uc, manageLink, queued }));
  scheduler.add(erasureJob(uc));
  const fallbackBase = `http://${config.host}:${config.port}`;
  scheduler.add(waitlistOffersJob({ ...uc, fallbackBase, queued }));
  scheduler.add(summonsJob({ ...uc, queued, log }));
  scheduler.add(catererJob({ ...uc, queued }));
  scheduler.add(almonerJob({ ...uc, queued }));
  for (const job of options.jobs ?? []) scheduler.add(job);
  return { inFlight, worker, scheduler, queued };
}

/** The server's background work: see backgroundWork. */
export type BackgroundWork = ReturnType<typeof backgroundWork>;
