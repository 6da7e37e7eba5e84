import { existsSync } from "node:fs";
import fastifyCompress from "@fastify/compress";
import fastifyCookie from "@fastify/cookie";
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from "fastify";
import { API_PREFIXES, isApiPath } from "../core/api/addresses.ts";
import { PLAIN_FIELDS } from "../core/api/plain-form-fields.ts";
import { SHEET_ROW_PREFIX, XSRF_COOKIE, XSRF_HEADER } from "../core/api/routes.ts";
import { ALERTS } from "../core/messages.ts";
import { tabulateZoneOffsets } from "../core/rules/wall-time.ts";
import { type AppConfig, mailIdentity } from "./config.ts";
import { isPlainForm, plainFields, plainForms } from "./forms/plain-forms.ts";
import { clientKey, networkOf } from "./http/client.ts";
import { HttpError } from "./http/errors.ts";
import { RequestsInFlight } from "./http/in-flight.ts";
import { untrustedProxyHint } from "./http/proxy-hint.ts";
import { COSTS, RateLimiter, TooManyRequests } from "./http/rate-limit.ts";
import { erasureJob } from "./jobs/erasure.ts";
import { manageLinkOf } from "./jobs/manage-link.ts";
import { remindersJob } from "./jobs/reminders.ts";
import { waitlistOffersJob } from "./jobs/waitlist-offers.ts";
import { derived, type LodgeSource } from "./lodge-source.ts";
import { scrub, serializers } from "./logging.ts";
import { failureSummaryMail } from "./mail/failures.ts";
import type { MailContext } from "./mail/messages.ts";
import { composeOrdered } from "./mail/orders.ts";
import { loadTemplates, type MailTemplates } from "./mail/templates.ts";
import type { MailTransport } from "./mail/transport.ts";
import { type Backoff, MailWorker } from "./mail/worker.ts";
import { contactRoutes } from "./routes/contact.ts";
import { type RouteContext, waitlistOf } from "./routes/context.ts";
import { eventRsvpRoutes } from "./routes/event-rsvp.ts";
import { manageRsvpRoutes } from "./routes/manage-rsvp.ts";
import { pastMasterListRoute } from "./routes/past-masters.ts";
import { socialRsvpRoutes } from "./routes/social-rsvp.ts";
import { waitlistRoutes } from "./routes/waitlist.ts";
import { EventLanes } from "./rsvp/event-lanes.ts";
import { type Job, Scheduler } from "./scheduler.ts";
import { cspDirectives } from "./security/csp.ts";
import { securityHeaders } from "./security/headers.ts";
import { isXsrfToken, newFormToken, newXsrfToken, sameText } from "./security/tokens.ts";
import { registerSite, sitePageFile } from "./site.ts";
import { type Store, StoreUnavailableError } from "./store/store.ts";

export interface AppOptions {
  config: AppConfig;
  /** The lodge's data, read at each request: `lodge dev` answers its latest good build. */
  data: LodgeSource;
  store: Store;
  transport: MailTransport;
  /** The clock every rule and the mail worker read; tests pass one they move by hand. */
  now?: () => Date;
  /** No logging (false, the default), or pino's level and a `stream` to write lines to. */
  logger?: false | { level?: string; stream?: { write(line: string): void } };
  templates?: MailTemplates;
  backoff?: Backoff;
  /** Mail worker settings tests set: how many mails at once, how often it looks for new mail. */
  mail?: { concurrency?: number; pollMs?: number };
  /** Jobs the scheduler runs besides the server's own (tests add theirs). */
  jobs?: Job[];
}

export interface App {
  app: FastifyInstance;
  worker: MailWorker;
  /** Runs the server's timed work by the app's clock; tests call `runDue()` after moving it. */
  scheduler: Scheduler;
  /** Every route registered, by method and path: the API's must be the contract's. */
  routes: readonly { method: string; url: string }[];
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
    case "FST_ERR_BAD_URL":
      return "This address is not valid: a % in it must be followed by two hexadecimal digits. Check the link and try again.";
    default:
      return "The request could not be read. Reload the page and try again.";
  }
}

/** Until a stored submission is possible again, a client may try again in a minute. */
const RETRY_AFTER_UNAVAILABLE_SECONDS = 60;

