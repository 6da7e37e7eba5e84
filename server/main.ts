import { existsSync } from "node:fs";
import type { FastifyInstance } from "fastify";
import { anotherLodges, identityOf, type LodgeIdentity, sameLodge } from "../core/places.ts";
import { type App, buildApp } from "./app.ts";
import { type Config, dkimOf, settleConfig } from "./config.ts";
import type { LodgeSource } from "./lodge-source.ts";
import { outboxFolderTransport, smtpTransport } from "./mail/transport.ts";
import { checkWritable, listenProblem, StartError } from "./preflight.ts";
import { siteMark } from "./site.ts";
import { isShared, openStoreOrKeepTrying, shownDatabase } from "./store/open-store.ts";
import type { Store } from "./store/store.ts";

// The server's one door for the commands that run it (`lodge serve`, `lodge dev`): what they need
// to configure and start it, and to say why it did not start.
export { type Config, ConfigError, ENVIRONMENT, loadConfig, mailIdentity } from "./config.ts";
export { fixedSource } from "./lodge-source.ts";
export { textLine } from "./logging.ts";
export { StartError } from "./preflight.ts";

export interface RunningServer extends App {
  url: string;
  /** What the start-up lines report: where the site, the mail and the data are. */
  site: string | undefined;
  mail: string;
  /** The database as the start-up lines show it (a URL without its password). */
  database: string;
  /** Whether several instances may share the database (PostgreSQL). */
  sharedDatabase: boolean;
  /** Why the database could not be opened at start, when it could not (it is tried again). */
  databaseProblem: string | undefined;
  close(): Promise<void>;
}

export interface ServerOptions {
  /** Where the log's lines go; without it, nothing is logged. */
  log?: (line: string) => void;
  /** A path as the start-up messages show it. */
  shown?: (path: string) => string;
  /** Routes of the caller's own, added before the server listens (lodge dev's reload stream). */
  extend?: (app: FastifyInstance) => void;
  /** The lodge's own built site and database, as shown, named when another lodge's is refused. */
  own?: { dist: string; db: string };
  /** The server's clock; the machine's when left out. */
  now?: () => Date;
}

/**
 * Refuses a built site or a database that another lodge's server or build left: the site says
 * whom it was built for, the database whom it served (recorded here at its first start).
 */
async function checkOwner(
  config: Config,
  store: Store,
  lodge: LodgeIdentity,
  database: string,
  options: ServerOptions,
): Promise<void> {
  const shown = options.shown ?? ((path: string) => path);
  const built = siteMark(config.distDir);
  if (built && !sameLodge(built, lodge)) {
    throw new StartError(
      anotherLodges(
        `The site in ${shown(config.distDir)}`,
        built,
        lodge,
        "--dist",
        options.own?.dist ?? "its own",
      ),
    );
  }
  const owner = await store.lodgeIdentity();
  if (owner && !sameLodge(owner, lodge)) {
    throw new StartError(
      anotherLodges(`The database ${database}`, owner, lodge, "--db", options.own?.db ?? "its own"),
    );
  }
  await store.claimLodge(lodge);
}

/**
 * The one start-up of the server, for `lodge serve` and `lodge dev` alike: checks that the
 * database and the outbox can be written, opens the store and the mail transport the
 * configuration names, builds the app on the lodge's data (read at each request from `data`) and
 * listens. Closing stops taking requests, lets the mail worker finish the mail in hand, then
 * closes the database; mail still pending is sent by the next start. A problem a person can fix
 * (permissions, a busy port, no secretary to write to) is a StartError or a ConfigError.
 */
export async function runServer(
  config: Config,
  data: LodgeSource,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const shown = options.shown ?? ((path: string) => path);
  checkWritable(
    {
      dbFile: config.dbFile,
      secretFile: config.xsrfSecret ? undefined : config.secretFile,
      outboxDir: config.smtpUrl ? undefined : config.outboxDir,
    },
    shown,
  );
  const settled = settleConfig(config, data().lodge);
  // A DKIM key that cannot be read stops the start before the database is opened.
  const dkim = dkimOf(settled);
  const database = shownDatabase(settled.dbFile, shown);
  const { store, problem } = await openStoreOrKeepTrying(settled.dbFile).catch((error: unknown) => {
    // A database that will not do however often it is tried (from a newer lodge, a login it
    // refuses, a database that does not exist): a message to act on, not a crash.
    const message = error instanceof Error ? error.message : String(error);
    throw new StartError(message.includes(database) ? message : `${database}: ${message}`);
  });
  // A database that cannot be opened now is checked by the next start that opens it.
  if (problem === undefined) {
    await checkOwner(config, store, identityOf(data().lodge), database, options).catch(
      async (error: unknown) => {
        await store.close();
        throw error;
      },
    );
  }
  const transport = settled.smtpUrl
    ? smtpTransport(settled.smtpUrl, {
        timeoutMs: settled.smtpTimeoutSeconds * 1000,
        dkim,
      })
    : outboxFolderTransport(settled.outboxDir);
  try {
    const built = await buildApp({
      config: settled,
      data,
      store,
      transport,
      ...(options.now ? { now: options.now } : {}),
      ...(options.log ? { logger: { stream: { write: options.log } } } : {}),
    });
    options.extend?.(built.app);
    let url: string;
    // The caller's start-up lines say where it listens, once: fastify's own line would say it again.
    const level = built.app.log.level;
    built.app.log.level = "warn";
    try {
      url = await built.app.listen({ host: settled.host, port: settled.port });
      built.app.log.level = level;
    } catch (error) {
      built.app.log.level = level;
      await built.app.close();
      const problem = listenProblem(error, settled.host, settled.port);
      throw problem ? new StartError(problem, { cause: error }) : error;
    }
    return {
      ...built,
      url,
      site: existsSync(settled.distDir) ? settled.distDir : undefined,
      mail: transport.description,
      database,
      sharedDatabase: isShared(settled.dbFile),
      databaseProblem: problem,
      async close() {
        await built.app.close();
        await transport.close();
        await store.close();
      },
    };
  } catch (error) {
    await transport.close();
    await store.close();
    throw error;
  }
}
