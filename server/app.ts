import { existsSync } from "node:fs";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import fastifyHelmet from "@fastify/helmet";
import fastifyRateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from "fastify";
import { ALERTS } from "../core/messages.ts";
import type { LodgeData } from "../core/schemas/index.ts";
import type { AppConfig } from "./config.ts";
import { HttpError } from "./http/errors.ts";
import { serializers } from "./logging.ts";
import { loadTemplates, type MailTemplates } from "./mail/templates.ts";
import type { MailTransport } from "./mail/transport.ts";
import { type Backoff, MailWorker } from "./mail/worker.ts";
import { contactRoutes } from "./routes/contact.ts";
import type { RouteContext } from "./routes/context.ts";
import { eventRsvpRoutes } from "./routes/event-rsvp.ts";
import { socialRsvpRoutes } from "./routes/social-rsvp.ts";
import { cspDirectives } from "./security/csp.ts";
import {
  isXsrfToken,
  newXsrfToken,
  sameText,
  XSRF_COOKIE,
  XSRF_HEADER,
} from "./security/tokens.ts";
import { isApiPath, registerSite } from "./site.ts";
import type { Store } from "./store/store.ts";

export interface AppOptions {
  config: AppConfig;
  data: LodgeData;
  store: Store;
  transport: MailTransport;
  /** The clock every rule and the mail worker read; tests pass one they move by hand. */
  now?: () => Date;
  /** No logging (false, the default), or pino's level and a `stream` to write lines to. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  templates?: MailTemplates;
  backoff?: Backoff;
}

export interface App {
  app: FastifyInstance;
  worker: MailWorker;
}

/** Messages for what fastify refuses before a route sees the request. */
function clientMessage(error: { code?: string; message: string }, bodyLimit: number): string {
  switch (error.code) {
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
      return "Send the form as JSON, with the header Content-Type: application/json.";
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return `The form is larger than ${Math.floor(bodyLimit / 1024)} KB; shorten the message and send it again.`;
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
      return "The form arrived empty; send its fields as a JSON object.";
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return "The form is not valid JSON; send its fields as a JSON object.";
    default:
      return "The request could not be read. Reload the page and try again.";
  }
}

/**
 * The whole server: security headers, the XSRF cookie and check, rate limits, the API routes of
 * SPEC 7, the built site when there is one, and the mail worker that sends what the routes queue.
 * Nothing here listens on a port; `main.ts` does.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, data, store, transport } = options;
  const now = options.now ?? (() => new Date());
  const app = Fastify({
    logger: options.logger ? { level: "info", ...options.logger, serializers } : false,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
  });
  const worker = new MailWorker({
    store,
    transport,
    now,
    log: app.log,
    ...(options.backoff ? { backoff: options.backoff } : {}),
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .code(status)
        .send({ message: clientMessage(error as { message: string }, config.bodyLimitBytes) });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: ALERTS.sendFailure.text });
  });

  // The API takes JSON only; fastify would otherwise hand plain text to the routes as a string.
  app.removeContentTypeParser("text/plain");

  const directives = cspDirectives(data);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    // YouTube's player needs to know which site embeds it.
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  await app.register(fastifyCookie);
  await app.register(fastifyCompress, { global: true });
  await app.register(fastifyRateLimit, {
    global: true,
    max: config.rateLimitMax,
    timeWindow: config.rateLimitWindowSeconds * 1000,
    allowList: (request) => request.method !== "POST",
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Too many submissions from your address. Please wait ${context.after} and try again.`,
      ),
  });

  // Every answer to a GET carries a signed XSRF token the page's script can read...
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    if (isXsrfToken(config.xsrfSecret, request.cookies[XSRF_COOKIE])) return;
    reply.setCookie(XSRF_COOKIE, newXsrfToken(config.xsrfSecret), {
      path: "/",
      sameSite: "strict",
      secure: request.protocol === "https",
      httpOnly: false,
    });
  });
  // ...and every POST must echo it in a header: a page on another site cannot read the cookie.
  // Added to each POST route after the rate limit, so refused requests still count against it.
  const xsrfCheck = async (request: FastifyRequest) => {
    const cookie = request.cookies[XSRF_COOKIE];
    const header = request.headers[XSRF_HEADER];
    if (
      typeof cookie !== "string" ||
      typeof header !== "string" ||
      !sameText(cookie, header) ||
      !isXsrfToken(config.xsrfSecret, cookie)
    ) {
      throw new HttpError(
        403,
        "This page's security token is missing or out of date. Reload the page and send the form again.",
      );
    }
  };
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().includes("POST")) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), xsrfCheck];
  });

  app.addHook("onSend", async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });

  const ctx: RouteContext = {
    config,
    data,
    store,
    now,
    worker,
    mail: {
      lodge: data.lodge,
      from: config.mailFrom,
      secretary: config.secretaryEmail,
      templates: options.templates ?? loadTemplates(),
    },
  };
  eventRsvpRoutes(app, ctx);
  socialRsvpRoutes(app, ctx);
  contactRoutes(app, ctx);

  if (existsSync(config.distDir)) {
    await registerSite(app, config.distDir, directives);
  } else {
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({
        message: isApiPath(request.url)
          ? `There is nothing at ${request.url.split("?")[0]}.`
          : "The site has not been built yet: run lodge build, then start lodge serve again. The API answers under /mj/api/ and /sheets/api/.",
      }),
    );
  }

  app.addHook("onReady", async () => worker.start());
  app.addHook("onClose", async () => worker.stop());
  return { app, worker };
}
