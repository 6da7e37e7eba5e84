import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyReply, FastifyRequest } from "fastify";
import helmet from "helmet";
import type { Directives } from "./csp.ts";

/**
 * Half a year: browsers keep to HTTPS for the site that long. Not for its subdomains: a lodge's
 * domain may well have other services that speak only HTTP.
 */
export const HSTS = "max-age=15552000";

/**
 * The security headers of every answer, the API's, the site's, and the refusals fastify makes
 * before any route runs (a malformed address): one function, so no answer goes out without
 * them. `directives` is asked at each answer: the policy follows the lodge's data. Strict-Transport-Security only over HTTPS (directly, or as a trusted proxy says): sent
 * over plain HTTP it means nothing, and on a site reached by its IP address it could lock
 * visitors out of a later plain-HTTP setup.
 */
export function securityHeaders(
  directives: () => Directives,
): (request: FastifyRequest, reply: FastifyReply) => void {
  let made: { directives: Directives; headers: Record<string, string> } | undefined;
  const headersFor = (current: Directives) => {
    if (made?.directives !== current)
      made = { directives: current, headers: helmetHeaders(current) };
    return made.headers;
  };
  return (request, reply) => {
    reply.headers(headersFor(directives()));
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  };
}

/**
 * The headers helmet sets for these directives, asked of it once: they are the same for every
 * answer, and helmet's ten middlewares setting them one by one on each response were about 3% of
 * the server's work per RSVP.
 */
function helmetHeaders(directives: Directives): Record<string, string> {
  const headers: Record<string, string> = {};
  const apply = helmet({
    contentSecurityPolicy: { useDefaults: false, directives },
    // YouTube's player needs to know which site embeds it.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: false,
  });
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    // X-Powered-By, which fastify never sets.
    removeHeader: () => {},
  };
  apply({} as IncomingMessage, recorder as unknown as ServerResponse, () => {});
  return headers;
}
