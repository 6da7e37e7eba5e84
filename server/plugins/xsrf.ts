import fastifyCookie from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { PLAIN_FIELDS } from "../../core/api/plain-form-fields.ts";
import { XSRF_COOKIE, XSRF_HEADER } from "../../core/api/routes.ts";
import { isPlainForm, plainFields } from "../forms/plain-forms.ts";
import { isXsrfToken, newXsrfToken, sameText } from "../security/tokens.ts";
import { Refusal } from "../use-cases/refusal.ts";

/**
 * The visitor's XSRF token: the good one its cookie holds, or a new one set as its cookie now,
 * Secure when the page came over HTTPS (directly, or through a proxy trusted to say so).
 */
export function xsrfTokens(
  secret: string,
): (request: FastifyRequest, reply: FastifyReply) => string {
  const known = new WeakMap<FastifyRequest, string>();
  return (request, reply) => {
    const had = known.get(request);
    if (had) return had;
    const cookie = request.cookies[XSRF_COOKIE];
    let token: string;
    if (typeof cookie === "string" && isXsrfToken(secret, cookie)) token = cookie;
    else {
      token = newXsrfToken(secret);
      reply.setCookie(XSRF_COOKIE, token, {
        path: "/",
        sameSite: "strict",
        secure: request.protocol === "https",
        httpOnly: false,
      });
    }
    known.set(request, token);
    return token;
  };
}

export interface XsrfOptions {
  secret: string;
  token: ReturnType<typeof xsrfTokens>;
}

/**
 * Every answer to a GET carries a signed XSRF token the page's script can read, and every POST
 * must echo it in a header, or a form without a script in its hidden field: a page on another
 * site cannot read the cookie. The cookie parser comes with it.
 */
export const xsrf = fp<XsrfOptions>(async (app, { secret, token }) => {
  await app.register(fastifyCookie);
  app.addHook("onRequest", async (request, reply) => {
    if (request.method === "GET" || request.method === "HEAD") token(request, reply);
  });
  const check = (request: FastifyRequest, echoed: unknown) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (
      typeof cookie !== "string" ||
      typeof echoed !== "string" ||
      !sameText(cookie, echoed) ||
      !isXsrfToken(secret, cookie)
    ) {
      throw new Refusal(
        "forbidden",
        "This page's security token is missing or out of date. Reload the page and send the form again.",
      );
    }
  };
  // A plain form's token is in its fields, checked once they are read.
  const headerCheck = async (request: FastifyRequest) => {
    if (!isPlainForm(request)) check(request, request.headers[XSRF_HEADER.toLowerCase()]);
  };
  const fieldCheck = async (request: FastifyRequest) => {
    if (isPlainForm(request)) check(request, plainFields(request)?.[PLAIN_FIELDS.xsrf]);
  };
  app.addHook("onRoute", (route) => {
    // A form whose signed token in its address is its whole authority (the unsubscribe link).
    if (route.config?.ownForm || ![route.method].flat().includes("POST")) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), headerCheck];
    route.preValidation = [...[route.preValidation ?? []].flat(), fieldCheck];
  });
});
