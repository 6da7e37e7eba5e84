import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { API_CONTRACT } from "../../core/api/contract.ts";
import type { ApiResponse, ApiRouteName } from "../../core/api/routes.ts";
import { type HttpError, validationError } from "./errors.ts";

type Contract = typeof API_CONTRACT;
/** What a route's handler gets: its request schema's output. */
export type ApiInput<K extends ApiRouteName> = z.output<Contract[K]["request"]>;

export interface ApiHandlers<K extends ApiRouteName, S> {
  /**
   * Checks that come before the request schema, on what arrived as it is (the body of a POST,
   * the query of a GET): the news a sender needs first, such as a spam trap or an expired form.
   * What it returns is handed to `handle`.
   */
  screen?: (raw: unknown, request: FastifyRequest) => S;
  /** The refusal of what the request schema does not take; the first problem, by default. */
  invalid?: (error: z.ZodError) => HttpError;
  /** Answers the validated request with the route's response. */
  handle: (
    input: ApiInput<K>,
    request: FastifyRequest,
    reply: FastifyReply,
    screened: S,
  ) => Promise<ApiResponse<K>>;
}

/**
 * Registers a route of the contract: its method and path, its request schema checked before the
 * handler runs, and a handler typed by its schemas. The only way the API adds a route, so no
 * route is answered that the contract does not declare.
 */
export function apiRoute<K extends ApiRouteName, S = undefined>(
  app: FastifyInstance,
  name: K,
  handlers: ApiHandlers<K, S>,
): void {
  const route = API_CONTRACT[name];
  const schema: z.ZodType = route.request;
  app.route({
    method: route.method,
    url: route.path,
    handler: async (request, reply) => {
      const raw = route.method === "GET" ? request.query : request.body;
      const screened = handlers.screen?.(raw, request) as S;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw (handlers.invalid ?? validationError)(parsed.error);
      return handlers.handle(parsed.data as ApiInput<K>, request, reply, screened);
    },
  });
}
