import fastifyCompress from "@fastify/compress";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { tabulateZoneOffsets } from "../core/rules/wall-time.ts";
import type { AppConfig } from "./config.ts";
import { plainForms } from "./forms/plain-forms.ts";
import { clientKey } from "./http/client.ts";
import { frameworkErrors } from "./http/framework-errors.ts";
import { derived, type LodgeSource } from "./lodge-source.ts";
import { serializers } from "./logging.ts";
import { loadTemplates, type MailTemplates } from "./mail/templates.ts";
import type { MailTransport } from "./mail/transport.ts";
import type { MailWorker } from "./mail/worker.ts";
import { answers } from "./plugins/answers.ts";
import { api } from "./plugins/api.ts";
import { background } from "./plugins/background.ts";
import { rateLimit, requestNetworks } from "./plugins/rate-limit.ts";
import { securityHeaders } from "./plugins/security-headers.ts";
import { site } from "./plugins/site.ts";
import { xsrf, xsrfTokens } from "./plugins/xsrf.ts";
import { EventLanes } from "./rsvp/event-lanes.ts";
import type { Scheduler } from "./scheduler.ts";
import { cspDirectives } from "./security/csp.ts";
import { securityHeaders as headersOf } from "./security/headers.ts";
import { newFormToken } from "./security/tokens.ts";
import { sitePageFile } from "./site.ts";
import type { Store } from "./store/store.ts";
import { mailContextOf } from "./use-cases/context.ts";
import { backgroundWork, type WorkOptions } from "./work.ts";

export interface AppOptions extends Omit<WorkOptions, "config" | "transport"> {
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
}

export interface App {
  app: FastifyInstance;
  worker: MailWorker;
  /** Runs the server's timed work by the app's clock; tests call `runDue()` after moving it. */
  scheduler: Scheduler;
  /** Every route registered, by method and path: the API's must be the contract's. */
  routes: readonly { method: string; url: string }[];
}

/**
 * The whole server, plugin by plugin in the order a request meets them: its work in the
 * background, the error answers and log, the security headers, the XSRF cookie and check, the
 * forms posted without a script (before compression), the rate limits, the API and the site.
 * Nothing here listens on a port; `main.ts` does.
 */
export async function buildApp(options: AppOptions): Promise<App> {
  const { config, data, store } = options;
  // The lodge's clock from a table of its zone's offsets, not Intl, in each request's rules.
  tabulateZoneOffsets();
  const now = options.now ?? (() => new Date());
  const directives = derived(data, cspDirectives);
  const secure = headersOf(directives);
  const app = Fastify({
    logger: options.logger ? { level: "info", ...options.logger, serializers } : false,
    // One line per request, written when it is answered (see answers), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    frameworkErrors: frameworkErrors(secure, config.bodyLimitBytes),
  });
  const routes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
  const templates = options.templates ?? loadTemplates();
  const mail = derived(data, ({ lodge }) => mailContextOf(config, lodge, templates));
  const lanes = new EventLanes();
  const shared = { store, data, now, mail, secret: config.xsrfSecret, lanes };
  const work = backgroundWork(shared, app.log, { ...options, config });
  const network = requestNetworks();
  const token = xsrfTokens(config.xsrfSecret);
  await app.register(background, work);
  await app.register(answers, { bodyLimit: config.bodyLimitBytes });
  await app.register(securityHeaders, { secure, trustProxy: config.trustProxy });
  await app.register(xsrf, { secret: config.xsrfSecret, token });
  plainForms(app, {
    distDir: config.distDir,
    directives,
    xsrfToken: token,
    formToken: () => newFormToken(config.xsrfSecret, now()),
    pageFile: (url) => sitePageFile(config.distDir, url),
  });
  await app.register(fastifyCompress, { global: true });
  const { rateLimitMax: max, rateLimitWindowSeconds: windowSeconds } = config;
  await app.register(rateLimit, { max, windowSeconds, now, network });
  const useCases = { ...shared, queued: work.queued };
  const key = (request: Parameters<typeof network>[0]) =>
    clientKey(config.xsrfSecret, network(request));
  await app.register(api, { config, useCases, clientKey: key });
  await app.register(site, { distDir: config.distDir, directives });
  return { app, worker: work.worker, scheduler: work.scheduler, routes };
}
