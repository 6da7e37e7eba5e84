import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { API_CONTRACT } from "../../core/api/contract.ts";
import type { ApiResponse, ApiRouteName } from "../../core/api/routes.ts";
import { isPlainForm } from "../forms/plain-forms.ts";
import { Refusal, validationError } from "../use-cases/refusal.ts";
import { refuseDeepBody } from "./body-depth.ts";

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
  /**
   * A POST's request made of the fields of a form sent without a script (see
   * core/api/plain-forms.ts); throws FormProblems for fields the visitor must correct. A route
   * without it takes JSON only.
   */
  fromForm?: (fields: Record<string, string>, request: FastifyRequest) => unknown;
  /** The refusal of what the request schema does not take; the first problem, by default. */
  invalid?: (error: z.ZodError) => Refusal;
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
      const raw =
        route.method === "GET"
          ? request.query
          : isPlainForm(request)
            ? fromForm(handlers, request)
            : request.body;
      if (route.method === "POST") refuseDeepBody(raw);
      const screened = handlers.screen?.(raw, request) as S;
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw (handlers.invalid ?? validationError)(parsed.error);
      return handlers.handle(parsed.data as ApiInput<K>, request, reply, screened);
    },
  });
}

/** The request a route makes of a plain form's fields, or the refusal of a route that takes none. */
function fromForm<K extends ApiRouteName, S>(handlers: ApiHandlers<K, S>, request: FastifyRequest) {
  if (!handlers.fromForm) {
    throw new Refusal(
      "unsupported",
      "Send the form as JSON, with the header Content-Type: application/json.",
    );
  }
  return handlers.fromForm(request.body as Record<string, string>, request);
}
