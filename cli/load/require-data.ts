import { resolve } from "node:path";
import type { LodgeData } from "../../core/schemas/index.ts";
import type { Context } from "../context.ts";
import { UserError } from "../errors.ts";
import { type Loaded, loadData } from "./load-data.ts";
import { formatProblem, sortProblems } from "./problems.ts";

/**
 * The lodge's data for a command that changes it: when the data has errors, they are printed and
 * the command stops before touching anything, saying what it left alone (`untouched`).
 */
export function requireData(
  ctx: Context,
  dir: string,
  untouched: string,
): LodgeData & { sources: Loaded["sources"] } {
  const { data, problems, sources } = loadData(resolve(ctx.cwd, dir), ctx.cwd);
  if (!data) {
    for (const problem of sortProblems(problems).filter((p) => p.severity === "error"))
      ctx.out(formatProblem(problem));
    throw new UserError(`${dir} has errors (listed above); fix them first. ${untouched}`);
  }
  return { ...data, sources };
}
