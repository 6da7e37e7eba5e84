import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { untrustedProxyHint } from "../http/proxy-hint.ts";

export interface SecurityHeadersOptions {
  secure: (request: FastifyRequest, reply: FastifyReply) => void;
  trustProxy: boolean | string;
}

/**
 * The security headers of every answer (see securityHeaders), and the hint to the operator of a
 * proxy in front that is not trusted to say who the visitor is.
 */
export const securityHeaders = fp<SecurityHeadersOptions>(async (app, { secure, trustProxy }) => {
  app.addHook("onRequest", async (request, reply) => secure(request, reply));
  const proxyHint = untrustedProxyHint(trustProxy, app.log);
  if (proxyHint) app.addHook("onRequest", async (request) => proxyHint(request));
});
