import { existsSync } from "node:fs";
import { maxPerRsvp } from "../../core/rules/form-checks.ts";
import { eventStart, formatDayAndTime } from "../../core/rules/time.ts";
import type { Event, LodgeData } from "../../core/schemas/index.ts";
import { ConfigError, loadConfig, mailIdentity, settleConfig } from "../../server/config.ts";
import { rsvpChangeMail } from "../../server/mail/changes.ts";
import type { MailContext } from "../../server/mail/messages.ts";
import { loadTemplates } from "../../server/mail/templates.ts";
import { offerExpiresText } from "../../server/mail/waitlist.ts";
import { withOffers } from "../../server/rsvp/waitlist.ts";
import type {
  ComposedMail,
  EventRsvpRecord,
  Store,
  WaitlistOffers,
} from "../../server/store/store.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { mealsOf } from "./rsvp-report.ts";

export type RsvpChange = { kind: "cancel" } | { kind: "attendees"; attendees: number };

function who(id: number, r: EventRsvpRecord): string {
  const title = r.masonicTitle ? `, ${r.masonicTitle}` : "";
  return `RSVP ${id} (${r.firstName} ${r.lastName}${title} <${r.email}>, ${plural(r.attendees, "attendee")})`;
}

function eventText(event: Event | undefined, id: string): string {
  return event ? `${event.name} on ${formatDayAndTime(eventStart(event.date))}` : id;
}

/**
 * Cancels an RSVP or changes its attendees on the live database (a running `lodge serve` sees
 * the seats freed at once) and queues the visitor's notice in the same transaction, for the
 * server's mail worker to send. Returns what to print; a refusal is a UserError and changes
 * nothing. With `dryRun`, only says what it would do.
 */
