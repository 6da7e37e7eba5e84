import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions, shownPath } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { mailTable, retry, stateOf } from "../secretary/mail-report.ts";
import { DB_HELP, dbOption, withStore } from "../secretary/output.ts";

const options = z.object({
  data: dataDir,
  db: dbOption,
  status: z
    .enum(["pending", "failed", "sent", "written"], {
      error: "use pending, failed, sent or written",
    })
    .optional(),
  format: z.enum(["table", "json"], { error: "use table or json" }).default("table"),
  limit: z
    .string()
    .regex(/^\d+$/, { error: "give a number of mails, e.g. --limit 100" })
    .transform(Number)
    .default(50),
  retry: z
    .string()
    .regex(/^\d+$/, { error: "give the id of a mail, a number lodge mail shows" })
    .transform(Number)
    .optional(),
});

async function mail(ctx: Context, raw: unknown): Promise<void> {
  const o = parseOptions(options, raw);
  const { data } = loadData(resolve(ctx.cwd, o.data), ctx.cwd);
  // Times as the secretary reads every other: in the lodge's zone (UTC without its data).
  const view = {
    timeZone: data?.lodge.timeZone ?? "UTC",
    shown: (p: string) => shownPath(ctx.cwd, p),
  };
  await withStore(ctx, { db: o.db, data: o.data, lodge: data?.lodge }, async (store) => {
    if (o.retry !== undefined) {
      ctx.out(await retry(store, o.retry, ctx.now ?? new Date(), view));
      return;
    }
    const sent = await store.listMail("sent");
    const written = sent.filter((m) => stateOf(m) === "written").length;
    const all =
      o.status === "sent" || o.status === "written" ? sent : await store.listMail(o.status);
    const mails = all.filter((m) => !o.status || stateOf(m) === o.status).slice(0, o.limit);
    if (o.format === "json") {
      ctx.out(
        JSON.stringify(
          mails.map((m) => ({ ...m, status: stateOf(m) })),
          null,
          2,
        ),
      );
    } else ctx.out(mailTable(mails, await store.mailCounts(), written, view).join("\n"));
  });
}

export function mailCommand(ctx: Context): Command {
  return new Command("mail")
    .description(
      "list the mail lodge serve sends (waiting, failed, sent, or written to a folder without SMTP_URL), newest first, or send a failed one again",
    )
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option(
      "--status <status>",
      "only pending (waiting), failed, sent or written (to the outbox folder, never sent) mail",
    )
    .option("--limit <n>", "at most this many (default 50)")
    .option("--format <format>", "table or json", "table")
    .option("--retry <id>", "queue a failed mail again, e.g. once a mistyped address is fixed")
    .addHelpText(
      "after",
      "\nA mail the server refused for good (no such user...) is failed and not retried by itself;\nthe secretary gets one summary a day of such mail.\n\nExamples:\n  lodge mail --status failed\n  lodge mail --retry 12",
    )
    .action((raw) => mail(ctx, raw));
}
