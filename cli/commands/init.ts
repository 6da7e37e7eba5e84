import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
import { scheduleText, USUAL_SCHEDULES } from "../../core/rules/lodge-text.ts";
import { wallTimeIn } from "../../core/rules/wall-time.ts";
import { type Context, parseOptions, shownPath } from "../context.ts";
import { UserError } from "../errors.ts";
import { DEFAULT_TIME_ZONE, initAnswers } from "../init/answers.ts";
import { writeStarter } from "../init/starter.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { generateSampleMedia } from "../sample-media.ts";

const text = z.string().trim().optional();
const optionsSchema = z.object({
  name: text,
  number: text,
  shortName: text,
  charterDate: text,
  timeZone: text,
  address: text,
  meetings: text,
  secretaryEmail: text,
});

async function init(ctx: Context, target: string, raw: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, raw);
  const dir = resolve(ctx.cwd, target);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new UserError(
      `${target} already holds files; give a new or empty folder. Nothing was written.`,
    );
  }
  const answers = await initAnswers(ctx, options);
  writeStarter(dir, answers);
  await generateSampleMedia(dir, false, true);

  const where = shownPath(ctx.cwd, dir);
  const { data, problems } = loadData(dir, ctx.cwd);
  if (!data) {
    for (const problem of sortProblems(problems)) ctx.out(formatProblem(problem));
    throw new UserError(
      `The new lodge in ${where} does not validate (listed above); this is a bug in lodge init.`,
    );
  }
  const arg = where.includes(" ") ? `"${where}"` : where;
  const year = wallTimeIn(ctx.now ?? new Date(), data.lodge.timeZone).year + 1;
  ctx.out(`Started ${answers.name} in ${where}, meeting ${scheduleText(answers.meetings)}.`);
  ctx.out("Before the site goes live, replace what the starter put in (lodge validate lists it):");
  for (const problem of problems) if (problem.placeholder) ctx.out(`  ${problem.placeholder}`);
  if (!answers.secretaryEmail)
    ctx.out(`and set secretaryEmail in ${where}/lodge.yaml before you serve.`);
  ctx.out("Next:");
  ctx.out(`  lodge add-meetings --year ${year} --data ${arg}   (a year of stated meetings)`);
  ctx.out(`  lodge build --data ${arg} --draft   (a draft to look at until then)`);
  ctx.out(`  lodge serve --data ${arg}`);
}

export function initCommand(ctx: Context): Command {
  return new Command("init")
    .description(
      "start a new lodge's data folder from the starter templates, asking for what the flags leave out, and validate it",
    )
    .argument("<dir>", "a new or empty folder, e.g. data")
    .option("--name <name>", "the lodge's full name, e.g. 'Hillcrest Lodge No. 586'")
    .option("--number <number>", "the lodge number (taken from the name when it says 'No. N')")
    .option("--short-name <name>", "the name used in running text, e.g. Hillcrest")
    .option("--charter-date <YYYY-MM-DD>", "when the lodge was chartered")
    .option("--time-zone <zone>", `the lodge's time zone (default: ${DEFAULT_TIME_ZONE})`)
    .option(
      "--address <place>",
      "where the lodge meets: 'Venue, street, city, ST ZIP' (left out, a placeholder the build refuses)",
    )
    .option(
      "--meetings <schedule>",
      `when the stated meetings are, e.g. '${USUAL_SCHEDULES[1]}' (default: ${USUAL_SCHEDULES[0]})`,
    )
    .option(
      "--secretary-email <address>",
      "where RSVPs and messages go (lodge serve needs it; left out, lodge.yaml gets an empty one to fill in)",
    )
    .addHelpText(
      "after",
      '\nOn a terminal it asks for what the flags leave out, and asks again when an answer is not valid.\n\nExample:\n  lodge init my-lodge --name "Hillcrest Lodge No. 586" --charter-date 1867-10-16 \\\n    --address "Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124" \\\n    --meetings "1st and 3rd Wednesday, 7:30PM, dark in July and August" \\\n    --secretary-email secretary@hillcrest586.org',
    )
    .action((dir: string, raw) => init(ctx, dir, raw));
}
