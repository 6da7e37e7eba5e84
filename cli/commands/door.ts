import { resolve } from "node:path";
import { Command } from "commander";
import { renderUnicodeCompact } from "uqr";
import { z } from "zod";
import { doorOpen, doorWindowText } from "../../core/rules/door.ts";
import { checkEmail } from "../../core/rules/form-checks.ts";
import { doorLink, mailDoorLink } from "../../server/use-cases/door-link.ts";
import { secretaryMail, serverSecret } from "../../server/use-cases/secretary.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { findEvent } from "../edit/find-event.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { DB_HELP, databaseOf, dbOption, withStore } from "../secretary/output.ts";

const options = z.object({ data: dataDir, db: dbOption, to: z.string().optional() });

/**
 * `lodge door EVENT [--to ADDRESS]`: the door link of a meeting, printed with its QR code for
 * the Tyler's phone to scan, and mailed with --to (lodge serve sends it).
 */
async function door(ctx: Context, words: string[], raw: unknown): Promise<void> {
  const { data: dir, db, to } = parseOptions(options, raw);
  const problem = to === undefined ? undefined : checkEmail(to.trim());
  if (problem) throw new UserError(`--to ${to}: ${problem}. Nothing was sent.`);
  const { data } = loadData(resolve(ctx.cwd, dir), ctx.cwd);
  if (!data) throw new UserError(`${dir} does not load (run lodge validate); nothing was made.`);
  const event = data.events[findEvent(data.events, words)];
  if (!event) throw new UserError("No such event; lodge events lists them.");
  const { lodge } = data;
  const now = ctx.now ?? new Date();
  if (doorOpen(event, lodge.timeZone, now) === "closed") {
    throw new UserError(
      `The register of ${event.name} (${event.id}) closed at the end of the day after it: its link would open nothing. lodge attendance --event ${event.id} shows what was kept.`,
    );
  }
  if (!lodge.siteUrl) {
    throw new UserError(
      "lodge.yaml has no siteUrl: the door link needs the site's address. Set it, then run this again.",
    );
  }
  const env = ctx.env ?? process.env;
  const choice = { db, data: dir, lodge };
  const secret = serverSecret(lodge, env, ctx.cwd, databaseOf(ctx, choice));
  if (!secret) {
    throw new UserError(
      "The door link is signed with lodge serve's secret, which is not set here: run it where lodge serve runs (the same XSRF_SECRET, or its var/ folder).",
    );
  }
  const link = doorLink(lodge.siteUrl, secret, event);
  ctx.out(`The register of ${event.name} (${event.id}), open from ${doorWindowText(event)}:`);
  ctx.out("");
  ctx.out(link);
  ctx.out("");
  for (const line of renderUnicodeCompact(link, { border: 2 }).split("\n")) ctx.out(line);
  ctx.out("");
  ctx.out(
    "Scan it with the phone at the door. Whoever has the link can mark the register until it closes.",
  );
  if (to === undefined) return;
  const mail = secretaryMail(lodge, env, ctx.cwd);
  if (!mail) {
    throw new UserError(
      "The door link's mail goes from lodge serve's address, which is not set here (SECRETARY_EMAIL): run it where lodge serve runs. Nothing was sent.",
    );
  }
  await withStore(ctx, choice, (store) => mailDoorLink(store, mail, to.trim(), event, link, now));
  ctx.out(`Mailed to ${to.trim()} (lodge serve sends it; lodge mail lists it).`);
}

export function doorCommand(ctx: Context): Command {
  return new Command("door")
    .description(
      "the Tyler's register of a meeting: its link and QR code for the phone at the door",
    )
    .argument("<event...>", "the event: its id, its date, or its date and part of its name")
    .option("--to <address>", "mail the link to this address too")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nThe link opens the register from the day before the meeting to the day after. The page lists\nthe brothers who said they attend first, finds the others by name or number, marks with a tap\nand keeps working without signal.\n\nExample:\n  lodge door 2027-01-06\n  lodge door 2027-01-06-stated-meeting --to tyler@example.org",
    )
    .action((words: string[], raw) => door(ctx, words, raw));
}
