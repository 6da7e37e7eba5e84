import { Command } from "commander";
import { z } from "zod";
import {
  openStore as openDatabase,
  resolveDatabase,
  shownDatabase,
} from "../../server/store/open-store.ts";
import { type CopyCounts, copyInto } from "../../server/store/store.ts";
import { type Context, parseOptions } from "../context.ts";
import { UserError } from "../errors.ts";
import { plural } from "../load/summary.ts";
import { openStore, unavailable } from "../secretary/output.ts";

const options = z.object({
  from: z.string().min(1).default("var/lodge.db"),
  to: z
    .string({ error: "--to: give the database to copy into, e.g. postgres://user@host/lodge" })
    .min(1),
});

/** The figures the secretary checks a copy by, in words. */
export function copiedLine(counts: CopyCounts): string {
  return [
    `${plural(counts.event_rsvps, "event RSVP")} (cancelled and replaced ones included)`,
    plural(counts.social_rsvps, "social RSVP"),
    plural(counts.contact_messages, "message"),
    `${plural(counts.outbox, "mail")} (sent, waiting and failed)`,
    plural(counts.idempotency_keys, "retry key"),
    plural(counts.spent_form_tokens, "spent form token"),
    plural(counts.reminders, "reminder"),
    plural(counts.erasures, "erasure"),
  ].join(", ");
}

async function migrateStore(ctx: Context, raw: unknown): Promise<void> {
  const { from, to } = parseOptions(options, raw);
  const source = openStore(ctx, from);
  const target = openDatabase(resolveDatabase(to, ctx.cwd));
  const shown = (db: string) => shownDatabase(db, (path) => path);
  try {
    const dump = await source.dump().catch((error) => {
      throw unavailable(from, error);
    });
    const counts = await copyInto(dump, target).catch((error) => {
      throw unavailable(to, error);
    });
    // The copy belongs to the same lodge as its original.
    const owner = await source.lodgeIdentity();
    if (owner) await target.claimLodge(owner);
    ctx.out(`Copied ${shown(from)} to ${shown(to)}: ${copiedLine(counts)}.`);
    ctx.out(`Each count matches. Start lodge serve with --db ${shown(to)} (or DATABASE_URL).`);
  } catch (error) {
    if (error instanceof Error && /already holds data/.test(error.message)) {
      throw new UserError(
        `${shown(to)} already holds RSVPs, messages or mail; nothing was copied. Copy into an empty database.`,
      );
    }
    throw error;
  } finally {
    await source.close();
    await target.close();
  }
}

export function migrateStoreCommand(ctx: Context): Command {
  return new Command("migrate-store")
    .description("copy every RSVP, message and queued mail from one database into an empty one")
    .option("--from <file|url>", "the database to copy (default: var/lodge.db)", "var/lodge.db")
    .option("--to <file|url>", "the empty database to copy into, e.g. postgres://user@host/lodge")
    .addHelpText(
      "after",
      "\nStop lodge serve first, so that nothing arrives during the copy. The copy is one\ntransaction: all of it or nothing.\n\nExample:\n  lodge migrate-store --from var/lodge.db --to postgres://lodge@db.example.org/lodge",
    )
    .action((raw) => migrateStore(ctx, raw));
}
