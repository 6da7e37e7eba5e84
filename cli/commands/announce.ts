import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { formatDayAndTime, wallTimeIn } from "../../core/rules/time.ts";
import type { LodgeData } from "../../core/schemas/index.ts";
import type { Audience, Store } from "../../server/store/store.ts";
import {
  type AnnouncementBody,
  type AnnouncementSource,
  announcementFrom,
  announcementKey,
  type MailTransport,
  queueAnnouncement,
  sendAnnouncement,
  sendTestCopy,
} from "../../server/use-cases/announce.ts";
import { Refusal } from "../../server/use-cases/refusal.ts";
import {
  type MailContext,
  secretaryMail,
  secretaryTransport,
  serverSecret,
} from "../../server/use-cases/secretary.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { plural } from "../load/summary.ts";
import { DB_HELP, databaseOf, dbOption, withStore } from "../secretary/output.ts";

const options = z.object({
  data: dataDir,
  db: dbOption,
  to: z
    .enum(["members", "friends", "all"], { error: "use members, friends or all" })
    .default("members"),
  dryRun: z.boolean().default(false),
  test: z.email({ error: "give the address the test copy goes to" }).optional(),
});

/** A text progress bar: [#########-----------] 45/100 sent. */
function bar(done: number, total: number): string {
  const width = 30;
  const filled = total === 0 ? width : Math.round((done / total) * width);
  return `[${"#".repeat(filled)}${"-".repeat(width - filled)}] ${done}/${total} sent`;
}

/** Shows the send: a bar rewritten in place on a terminal, a plain line at each tenth otherwise. */
function progressOf(ctx: Context, total: number, before: number) {
  let shown = Math.floor((before / Math.max(total, 1)) * 10);
  return (done: number) => {
    const at = before + done;
    if (ctx.status) ctx.status(bar(at, total));
    else if (Math.floor((at / total) * 10) > shown && at < total) {
      shown = Math.floor((at / total) * 10);
      ctx.out(`${at}/${total} sent`);
    }
  };
}

/** What the lists hold for `to`, in a few words: '12 members and 3 friends'. */
async function whom(store: Store, to: Audience): Promise<{ count: number; text: string }> {
  const recipients = await store.announcementRecipients(to);
  const members = recipients.filter((r) => r.list === "member").length;
  const friends = recipients.length - members;
  const parts = [
    to !== "friends" && plural(members, "member"),
    to !== "members" && plural(friends, "friend"),
  ].filter((part): part is string => typeof part === "string");
  return { count: recipients.length, text: parts.join(" and ") };
}

/** Sends the announcement `id`'s mail, with its progress and a closing line. */
async function send(ctx: Context, store: Store, transport: MailTransport, id: number) {
  const before = await store.announcementProgress(id);
  const done = before.sent + before.failed;
  const show = progressOf(ctx, before.total, done);
  const result = await sendAnnouncement(
    {
      store,
      transport,
      now: () => ctx.now ?? new Date(),
      progress: (p) => show(p.sent + p.refused),
    },
    id,
  );
  ctx.status?.("");
  const after = await store.announcementProgress(id);
  ctx.out(`Sent ${after.sent} of ${after.total} (${transport.description}).`);
  if (after.failed > 0) {
    ctx.out(
      `${plural(after.failed, "address", "addresses")} refused it for good or left the list: they are marked bounced and skipped next time (lodge members --bounced, lodge friends --bounced).`,
    );
  }
  if (after.pending > 0) {
    ctx.out(
      `${plural(after.pending, "mail")} still to go${result.lastError ? ` (the mail server said: ${result.lastError})` : ""}: run this command again later to send them, or leave them to lodge serve.`,
    );
    ctx.exitCode = 1;
  }
}

/** The announcement's file read and made into its parts, or the secretary told what is wrong. */
function announcementOf(ctx: Context, file: string, data: LodgeData, siteUrl: string) {
  let text: string;
  try {
    text = readFileSync(resolve(ctx.cwd, file), "utf8");
  } catch {
    throw new UserError(
      `${file} cannot be read: give the announcement's Markdown file. Nothing was sent.`,
    );
  }
  try {
    return announcementFrom(text, file, data.events, siteUrl);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw new UserError(`${error.message} Nothing was sent.`);
  }
}

/** What a run needs to queue and send (none of it for --dry-run). */
interface Sending {
  mail: MailContext;
  secret: string;
  transport: MailTransport;
  siteUrl: string;
}

