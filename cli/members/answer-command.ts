import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { answerText, type GivenAnswer } from "../../core/rules/answers.ts";
import { giveMemberAnswer, memberAnswerView } from "../../server/use-cases/member-answer.ts";
import { Refusal } from "../../server/use-cases/refusal.ts";
import { secretaryMail, serverSecret } from "../../server/use-cases/secretary.ts";
import { type Context, dataDir, parseOptions } from "../context.ts";
import { findEvent } from "../edit/find-event.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { databaseOf, dbOption, withStore } from "../secretary/output.ts";
import { memberOf } from "./roll-commands.ts";

const options = z.object({
  data: dataDir,
  db: dbOption,
  attending: z.boolean().default(false),
  dining: z.string().or(z.boolean()).optional(),
  apologies: z.boolean().default(false),
  dryRun: z.boolean().default(false),
});

/** The answer the flags give: exactly one of --attending, --dining [MEAL], --apologies. */
function givenOf(flags: z.infer<typeof options>): GivenAnswer {
  const chosen = [
    flags.attending && ({ answer: "attending" } as const),
    flags.dining !== undefined &&
      ({
        answer: "dining",
        ...(typeof flags.dining === "string" ? { meal: flags.dining } : {}),
      } as const),
    flags.apologies && ({ answer: "apologies" } as const),
  ].filter((given) => given !== false);
  const [given] = chosen;
  if (!given || chosen.length > 1) {
    throw new UserError(
      "Give the member's answer as one of --attending, --dining [MEAL] or --apologies. Nothing was recorded.",
    );
  }
  return given;
}

/**
 * `lodge members answer NUMBER EVENT --apologies`: the secretary records an answer a member gave
 * him otherwise (an apology by telephone, a brother at the door), as if given through his link:
 * the same use case, seats and waiting list, and his confirmation mailed; past the members'
 * deadlines too, until the meeting starts.
 */
async function recordAnswer(ctx: Context, number: string, words: string[], raw: unknown) {
  const flags = parseOptions(options, raw);
  const given = givenOf(flags);
  const { data } = loadData(resolve(ctx.cwd, flags.data), ctx.cwd);
  if (!data) throw new UserError(`${flags.data} does not load (run lodge validate).`);
  const event = data.events[findEvent(data.events, words)];
  if (!event) throw new UserError("No such event; lodge events lists them.");
  const { lodge } = data;
  const env = ctx.env ?? process.env;
  const choice = { db: flags.db, data: flags.data, lodge };
  const mail = secretaryMail(lodge, env, ctx.cwd);
  const secret = serverSecret(lodge, env, ctx.cwd, databaseOf(ctx, choice));
  if (!flags.dryRun && (!mail || !secret || !lodge.siteUrl)) {
    throw new UserError(
      "The member's confirmation goes from lodge serve's address with the link to his answer, which needs lodge.yaml's siteUrl and lodge serve's secret: run it where lodge serve runs (the same SECRETARY_EMAIL and XSRF_SECRET, or its var/ folder). Nothing was recorded.",
    );
  }
  const now = ctx.now ?? new Date();
  await withStore(ctx, choice, async (store) => {
    const member = memberOf(await store.listMembers(), number);
    const answers = {
      store,
      data: () => data,
      // Set unless a dry run, which reads the answer and writes nothing.
      mail: () => mail as NonNullable<typeof mail>,
      secret: secret ?? "",
      now: () => now,
      queued: () => {},
    };
    const name = `${member.firstName} ${member.lastName} (${member.number})`;
    const meeting = `${event.date} ${event.name} (${event.id})`;
    const before = (await memberAnswerView(answers, member, event)).answer;
    const was = before ? answerText(before) : "no answer";
    if (flags.dryRun) {
      ctx.out(`Would record ${answerText(given)} for ${name} to ${meeting}; he has ${was}.`);
      ctx.out("(dry run: nothing was recorded)");
      return;
    }
    try {
      const request = { member, event, given, siteBase: lodge.siteUrl, by: "secretary" as const };
      const { answer, changed } = await giveMemberAnswer(answers, request);
      const waits = answer.waiting ? ", waiting for a seat (every seat is taken)" : "";
      ctx.out(
        changed
          ? `Recorded ${answerText(answer)}${waits} for ${name} to ${meeting} (he had ${was}); his confirmation is queued: lodge serve sends it.`
          : `${name} has ${answerText(answer)}${waits} for ${meeting} already: nothing changed.`,
      );
    } catch (error) {
      if (error instanceof Refusal) throw new UserError(`${error.message} Nothing was recorded.`);
      throw error;
    }
  });
}

export function answerCommand(ctx: Context, globals: (self: Command) => unknown): Command {
  return new Command("answer")
    .description("record a member's answer given by telephone or in person, as his link would")
    .argument("<number>", "the member's number, as lodge members shows it")
    .argument("<event...>", "the meeting: its id, its date, or its date and part of its name")
    .option("--attending", "he attends")
    .option("--dining [meal]", "he attends and dines (the meal, when the dinner has choices)")
    .option("--apologies", "he sends his apologies: his seat is freed")
    .option("--dry-run", "say what would be recorded, and record nothing")
    .addHelpText(
      "after",
      "\nUntil the meeting starts, past the members' own deadlines; the member is mailed his answer.\n\nExamples:\n  lodge members answer 10423 2027-01-06 --apologies\n  lodge members answer 10424 2027-01-06-stated-meeting --dining 'Roast Beef'",
    )
    .action((number: string, words: string[], _raw, self: Command) =>
      recordAnswer(ctx, number, words, globals(self)),
    );
}
