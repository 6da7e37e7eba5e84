import { randomUUID } from "node:crypto";
import { createTransport } from "nodemailer";
import type { ComposedMail } from "../store/store.ts";

export interface MailInput {
  kind: string;
  from: string;
  to: string;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; content: string; contentType: string }[];
  /** The Message-ID given when the mail was queued (a MailOrder's); a new one otherwise. */
  messageId?: string | undefined;
  /** Headers of its own (an announcement's List-*), written as given: never folded nor encoded. */
  headers?: Record<string, string> | undefined;
}

/** A header value held a line break: someone tried to add headers of their own. */
export class HeaderInjectionError extends Error {
  override name = "HeaderInjectionError";
}

// Builds the MIME text without sending it, so the exact message can wait in the store.
const composer = createTransport({ streamTransport: true, buffer: true });

/**
 * The complete message, ready to be queued. Every value that becomes a header is checked for
 * line breaks first; nodemailer encodes headers too, but a refusal here means a bad value never
 * reaches any mail at all.
 */
export async function composeMail(input: MailInput): Promise<ComposedMail> {
  const headers: [string, string | undefined][] = [
    ["From", input.from],
    ["To", input.to],
    ["Reply-To", input.replyTo],
    ["Subject", input.subject],
    ...(input.attachments ?? []).map((a): [string, string] => ["attachment name", a.filename]),
    ...Object.entries(input.headers ?? {}),
  ];
  for (const [name, value] of headers) {
    if (value !== undefined && /[\r\n]/.test(value)) {
      throw new HeaderInjectionError(`the ${name} header may not contain a line break`);
    }
  }
  const info = await composer.sendMail({
    from: input.from,
    to: input.to,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    subject: input.subject,
    text: input.text,
    html: input.html,
    attachments: input.attachments ?? [],
    ...(input.messageId ? { messageId: input.messageId } : {}),
    headers: Object.fromEntries(
      Object.entries(input.headers ?? {}).map(([name, value]) => [name, { prepared: true, value }]),
    ),
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const envelope = info.envelope as { from: string | false; to: string[] };
  return {
    kind: input.kind,
    envelope: { from: envelope.from || "", to: envelope.to },
    messageId: info.messageId,
    raw: info.message as Buffer,
  };
}

/** The address of a From value such as '"Lodge" <secretary@example.org>'. */
export function addressOf(from: string): string {
  return (/<([^<>]*)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/**
 * A Message-ID for a mail composed later (a MailOrder), made when it is queued so that every
 * attempt sends the same one: mail programs show a message sent twice under one ID once.
 */
export function newMessageId(from: string): string {
  const domain = addressOf(from).split("@").pop() || "localhost";
  return `<${randomUUID()}@${domain}>`;
}
