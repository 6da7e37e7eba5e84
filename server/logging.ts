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

/** Fields every pino line has, which a person reading a terminal does not need. */
const PLUMBING = new Set(["level", "time", "pid", "hostname", "msg", "reqId", "req", "res", "ms"]);

function value(field: unknown): string {
  if (field !== null && typeof field === "object") {
    const { message } = field as { message?: unknown };
    return typeof message === "string" ? message : JSON.stringify(field);
  }
  return String(field);
}

/**
 * One of the server's JSON log lines as a person reads it on a terminal: a request as
 * 'GET /upcoming-events 200 3 ms', anything else as its message and its fields. Lines that are
 * not JSON pass as they are.
 */
export function textLine(json: string): string {
  let line: Record<string, unknown>;
  try {
    line = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json.trimEnd();
  }
  const req = line.req as { method?: string; url?: string } | undefined;
  const res = line.res as { statusCode?: number } | undefined;
  if (req && res && typeof line.ms === "number") {
    return `${req.method} ${req.url} ${res.statusCode} ${line.ms} ms`;
  }
  const fields = Object.entries(line)
    .filter(([key]) => !PLUMBING.has(key))
    .map(([key, field]) => `${key}=${value(field)}`);
  return fields.length > 0 ? `${line.msg} (${fields.join(", ")})` : String(line.msg);
}
