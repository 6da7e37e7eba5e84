import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { secretaryMail, serverSecret } from "../../server/use-cases/secretary.ts";
import { type Context, dataDir, dataOption, parseOptions, UsageError } from "../context.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { changeRsvp, type RsvpChange } from "../secretary/change-rsvp.ts";
import { DB_HELP, databaseOf, dbOption, withStore } from "../secretary/output.ts";
import { rsvpListing } from "../secretary/rsvp-listing.ts";

export { csvCell } from "../secretary/output.ts";

const listOptions = z.object({
  data: dataDir,
  db: dbOption,
  event: z.string().optional(),
  format: z
    .enum(["table", "csv", "json", "html"], { error: "use table, csv, json or html" })
    .default("table"),
  erased: z.boolean().default(false),
});
const changeOptions = z.object({
  data: dataDir,
  db: dbOption,
  dryRun: z.boolean().default(false),
  attendees: z
    .string()
    .regex(/^\d+$/, { error: "give a number of attendees, e.g. --attendees 2" })
    .transform(Number)
    .refine((n) => n >= 1, { error: "give 1 or more; to remove the RSVP, use lodge rsvps cancel" })
    .optional(),
});

async function listRsvps(ctx: Context, raw: unknown): Promise<void> {
  const options = parseOptions(listOptions, raw);
  const { data } = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
  const choice = { db: options.db, data: options.data, lodge: data?.lodge };
  await withStore(ctx, choice, async (store) => {
    ctx.out(await rsvpListing(store, data, options, ctx.now ?? new Date()));
  });
}

async function change(ctx: Context, id: string, raw: unknown, what: "cancel" | "edit") {
  const options = parseOptions(changeOptions, raw);
  if (!/^\d+$/.test(id)) {
    throw new UsageError(
      `ID: give the RSVP's id, the number lodge rsvps shows, not ${JSON.stringify(id)}`,
    );
  }
  const rsvp = Number(id);
  if (what === "edit" && options.attendees === undefined) {
    throw new UserError("Say what to change, e.g. lodge rsvps edit 12 --attendees 2.");
  }
  const wanted: RsvpChange =
    what === "cancel"
      ? { kind: "cancel" }
      : { kind: "attendees", attendees: options.attendees ?? 1 };
  const { data } = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
  if (!data) {
    throw new UserError(`${options.data} does not load (run lodge validate); nothing was changed.`);
  }
  const env = ctx.env ?? process.env;
  const choice = { db: options.db, data: options.data, lodge: data.lodge };
  const mail = secretaryMail(data.lodge, env, ctx.cwd);
  const secret = serverSecret(data.lodge, env, ctx.cwd, databaseOf(ctx, choice));
  await withStore(ctx, choice, async (store) => {
    const lines = await changeRsvp(
      store,
      data,
      mail,
      ctx.now ?? new Date(),
      rsvp,
      wanted,
      options.dryRun,
      secret,
    );
    ctx.out(lines.join("\n"));
  });
}

/** `cancel` and `edit`: --db and --data are the options of `lodge rsvps` itself. */
function changeCommand(ctx: Context, what: "cancel" | "edit"): Command {
  const command = new Command(what)
    .argument("<id>", "the RSVP's id, as lodge rsvps shows it")
    .option("--dry-run", "say what would change, and change nothing");
  if (what === "edit") command.option("--attendees <n>", "the number of attendees it holds now");
  return command
    .description(
      what === "cancel"
        ? "cancel an RSVP: its seats are free at once, and the visitor gets a short notice"
        : "change an RSVP's attendees: the seats follow at once, and the visitor gets a short notice",
    )
    .addHelpText(
      "after",
      `\nThe database and the data folder are those of lodge rsvps (--db, --data). Works while\nlodge serve runs; the notice goes out with its mail.\n\nExamples:\n  lodge rsvps ${what === "cancel" ? "cancel 12 --dry-run" : "edit 12 --attendees 2"}\n  lodge rsvps --db /srv/lodge/var/lodge.db ${what} 12${what === "edit" ? " --attendees 2" : ""}`,
    )
    .action((id: string, _options, self: Command) => change(ctx, id, self.optsWithGlobals(), what));
}

export function rsvpsCommand(ctx: Context): Command {
  return new Command("rsvps")
    .description("list the RSVPs received, per event, with the totals the caterer needs")
    .option("--db <file|url>", DB_HELP)
    .option("--event <id>", "only this event")
    .option(
      "--format <format>",
      "table, csv (opens in a spreadsheet), json, or html (the caterer's printable sheet of one --event)",
      "table",
    )
    .option("--erased", "list the erasures of personal data done on time, and what was kept")
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .addHelpText(
      "after",
      "\nExamples:\n  lodge rsvps --event 2027-01-06-stated-meeting --format csv > rsvps.csv\n  lodge rsvps --event 2027-01-06-stated-meeting --format html > caterer.html\n  lodge rsvps cancel 12",
    )
    .addCommand(changeCommand(ctx, "cancel"))
    .addCommand(changeCommand(ctx, "edit"))
    .action((raw) => listRsvps(ctx, raw));
}