/** The announcement queued (or found queued) and sent; with --dry-run, only said. */
async function queueAndSend(
  ctx: Context,
  store: Store,
  what: { source: AnnouncementSource; body: AnnouncementBody; to: Audience; timeZone: string },
  sending: Sending | undefined,
): Promise<void> {
  const { body, to } = what;
  const key = announcementKey(what.source, to);
  const found = await store.announcementByKey(key);
  if (found) {
    const progress = await store.announcementProgress(found.id);
    const when = formatDayAndTime(wallTimeIn(found.createdAt, what.timeZone));
    ctx.out(
      `"${body.subject}" was queued on ${when}: ${progress.sent} of ${progress.total} sent, ${progress.pending} to go.`,
    );
    if (sending) await send(ctx, store, sending.transport, found.id);
    else ctx.out("Nothing was sent (--dry-run).");
    return;
  }
  const lists = await whom(store, to);
  if (!sending || lists.count === 0) {
    ctx.out(
      lists.count === 0
        ? `Nobody to announce "${body.subject}" to: no ${to === "all" ? "members nor friends" : to} on the list. Nothing was sent.`
        : `Would announce "${body.subject}" to ${lists.text}.`,
    );
    if (!sending && lists.count > 0) {
      ctx.out(
        "Nothing was sent (--dry-run); lodge announce FILE --test ADDRESS sends one copy to look at.",
      );
    }
    return;
  }
  const queued = await queueAnnouncement(
    { store, mail: sending.mail, secret: sending.secret, siteBase: sending.siteUrl },
    key,
    body,
    to,
    ctx.now ?? new Date(),
  );
  ctx.out(`Queued "${body.subject}" for ${lists.text}.`);
  await send(ctx, store, sending.transport, queued.id);
}

/** The mail settings, secret and transport of lodge serve, or what is missing. */
function sendingOf(ctx: Context, lodge: LodgeData["lodge"], db: string): Sending {
  const env = ctx.env ?? process.env;
  const mail = secretaryMail(lodge, env, ctx.cwd);
  const secret = serverSecret(lodge, env, ctx.cwd, db);
  if (!mail || !secret) {
    throw new UserError(
      "An announcement goes from lodge serve's address with unsubscribe links its secret signs, and neither is set here: run it where lodge serve runs (the same SECRETARY_EMAIL and XSRF_SECRET, or its var/ folder). Nothing was sent.",
    );
  }
  const transport = secretaryTransport(env, ctx.cwd, db);
  if (!transport) {
    throw new UserError(
      "The mail settings (SMTP_URL) are wrong: lodge serve says what is. Nothing was sent.",
    );
  }
  return { mail, secret, transport, siteUrl: lodge.siteUrl ?? "" };
}

async function announce(ctx: Context, file: string, raw: unknown): Promise<void> {
  const o = parseOptions(options, raw);
  const { data } = loadData(resolve(ctx.cwd, o.data), ctx.cwd);
  if (!data) throw new UserError(`${o.data} does not load (run lodge validate); nothing was sent.`);
  const { lodge } = data;
  if (!lodge.siteUrl) {
    throw new UserError(
      "lodge.yaml has no siteUrl: an announcement's links and its unsubscribe address need the site's address. Set it, then run this again. Nothing was sent.",
    );
  }
  const { source, body } = announcementOf(ctx, file, data, lodge.siteUrl);
  const choice = { db: o.db, data: o.data, lodge };
  const sending = o.dryRun ? undefined : sendingOf(ctx, lodge, databaseOf(ctx, choice));
  try {
    if (o.test && sending) {
      await sendTestCopy(sending, body, o.test);
      ctx.out(
        `Sent a test copy of "${body.subject}" to ${o.test} (${sending.transport.description}); nothing was queued for the list.`,
      );
      return;
    }
    const what = { source, body, to: o.to, timeZone: lodge.timeZone };
    await withStore(ctx, choice, (store) => queueAndSend(ctx, store, what, sending));
  } finally {
    await sending?.transport.close();
  }
}

export function announceCommand(ctx: Context): Command {
  return new Command("announce")
    .description("mail an announcement (a Markdown file) to the members, the friends, or both")
    .argument("<file>", "the announcement: front matter with subject (and event), then Markdown")
    .option("--to <list>", "members, friends or all", "members")
    .option("--dry-run", "say whom it would go to, and send nothing")
    .option("--test <address>", "send one copy to this address only, to look at it first")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nEach address gets it once, with a one-click unsubscribe link and the headers mail providers\nrequire; members in good standing who have not unsubscribed, friends who confirmed, and no\naddress that bounced. Stopped midway, the same command again sends what is left.\n\nExample:\n  lodge announce news/visit.md --dry-run\n  lodge announce news/visit.md --test secretary@example.org\n  lodge announce news/visit.md --to all",
    )
    .action((file: string, raw) => announce(ctx, file, raw));
}
