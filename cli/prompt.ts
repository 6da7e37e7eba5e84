import type { Context } from "./context.ts";
import { Abandoned, UserError } from "./errors.ts";

type Asking = Pick<Context, "ask" | "err">;

/**
 * Asks `question` until its answer passes `check` (which says what is wrong, or undefined), saying
 * what is wrong with each answer that does not: a typo costs one line, never the whole command.
 */
export async function askUntil(
  { ask, err }: Asking,
  question: string,
  fallback: string,
  check: (answer: string) => string | undefined = () => undefined,
): Promise<string> {
  if (!ask) throw new Error(`"${question}" asked without a terminal`);
  for (;;) {
    const answer = await ask(question, fallback);
    const problem = check(answer);
    if (problem === undefined) return answer;
    err(`  ${problem}; try again.`);
  }
}

const YES = /^(y|yes)$/i;
const NO = /^(n|no)$/i;

/** A yes-or-no question; Enter takes `fallback`. */
export async function askYesNo(ctx: Asking, question: string, fallback: boolean): Promise<boolean> {
  const answer = await askUntil(ctx, `${question} (y/n)`, fallback ? "y" : "n", (text) =>
    YES.test(text.trim()) || NO.test(text.trim()) ? undefined : `answer y or n, found "${text}"`,
  );
  return YES.test(answer.trim());
}

/**
 * Runs the questions of a command; when the person stops answering (Ctrl-C, the end of the
 * input), the command ends there with `nothing` said ("Nothing was added.").
 */
export async function questions<T>(nothing: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof Abandoned ? error.saying(nothing) : error;
  }
}

/**
 * Goes on past a doubt (`why`: "2020/01/01 19:30 is in the past") only when the person at the
 * terminal says yes to `question`; without a terminal, refuses and names --force.
 */
export async function confirmOrForce(
  ctx: Asking,
  why: string,
  { question, anyway, nothing }: { question: string; anyway: string; nothing: string },
): Promise<void> {
  if (!ctx.ask) throw new UserError(`${why}; add --force to ${anyway} anyway. ${nothing}`);
  ctx.err(`${why}.`);
  if (!(await questions(nothing, () => askYesNo(ctx, question, false)))) {
    throw new UserError(nothing);
  }
}
