import { lodgePlace } from "../../core/rules/events.ts";
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

/**
 * The meal choices of an answer, separated by commas; a choice in quotes keeps its commas:
 * `"Neeps & Tatties, with gravy", Salmon` is two choices.
 */
export function mealsOf(answer: string): string[] {
  const meals: string[] = [];
  const choice = /\s*(?:"([^"]*)"|“([^”]*)”|'([^']*)'|([^,]*))\s*(,|$)/gy;
  for (let match = choice.exec(answer); match; match = choice.exec(answer)) {
    const meal = (match[1] ?? match[2] ?? match[3] ?? match[4] ?? "").trim();
    if (meal) meals.push(meal);
    if (match[5] === "" || choice.lastIndex >= answer.length) break;
  }
  return meals;
}

function checkMeals(answer: string): string | undefined {
  const quotes = (answer.match(/"/g) ?? []).length;
  if (quotes % 2 === 1) return `a quote is left open: close it, e.g. "Neeps & Tatties, with gravy"`;
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

/** What lodge.yaml says an event has when nothing else is said: the lodge's time and place. */
function defaultsOf({ address, meetings }: Lodge) {
  return { time: meetings.time, ...lodgePlace(address) };
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
    filled.dinnerTime ??= await ask("Dinner time", dinnerTimeFor(filled.time, meetings), checkTime);
    if (filled.meal.length === 0) {
      const meals = await ask(
        `Meal choices, up to ${MAX_MEAL_CHOICES}, separated by commas; quote one with a comma in it (empty for none)`,
        "",
        checkMeals,
      );
      filled.meal = mealsOf(meals);
    }
  }
  return filled;
}

/**
 * When the dinner before an event starting at `start` is, by default: as long before it as the
 * stated meetings' dinner is before theirs (an hour: 18:30 for 19:30), so an event at 18:00 dines
 * at 17:00, not at 18:30 after it began. A start that cannot be read takes the meetings' dinner.
 */
export function dinnerTimeFor(
  start: string | undefined,
  meetings: Pick<Lodge["meetings"], "time" | "dinnerTime">,
): string {
  const minutes = (clock: string) => {
    const read = readClock(clock);
    return read.ok ? read.value.hour * 60 + read.value.minute : undefined;
  };
  const at = start === undefined ? undefined : minutes(start);
  const meeting = minutes(meetings.time);
  const dinner = minutes(meetings.dinnerTime);
  if (at === undefined || meeting === undefined || dinner === undefined) return meetings.dinnerTime;
  const before = meeting > dinner ? meeting - dinner : 60;
  const time = Math.max(0, at - before);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(Math.floor(time / 60))}:${two(time % 60)}`;
}
