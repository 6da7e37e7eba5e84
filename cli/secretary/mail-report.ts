import type { MailEntry, Store } from "../../server/store/store.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { minute, table } from "./output.ts";

/** What the last column says of a mail: when it went, why it failed, or when it is next tried. */
function note(mail: MailEntry): string {
  if (mail.status === "sent") return `sent ${mail.sentAt ? minute(mail.sentAt) : ""}`.trim();
  const why = mail.lastError ?? "";
  if (mail.status === "failed") return `refused: ${why}`;
  return `next try ${minute(mail.nextAttemptAt)}${why ? `; last: ${why}` : ""}`;
}

/** The outbox as a table, newest first, with a count per status. */
export function mailTable(mails: readonly MailEntry[], counts: Record<string, number>): string[] {
  const summary = `${plural(mails.length, "mail")} shown. In all: ${counts.pending ?? 0} waiting, ${counts.failed ?? 0} failed, ${counts.sent ?? 0} sent.`;
  if (mails.length === 0) return ["No mail to show.", summary];
  const rows = mails.map((m) => [
    String(m.id),
    m.status,
    m.kind,
    m.to,
    String(m.attempts),
    minute(m.createdAt),
    note(m),
  ]);
  return [
    table([["ID", "Status", "Kind", "To", "Tries", "Queued (UTC)", "Note"], ...rows]),
    "",
    summary,
  ];
}

/** Puts a failed (or waiting) mail back in the queue; refuses one that was sent or unknown. */
export async function retry(store: Store, id: number, now: Date): Promise<string> {
  const mail = (await store.listMail()).find((m) => m.id === id);
  if (!mail) throw new UserError(`There is no mail ${id}; lodge mail lists them with their ids.`);
  if (mail.status === "sent") {
    throw new UserError(
      `Mail ${id} (${mail.kind} to ${mail.to}) was sent ${mail.sentAt ? minute(mail.sentAt) : ""} UTC; there is nothing to retry.`,
    );
  }
  await store.retryMail(id, now);
  return `Mail ${id} (${mail.kind} to ${mail.to}) is queued again: lodge serve sends it within a minute while it runs, or when it next starts.`;
}
