import type { z } from "zod";
import { FIELD_LABELS, problemSentence } from "../../core/rules/form-checks.ts";
import type { ErrorBody } from "../../core/schemas/api.ts";

/**
 * Why something asked of the lodge is refused, in words of its own: the API answers each with its
 * status (server/http/errors.ts), the secretary's commands print its sentence.
 */
export type RefusalReason =
  /** A field, or the request as a whole, is not what it must be. */
  | "invalid"
  /** The page's security token is missing or out of date. */
  | "forbidden"
  /** What it names (an event, a link's reservation) does not exist. */
  | "not-found"
  /** Not now: the event is closed or full, the reservation changed meanwhile. */
  | "conflict"
  /** No longer: the link expired, the offer or the hold ran out. */
  | "gone"
  /** Sent in a form the route does not take. */
  | "unsupported"
  /** An Idempotency-Key sent again with another submission. */
  | "key-reused"
  /** Too many from one address. */
  | "too-many"
  /** The lodge cannot take it at the moment; the same, sent again later, will do. */
  | "busy";

/** A refusal a person can act on: why, a sentence that says what to do, and the field to correct. */
export class Refusal extends Error {
  override name = "Refusal";
  readonly reason: RefusalReason;
  readonly field: string | undefined;
  /** The route that takes the same form instead (see errorBodySchema). */
  readonly instead: ErrorBody["instead"];

  constructor(
    reason: RefusalReason,
    message: string,
    field?: string,
    instead?: ErrorBody["instead"],
  ) {
    super(message);
    this.reason = reason;
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
 * The first problem of a failed parse, naming its field. Schema messages are written to follow
 * the field's name ('is required', 'must be ...'); others ('expected text, found 5') read after a
 * colon.
 */
export function validationError(
  error: z.ZodError,
  countLabels: Record<string, string> = {},
): Refusal {
  const issue = error.issues[0];
  if (!issue || issue.path.length === 0) {
    return new Refusal("invalid", "Send the form's fields as a JSON object.");
  }
  const problem = problemOf(issue, countLabels);
  return new Refusal("invalid", problem.message, problem.field);
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
export class FormProblems extends Refusal {
  readonly problems: readonly FieldProblem[];

  constructor(problems: readonly FieldProblem[]) {
    const count = problems.length === 1 ? "1 field needs" : `${problems.length} fields need`;
    super("invalid", `${count} correcting; nothing was sent.`, problems[0]?.field);
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
