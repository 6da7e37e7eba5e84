import { z } from "zod";
import { serverPagesBase } from "../../core/api/page-paths.ts";
import { HONEYPOT_FIELD } from "../../core/api/routes.ts";
import { composeMail } from "../mail/compose.ts";
import type { MailContext } from "../mail/messages.ts";
import { lookView } from "../mail/summons.ts";
import { randomText, signToken, verifyToken } from "../security/tokens.ts";
import type { SubscribeOutcome } from "../store/announcements.ts";
import { FRIEND_CONFIRM_KIND } from "../store/bounces.ts";
import type { ComposedMail } from "../store/store.ts";
import type { UseCaseContext } from "./context.ts";
import { Refusal } from "./refusal.ts";

/**
 * A friend of the lodge subscribes on the site, and counts once he follows the link in the mail
 * that asks him to confirm (double opt-in). The answer is the same whether the address was new,
 * confirmed already, or mailed within the hour: the form tells a stranger nothing about who is on
 * the list, and cannot be used to pester an address with mail.
 */

const PURPOSE = "friend-confirm";

/** The confirmation link's token: the friend's key, signed. */
export function confirmToken(secret: string, key: string): string {
  return signToken(secret, PURPOSE, key);
}

/** The key a confirmation token names, or undefined when we did not sign it. */
export function readConfirmToken(secret: string, token: unknown): string | undefined {
  const key = verifyToken(secret, PURPOSE, token);
  return key !== undefined && /^[A-Za-z0-9_-]{8,64}$/.test(key) ? key : undefined;
}

const subscription = z.object({
  email: z.email({ error: "Enter your e-mail address, e.g. name@example.org." }).max(254),
  name: z
    .string()
    .max(100, { error: "Keep the name under 100 characters." })
    .refine((name) => !/[\r\n<>]/.test(name), {
      error: "The name may not hold < > or a line break.",
    })
    .default(""),
});

/** The form's fields read, or a Refusal saying which to correct; the spam trap first. */
export function readSubscription(raw: unknown): { email: string; name: string } {
  const body = (raw ?? {}) as Record<string, unknown>;
  const trap = body[HONEYPOT_FIELD];
  if (trap !== undefined && trap !== "") {
    throw new Refusal(
      "invalid",
      "Leave the field 'Website' empty: it is there to catch automated spam.",
    );
  }
  const parsed = subscription.safeParse({
    // Kept and mailed in lowercase: one address typed two ways is one friend.
    email: typeof body.email === "string" ? body.email.trim().toLowerCase() : body.email,
    name: typeof body.name === "string" ? body.name.trim() : undefined,
  });
  if (!parsed.success)
    throw new Refusal("invalid", parsed.error.issues[0]?.message ?? "Check the form.");
  return parsed.data;
}

/** The mail that asks a friend to confirm his address, with its link. */
export function friendConfirmMail(
  mail: MailContext,
  fields: { email: string; name: string },
  confirmUrl: string,
): Promise<ComposedMail> {
  const rendered = mail.templates(FRIEND_CONFIRM_KIND, {
    ...lookView(mail.lodge, "Confirm your address"),
    name: fields.name,
    email: fields.email,
    confirmUrl,
  });
  return composeMail({
    kind: FRIEND_CONFIRM_KIND,
    from: mail.from,
    to: fields.email,
    replyTo: mail.secretary,
    ...rendered,
  });
}

/** Keeps the address and queues the mail that asks to confirm it, unless it need not go. */
export async function subscribeFriend(
  ctx: UseCaseContext,
  fields: { email: string; name: string },
  origin: string,
): Promise<SubscribeOutcome> {
  const key = randomText(12);
  // The confirmation is a page of lodge serve's, which may answer elsewhere than the site.
  const base = serverPagesBase(ctx.data().lodge) || origin;
  const confirmUrl = `${base}/friends/confirm?t=${confirmToken(ctx.secret, key)}`;
  const composed = await friendConfirmMail(ctx.mail(), fields, confirmUrl);
  const outcome = await ctx.store.subscribeFriend({
    ...fields,
    key,
    mail: composed,
    now: ctx.now(),
  });
  if (outcome === "mailed") ctx.queued();
  return outcome;
}
