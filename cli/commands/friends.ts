import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { formatMediumDate, wallTimeIn } from "../../core/rules/time.ts";
import type { Friend } from "../../server/store/store.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { plural } from "../load/summary.ts";
import { csv, DB_HELP, dbOption, formatOption, table, withStore } from "../secretary/output.ts";

const options = z.object({
  data: dataDir,
  db: dbOption,
  format: formatOption,
  bounced: z.boolean().default(false),
});

/**
 * `lodge friends`: the addresses subscribed on the site to the lodge's announcements, confirmed
 * or not, with those that bounced; personal data, shown to the secretary only.
 */
async function listFriends(ctx: Context, raw: unknown): Promise<void> {
  const o = parseOptions(options, raw);
  const { data } = loadData(resolve(ctx.cwd, o.data), ctx.cwd);
  const zone = data?.lodge.timeZone ?? "UTC";
  const day = (at: Date | undefined) => (at ? formatMediumDate(wallTimeIn(at, zone)) : "");
  await withStore(ctx, { db: o.db, data: o.data, lodge: data?.lodge }, async (store) => {
    const friends = await store.listFriends({ bounced: o.bounced });
    const row = (f: Friend) => [
      f.email,
      f.name,
      day(f.createdAt),
      f.confirmedAt ? day(f.confirmedAt) : "not yet",
      day(f.bouncedAt),
    ];
    if (o.format === "json") {
      ctx.out(
        JSON.stringify(
          friends.map(({ id: _, ...friend }) => friend),
          null,
          2,
        ),
      );
      return;
    }
    const head = ["E-mail", "Name", "Subscribed", "Confirmed", "Bounced"];
    if (o.format === "csv") {
      ctx.out(csv([head, ...friends.map(row)]));
      return;
    }
    if (friends.length > 0) ctx.out(table([head, ...friends.map(row)]));
    const confirmed = friends.filter((f) => f.confirmedAt).length;
    ctx.out(
      o.bounced
        ? `${plural(friends.length, "friend")} whose address bounced.`
        : `${plural(friends.length, "friend")}: ${confirmed} confirmed, ${friends.length - confirmed} not yet.`,
    );
  });
}

export function friendsCommand(ctx: Context): Command {
  return new Command("friends")
    .description("the lodge's friends: the addresses subscribed on the site to its announcements")
    .option("--format <format>", "table, csv (opens in a spreadsheet) or json", "table")
    .option("--bounced", "only those whose address refused an announcement for good")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nA friend counts once he has followed the link in the confirmation mail; one who leaves is\nforgotten. Their addresses are personal data: they live in the database only.\n\nExample:\n  lodge friends\n  lodge friends --bounced\n  lodge friends --format csv > friends.csv",
    )
    .action((raw) => listFriends(ctx, raw));
}
