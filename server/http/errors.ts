import type { z } from "zod";
import { FIELD_LABELS, problemSentence } from "../../core/rules/form-checks.ts";
import type { ErrorBody } from "../../core/schemas/api.ts";

/** A refusal a person can act on: its status, a sentence, and the field to correct if there is one. */
export class HttpError extends Error {
  override name = "HttpError";
  readonly statusCode: number;
  readonly field: string | undefined;
  /** The route that takes the same form instead (see errorBodySchema). */
  readonly instead: ErrorBody["instead"];

  constructor(statusCode: number, message: string, field?: string, instead?: ErrorBody["instead"]) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
    this.instead = instead;
  }

  get body(): ErrorBody {
    return {
      message: this.message,
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.instead === undefined ? {} : { instead: this.instead }),
    };
  }
}

export type { ErrorBody };

/** How a field is named to a person: 'First name', or 'Meals of Roast Beef' for a meal count. */
export function fieldLabel(field: string, countLabels: Record<string, string> = {}): string {
  return countLabels[field] ?? FIELD_LABELS[field] ?? field;
}

/**
 * The first problem of a failed parse as a 400 naming its field. Schema messages are written to
 * follow the field's name ('is required', 'must be ...'); others ('expected text, found 5') read
 * after a colon.
 */
export function validationError(
  error: z.ZodError,
  countLabels: Record<string, string> = {},
): HttpError {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) {
    return new HttpError(400, "Send the form's fields as a JSON object.");
  }
  const problem = problemOf(issue, countLabels);
  return new HttpError(400, problem.message, problem.field);
}

/** A field and what is wrong with it, as a sentence that names it. */
export interface FieldProblem {
  field: string;
  message: string;
}

function problemOf(
  issue: z.ZodError["issues"][number],
  countLabels: Record<string, string>,
): FieldProblem {
  const field = issue.path.join(".");
  const label = fieldLabel(field, countLabels);
  return { field, message: problemSentence(label, issue.message) };
}

/**
 * The refusal of a form posted without a script: every field's problem at once (the page it is
 * answered with marks each), the first one's field as the body's `field`.
 */
export class FormProblems extends HttpError {
  readonly problems: readonly FieldProblem[];

  constructor(problems: readonly FieldProblem[]) {
    const count = problems.length === 1 ? "1 field needs" : `${problems.length} fields need`;
    super(400, `${count} correcting; nothing was sent.`, problems[0]?.field);
    this.problems = problems;
  }

  override get body(): ErrorBody & { problems: readonly FieldProblem[] } {
    return { ...super.body, problems: this.problems };
  }
}

/** Every problem of a failed parse of a form, one per field (the first of each). */
export function formProblems(error: z.ZodError, countLabels: Record<string, string> = {}) {
  const seen = new Map<string, FieldProblem>();
  for (const issue of error.issues) {
    const problem = problemOf(issue, countLabels);
    if (!seen.has(problem.field)) seen.set(problem.field, problem);
  }
  return new FormProblems([...seen.values()]);
}
