import { existsSync } from "node:fs";
import { maxPerRsvp } from "../../core/rules/form-checks.ts";
import { eventStart, formatDayAndTime } from "../../core/rules/time.ts";
import type { Event, LodgeData } from "../../core/schemas/index.ts";
import { ConfigError, dkimOf, loadConfig, settleConfig } from "../config.ts";
import { rsvpChangeMail } from "../mail/changes.ts";
import type { MailContext } from "../mail/messages.ts";
import { loadTemplates } from "../mail/templates.ts";
import { type MailTransport, outboxFolderTransport, smtpTransport } from "../mail/transport.ts";
import { offerExpiresText } from "../mail/waitlist.ts";
import type { EventRsvpRecord, Store } from "../store/store.ts";
import { mailContextOf } from "./context.ts";
import { storeEventRsvpEdit } from "./manage-rsvp.ts";
import { Refusal } from "./refusal.ts";

/**
 * The secretary's side of the RSVPs, as `lodge rsvps cancel|edit` asks it: on the live database
 * (a running `lodge serve` sees the seats freed at once), with the visitor's notice queued in the
 * same transaction for the server's mail worker to send.
 */

/** What a secretary's command works with: the store, the data, the moment, and the mail set-up. */
export interface SecretaryContext {
  store: Store;
  data: LodgeData;
  now: Date;
  /** The mail settings lodge serve uses; without them no notice is queued. */
  mail: MailContext | undefined;
  /** The server's signing secret, for the claim links of offers a change makes. */
  secret: string | undefined;
}

export type { MailContext };

export type RsvpChange = { kind: "cancel" } | { kind: "attendees"; attendees: number };

/** An event as the secretary's lines name it: 'Table Lodge on Wed, Jan 5, 2028 at 7:30PM'. */
export function eventText(event: Event | undefined, id: string): string {
  return event ? `${event.name} on ${formatDayAndTime(eventStart(event.date))}` : id;
}

const seats = (n: number) => `${n} ${n === 1 ? "seat" : "seats"}`;

/** A party offered seats by a change. */
export interface OfferedParty {
  firstName: string;
  lastName: string;
  attendees: number;
}

/** What a change did, or would do, for the secretary's lines to say. */
export interface SecretaryChange {
  rsvp: { id: number; record: EventRsvpRecord };
  event: Event | undefined;
  /** Whether the visitor's notice is (or would be) queued; else why not. */
  notice: { queued: true } | { queued: false; why: string };
  /** Nothing to do: the RSVP has these attendees already. */
  unchanged?: boolean;
  /** Once written: the event's seats reserved, held by offers, and its limit. */
  seats?: { reserved: number; held: number; limit: number };
  /** The parties the change offered seats to, and until when. */
  offered?: { parties: OfferedParty[]; until: string };
  /** Seats freed with a waiting list and no links to offer them with: lodge serve offers them. */
  offeredLater?: boolean;
}

/** Refuses what the change meant to do when the store answers otherwise. */
function refuseOutcome(
  outcome: Awaited<ReturnType<typeof storeEventRsvpEdit>>,
  id: number,
  on: string,
  change: RsvpChange,
): void {
  if (outcome.kind === "stale" || outcome.kind === "changed") {
    throw new Refusal(
      "conflict",
      `RSVP ${id} was changed meanwhile. Nothing was changed; run it again.`,
    );
  }
  if (outcome.kind === "not-found") {
    throw new Refusal(
      "conflict",
      `RSVP ${id} was cancelled or replaced meanwhile. Nothing was changed.`,
    );
  }
  if (outcome.kind === "full") {
    const left = outcome.limit - outcome.taken;
    throw new Refusal(
      "conflict",
      `${on} has ${seats(left)} left besides this RSVP's, fewer than ${change.kind === "attendees" ? change.attendees : 0}. Nothing was changed.`,
    );
  }
}

/**
 * Cancels an RSVP or changes its attendees, by its id; the seats it frees go to the waiting list
 * at once when the command has the site's address and the server's secret for the claim links.
 * With `dryRun`, only says what it would do. A refusal changes nothing.
 */
