import { existsSync, readdirSync } from "node:fs";
import { resolve } from "node:path";
import { Command } from "commander";
import { z } from "zod";
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
  await generateSampleMedia(dir, false);

  const where = shownPath(ctx.cwd, dir);
  const { data, problems } = loadData(dir, ctx.cwd);
  for (const problem of sortProblems(problems)) ctx.out(formatProblem(problem));
  if (!data)
    throw new UserError(
      `The new lodge in ${where} does not validate (listed above); this is a bug in lodge init.`,
    );
  const arg = where.includes(" ") ? `"${where}"` : where;
  ctx.out(`Started ${answers.name} in ${where}. Next:`);
  ctx.out(
    `  edit ${where}/lodge.yaml: the address, the meeting schedule and the links (CHANGE ME)`,
  );
  if (!answers.secretaryEmail) {
    ctx.out(`  set secretaryEmail in ${where}/lodge.yaml before you serve`);
  }
  ctx.out(
    `  lodge add-meetings --year ${new Date().getFullYear() + 1} --data ${arg}   (a year of stated meetings)`,
  );
  ctx.out(`  lodge build --data ${arg}, then lodge serve --data ${arg}`);
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
      "--secretary-email <address>",
      "where RSVPs and messages go (lodge serve needs it; left out, lodge.yaml gets an empty one to fill in)",
    )
    .addHelpText(
      "after",
      '\nExample:\n  lodge init my-lodge --name "Hillcrest Lodge No. 586" --charter-date 1867-10-16 --secretary-email secretary@hillcrest586.org\n\nOn a terminal it asks for what the flags leave out, and asks again when an answer is not valid.',
    )
    .action((dir: string, raw) => init(ctx, dir, raw));
}
