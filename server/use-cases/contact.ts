import { createHash } from "node:crypto";
import { HONEYPOT_FIELD } from "../../core/api/routes.ts";
import { ALERTS } from "../../core/messages.ts";
import { type ContactPayload, contactFormSchema } from "../../core/schemas/index.ts";
import { idempotencyFor, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { contactMails } from "../mail/messages.ts";
import { formTokenIssuedAt } from "../security/tokens.ts";
import { type Answer, answered, type Caller, type UseCaseContext } from "./context.ts";
import { Refusal, validationError } from "./refusal.ts";

/** How long a form token stays good: a form left open overnight still sends. */
export const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The window of the limit on messages sent without a form token. */
const UNTOKENED_WINDOW_MS = 24 * 60 * 60 * 1000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/** The server's settings for messages: the form's minimum fill time, and the untokened limit. */
export interface ContactLimits {
  minFillSeconds: number;
  noTokenPerDay: number;
}

/** The form token's hash and expiry, or undefined without one; throws for a bad one. */
function checkFormToken(ctx: UseCaseContext, limits: ContactLimits, token: unknown, now: Date) {
  if (token === undefined || token === null || token === "") return undefined;
  const issuedAt = formTokenIssuedAt(ctx.secret, token);
  const age = issuedAt === undefined ? -1 : now.getTime() - issuedAt.getTime();
  if (issuedAt === undefined || age > FORM_TOKEN_TTL_MS || age < -60_000) {
    throw new Refusal(
      "invalid",
      "This form has expired or was not opened on this site. Reload the page and send it again.",
      "formToken",
    );
  }
  if (age < limits.minFillSeconds * 1000) {
    const seconds = Math.max(0, Math.floor(age / 1000));
    throw new Refusal(
      "invalid",
      `The form was sent ${seconds === 1 ? "1 second" : `${seconds} seconds`} after it was opened, too fast for a person. Please wait a few seconds and send it again.`,
      "formToken",
    );
  }
  return {
    hash: tokenHash(String(token)),
    expiresAt: new Date(issuedAt.getTime() + FORM_TOKEN_TTL_MS),
  };
}

/** A message as it arrived, screened: the moment it came, and its form token checked. */
export interface ScreenedMessage {
  now: Date;
  formToken: ReturnType<typeof checkFormToken>;
}

/**
 * The checks that come before a message's fields are read: the spam trap and the form's token
 * (no correction of a field would help either), and text unsafe in a mail's headers.
 */
export function screenMessage(
  ctx: UseCaseContext,
  limits: ContactLimits,
  raw: unknown,
): ScreenedMessage {
  const now = ctx.now();
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) {
    throw new Refusal("invalid", "Send the form's fields as a JSON object.");
  }
  const body = raw as Record<string, unknown>;
  const trap = body[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== "") {
    throw new Refusal(
      "invalid",
      "Leave the field 'Website' empty: it is there to catch automated spam.",
      HONEYPOT_FIELD,
    );
  }
  const formToken = checkFormToken(ctx, limits, body.formToken, now);
  refuseUnsafeText(body, ["firstName", "lastName", "email", "phoneNumber"]);
  return { now, formToken };
}

/**
 * Sends a message to the secretary (SPEC 7's POST /mj/api/contact-us): stored with its mails,
 * each form token once; without one, a few a day from one address.
 */
export async function sendContactMessage(
  ctx: UseCaseContext,
  limits: ContactLimits,
  payload: ContactPayload,
  caller: Caller,
  { now, formToken }: ScreenedMessage,
): Promise<Answer<{ message: string }>> {
  const form = contactFormSchema.safeParse(payload);
  if (!form.success) throw validationError(form.error);
  const hash = requestHash("contact", form.data);
  const outcome = await ctx.store.addContactMessage({
    record: form.data,
    receivedAt: now,
    idempotency: idempotencyFor("contact", hash, caller.idempotencyKey, now),
    clientKey: caller.clientKey,
    formToken,
    untokened: { max: limits.noTokenPerDay, windowMs: UNTOKENED_WINDOW_MS },
    mails: await contactMails(ctx.mail(), form.data, now),
    response: { status: 200, body: { message: ALERTS.contactSuccess.text } },
  });
  switch (outcome.kind) {
    case "token-spent":
      throw new Refusal(
        "conflict",
        "This form has already sent a message. Reload the page to send another one.",
        "formToken",
      );
    case "too-many":
      throw new Refusal(
        "too-many",
        `Only ${outcome.max} messages a day can be sent from one address without the site's contact form. Please use the form on the contact page, or try again tomorrow.`,
      );
    default:
      return answered(ctx, outcome);
  }
}
