import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiResponse } from "../../core/api/routes.ts";
import type { AppConfig } from "../config.ts";
import { type ApiInput, apiRoute } from "../http/api-route.ts";
import { refuseUnsafeText } from "../http/text.ts";
import type { LodgeSource } from "../lodge-source.ts";
import type { MailContext } from "../mail/messages.ts";
import type { MailWorker } from "../mail/worker.ts";
import type { EventLanes } from "../rsvp/event-lanes.ts";
import type { WaitlistContext } from "../rsvp/waitlist.ts";
import type { Store, SubmitOutcome } from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";

/**
 * What every route reads: the app, the lodge's data, the store, the clock, and the mail set-up.
 * The data and the mail set-up are read at each request (`lodge dev` replaces them on a rebuild).
 */
export interface RouteContext {
  app: FastifyInstance;
  config: AppConfig;
  data: LodgeSource;
  store: Store;
  now: () => Date;
  mail: () => MailContext;
  worker: MailWorker;
  /** The keyed hash of the request's network address that per-address limits count by. */
  clientKey: (request: FastifyRequest) => string;
  /** Where an event's writes made from a read of its waiting list run one at a time. */
  lanes: EventLanes;
}

/** What the waiting list's offers need of the routes' context. */
export function waitlistOf(ctx: RouteContext): WaitlistContext {
  return {
    store: ctx.store,
    data: ctx.data,
    mail: ctx.mail,
    secret: ctx.config.xsrfSecret,
    lanes: ctx.lanes,
  };
}

/**
 * The answer a stored (or replayed) submission was stored with, and wakes the mail worker; the
 * answer is sent only now, after the store has committed.
 */
export function answer<T>(reply: FastifyReply, outcome: SubmitOutcome, worker: MailWorker): T {
  switch (outcome.kind) {
    case "stored":
      worker.kick();
      reply.code(outcome.response.status);
      return outcome.response.body as T;
    case "replay":
      reply.code(outcome.response.status);
      return outcome.response.body as T;
    case "key-reused":
      throw new Refusal(
        "key-reused",
        "This Idempotency-Key was already used for a different submission; send each new submission with a new key.",
      );
  }
}

/**
 * A spreadsheet write of SPEC 7, sent by the site after the RSVP it repeats was stored: the row
 * is that stored RSVP, found by the hash `hashOf` reads from the payload, so this only notes that
 * the write arrived. Sent twice, it notes it once; without a stored RSVP it is refused. Its text
 * is screened as the RSVP's was (`textFields`, the fields that go into mail headers).
 */
export function sheetRowRoute<K extends "eventSheetRow" | "socialSheetRow">(
  ctx: RouteContext,
  name: K,
  table: "event" | "social",
  textFields: readonly string[] | undefined,
  hashOf: (payload: ApiInput<K>) => string,
): void {
  apiRoute(ctx.app, name, {
    screen: (raw) => refuseUnsafeText(raw, textFields),
    handle: async (payload) => {
      if (
        !(await ctx.store.recordSheetRow({
          kind: table,
          requestHash: hashOf(payload),
          now: ctx.now(),
        }))
      ) {
        throw new Refusal(
          "not-found",
          "No stored RSVP matches this row; send the RSVP itself first.",
        );
      }
      return true as ApiResponse<K>;
    },
  });
}
