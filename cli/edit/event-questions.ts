import { type Reading, readClock, readDay, whyNot } from "../../core/rules/time.ts";
import { costText, costToText, MAX_MEAL_CHOICES } from "../../core/schemas/event.ts";
import type { Lodge } from "../../core/schemas/lodge.ts";
import { type Context, UsageError } from "../context.ts";
import { askUntil, askYesNo } from "../prompt.ts";
import type { NewEventOptions } from "./new-event.ts";

/** What is wrong with an answer one of time.ts's readers could not read; undefined when it could. */
const problemOf =
  (read: (text: string) => Reading<unknown>, expected: string) => (answer: string) => {
    const result = read(answer);
    return result.ok ? undefined : `${whyNot(result, expected)}, found "${answer}"`;
  };

const checkDate = problemOf(readDay, "expected a date such as 2027-03-17");
const checkTime = problemOf(readClock, "expected a time such as 19:30 or 7:30 PM");

/** An answer that says there is no dinner. */
const NO_DINNER = /^(none|no|-)$/i;

/** What is wrong with a cost, in the schema's words; undefined when it is one. */
function checkCost(cost: string): string | undefined {
  if (NO_DINNER.test(cost.trim())) return undefined;
  const result = costText.safeParse(cost);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function checkDays(days: string): string | undefined {
  return /^\d{1,2}$/.test(days.trim())
    ? undefined
    : `expected a whole number of days, found "${days}"`;
}

const mealsOf = (answer: string) =>
  answer
    .split(",")
    .map((meal) => meal.trim())
    .filter(Boolean);

function checkMeals(answer: string): string | undefined {
  const count = mealsOf(answer).length;
  return count > MAX_MEAL_CHOICES
    ? `the RSVP form offers at most ${MAX_MEAL_CHOICES} meal choices, found ${count}`
    : undefined;
}

/**
 * A meeting of the lodge (Stated, Special or Annual Meeting) is tyled, as add-meetings writes the
 * stated meetings; any other event is open to all unless told.
 */
export const tyledByDefault = (name: string) => /\bmeeting\b/i.test(name);

/** What lodge.yaml says an event has when nothing else is said. */
function defaultsOf({ address, meetings }: Lodge) {
  return {
    time: meetings.time,
    location: address.venue,
    address: `${address.street}, ${address.city}, ${address.state} ${address.zip}`,
    addressLink: address.mapLink,
  };
}

/**
 * The options with what the flags left out filled: asked at the terminal (`ask`) with defaults
 * from lodge.yaml, each answer asked again until it can be used; without a terminal, lodge.yaml's
 * defaults (a date and a name are needed).
 */
export async function completeEvent(
  options: NewEventOptions,
  lodge: Lodge,
  ctx: Pick<Context, "ask" | "err">,
): Promise<NewEventOptions> {
  const defaults = defaultsOf(lodge);
  if (!ctx.ask) {
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
  const ask = (question: string, fallback: string, check?: (a: string) => string | undefined) =>
    askUntil(ctx, question, fallback, check);
  const { meetings } = lodge;
  const filled = { ...options };
  filled.date ||= await ask("Date (YYYY-MM-DD)", "", checkDate);
  filled.time ||= await ask("Start time (HH:mm, 24-hour)", defaults.time, checkTime);
  filled.name ||= await ask("Name", "Stated Meeting", (name) =>
    name.trim() === "" ? "give the event a name" : undefined,
  );
  filled.description ??= await ask("Description", "");
  filled.location ??= await ask("Location", defaults.location);
  filled.address ??= await ask("Address", defaults.address);
  filled.addressLink ??=
    filled.address === defaults.address ? defaults.addressLink : await ask("Map link", "");
  filled.tyled ??= await askYesNo(ctx, "Masons only (tyled)?", tyledByDefault(filled.name));
  filled.rsvp ??= await askYesNo(ctx, "Take RSVPs?", true);
  if (filled.rsvp && filled.rsvpDays === undefined) {
    filled.rsvpDays = await ask(
      "RSVPs close how many days before?",
      String(meetings.rsvpExpirationDays),
      checkDays,
    );
  }
  if (filled.cost === undefined) {
    const cost = await ask(
      "Dinner cost (e.g. 12, '15 - 20', 'No Charge'; 'none' for no dinner)",
      costToText(meetings.dinnerCost) || "none",
      checkCost,
    );
    filled.cost = NO_DINNER.test(cost.trim()) ? "" : cost;
  }
  if (filled.cost) {
    filled.dinnerTime ??= await ask("Dinner time", meetings.dinnerTime, checkTime);
    if (filled.meal.length === 0) {
      const meals = await ask(
        `Meal choices, up to ${MAX_MEAL_CHOICES}, separated by commas (empty for none)`,
        "",
        checkMeals,
      );
      filled.meal = mealsOf(meals);
    }
  }
  return filled;
}
