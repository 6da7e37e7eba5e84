import type { FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ALERTS } from "../../core/messages.ts";
import { statusOf } from "../http/errors.ts";
import { clientMessage } from "../http/framework-errors.ts";
import { TooManyRequests } from "../http/rate-limit.ts";
import { scrub } from "../logging.ts";
import { StoreUnavailableError } from "../store/store.ts";
import { Refusal } from "../use-cases/refusal.ts";

/** Until a stored submission is possible again, a client may try again in a minute. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 60;

/**
 * Every error as an answer: a use case's refusal with its status, a store that cannot write as a
 * 503 to try again, fastify's own 4xx in words, anything else a logged 500 that says nothing.
 * And every answer's line in the log: method, path, status and time, nothing about who sent it
 * or what it held.
 */
export const answers = fp<{ bodyLimit: number }>(async (app, { bodyLimit }) => {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime) },
      "request answered",
    );
  });
  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof TooManyRequests) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (error instanceof Refusal) return reply.code(statusOf(error)).send(error.body);
    if (error instanceof StoreUnavailableError) {
      request.log.error(
        { reason: scrub(error.message) },
        "nothing can be stored: the submission was refused",
      );
      return reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_UNAVAILABLE_SECONDS))
        .send({ message: ALERTS.sendFailure.text });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: clientMessage(error as { message: string }, bodyLimit) });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: ALERTS.sendFailure.text });
  });
});
