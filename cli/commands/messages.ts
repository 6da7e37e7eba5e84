import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { csv, DB_HELP, dbOption, formatOption, withStore } from "../secretary/output.ts";
import { lodgeMinute } from "../secretary/rsvp-report.ts";

const options = z.object({ data: dataDir, db: dbOption, format: formatOption });

async function listMessages(ctx: Context, raw: unknown): Promise<void> {
  const { db, format, data: dir } = parseOptions(options, raw);
  const { data } = loadData(resolve(ctx.cwd, dir), ctx.cwd);
  // Times in the lodge's zone, as every listing of the secretary's (UTC without its data).
  const zone = data?.lodge.timeZone ?? "UTC";
  const at = (moment: Date) => lodgeMinute(moment, zone);
  await withStore(ctx, { db, data: dir, lodge: data?.lodge }, async (store) => {
    const messages = await store.listContactMessages();
    if (format === "json") {
      ctx.out(JSON.stringify(messages, null, 2));
    } else if (format === "csv") {
      const rows = messages.map(({ receivedAt, record: m }) => [
        at(receivedAt),
        m.firstName,
        m.lastName,
        m.email,
        m.phoneNumber,
        m.message,
      ]);
      ctx.out(
        csv([["received_at", "first_name", "last_name", "email", "phone", "message"], ...rows]),
      );
    } else if (messages.length === 0) {
      ctx.out("No messages yet.");
    } else {
      for (const { receivedAt, record: m } of messages) {
        if (!m.email && !m.message) {
          ctx.out(`${at(receivedAt)} (${zone})  (erased on time)`);
          ctx.out("");
          continue;
        }
        const phone = m.phoneNumber ? `  ${m.phoneNumber}` : "";
        ctx.out(`${at(receivedAt)} (${zone})  ${m.firstName} ${m.lastName} <${m.email}>${phone}`);
        ctx.out(m.message.replace(/^/gm, "  "));
        ctx.out("");
      }
    }
  });
}

export function messagesCommand(ctx: Context): Command {
  return new Command("messages")
    .description("list the messages sent with the contact form")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--format <format>", "table, csv (opens in a spreadsheet) or json", "table")
    .addHelpText("after", "\nExample:\n  lodge messages --format csv > messages.csv")
    .action((raw) => listMessages(ctx, raw));
}
