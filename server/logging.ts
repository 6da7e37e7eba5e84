import type { FastifyRequest } from "fastify";

const ADDRESS = /[^\s<>"'@]+@[^\s<>"'@]+/g;

/** Text for the log with any e-mail address in it (an SMTP refusal quotes one) blanked out. */
export function scrub(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

/**
 * What a log line may say about a request and its answer: method, path and status. Never the
 * body, the query string, cookies or headers, which carry names, addresses and messages.
 */
export const serializers = {
  req: (request: FastifyRequest) => ({
    method: request.method,
    url: request.url.split("?")[0],
  }),
  res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
  err: (error: Error & { code?: string; statusCode?: number }) => ({
    type: error.name,
    code: error.code,
    statusCode: error.statusCode,
    message: scrub(error.message),
    stack: scrub(error.stack ?? ""),
  }),
};
