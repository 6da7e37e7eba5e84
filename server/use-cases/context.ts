import type { Lodge } from "../../core/schemas/index.ts";
import { type Config, mailIdentity } from "../config.ts";
import type { MailContext } from "../mail/messages.ts";
import type { MailTemplates } from "../mail/templates.ts";
import type { WaitlistContext } from "../rsvp/waitlist.ts";
import type { SubmitOutcome } from "../store/store.ts";
import { Refusal } from "./refusal.ts";

/**
 * What every use case reads: the store, the lodge's data and mail set-up (read at each call:
 * `lodge dev` replaces them on a rebuild), the signing secret of the links, the clock, and the
 * mail worker to wake once a write has queued mail. The server builds one for its routes, a
 * secretary's command one of its own (no lanes, and `queued` does nothing: lodge serve sends).
 */
export interface UseCaseContext extends WaitlistContext {
  now: () => Date;
  /** Called once a write has queued mail: the server's worker sends it at once. */
  queued: () => void;
}

/** Who asks, as the API knows them: where they came from, their network and their key. */
export interface Caller {
  /** The address the request came to (`https://host`): the links' base without a siteUrl. */
  origin: string;
  /** The keyed hash of the request's network address that per-address limits count by. */
  clientKey: string;
  /** The Idempotency-Key header as it came (checked by idempotencyFor). */
  idempotencyKey: string | string[] | undefined;
}

/** What a stored (or replayed) submission answers, and the status the API answers it with. */
export interface Answer<T> {
  status: number;
  body: T;
}

/**
 * The address mail links open: lodge.yaml's `siteUrl`, else the address the request came to
 * (a lodge without a public address is reached where its server is).
 */
export function siteBaseOf(ctx: Pick<UseCaseContext, "data">, origin: string): string {
  return ctx.data().lodge.siteUrl || origin;
}

/** The refusal of an Idempotency-Key sent again with another submission. */
export const KEY_REUSED = () =>
  new Refusal(
    "key-reused",
    "This Idempotency-Key was already used for a different submission; send each new submission with a new key.",
  );

/**
 * The answer a stored (or replayed) submission was stored with, and wakes the mail worker; the
 * answer is sent only now, after the store has committed.
 */
export function answered<T>(ctx: UseCaseContext, outcome: SubmitOutcome): Answer<T> {
  switch (outcome.kind) {
    case "stored":
      ctx.queued();
      return outcome.response as Answer<T>;
    case "replay":
      return outcome.response as Answer<T>;
    case "key-reused":
      throw KEY_REUSED();
  }
}

/** The mail set-up of a lodge: its secretary and sender (config.ts's mailIdentity), its templates. */
export function mailContextOf(
  config: Pick<Config, "secretaryEmail" | "mailFrom">,
  lodge: Lodge,
  templates: MailTemplates,
): MailContext {
  const { secretaryEmail, mailFrom } = mailIdentity(config, lodge);
  return { lodge, from: mailFrom, secretary: secretaryEmail, templates };
}
