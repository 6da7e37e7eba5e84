import type { FastifyReply, FastifyRequest } from "fastify";
import type { LodgeData } from "../../core/schemas/index.ts";
import type { AppConfig } from "../config.ts";
import { HttpError } from "../http/errors.ts";
import type { MailContext } from "../mail/messages.ts";
import type { MailWorker } from "../mail/worker.ts";
import type { Store, SubmitOutcome } from "../store/store.ts";

/** What every route reads: the lodge's data, the store, the clock, and the mail set-up. */
export interface RouteContext {
  config: AppConfig;
  data: LodgeData;
  store: Store;
  now: () => Date;
  mail: MailContext;
  worker: MailWorker;
  /** The keyed hash of the request's network address that per-address limits count by. */
  clientKey: (request: FastifyRequest) => string;
}

/**
 * Answers a stored (or replayed) submission with the answer it was stored with, and wakes the
 * mail worker; the answer is sent only now, after the store has committed.
 */
export function answer(reply: FastifyReply, outcome: SubmitOutcome, worker: MailWorker) {
  switch (outcome.kind) {
    case "stored":
      worker.kick();
      return reply.code(outcome.response.status).send(outcome.response.body);
    case "replay":
      return reply.code(outcome.response.status).send(outcome.response.body);
    case "key-reused":
      throw new HttpError(
        422,
        "This Idempotency-Key was already used for a different submission; send each new submission with a new key.",
      );
  }
}
