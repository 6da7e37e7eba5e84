import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TestServer } from "./api-harness.ts";
import { type Mail, parseMail } from "./mime.ts";

/** Every mail the server has written to its outbox folder so far, oldest first, with its kind. */
export async function outboxMails(s: TestServer): Promise<(Mail & { kind: string })[]> {
  await s.worker.idle();
  let names: string[] = [];
  try {
    names = readdirSync(s.outbox).sort();
  } catch {
    return [];
  }
  return names.map((name) => ({
    ...parseMail(readFileSync(join(s.outbox, name))),
    kind: name.replace(/^\d+-|\.eml$/g, ""),
  }));
}

/** The token of the personal link to `page` a mail's text carries. */
export function linkToken(text: string, page = "/rsvp/manage"): string {
  const found = new RegExp(`${page}#([A-Za-z0-9_.-]+)`).exec(text);
  if (!found?.[1]) throw new Error(`no ${page} link in:\n${text}`);
  return found[1];
}

/** The manage token of the last confirmation (of `kind`) mailed to `email`. */
export async function manageTokenOf(
  s: TestServer,
  email: string,
  kind = "rsvp-confirmation",
): Promise<string> {
  const mails = await outboxMails(s);
  const confirmation = mails
    .filter((mail) => mail.kind === kind && mail.headers.get("to")?.includes(email))
    .at(-1);
  if (!confirmation) throw new Error(`no confirmation to ${email}`);
  return linkToken(confirmation.text);
}

/** The token of the claim link of the last mail of `kind` ('waitlist-joined', 'waitlist-offer') to `email`. */
export async function claimTokenOf(
  s: TestServer,
  email: string,
  kind: "waitlist-joined" | "waitlist-offer",
): Promise<string> {
  const mail = (await outboxMails(s))
    .filter((found) => found.kind === kind && found.headers.get("to")?.includes(email))
    .at(-1);
  if (!mail) throw new Error(`no ${kind} mail to ${email}`);
  return linkToken(mail.text, "/rsvp/claim");
}
