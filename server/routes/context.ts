import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ApiResponse } from "../../core/api/routes.ts";
import type { AppConfig } from "../config.ts";
import { type ApiInput, apiRoute } from "../http/api-route.ts";
import { idempotencyKeyOf } from "../http/idempotency.ts";
import { refuseUnsafeText } from "../http/text.ts";
import type { Answer, Caller, UseCaseContext } from "../use-cases/context.ts";
import { noteSheetRow } from "../use-cases/counts.ts";

/**
 * What every route reads: the app, the server's settings, the use cases' context, and the key
 * per-address limits count a request's network by. A route parses, calls a use case, answers.
 */
export interface RouteContext {
  app: FastifyInstance;
  config: AppConfig;
  useCases: UseCaseContext;
  /** The keyed hash of the request's network address that per-address limits count by. */
  clientKey: (request: FastifyRequest) => string;
}

/** The address a request came to: the links' base for a lodge without a siteUrl. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** Who sent a submission, as the use cases that store one need it. */
export function callerOf(ctx: RouteContext, request: FastifyRequest): Caller {
  return {
    origin: originOf(request),
    clientKey: ctx.clientKey(request),
    idempotencyKey: idempotencyKeyOf(request),
  };
}

/** Answers with a use case's answer: its status, and its body. */
export function send<T>(reply: FastifyReply, answer: Answer<T>): T {
  reply.code(answer.status);
  return answer.body;
}

/**
 * A spreadsheet write of SPEC 7 (see noteSheetRow), found by the hash `hashOf` reads from the
 * payload. Its text is screened as the RSVP's was (`textFields`, those that go into mail headers).
 */
export function sheetRowRoute<K extends "eventSheetRow" | "socialSheetRow">(
  ctx: RouteContext,
  name: K,
  table: "event" | "social",
  textFields: readonly string[] | undefined,
  hashOf: (payload: ApiInput<K>) => string,
): void {
  apiRoute(ctx.app, name, {
    screen: (raw) => refuseUnsafeText(raw, textFields),
    handle: async (payload) =>
      (await noteSheetRow(ctx.useCases, table, hashOf(payload))) as ApiResponse<K>,
  });
}
