import { z } from "zod";
import {
  type Read,
  readAddress,
  readSchedule,
  USUAL_SCHEDULES,
} from "../../core/rules/lodge-text.ts";
import { type Lodge, lodgeSchema } from "../../core/schemas/lodge.ts";
import { type Context, UsageError } from "../context.ts";
import { askUntil, questions } from "../prompt.ts";

/** What `lodge init` writes into the starter: each checked by lodge.yaml's own rule for it. */
export interface Answers {
  name: string;
  number: number;
  shortName: string;
  charterDate: string;
  timeZone: string;
  /** Undefined when nobody gave it: lodge.yaml then holds the starter's, which the build refuses. */
  address: Lodge["address"] | undefined;
  /** The stated meetings' weeks, weekday, months without and time (the usual, unless told). */
  meetings: Pick<Lodge["meetings"], "weekday" | "weeks" | "skipMonths" | "time">;
  /** Empty when nobody gave it: lodge.yaml then holds an empty secretaryEmail to fill in. */
  secretaryEmail: string;
}

/** The flags of `lodge init`, as given (each may be left out). */
export type Given = Partial<Record<keyof Answers, string>>;

const FIELDS = lodgeSchema.shape;

export const DEFAULT_TIME_ZONE = "America/New_York";

/** A rule of lodge-text.ts, as a schema: the answer read, or what is wrong with it. */
const said = <T>(read: (text: string) => Read<T>, optional = false) =>
  z.string().transform((text, ctx): T | undefined => {
    if (optional && text.trim() === "") return undefined;
    const result = read(text);
    if (result.ok) return result.value;
    ctx.issues.push({ code: "custom", input: text, message: result.problem });
    return z.NEVER;
  });

/** The usual schedules offered by number; any other said in the same words. */
const schedule = said((text) => {
  const usual = USUAL_SCHEDULES[Number(text.trim()) - 1];
  return readSchedule(usual ?? text);
});

/** Each answer: its flag, its question, lodge.yaml's rule, and what to say when it is missing. */
const QUESTIONS: {
  [K in keyof Answers]: {
    flag: string;
    question: string;
    rule: z.ZodType<unknown>;
    missing?: string;
  };
} = {
  name: {
    flag: "--name",
    question: "Lodge name (e.g. Hillcrest Lodge No. 586)",
    rule: FIELDS.name,
    missing: "give the lodge's full name, e.g. 'Hillcrest Lodge No. 586'",
  },
  number: {
    flag: "--number",
    question: "Lodge number",
    rule: FIELDS.number,
    missing: "give the lodge number, e.g. 586",
  },
  shortName: {
    flag: "--short-name",
    question: "Short name",
    rule: FIELDS.shortName,
    missing: "give the name used in running text, e.g. Hillcrest",
  },
  charterDate: {
    flag: "--charter-date",
    question: "Charter date (YYYY-MM-DD)",
    rule: FIELDS.charterDate,
    missing: "give the charter date as YYYY-MM-DD",
  },
  timeZone: { flag: "--time-zone", question: "Time zone", rule: FIELDS.timeZone },
  address: {
    flag: "--address",
    question:
      "Meeting place, street, city, state and ZIP code, e.g. Lyndhurst Masonic Center, 5025 Linden Crest Road, Lyndhurst, OH 44124 (leave empty to give it later: the site is not built until then)",
    rule: said(readAddress, true),
  },
  meetings: {
    flag: "--meetings",
    question: `Stated meetings: ${USUAL_SCHEDULES.map((text, i) => `${i + 1}) ${text}`).join("; ")}; or your own in the same words`,
    rule: schedule,
  },
  secretaryEmail: {
    flag: "--secretary-email",
    question:
      "Secretary's e-mail address, where RSVPs and messages go (leave empty to set it later)",
    rule: FIELDS.secretaryEmail,
  },
};

/** The value lodge.yaml's rule makes of an answer, or what is wrong with it. */
function check<K extends keyof Answers>(
  key: K,
  answer: string,
): { value: Answers[K] } | { problem: string } {
  const result = QUESTIONS[key].rule.safeParse(answer);
  if (!result.success) return { problem: result.error.issues[0]?.message ?? "not valid" };
  return { value: (result.data ?? "") as Answers[K] };
}

/** The defaults offered for what is not given, from what is known so far. */
function fallback(key: keyof Answers, known: Partial<Answers>): string {
  const name = known.name ?? "";
  switch (key) {
    case "number":
      return /No\.\s*(\d+)/.exec(name)?.[1] ?? "";
    case "shortName":
      return name.replace(/\s*Lodge\b.*$/, "").trim();
    case "timeZone":
      return DEFAULT_TIME_ZONE;
    case "meetings":
      return "1";
    default:
      return "";
  }
}

/**
 * The answers of `lodge init`: the flags given, then, on a terminal, a question for each of the
 * others (the number is taken from a name that says 'No. N'), each asked again until its answer
 * keeps lodge.yaml's rule. Without a terminal, a flag left out takes its default, and the name
 * and the charter date must be given. A flag that breaks a rule is misuse: all are listed.
 */
export async function initAnswers(ctx: Context, given: Given): Promise<Answers> {
  const keys = Object.keys(QUESTIONS) as (keyof Answers)[];
  const known: Partial<Answers> = {};
  const wrong = new Map<keyof Answers, string>();
  for (const key of keys) {
    const text = given[key];
    if (text === undefined || text === "") continue;
    const checked = check(key, text);
    if ("problem" in checked) wrong.set(key, checked.problem);
    else Object.assign(known, { [key]: checked.value });
  }
  const refuse = () =>
    new UsageError(
      `${keys
        .flatMap((key) => (wrong.has(key) ? [`${QUESTIONS[key].flag}: ${wrong.get(key)}`] : []))
        .join("\n")}\nNothing was written.`,
    );
  if (wrong.size > 0 && ctx.ask) throw refuse();

  for (const key of keys) {
    if (known[key] !== undefined || wrong.has(key)) continue;
    const offered = fallback(key, known);
    const { question, missing } = QUESTIONS[key];
    // A name that says 'No. N' gives the number: no question for it.
    if (ctx.ask && !(key === "number" && offered !== "")) {
      Object.assign(known, { [key]: await askUntilKept(ctx, key, question, offered) });
      continue;
    }
    const checked = check(key, offered);
    if ("value" in checked && (offered !== "" || !missing)) {
      Object.assign(known, { [key]: checked.value });
    } else {
      wrong.set(key, missing ?? "give it");
    }
  }
  if (wrong.size > 0) throw refuse();
  return known as Answers;
}

/** Asks until the answer keeps lodge.yaml's rule, saying what is wrong with each that does not. */
async function askUntilKept<K extends keyof Answers>(
  ctx: Context,
  key: K,
  question: string,
  offered: string,
): Promise<Answers[K]> {
  const answer = await questions("Nothing was written.", () =>
    askUntil(ctx, question, offered, (text) => {
      const checked = check(key, text);
      return "problem" in checked ? checked.problem : undefined;
    }),
  );
  const checked = check(key, answer);
  if ("problem" in checked) throw new Error(`${key}: an answer kept, then refused`);
  return checked.value;
}
