import { Command, CommanderError } from "commander";
import { addEventCommand } from "./commands/add-event.ts";
import { addMeetingsCommand } from "./commands/add-meetings.ts";
import { announceCommand } from "./commands/announce.ts";
import { attendanceCommand } from "./commands/attendance.ts";
import { buildCommand } from "./commands/build.ts";
import { devCommand } from "./commands/dev.ts";
import { doorCommand } from "./commands/door.ts";
import { editEventCommand } from "./commands/edit-event.ts";
import { eventsCommand } from "./commands/events.ts";
import { friendsCommand } from "./commands/friends.ts";
import { imagesCommand } from "./commands/images.ts";
import { importCommand } from "./commands/import.ts";
import { initCommand } from "./commands/init.ts";
import { mailCommand } from "./commands/mail.ts";
import { membersCommand } from "./commands/members.ts";
import { messagesCommand } from "./commands/messages.ts";
import { migrateStoreCommand } from "./commands/migrate-store.ts";
import { publishCommand } from "./commands/publish.ts";
import { rsvpsCommand } from "./commands/rsvps.ts";
import { serveCommand } from "./commands/serve.ts";
import { summonsCommand } from "./commands/summons.ts";
import { validateCommand } from "./commands/validate.ts";
import type { Context } from "./context.ts";
import { UsageError } from "./context.ts";
import { handleError } from "./errors.ts";
import { addGuides } from "./guides.ts";

/** Subcommands added with addCommand do not inherit output and exit handling: pass them down. */
function inherit(command: Command, parent: Command): Command {
  command
    .exitOverride()
    .configureOutput(parent.configureOutput())
    .showHelpAfterError("(run with --help for usage)");
  for (const sub of command.commands) inherit(sub, command);
  return command;
}

export function createProgram(ctx: Context): Command {
  const program = new Command("lodge")
    .description("Build and run the website of a Masonic lodge from the files in its data folder.")
    .version("0.1.0")
    .showHelpAfterError("(run with --help for usage)")
    .addHelpText(
      "after",
      `
Every command takes --help, which ends with examples and the guide that teaches it; --data DIR
names another lodge's folder. Exit codes: 0 success, 1 bad data or a failed check, 2 a misused
command (an unknown flag, a bad value).

Examples:
  lodge validate                        check the data in data/ and list every problem
  lodge add-event                       add an event, answering questions
  lodge events --upcoming               the events to come, with their ids
  lodge build && lodge serve            build the site and serve it with RSVPs on :8080
  lodge rsvps --format csv > rsvps.csv  the RSVPs received, for a spreadsheet

Guides: docs/webmaster.md, docs/secretary.md, docs/operator.md; every command: docs/commands.md`,
    )
    .configureOutput({
      writeOut: (text) => ctx.out(text.trimEnd()),
      writeErr: (text) => ctx.err(text.trimEnd()),
    })
    .exitOverride();
  for (const command of [
    validateCommand(ctx),
    buildCommand(ctx),
    addEventCommand(ctx),
    addMeetingsCommand(ctx),
    editEventCommand(ctx),
    eventsCommand(ctx),
    imagesCommand(ctx),
    importCommand(ctx),
    initCommand(ctx),
    serveCommand(ctx),
    devCommand(ctx),
    publishCommand(ctx),
    rsvpsCommand(ctx),
    membersCommand(ctx),
    summonsCommand(ctx),
    doorCommand(ctx),
    attendanceCommand(ctx),
    announceCommand(ctx),
    friendsCommand(ctx),
    messagesCommand(ctx),
    mailCommand(ctx),
    migrateStoreCommand(ctx),
  ]) {
    program.addCommand(inherit(command, program));
  }
  addGuides(program);
  return program;
}

/** Runs the CLI in-process and returns the exit code: 0 success, 1 bad input or failed check, 2 misuse. */
export async function runCli(argv: readonly string[], ctx: Context): Promise<number> {
  try {
    await createProgram(ctx).parseAsync([...argv], { from: "user" });
    return ctx.exitCode;
  } catch (error) {
    // Help and version are successes; anything else commander refuses is misuse.
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    const code = handleError(error, ctx);
    return error instanceof UsageError ? 2 : code;
  }
}