export async function changeRsvp(
  store: Store,
  data: LodgeData,
  mail: MailContext | undefined,
  now: Date,
  id: number,
  change: RsvpChange,
  dryRun: boolean,
  /** The server's signing secret, for the claim links of offers the change makes. */
  secret?: string,
): Promise<string[]> {
  const found = await store.getEventRsvp(id);
  if (!found) {
    throw new UserError(
      `There is no current RSVP ${id} (it may have been cancelled or replaced). lodge rsvps lists the RSVPs with their ids.`,
    );
  }
  const r = found.record;
  const event = data.events.find((e) => e.id === r.eventId);
  const on = eventText(event, r.eventId);
  const { guestLimit } = data.lodge;
  if (change.kind === "attendees") {
    const max = event ? maxPerRsvp(event) : 10;
    if (change.attendees > max) {
      throw new UserError(
        `--attendees: an RSVP for ${on} holds 1 to ${max} attendees, not ${change.attendees}. Nothing was changed.`,
      );
    }
    if (change.attendees === r.attendees) {
      return [`${who(id, r)} already has ${plural(r.attendees, "attendee")}; nothing was changed.`];
    }
  }
  const notice: ComposedMail[] =
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
  const [verb, done] = change.kind === "cancel" ? ["cancel", "Cancelled"] : ["change", "Changed"];
  const what = `${who(id, r)} for ${on}${change.kind === "attendees" ? ` to ${plural(change.attendees, "attendee")}` : ""}`;
  const noticeLine =
    notice.length > 0
      ? `A short notice to ${r.email}`
      : `No notice to ${r.email}: ${event ? "no mail settings" : "the event is no longer in the data"}`;
  if (dryRun) {
    return [
      `Would ${verb} ${what}.`,
      `${noticeLine} would be queued.`,
      "Nothing was changed (--dry-run).",
    ];
  }
  // The notice tells the RSVP as read here: one changed meanwhile answers `changed`.
  const write = (offers?: WaitlistOffers) => {
    const edit = { id, now, mails: notice, offers, told: r.attendees };
    return change.kind === "cancel"
      ? store.cancelEventRsvp(edit)
      : store.changeEventRsvp({ ...edit, change: { attendees: change.attendees }, guestLimit });
  };
  const freed = r.attendees - (change.kind === "cancel" ? 0 : change.attendees);
  const offeredIds = async () =>
    (await store.listWaitlist(r.eventId)).filter((entry) => entry.state === "offered");
  const offeredBefore = new Set((await offeredIds()).map((entry) => entry.id));
  const linked = Boolean(event && mail && secret && data.lodge.siteUrl);
  // Seats freed go to the waiting list at once, with links to the site; without its address
  // (lodge.yaml's siteUrl), the running server's next round offers them.
  const outcome =
    linked && event && mail && secret
      ? await withOffers(
          { store, data: () => data, mail: () => mail, secret },
          event,
          data.lodge.siteUrl,
          now,
          freed,
          write,
        )
      : await write();
  if (outcome.kind === "stale" || outcome.kind === "changed") {
    throw new UserError(`RSVP ${id} was changed meanwhile. Nothing was changed; run it again.`);
  }
  if (outcome.kind === "not-found") {
    throw new UserError(`RSVP ${id} was cancelled or replaced meanwhile. Nothing was changed.`);
  }
  if (outcome.kind === "full") {
    const left = outcome.limit - outcome.taken;
    throw new UserError(
      `${on} has ${plural(left, "seat")} left besides this RSVP's, fewer than ${change.kind === "attendees" ? change.attendees : 0}. Nothing was changed.`,
    );
  }
  // The store counts seats held by open offers as taken: said apart, so the sums add up.
  const taken = (await store.attendeeCounts()).get(r.eventId) ?? 0;
  const held = (await offeredIds()).reduce((sum, entry) => sum + entry.record.attendees, 0);
  const heldText = held > 0 ? ` and ${held} held for the waiting list's offers` : "";
  const lines = [
    `${done} ${what}.`,
    `${on} now has ${taken - held} of ${guestLimit} seats reserved${heldText}.`,
  ];
  if (change.kind === "attendees" && r.dinner && r.meals > change.attendees) {
    lines.push(`Its dinner stays as ordered: ${mealsOf(r)}.`);
  }
  const offered = (await offeredIds()).filter((entry) => !offeredBefore.has(entry.id));
  if (offered.length > 0 && mail) {
    const whom = offered.map(
      (entry) =>
        `${entry.record.firstName} ${entry.record.lastName} (${plural(entry.record.attendees, "attendee")})`,
    );
    const until = offered[0]?.offerExpiresAt;
    lines.push(
      `Offered to the waiting list: ${whom.join(", ")}, to claim by ${until ? offerExpiresText(mail, until) : "-"}; the offers are queued with the notice.`,
    );
  } else if (freed > 0 && !linked && (await store.listWaitlist(r.eventId)).length > 0) {
    lines.push(
      "The freed seats go to the waiting list when lodge serve next looks (within a minute while it runs): this command has no site address (siteUrl) or server secret for the claim links.",
    );
  }
  lines.push(
    notice.length > 0
      ? `${noticeLine} is queued: lodge serve sends it within a minute while it runs, or when it next starts.`
      : `${noticeLine}.`,
  );
  return lines;
}

/**
 * The mail settings `lodge serve` would use (SECRETARY_EMAIL, MAIL_FROM, lodge.yaml), for the
 * notices the secretary's commands queue; undefined when there is no secretary's address.
 */
/**
 * The signing secret of `lodge serve` (XSRF_SECRET, or the file it keeps it in), for the claim
 * links of the offers a change makes; undefined when there is none yet.
 */
export function secretaryMailSecret(
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

export function secretaryMail(
  lodge: LodgeData["lodge"],
  env: Record<string, string | undefined>,
  cwd: string,
): MailContext | undefined {
  try {
    const { secretaryEmail, mailFrom } = mailIdentity(loadConfig({}, env, cwd), lodge);
    return { lodge, from: mailFrom, secretary: secretaryEmail, templates: loadTemplates() };
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
