import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { resolveDatabase, storeExists } from "../../server/store/open-store.ts";
import { type Context, dataDir, dataOption, parseOptions } from "../context.ts";
import { loadData } from "../load/load-data.ts";
import { answerCommand } from "../members/answer-command.ts";
import {
  editMember,
  importRoll,
  type MemberEdit,
  memberAnnouncements,
  removeMember,
} from "../members/roll-commands.ts";
import { rollCsv, rollJson, rollTable, statusesOf } from "../members/roll-listing.ts";
import { DB_HELP, databaseOf, dbOption, formatOption, withStore } from "../secretary/output.ts";

const common = { data: dataDir, db: dbOption };
const listOptions = z.object({
  ...common,
  format: formatOption,
  status: z.string().optional(),
  bounced: z.boolean().default(false),
});
const importOptions = z.object({
  ...common,
  replace: z.boolean().default(false),
  dryRun: z.boolean().default(false),
  json: z.boolean().default(false),
});
const EDIT_FLAGS = {
  email: "--email",
  phone: "--phone",
  dietary: "--dietary",
  degree: "--degree",
  status: "--status",
  title: "--title",
  firstName: "--first-name",
  lastName: "--last-name",
} as const;
const editOptions = z.object({
  ...common,
  dryRun: z.boolean().default(false),
  ...Object.fromEntries(Object.keys(EDIT_FLAGS).map((key) => [key, z.string().optional()])),
});
const removeOptions = z.object({ ...common, dryRun: z.boolean().default(false) });

/** The database the command opens: --db, else the lodge's own; another lodge's is refused. */
function databaseChoice(ctx: Context, options: { db?: string | undefined; data: string }) {
  const { data } = loadData(resolve(ctx.cwd, options.data), ctx.cwd);
  return { db: options.db, data: options.data, lodge: data?.lodge };
}

async function listMembers(ctx: Context, raw: unknown): Promise<void> {
  const options = parseOptions(listOptions, raw);
  const statuses = statusesOf(options.status);
  await withStore(ctx, databaseChoice(ctx, options), async (store) => {
    // An address a mail server refused an announcement to for good, for the secretary to correct.
    const bounced = options.bounced
      ? new Set((await store.listBounces()).map((b) => b.address))
      : undefined;
    const roll = await store.listMembers();
    const members = roll.filter(
      (m) =>
        (statuses === undefined || statuses.includes(m.status)) &&
        (bounced === undefined || bounced.has(m.email.toLowerCase())),
    );
    if (options.format === "table" && members.length === 0 && roll.length > 0) {
      // The roll is there: say that none matches, not that there is no roll.
      const asked = [
        ...(options.status ? [`--status ${options.status}`] : []),
        ...(options.bounced ? ["--bounced (an address that refused an announcement)"] : []),
      ];
      ctx.out(`No member matches ${asked.join(" and ")}, of ${roll.length} on the roll.`);
      return;
    }
    const shown = members.map(({ id: _, key: __, ...member }) => member);
    ctx.out(
      options.format === "csv"
        ? rollCsv(shown)
        : options.format === "json"
          ? rollJson(shown)
          : rollTable(shown),
    );
  });
}

/** The subcommands' options: theirs, and --db and --data of `lodge members` itself. */
const globals = (self: Command) => self.optsWithGlobals();

