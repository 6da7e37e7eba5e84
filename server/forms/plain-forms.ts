import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { PLAIN_FIELDS, PLAIN_FORM_TYPE } from "../../core/api/plain-form-fields.ts";
import { insteadPath, isFormPage } from "../../core/api/plain-forms.ts";
import { CONFIRM_BY_MAIL_HEADING } from "../../core/messages.ts";
import { isOwnForm } from "../routes/unsubscribe.ts";
import { type Directives, pagePolicy } from "../security/csp.ts";
import type { FieldProblem } from "../use-cases/refusal.ts";
import { answerPage, fillTokens, type PageTokens } from "./answer-page.ts";

/** Whether a request is a form posted by a browser without a script. */
export function isPlainForm(request: FastifyRequest): boolean {
  const type = request.headers["content-type"];
  return typeof type === "string" && type.toLowerCase().startsWith(PLAIN_FORM_TYPE);
}

/** The plain form's fields, once read; undefined before (or for any other request). */
export function plainFields(request: FastifyRequest): Record<string, string> | undefined {
  const body = request.body;
  return isPlainForm(request) && body !== null && typeof body === "object"
    ? (body as Record<string, string>)
    : undefined;
}

export interface PlainFormOptions {
  /** The built site, whose form pages the answers are made of; it may not exist. */
  distDir: string;
  directives: () => Directives;
  /** The visitor's XSRF token, set as its cookie first when it has none that is good. */
  xsrfToken: (request: FastifyRequest, reply: FastifyReply) => string;
  /** A fresh token for the contact form, issued now. */
  formToken: () => string;
  /** The built file of a page's address, relative to distDir, or undefined. */
  pageFile: (url: string) => string | undefined;
}

async function textOf(payload: unknown): Promise<string> {
  if (typeof payload === "string") return payload;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  const chunks: Buffer[] = [];
  for await (const chunk of payload as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const pathOf = (url: string) => url.split("?")[0] ?? "/";

/** An answer that holds this visitor's tokens: never kept by a cache, never revalidated. */
function personal(reply: FastifyReply): void {
  reply.header("cache-control", "no-store");
  reply.removeHeader("etag");
  reply.removeHeader("last-modified");
  reply.removeHeader("content-length");
}

/**
 * Forms without JavaScript (core/api/plain-forms.ts): reads a form's urlencoded fields (first
 * value of each name; within the body limit), fills the visitor's tokens into the form pages as
 * they are served, and answers a posted form with a page instead of the JSON the script reads.
 * Its hooks must come before compression's, which would otherwise have zipped what they read.
 */
export function plainForms(app: FastifyInstance, options: PlainFormOptions): void {
  app.addContentTypeParser(PLAIN_FORM_TYPE, { parseAs: "string" }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body))) {
      if (!(name in fields)) fields[name] = value;
    }
    done(null, fields);
  });

  // The cookie of the answer's token is set before the answer is on its way: cookies set while
  // it is being sent are not written.
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "POST" && isPlainForm(request)) options.xsrfToken(request, reply);
  });

  const tokens = (request: FastifyRequest, reply: FastifyReply): PageTokens => ({
    xsrf: options.xsrfToken(request, reply),
    formToken: options.formToken(),
  });

  const template = (path: string | undefined): string | undefined => {
    if (!path || !isFormPage(path)) return undefined;
    const file = options.pageFile(path);
    const full = file && join(options.distDir, file);
    return full && existsSync(full) ? readFileSync(full, "utf8") : undefined;
  };

  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method === "GET" && reply.statusCode === 200 && isFormPage(pathOf(request.url))) {
      if (!String(reply.getHeader("content-type")).startsWith("text/html")) return payload;
      personal(reply);
      return fillTokens(await textOf(payload), tokens(request, reply));
    }
    if (request.method !== "POST" || !isPlainForm(request) || isOwnForm(request)) return payload;
    let body: {
      message?: string;
      problems?: FieldProblem[];
      instead?: string;
      confirm?: boolean;
    } = {};
    try {
      body = JSON.parse(await textOf(payload));
    } catch {
      // Not the API's JSON: the answer's status says enough.
    }
    const fields = plainFields(request);
    const referer = request.headers.referer;
    const eventId = fields?.[PLAIN_FIELDS.event];
    // A refusal that names the route taking the same form (a full event's waiting list) is
    // answered with that route's page, filled in with what was sent: one press sends it there.
    const instead = body.instead && eventId ? insteadPath(body.instead, eventId) : undefined;
    const page =
      instead ??
      fields?.[PLAIN_FIELDS.page] ??
      (typeof referer === "string" ? URL.parse(referer)?.pathname : undefined);
    const html = answerPage(
      template(page),
      {
        status: reply.statusCode,
        message: body.message ?? "The form could not be sent. Please try again later.",
        problems: body.problems ?? [],
        ...(instead
          ? {
              heading: body.instead === "joinWaitlist" ? "Not enough seats" : "Seats are free",
              turned: true,
            }
          : {}),
        // An RSVP held for its visitor to confirm from the mail: the sentence says what to do.
        ...(body.confirm ? { heading: CONFIRM_BY_MAIL_HEADING } : {}),
      },
      fields,
      tokens(request, reply),
    );
    personal(reply);
    reply.header("content-type", "text/html; charset=utf-8");
    reply.header("content-security-policy", pagePolicy(options.directives(), html));
    return html;
  });
}
