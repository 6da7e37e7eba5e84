import type { MailEntry, MailStatus, Store } from "../../server/store/store.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { table } from "./output.ts";
import { lodgeMinute } from "./rsvp-report.ts";

/**
 * What the secretary is told a mail's state is: a mail written to a folder (no SMTP_URL) is
 * "written", never "sent": no mail server has seen it, and nobody has received it.
 */
export type MailState = Exclude<MailStatus, "sent"> | "sent" | "written";

export function stateOf(mail: MailEntry): MailState {
  return mail.status === "sent" && mail.writtenTo ? "written" : mail.status;
}

/** How the listing shows moments and paths: in the lodge's time zone, paths as typed. */
export interface MailView {
  timeZone: string;
  shown(path: string): string;
}

/** What the last column says of a mail: when it went (or where it was written), why it failed, or when it is next tried. */
function note(mail: MailEntry, view: MailView): string {
  const at = (moment: Date | undefined) => (moment ? lodgeMinute(moment, view.timeZone) : "");
  if (mail.status === "sent") {
    return mail.writtenTo
      ? `written ${at(mail.sentAt)} to ${view.shown(mail.writtenTo)} (no mail server)`
      : `sent ${at(mail.sentAt)}`.trim();
  }
  const why = mail.lastError ?? "";
  if (mail.status === "failed") return `refused: ${why}`;
  return `next try ${at(mail.nextAttemptAt)}${why ? `; last: ${why}` : ""}`;
}

/** The outbox as a table, newest first, with a count per state; moments in the lodge's time. */
export function mailTable(
  mails: readonly MailEntry[],
  counts: Record<string, number>,
  written: number,
  view: MailView,
): string[] {
  const sent = (counts.sent ?? 0) - written;
  const summary = `${plural(mails.length, "mail")} shown. In all: ${counts.pending ?? 0} waiting, ${counts.failed ?? 0} failed, ${sent} sent${written > 0 ? `, ${written} written to a folder (never sent)` : ""}.`;
  if (mails.length === 0) return ["No mail to show.", summary];
  const rows = mails.map((m) => [
    String(m.id),
    stateOf(m),
    m.kind,
    m.to,
    String(m.attempts),
    lodgeMinute(m.createdAt, view.timeZone),
    note(m, view),
  ]);
  return [
    table([["ID", "Status", "Kind", "To", "Tries", `Queued (${view.timeZone})`, "Note"], ...rows]),
    "",
    summary,
  ];
}

/** Puts a failed (or waiting) mail back in the queue; refuses one that was sent or unknown. */
export async function retry(store: Store, id: number, now: Date, view: MailView): Promise<string> {
  const mail = (await store.listMail()).find((m) => m.id === id);
  if (!mail) throw new UserError(`There is no mail ${id}; lodge mail lists them with their ids.`);
  if (mail.status === "sent") {
    const at = mail.sentAt ? ` ${lodgeMinute(mail.sentAt, view.timeZone)} (${view.timeZone})` : "";
    throw new UserError(
      mail.writtenTo
        ? `Mail ${id} (${mail.kind} to ${mail.to}) was written${at} to ${view.shown(mail.writtenTo)}, as lodge serve does without SMTP_URL; there is nothing to retry. To send mail, set SMTP_URL and restart lodge serve.`
        : `Mail ${id} (${mail.kind} to ${mail.to}) was sent${at}; there is nothing to retry.`,
    );
  }
  await store.retryMail({ id, now });
  return `Mail ${id} (${mail.kind} to ${mail.to}) is queued again: lodge serve sends it within a minute while it runs, or when it next starts.`;
}
