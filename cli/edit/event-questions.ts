import { type Reading, readClock, readDay, whyNot } from "../../core/rules/time.ts";
import { costText } from "../../core/schemas/event.ts";
import type { Lodge } from "../../core/schemas/lodge.ts";
import { type Context, UsageError } from "../context.ts";
import type { NewEventOptions } from "./new-event.ts";

/** What is wrong with an answer one of time.ts's readers could not read; undefined when it could. */
const problemOf =
  (read: (text: string) => Reading<unknown>, expected: string) => (answer: string) => {
    const result = read(answer);
    return result.ok ? undefined : `${whyNot(result, expected)}, found "${answer}"`;
  };

const checkDate = problemOf(readDay, "expected a date such as 2027-03-17");
const checkTime = problemOf(readClock, "expected a time such as 19:30 or 7:30 PM");

/** What is wrong with a cost, in the schema's words; undefined when it is one. */
function checkCost(cost: string): string | undefined {
  const result = costText.safeParse(cost);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** At most this many tries at one question before the command gives up. */
const TRIES = 3;

/**
 * Questions whose answers are checked as they are given: a wrong one is explained and asked
 * again, so a typo costs one line, not the whole command.
 */
function askChecked(ask: NonNullable<Context["ask"]>, err: Context["err"]) {
  return async (
    question: string,
    fallback: string,
    check: (answer: string) => string | undefined = () => undefined,
  ): Promise<string> => {
    for (let tries = 1; ; tries++) {
      const answer = await ask(question, fallback);
      const problem = check(answer);
      if (problem === undefined) return answer;
      if (tries === TRIES) throw new UsageError(`${question}: ${problem}. Nothing was added.`);
      err(`  ${problem}; try again.`);
    }
  };
}

/**
 * The options with what the flags left out filled: asked at the terminal (`ask`), with defaults
 * from lodge.yaml, or, without a terminal, lodge.yaml's defaults (a date and a name are needed).
 */
export async function completeEvent(
  options: NewEventOptions,
  lodge: Lodge,
  { ask: terminal, err }: Pick<Context, "ask" | "err">,
): Promise<NewEventOptions> {
  const { address, meetings } = lodge;
  const defaults = {
    time: meetings.time,
    location: address.venue,
    address: `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
    addressLink: address.mapLink,
  };
  if (!terminal) {
    const missing = (["date", "name"] as const).filter((key) => !options[key]);
    if (missing.length > 0) {
      throw new UsageError(
        `give ${missing.map((m) => `--${m}`).join(" and ")} (there is no terminal to ask on)`,
      );
    }
    return {
      ...defaults,
      ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
    } as NewEventOptions;
  }
  const ask = askChecked(terminal, err);
  const filled = { ...options };
  filled.date ||= await ask("Date (YYYY-MM-DD)", "", (date) => checkDate(date));
  filled.time ||= await ask("Start time (HH:mm, 24-hour)", defaults.time, checkTime);
  filled.name ||= await ask("Name", "Stated Meeting", (name) =>
    name.trim() === "" ? "give the event a name" : undefined,
  );
  filled.description ??= await ask("Description", "");
  filled.location ??= await ask("Location", defaults.location);
  filled.address ??= await ask("Address", defaults.address);
  filled.addressLink ??=
    filled.address === defaults.address ? defaults.addressLink : await ask("Map link", "");
  filled.cost ??= await ask(
    "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; empty for no dinner)",
    "",
    checkCost,
  );
  if (filled.cost && filled.meal.length === 0) {
    const meals = await ask("Meal choices, separated by commas (empty for none)", "");
    filled.meal = meals
      .split(",")
      .map((m) => m.trim())
      .filter(Boolean);
  }
  return filled;
}
