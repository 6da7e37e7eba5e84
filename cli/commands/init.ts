import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { Command } from "commander";
import { z } from "zod";
import { type Context, parseOptions, UsageError } from "../context.ts";
import { emitModules } from "../emit/emit-modules.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { generateSampleMedia } from "../sample-media.ts";

const STARTER = fileURLToPath(new URL("../../templates/starter/", import.meta.url));

const optionsSchema = z.object({
  name: z.string().trim().optional(),
  number: z.string().trim().optional(),
  shortName: z.string().trim().optional(),
  charterDate: z.string().trim().optional(),
});

const answersSchema = z.object({
  name: z
    .string()
    .trim()
    .min(3, { error: "--name: give the lodge's full name, e.g. 'Hillcrest Lodge No. 586'" }),
  number: z.string().regex(/^\d{1,5}$/, { error: "--number: give the lodge number, e.g. 586" }),
  shortName: z
    .string()
    .trim()
    .min(1, { error: "--short-name: give the name used in running text, e.g. Hillcrest" }),
  charterDate: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "--charter-date: give the charter date as YYYY-MM-DD" }),
});

/**
 * Fills {{placeholders}}. In YAML (and Markdown front matter) every placeholder stands inside a
 * double-quoted string or is a number, so values are escaped as in JSON; Markdown text gets them
 * as they are.
 */
export function fill(text: string, values: Record<string, string>, markdown: boolean): string {
  const put = (part: string, quoted: boolean) =>
    part.replace(/\{\{(\w+)\}\}/g, (whole, key: string) => {
      const value = values[key];
      if (value === undefined) return whole;
      return quoted ? JSON.stringify(value).slice(1, -1) : value;
    });
  if (!markdown) return put(text, true);
  const end = text.indexOf("\n---", 3);
  return put(text.slice(0, end), true) + put(text.slice(end), false);
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

async function init(ctx: Context, target: string, raw: unknown): Promise<void> {
  const options = parseOptions(optionsSchema, raw);
  const dir = resolve(ctx.cwd, target);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new UserError(
      `${target} already holds files; give a new or empty folder. Nothing was written.`,
    );
  }
  const ask = ctx.ask;
  const name =
    options.name || (ask ? await ask("Lodge name (e.g. Hillcrest Lodge No. 586)", "") : "");
  const number =
    options.number || /No\.\s*(\d+)/.exec(name)?.[1] || (ask ? await ask("Lodge number", "") : "");
  const shortName =
    options.shortName ||
    (ask
      ? await ask("Short name", name.replace(/\s*Lodge\b.*$/, ""))
      : name.replace(/\s*Lodge\b.*$/, ""));
  const charterDate =
    options.charterDate || (ask ? await ask("Charter date (YYYY-MM-DD)", "") : "");
  const answers = answersSchema.safeParse({ name, number, shortName, charterDate });
  if (!answers.success)
    throw new UsageError(
      `${answers.error.issues.map((i) => i.message).join("\n")}\nNothing was written.`,
    );

  const values = { ...answers.data, charterYear: answers.data.charterDate.slice(0, 4) };
  cpSync(STARTER, dir, { recursive: true });
  for (const path of files(dir)) {
    writeFileSync(path, fill(readFileSync(path, "utf8"), values, path.endsWith(".md")));
  }
  await generateSampleMedia(dir, false);

  const where = relative(ctx.cwd, dir) || dir;
  const { data, problems } = loadData(dir, ctx.cwd);
  for (const problem of sortProblems(problems)) ctx.out(formatProblem(problem));
  if (!data)
    throw new UserError(
      `The new lodge in ${where} does not validate (listed above); this is a bug in lodge init.`,
    );
  emitModules(data, ctx.generatedDir, {});
  ctx.out(
    `Started ${answers.data.name} in ${where}. Next: edit ${where}/lodge.yaml (every CHANGE ME), then lodge add-meetings --year ${new Date().getFullYear() + 1} --data ${where} and lodge build --data ${where}.`,
  );
}

export function initCommand(ctx: Context): Command {
  return new Command("init")
    .description(
      "start a new lodge's data folder from the starter templates, then validate and build it",
    )
    .argument("<dir>", "a new or empty folder, e.g. data")
    .option("--name <name>", "the lodge's full name, e.g. 'Hillcrest Lodge No. 586'")
    .option("--number <number>", "the lodge number (taken from the name when it says 'No. N')")
    .option("--short-name <name>", "the name used in running text, e.g. Hillcrest")
    .option("--charter-date <YYYY-MM-DD>", "when the lodge was chartered")
    .addHelpText(
      "after",
      '\nExample:\n  lodge init my-lodge --name "Hillcrest Lodge No. 586" --charter-date 1867-10-16',
    )
    .action((dir: string, raw) => init(ctx, dir, raw));
}
