import type { LodgeData } from "../../core/schemas/index.ts";
import type { EventRsvpRecord, Store } from "../../server/store/store.ts";
import { Refusal } from "../../server/use-cases/refusal.ts";
import {
  changeRsvpBySecretary,
  eventText,
  type MailContext,
  type RsvpChange,
  type SecretaryChange,
} from "../../server/use-cases/secretary.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { mealsOf } from "./rsvp-report.ts";

export type { RsvpChange };

function who(id: number, r: EventRsvpRecord): string {
  const title = r.masonicTitle ? `, ${r.masonicTitle}` : "";
  return `RSVP ${id} (${r.firstName} ${r.lastName}${title} <${r.email}>, ${plural(r.attendees, "attendee")})`;
}

/** The secretary's lines for what a change did, or would do (see changeRsvpBySecretary). */
function linesOf(done: SecretaryChange, change: RsvpChange, dryRun: boolean): string[] {
  const { rsvp, event, notice } = done;
  const { id, record: r } = rsvp;
  if (done.unchanged) {
    return [`${who(id, r)} already has ${plural(r.attendees, "attendee")}; nothing was changed.`];
  }
  const on = eventText(event, r.eventId);
  const [verb, did] = change.kind === "cancel" ? ["cancel", "Cancelled"] : ["change", "Changed"];
  const what = `${who(id, r)} for ${on}${change.kind === "attendees" ? ` to ${plural(change.attendees, "attendee")}` : ""}`;
  const noticeLine = notice.queued
    ? `A short notice to ${r.email}`
    : `No notice to ${r.email}: ${notice.why}`;
  if (dryRun) {
    return [
      `Would ${verb} ${what}.`,
      `${noticeLine} would be queued.`,
      "Nothing was changed (--dry-run).",
    ];
  }
  const seats = done.seats ?? { reserved: 0, held: 0, limit: 0 };
  const heldText = seats.held > 0 ? ` and ${seats.held} held for the waiting list's offers` : "";
  const lines = [
    `${did} ${what}.`,
    `${on} now has ${seats.reserved} of ${seats.limit} seats reserved${heldText}.`,
  ];
  if (change.kind === "attendees" && r.dinner && r.meals > change.attendees) {
    lines.push(`Its dinner stays as ordered: ${mealsOf(r)}.`);
  }
  if (done.offered) {
    const whom = done.offered.parties.map(
      (party) => `${party.firstName} ${party.lastName} (${plural(party.attendees, "attendee")})`,
    );
    lines.push(
      `Offered to the waiting list: ${whom.join(", ")}, to claim by ${done.offered.until}; the offers are queued with the notice.`,
    );
  } else if (done.offeredLater) {
    lines.push(
      "The freed seats go to the waiting list when lodge serve next looks (within a minute while it runs): this command has no site address (siteUrl) or server secret for the claim links.",
    );
  }
  lines.push(
    notice.queued
      ? `${noticeLine} is queued: lodge serve sends it within a minute while it runs, or when it next starts.`
      : `${noticeLine}.`,
  );
  return lines;
}

/**
 * `lodge rsvps cancel|edit`: the secretary's change of an RSVP (changeRsvpBySecretary), and the
 * lines that say what it did. A refusal is a UserError and changes nothing.
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
  try {
    const done = await changeRsvpBySecretary(
      { store, data, now, mail, secret },
      id,
      change,
      dryRun,
    );
    return linesOf(done, change, dryRun);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // A refusal about an option names it, as the command's other refusals do.
    throw new UserError(error.field ? `--${error.field}: ${error.message}` : error.message);
  }
}
