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
  let made: { directives: Directives; apply: ReturnType<typeof helmet> } | undefined;
  const helmetFor = (current: Directives) => {
    if (made?.directives !== current) {
      made = {
        directives: current,
        apply: helmet({
          contentSecurityPolicy: { useDefaults: false, directives: current },
          // YouTube's player needs to know which site embeds it.
          referrerPolicy: { policy: "strict-origin-when-cross-origin" },
          strictTransportSecurity: false,
        }),
      };
    }
    return made.apply;
  };
  return (request, reply) => {
    helmetFor(directives())(request.raw, reply.raw, () => {});
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  };
}