export async function changeRsvpBySecretary(
  ctx: SecretaryContext,
  id: number,
  change: RsvpChange,
  dryRun: boolean,
): Promise<SecretaryChange> {
  const { store, data, now, mail, secret } = ctx;
  const found = await store.getEventRsvp(id);
  if (!found) {
    throw new Refusal(
      "not-found",
      `There is no current RSVP ${id} (it may have been cancelled or replaced). lodge rsvps lists the RSVPs with their ids.`,
    );
  }
  const r = found.record;
  const event = data.events.find((e) => e.id === r.eventId);
  const on = eventText(event, r.eventId);
  const rsvp = { id, record: r };
  const notice = !event
    ? { queued: false as const, why: "the event is no longer in the data" }
    : !mail
      ? { queued: false as const, why: "no mail settings" }
      : { queued: true as const };
  if (change.kind === "attendees") {
    const max = event ? maxPerRsvp(event) : 10;
    if (change.attendees > max) {
      throw new Refusal(
        "invalid",
        `an RSVP for ${on} holds 1 to ${max} attendees, not ${change.attendees}. Nothing was changed.`,
        "attendees",
      );
    }
    if (change.attendees === r.attendees) return { rsvp, event, notice, unchanged: true };
  }
  if (dryRun) return { rsvp, event, notice };
  const mails =
    event && mail
      ? [
          await rsvpChangeMail(
            mail,
            event,
            found,
            change.kind === "cancel"
              ? { kind: "cancelled" }
              : { kind: "changed", attendees: change.attendees },
            now,
          ),
        ]
      : [];
  const offeredIds = async () =>
    (await store.listWaitlist(r.eventId)).filter((entry) => entry.state === "offered");
  const offeredBefore = new Set((await offeredIds()).map((entry) => entry.id));
  // Seats freed go to the waiting list at once, with links to the site; without its address
  // (lodge.yaml's siteUrl), the running server's next round offers them.
  const linked = Boolean(event && mail && secret && data.lodge.siteUrl);
  const outcome = await storeEventRsvpEdit(
    {
      store,
      data: () => data,
      mail: () => mail as MailContext,
      secret: secret ?? "",
      now: () => now,
    },
    {
      event: event as Event,
      id,
      // The notice tells the RSVP as read here: one changed meanwhile answers `changed`.
      told: r.attendees,
      change: change.kind === "cancel" ? undefined : { attendees: change.attendees },
      mails,
      offersBase: linked ? data.lodge.siteUrl : undefined,
    },
  );
  refuseOutcome(outcome, id, on, change);
  const freed = r.attendees - (change.kind === "cancel" ? 0 : change.attendees);
  return {
    rsvp,
    event,
    notice,
    ...(await whatItLeft(ctx, r.eventId, offeredBefore, freed, linked)),
  };
}

/**
 * The event's seats once a change is written, and the offers it made (those not in
 * `offeredBefore`), or whether the freed seats wait for the server's next round.
 */
async function whatItLeft(
  { store, data, mail }: SecretaryContext,
  eventId: string,
  offeredBefore: ReadonlySet<number>,
  freed: number,
  linked: boolean,
): Promise<Pick<SecretaryChange, "seats" | "offered" | "offeredLater">> {
  // The store counts seats held by open offers as taken: said apart, so the sums add up.
  const taken = (await store.attendeeCounts()).get(eventId) ?? 0;
  const list = await store.listWaitlist(eventId);
  const nowOffered = list.filter((entry) => entry.state === "offered");
  const held = nowOffered.reduce((sum, entry) => sum + entry.record.attendees, 0);
  const offered = nowOffered.filter((entry) => !offeredBefore.has(entry.id));
  const until = offered[0]?.offerExpiresAt;
  return {
    seats: { reserved: taken - held, held, limit: data.lodge.guestLimit },
    ...(offered.length > 0 && mail
      ? {
          offered: {
            parties: offered.map(({ record }) => record),
            until: until ? offerExpiresText(mail, until) : "-",
          },
        }
      : {}),
    offeredLater: offered.length === 0 && freed > 0 && !linked && list.length > 0,
  };
}

/**
 * The signing secret of `lodge serve` (XSRF_SECRET, or the file it keeps it in), for the claim
 * links of the offers a change makes; undefined when there is none yet.
 */
export function serverSecret(
  lodge: LodgeData["lodge"],
  env: Record<string, string | undefined>,
  cwd: string,
  db: string,
): string | undefined {
  try {
    // The secret of the server that keeps this database: beside it, unless set otherwise.
    const config = loadConfig({ dbFile: db }, env, cwd);
    // Only the server's own secret signs links it accepts: never a new one made here.
    const kept =
      config.xsrfSecret !== undefined || (config.secretFile && existsSync(config.secretFile));
    return kept ? settleConfig(config, lodge).xsrfSecret : undefined;
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/**
 * The mail settings `lodge serve` would use (SECRETARY_EMAIL, MAIL_FROM, lodge.yaml), for the
 * notices the secretary's commands queue; undefined when there is no secretary's address.
 */
export function secretaryMail(
  lodge: LodgeData["lodge"],
  env: Record<string, string | undefined>,
  cwd: string,
): MailContext | undefined {
  try {
    return mailContextOf(loadConfig({}, env, cwd), lodge, loadTemplates());
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}

/**
 * Where `lodge serve` hands its mail (SMTP_URL, else its outbox folder), for the mail a
 * secretary's command sends itself (lodge announce); undefined when its settings are wrong.
 */
export function secretaryTransport(
  env: Record<string, string | undefined>,
  cwd: string,
  db: string,
): MailTransport | undefined {
  try {
    const config = loadConfig({ dbFile: db }, env, cwd);
    return config.smtpUrl
      ? smtpTransport(config.smtpUrl, {
          timeoutMs: config.smtpTimeoutSeconds * 1000,
          dkim: dkimOf(config),
        })
      : outboxFolderTransport(config.outboxDir);
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