export function membersCommand(ctx: Context): Command {
  const importCommand = new Command("import")
    .description("merge the roll from a CSV export (a Grand Lodge's or a spreadsheet's)")
    .argument("<file>", "the CSV file, as Excel or the Grand Lodge's system saves it")
    .option("--replace", "remove the members the file does not hold (their personal data erased)")
    .option("--dry-run", "say what would change, write nothing")
    .option("--json", "print what was added, changed and removed as JSON")
    .addHelpText(
      "after",
      "\nColumns (any case, the usual names): Member No, First Name, Last Name (or Name), E-mail, Phone,\nDegree (EA, FC, MM or spelled out), Status (Active, Life, Honorary, Plural, Suspended, Demitted,\nDeceased...), Dietary. Members are matched by number; every bad row is listed with its line, and\nthen nothing is written.\n\nExample:\n  lodge members import roll.csv --dry-run\n  lodge members import roll.csv",
    )
    .action(async (file: string, _raw, self: Command) => {
      const options = parseOptions(importOptions, globals(self));
      const choice = databaseChoice(ctx, options);
      if (options.dryRun && !storeExists(resolveDatabase(databaseOf(ctx, choice), ctx.cwd))) {
        // No database yet, so no roll: the plan adds every member, and nothing is made.
        const empty = {
          listMembers: async () => [],
          importRoll: async () => {},
          removeMember: async () => {},
        };
        await importRoll(ctx, empty, file, options);
        return;
      }
      await withStore(ctx, choice, (store) => importRoll(ctx, store, file, options), true);
    });
  const edit = new Command("edit")
    .description("change a member's address, phone, dietary needs, degree or status")
    .argument("<number>", "the member's number, as lodge members shows it");
  for (const [key, flag] of Object.entries(EDIT_FLAGS)) {
    edit.option(`${flag} <value>`, `the member's ${key === "dietary" ? "dietary needs" : key}`);
  }
  edit
    .option("--dry-run", "say what would change, and change nothing")
    .addHelpText(
      "after",
      "\nExample:\n  lodge members edit 10423 --email jose@example.org --dietary 'no shellfish'\n  lodge members edit 10424 --status deceased",
    )
    .action(async (number: string, _raw, self: Command) => {
      const options = parseOptions(editOptions, globals(self));
      const changes = Object.fromEntries(
        Object.keys(EDIT_FLAGS).flatMap((key) => {
          const value = (options as Record<string, unknown>)[key];
          return typeof value === "string" ? [[key, value]] : [];
        }),
      ) as MemberEdit;
      await withStore(ctx, databaseChoice(ctx, options), (store) =>
        editMember(ctx, store, number, changes, EDIT_FLAGS, options.dryRun),
      );
    });
  const remove = new Command("remove")
    .description("erase a member's personal data; his answers stay counted")
    .argument("<number>", "the member's number, as lodge members shows it")
    .option("--dry-run", "say what would be erased, and erase nothing")
    .addHelpText("after", "\nExample:\n  lodge members remove 10423")
    .action(async (number: string, _raw, self: Command) => {
      const options = parseOptions(removeOptions, globals(self));
      await withStore(ctx, databaseChoice(ctx, options), (store) =>
        removeMember(ctx, store, number, options.dryRun),
      );
    });
  const announcements = new Command("announcements")
    .description("turn a member's announcements by mail on (at his word) or off")
    .argument("<number>", "the member's number, as lodge members shows it")
    .argument("<on|off>", "on: he gets them again, and a bounce of his address is forgotten")
    .addHelpText("after", "\nExample:\n  lodge members announcements 10423 on")
    .action(async (number: string, choice: string, _raw, self: Command) => {
      const options = parseOptions(removeOptions.omit({ dryRun: true }), globals(self));
      await withStore(ctx, databaseChoice(ctx, options), (store) =>
        memberAnnouncements(ctx, store, number, choice),
      );
    });
  return new Command("members")
    .description(
      "the members' roll, kept in the server's database: list, import, edit, remove, answer",
    )
    .option("--db <file|url>", DB_HELP)
    .option(dataOption.flags, dataOption.description, dataOption.default)
    .option("--status <statuses>", "only these statuses, e.g. active,life (good: in good standing)")
    .option("--format <format>", "table, csv (opens in a spreadsheet) or json", "table")
    .option("--bounced", "only those whose address refused an announcement for good")
    .addHelpText(
      "after",
      "\nThe roll is personal data: it lives in the database only, never in the data folder or git.\n\nExample:\n  lodge members --status good\n  lodge members --format csv > roll.csv\n  lodge members --bounced",
    )
    .addCommand(importCommand)
    .addCommand(edit)
    .addCommand(remove)
    .addCommand(announcements)
    .addCommand(answerCommand(ctx, globals))
    .action((raw) => listMembers(ctx, raw));
}