/**
 * The whole server: security headers, the XSRF cookie and check, rate limits, the API routes of
 * SPEC 7, the built site when there is one, and the mail worker that sends what the routes queue.
 * Nothing here listens on a port; `main.ts` does.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, data, store, transport } = options;
  // The lodge's clock from a table of its zone's offsets, not Intl, in each request's rules.
  tabulateZoneOffsets();
  const now = options.now ?? (() => new Date());
  const directives = derived(data, cspDirectives);
  const secure = securityHeaders(directives);
  const app = Fastify({
    logger: options.logger ? { level: "info", ...options.logger, serializers } : false,
    // One line per request, written when it is answered (below), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    // A malformed address is refused before any hook runs: it gets the headers and the error
    // shape of every other answer all the same.
    frameworkErrors: (error, request, raw) => {
      const reply = raw as unknown as FastifyReply;
      secure(request, reply);
      reply
        .code(400)
        .header("cache-control", "no-store")
        .send({ message: clientMessage(error, config.bodyLimitBytes) });
      // No hook runs for it, the one that logs requests included.
      request.log.info({ req: request, res: reply, ms: 0 }, "request answered");
    },
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const templates = options.templates ?? loadTemplates();
  const mail = derived(data, ({ lodge }): MailContext => {
    const { secretaryEmail, mailFrom } = mailIdentity(config, lodge);
    return { lodge, from: mailFrom, secretary: secretaryEmail, templates };
  });
  // The mail worker sends between the API's requests, not during them (see RequestsInFlight):
  // pages and pictures, and lodge dev's reload stream that stays open, do not hold mail back.
  const inFlight = new RequestsInFlight();
  app.addHook("onRequest", async (request, reply) => {
    if (!isApiPath(request.url)) return;
    const ended = inFlight.started();
    reply.raw.once("finish", ended);
    reply.raw.once("close", ended);
  });
  const worker = new MailWorker({
    store,
    transport,
    now,
    log: app.log,
    quiet: () => inFlight.quiet(),
    summary: (failures) => failureSummaryMail(mail(), failures),
    compose: (ordered) => composeOrdered(mail(), data(), ordered),
    // Longer than the longest send (connection, greeting and message, each up to the timeout),
    // and no longer: after a crash, the mail it held waits this long to be taken again.
    leaseMs: Math.max(60_000, 4 * config.smtpTimeoutSeconds * 1000),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...options.mail,
  });

  app.setErrorHandler((error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof TooManyRequests) {
      reply.header("retry-after", String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) return reply.code(error.statusCode).send(error.body);
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
        .send({ message: clientMessage(error as { message: string }, config.bodyLimitBytes) });
    }
    request.log.error({ err: error }, "request failed");
    return reply.code(500).send({ message: ALERTS.sendFailure.text });
  });

  // The API takes JSON only; fastify would otherwise hand plain text to the routes as a string.
  app.removeContentTypeParser("text/plain");

  app.addHook("onRequest", async (request, reply) => secure(request, reply));
  const proxyHint = untrustedProxyHint(config.trustProxy, app.log);
  if (proxyHint) app.addHook("onRequest", async (request) => proxyHint(request));
  await app.register(fastifyCookie);

  // The visitor's XSRF token: the good one its cookie holds, or a new one set as its cookie now.
  const xsrfTokens = new WeakMap<FastifyRequest, string>();
  const xsrfToken = (request: FastifyRequest, reply: FastifyReply): string => {
    const known = xsrfTokens.get(request);
    if (known) return known;
    const cookie = request.cookies[XSRF_COOKIE];
    let token: string;
    if (typeof cookie === "string" && isXsrfToken(config.xsrfSecret, cookie)) token = cookie;
    else {
      token = newXsrfToken(config.xsrfSecret);
      reply.setCookie(XSRF_COOKIE, token, {
        path: "/",
        sameSite: "strict",
        secure: request.protocol === "https",
        httpOnly: false,
      });
    }
    xsrfTokens.set(request, token);
    return token;
  };
  // Forms posted without a script, and their pages: before compression (see plainForms).
  plainForms(app, {
    distDir: config.distDir,
    directives,
    xsrfToken,
    formToken: () => newFormToken(config.xsrfSecret, now()),
    pageFile: (url) => sitePageFile(config.distDir, url),
  });
  await app.register(fastifyCompress, { global: true });

  // Every POST takes a token from its address's bucket first, and gets back what it did not cost
  // once it is answered: see COSTS.
  const limiter = new RateLimiter(config.rateLimitMax, config.rateLimitWindowSeconds * 1000);
  const reserved = new WeakMap<FastifyRequest, number>();
  // The network a request comes from, worked out once: behind a trusted proxy, each
  // `request.ip` parses every address of X-Forwarded-For again.
  const networks = new WeakMap<FastifyRequest, string>();
  const networkOfRequest = (request: FastifyRequest) => {
    let network = networks.get(request);
    if (network === undefined) {
      network = networkOf(request.ip);
      networks.set(request, network);
    }
    return network;
  };
  const isSheetRow = (request: FastifyRequest) => request.url.startsWith(SHEET_ROW_PREFIX);
  app.addHook("onRequest", async (request) => {
    if (request.method !== "POST") return;
    const reserve = isSheetRow(request) ? COSTS.other : 1;
    limiter.take(networkOfRequest(request), now().getTime(), reserve);
    reserved.set(request, reserve);
  });
  app.addHook("onResponse", async (request, reply) => {
    const reserve = reserved.get(request);
    if (reserve === undefined) return;
    const cost =
      reply.statusCode >= 300 ? COSTS.other : isSheetRow(request) ? COSTS.sheetRow : COSTS.stored;
    limiter.settle(networkOfRequest(request), now().getTime(), reserve, cost);
  });

  // Every answer to a GET carries a signed XSRF token the page's script can read, Secure when
  // the page came over HTTPS (directly, or through a proxy trusted to say so)...
  app.addHook("onRequest", async (request, reply) => {
    if (request.method !== "GET" && request.method !== "HEAD") return;
    xsrfToken(request, reply);
  });
  // ...and every POST must echo it in a header, or a form without a script in its hidden field:
  // a page on another site cannot read the cookie.
  const checkXsrf = (request: FastifyRequest, echoed: unknown) => {
    const cookie = request.cookies[XSRF_COOKIE];
    if (
      typeof cookie !== "string" ||
      typeof echoed !== "string" ||
      !sameText(cookie, echoed) ||
      !isXsrfToken(config.xsrfSecret, cookie)
    ) {
      throw new HttpError(
        403,
        "This page's security token is missing or out of date. Reload the page and send the form again.",
      );
    }
  };
  const xsrfCheck = async (request: FastifyRequest) => {
    // A plain form's token is in its fields, checked once they are read (below).
    if (isPlainForm(request)) return;
    checkXsrf(request, request.headers[XSRF_HEADER.toLowerCase()]);
  };
  const plainXsrfCheck = async (request: FastifyRequest) => {
    if (isPlainForm(request)) checkXsrf(request, plainFields(request)?.[PLAIN_FIELDS.xsrf]);
  };
  app.addHook("onRoute", (route) => {
    if (![route.method].flat().includes("POST")) return;
    route.onRequest = [...[route.onRequest ?? []].flat(), xsrfCheck];
    route.preValidation = [...[route.preValidation ?? []].flat(), plainXsrfCheck];
  });

  app.addHook("onSend", async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader("cache-control")) {
      reply.header("cache-control", "no-store");
    }
  });

  // Method, path, status and time: nothing about who sent it or what it held.
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime) },
      "request answered",
    );
  });

  const ctx: RouteContext = {
    app,
    config,
    data,
    store,
    now,
    worker,
    mail,
    clientKey: (request) => clientKey(config.xsrfSecret, networkOfRequest(request)),
    lanes: new EventLanes(),
  };
  eventRsvpRoutes(ctx);
  socialRsvpRoutes(ctx);
  contactRoutes(ctx);
  pastMasterListRoute(ctx);
  manageRsvpRoutes(ctx);
  waitlistRoutes(ctx);

  if (existsSync(config.distDir)) {
    await registerSite(app, config.distDir, directives);
  } else {
    app.setNotFoundHandler(async (request, reply) =>
      reply.code(404).send({
        message: isApiPath(request.url)
          ? `There is nothing at ${request.url.split("?")[0]}.`
          : `The site has not been built yet: run lodge build, then start lodge serve again. The API answers under ${API_PREFIXES.join(" and ")}.`,
      }),
    );
  }

  const scheduler = new Scheduler({ now, log: app.log });
  scheduler.add(
    remindersJob({
      data,
      store,
      mail,
      manageLink: manageLinkOf(config, data),
      queued: () => worker.kick(),
    }),
  );
  scheduler.add(erasureJob({ data, store }));
  scheduler.add(
    waitlistOffersJob({
      ...waitlistOf(ctx),
      fallbackBase: `http://${config.host}:${config.port}`,
      queued: () => worker.kick(),
    }),
  );
  for (const job of options.jobs ?? []) scheduler.add(job);

  app.addHook("onReady", async () => {
    worker.start();
    scheduler.start();
  });
  app.addHook("onClose", async () => {
    await scheduler.stop();
    await worker.stop();
  });
  return { app, worker, scheduler, routes };
}
