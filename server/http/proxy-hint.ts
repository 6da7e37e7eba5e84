import type { FastifyRequest } from "fastify";

/** What the hint tells the log with. */
export interface HintLog {
  warn(object: object, message: string): void;
}

/**
 * Says once, at the first request that carries X-Forwarded-For which the server does not believe,
 * what to set. Behind a reverse proxy that TRUST_PROXY does not name, every visitor counts as the
 * proxy's one address: the seats one address may hold without confirming by mail, and the
 * requests it may send, are the whole site's. A request that merely claims the header (nothing
 * in front) tells the same, and is told apart by whoever runs the server. No address is logged:
 * the proxy's could be a visitor's, and the header's are.
 */
export function untrustedProxyHint(
  trustProxy: boolean | string,
  log: HintLog,
): ((request: FastifyRequest) => void) | undefined {
  // Believing every sender, the server uses the header whenever it comes.
  if (trustProxy === true) return undefined;
  let told = false;
  // Each connection is looked at once: working out request.ip parses the header's every address,
  // and a proxy sends every request of a connection alike.
  const seen = new WeakSet<object>();
  return (request) => {
    if (told || request.headers["x-forwarded-for"] === undefined) return;
    const { socket } = request;
    if (seen.has(socket)) return;
    seen.add(socket);
    // The address the server counts is the connection's own: the header was not believed.
    if (request.ip !== socket.remoteAddress) return;
    told = true;
    log.warn(
      { setting: "TRUST_PROXY" },
      trustProxy === false
        ? "Requests arrive with an X-Forwarded-For header, but TRUST_PROXY is not set: every visitor counts as the address in front of lodge serve, so the seats and requests one address may have are the whole site's. Behind a reverse proxy, set TRUST_PROXY to its address (e.g. TRUST_PROXY=127.0.0.1) and restart; with nothing in front, leave it unset."
        : "Requests arrive with an X-Forwarded-For header from an address TRUST_PROXY does not name: each such visitor counts as that address, so the seats and requests one address may have are shared by all who come through it. Add the proxy's address to TRUST_PROXY and restart.",
    );
  };
}
