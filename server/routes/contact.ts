import { createHash } from "node:crypto";
import { HONEYPOT_FIELD } from "../../core/api/routes.ts";
import { ALERTS } from "../../core/messages.ts";
import { contactFormSchema } from "../../core/schemas/index.ts";
import { contactFromForm } from "../forms/form-requests.ts";
import { apiRoute } from "../http/api-route.ts";
import { idempotencyFor, idempotencyKeyOf, requestHash } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import { contactMails } from "../mail/messages.ts";
import { formTokenIssuedAt, newFormToken } from "../security/tokens.ts";
import { Refusal, validationError } from "../use-cases/refusal.ts";
import { answer, type RouteContext } from "./context.ts";

/** How long a form token stays good: a form left open overnight still sends. */
const FORM_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** The window of the limit on messages sent without a form token. */
const UNTOKENED_WINDOW_MS = 24 * 60 * 60 * 1000;

const tokenHash = (token: string) => createHash("sha256").update(token).digest("base64url");

/**
 * GET /mj/api/form-token and POST /mj/api/contact-us (SPEC 7). Our contact form fetches a signed
 * token when it opens and sends it back as `formToken`: a message sent sooner than the minimum
 * fill time after that is a robot's, and each token sends one message. A client that follows
 * SPEC 7 to the letter sends no token; its messages are accepted too, a few a day from one
 * address.
 */
export function contactRoutes(ctx: RouteContext): void {
  const secret = ctx.config.xsrfSecret;
  const minFillMs = ctx.config.contactMinFillSeconds * 1000;
  const untokened = { max: ctx.config.contactNoTokenPerDay, windowMs: UNTOKENED_WINDOW_MS };

  apiRoute(ctx.app, "formToken", {
    handle: async (_query, _request, reply) => {
      reply.header("cache-control", "no-store");
      return {
        token: newFormToken(secret, ctx.now()),
        minFillSeconds: ctx.config.contactMinFillSeconds,
      };
    },
  });

  /** The form token's hash and expiry, or undefined without one; throws for a bad one. */
  const checkToken = (token: unknown, now: Date) => {
    if (token === undefined || token === null || token === "") return undefined;
    const issuedAt = formTokenIssuedAt(secret, token);
    const age = issuedAt === undefined ? -1 : now.getTime() - issuedAt.getTime();
    if (issuedAt === undefined || age > FORM_TOKEN_TTL_MS || age < -60_000) {
      throw new Refusal(
        "invalid",
        "This form has expired or was not opened on this site. Reload the page and send it again.",
        "formToken",
      );
    }
    if (age < minFillMs) {
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
  };

  apiRoute(ctx.app, "contact", {
    fromForm: contactFromForm,
    // The spam trap and the form's token first: no correction of a field would help either.
    screen: (raw) => {
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
      const formToken = checkToken(body.formToken, now);
      refuseUnsafeText(body, ["firstName", "lastName", "email", "phoneNumber"]);
      return { now, formToken };
    },
    handle: async (payload, request, reply, { now, formToken }) => {
      const form = contactFormSchema.safeParse(payload);
      if (!form.success) throw validationError(form.error);
      const hash = requestHash("contact", form.data);
      const outcome = await ctx.store.addContactMessage({
        record: form.data,
        receivedAt: now,
        idempotency: idempotencyFor("contact", hash, idempotencyKeyOf(request), now),
        clientKey: ctx.clientKey(request),
        formToken,
        untokened,
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
          return answer(reply, outcome, ctx.worker);
      }
    },
  });
}
