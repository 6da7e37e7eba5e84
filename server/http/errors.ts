import type { z } from "zod";
import type { ErrorBody } from "../../core/schemas/api.ts";

/** A refusal a person can act on: its status, a sentence, and the field to correct if there is one. */
export class HttpError extends Error {
  override name = "HttpError";
  readonly statusCode: number;
  readonly field: string | undefined;

  constructor(statusCode: number, message: string, field?: string) {
    super(message);
    this.statusCode = statusCode;
    this.field = field;
  }

  get body(): ErrorBody {
    return this.field === undefined
      ? { message: this.message }
      : { message: this.message, field: this.field };
  }
}

export type { ErrorBody };

const LABELS: Record<string, string> = {
  firstName: "First name",
  lastName: "Last name",
  masonicTitle: "Masonic title",
  email: "E-mail address",
  phoneNumber: "Phone number",
  message: "Message",
  numberOfAttendees: "Number of attendees",
  numberOfMeals: "Number of meals",
  earlyBirdDinner: "Early bird dinner",
  mealChoice: "Meal choice",
  event: "Event",
  "event.id": "Event",
};

/** How a field is named to a person: 'First name', or 'Meals of Roast Beef' for a meal count. */
export function fieldLabel(field: string, countLabels: Record<string, string> = {}): string {
  return countLabels[field] ?? LABELS[field] ?? field;
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
  const field = issue.path.join(".");
  const label = fieldLabel(field, countLabels);
  const joined = /^(is|must|may) /.test(issue.message)
    ? `${label} ${issue.message}.`
    : `${label}: ${issue.message}.`;
  return new HttpError(400, joined, field);
}
