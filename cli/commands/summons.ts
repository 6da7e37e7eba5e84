import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { answerWindow } from "../../core/rules/answers.ts";
import { upcomingRsvpDeadline } from "../../core/rules/rsvp-window.ts";
import { formatMediumDate, formatShortTime } from "../../core/rules/time.ts";
import { secretaryMail, serverSecret } from "../../server/use-cases/secretary.ts";
import { summonMembers } from "../../server/use-cases/summons.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { findEvent } from "../edit/find-event.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { summonsPlan, summonsReport } from "../members/summons-plan.ts";
import { DB_HELP, databaseOf, dbOption, withStore } from "../secretary/output.ts";

const options = z.object({ data: dataDir, db: dbOption, dryRun: z.boolean().default(false) });

/**
 * `lodge summons EVENT`: the summons now, to every member the scheduler would summon who has not
 * had it (the scheduler then finds them summoned, and sends it to nobody twice).
 */
async function summon(ctx: Context, words: string[], raw: unknown): Promise<void> {
  const { data: dir, db, dryRun } = parseOptions(options, raw);
  const { data } = loadData(resolve(ctx.cwd, dir), ctx.cwd);
  if (!data) throw new UserError(`${dir} does not load (run lodge validate); nothing was sent.`);
  const event = data.events[findEvent(data.events, words)];
  if (!event) throw new UserError("No such event; lodge events lists them. Nothing was sent.");
  const now = ctx.now ?? new Date();
  const { lodge } = data;
  if (!event.rsvpOptions || answerWindow(event, now, lodge.timeZone) === "closed") {
    const deadline = upcomingRsvpDeadline(event);
    throw new UserError(
      event.cancelled
        ? `${event.name} (${event.id}) is cancelled: nothing was sent.`
        : !event.rsvpOptions
          ? `${event.name} (${event.id}) takes no RSVPs (rsvpOptions), so its members cannot answer: nothing was sent.`
          : `RSVPs for ${event.name} (${event.id}) closed on ${formatMediumDate(deadline)} at ${formatShortTime(deadline)}: nothing was sent.`,
    );
  }
  if (!lodge.siteUrl) {
    throw new UserError(
      "lodge.yaml has no siteUrl: the summons' answer links need the site's address. Set it, then run this again. Nothing was sent.",
    );
  }
  const env = ctx.env ?? process.env;
  const choice = { db, data: dir, lodge };
  const mail = secretaryMail(lodge, env, ctx.cwd);
  const secret = serverSecret(lodge, env, ctx.cwd, databaseOf(ctx, choice));
  if (!dryRun && (!mail || !secret)) {
    throw new UserError(
      "The summons goes from lodge serve's address with links its secret signs, and neither is set here: run it where lodge serve runs (the same SECRETARY_EMAIL and XSRF_SECRET, or its var/ folder). Nothing was sent.",
    );
  }
  await withStore(ctx, choice, async (store) => {
    const members = await store.listMembers();
    const pending = new Set(
      (await store.summonsRecipients({ kind: "summons", eventId: event.id })).map((m) => m.id),
    );
    const plan = summonsPlan(
      event,
      members.map((m) => ({ ...m, summoned: !pending.has(m.id) })),
    );
    if (!dryRun && mail && secret && plan.send.length > 0) {
      const sent = await summonMembers(
        { store, mail: () => mail, secret },
        "summons",
        event,
        plan.send,
        lodge.siteUrl,
        now,
      );
      // Another instance may have summoned some in the meantime: say what this run queued.
      plan.already += plan.send.length - sent;
      plan.send = plan.send.slice(0, sent);
    }
    for (const line of summonsReport(event, plan, dryRun)) ctx.out(line);
  });
}

export function summonsCommand(ctx: Context): Command {
  return new Command("summons")
    .description("summon the members to a meeting now, rather than at summons.daysBefore")
    .argument("<event...>", "the event: its id, its date, or its date and part of its name")
    .option("--dry-run", "say whom it would summon, and send nothing")
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nEach member whom the meeting's degree admits, in good standing, with an address, gets it once;\nthe scheduler sends it to nobody twice. lodge serve sends the mail (lodge mail lists it).\n\nExample:\n  lodge summons 2027-01-06 --dry-run\n  lodge summons 2027-01-06-stated-meeting",
    )
    .action((words: string[], raw) => summon(ctx, words, raw));
}
