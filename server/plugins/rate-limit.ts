import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { networkOf } from "../http/client.ts";
import { COSTS, costsOf, RateLimiter } from "../http/rate-limit.ts";

/**
 * The network a request comes from, worked out once per request: behind a trusted proxy, each
 * `request.ip` parses every address of X-Forwarded-For again.
 */
export function requestNetworks(): (request: FastifyRequest) => string {
  const networks = new WeakMap<FastifyRequest, string>();
  return (request) => {
    let network = networks.get(request);
    if (network === undefined) {
      network = networkOf(request.ip);
      networks.set(request, network);
    }
    return network;
  };
}

export interface RateLimitOptions {
  max: number;
  windowSeconds: number;
  now: () => Date;
  network: (request: FastifyRequest) => string;
}

/**
 * Every POST takes a token from its network's bucket first, and gets back what it did not cost
 * once it is answered: see COSTS.
 */
export const rateLimit = fp<RateLimitOptions>(async (app, options) => {
  const { network, now } = options;
  const limiter = new RateLimiter(options.max, options.windowSeconds * 1000);
  const reserved = new WeakMap<FastifyRequest, number>();
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST") return;
    const reserve = costsOf(request.url).reserve;
    limiter.take(network(request), now().getTime(), reserve);
    reserved.set(request, reserve);
  });
  app.addHook("onResponse", async (request, reply) => {
    const reserve = reserved.get(request);
    if (reserve === undefined) return;
    const cost = reply.statusCode >= 300 ? COSTS.other : costsOf(request.url).stored;
    limiter.settle(network(request), now().getTime(), reserve, cost);
  });
});
