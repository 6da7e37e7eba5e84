import { existsSync } from "node:fs";
import type { LodgeData } from "../core/schemas/index.ts";
import { type App, buildApp } from "./app.ts";
import { type Config, settleConfig } from "./config.ts";
import { outboxFolderTransport, smtpTransport } from "./mail/transport.ts";
import { checkWritable, listenProblem, StartError } from "./preflight.ts";
import { reopeningStore } from "./store/reopening-store.ts";
import { SqliteStore, storeError } from "./store/sqlite-store.ts";
import { type Store, StoreUnavailableError } from "./store/store.ts";

export interface RunningServer extends App {
  url: string;
  /** What the start-up lines report: where the site, the mail and the data are. */
  site: string | undefined;
  mail: string;
  database: string;
  /** Why the database could not be opened at start, when it could not (it is tried again). */
  databaseProblem: string | undefined;
  close(): Promise<void>;
}

function openSqlite(file: string): SqliteStore {
  try {
    return new SqliteStore(file);
  } catch (error) {
    throw storeError(error);
  }
}

/**
 * The database, or, when it cannot be opened now (a full disk on which SQLite cannot write its
 * journal), a store that keeps trying: the server starts all the same, serves the site and
 * answers submissions 503 until the database opens, instead of ending and being started again
 * and again by its supervisor. What it could not do is returned for the start-up lines.
 */
function openStore(file: string): { store: Store; problem?: string } {
  try {
    return { store: openSqlite(file) };
  } catch (error) {
    if (!(error instanceof StoreUnavailableError)) throw error;
    const cause = error.cause instanceof Error ? error.cause.message : error.message;
    return { store: reopeningStore(() => openSqlite(file)), problem: cause };
  }
}

/**
 * Checks that the database and the outbox can be written, opens the store and the mail transport
 * the configuration names, builds the app and listens. Closing stops taking requests, lets the
 * mail worker finish the mail in hand, then closes the database; mail still pending is sent by
 * the next start. A problem a person can fix (permissions, a busy port) is a StartError.
 */
export async function runServer(
  config: Config,
  data: LodgeData,
  options: { log?: (line: string) => void; shown?: (path: string) => string } = {},
): Promise<RunningServer> {
  const shown = options.shown ?? ((path: string) => path);
  checkWritable(
    { dbFile: config.dbFile, outboxDir: config.smtpUrl ? undefined : config.outboxDir },
    shown,
  );
  const settled = settleConfig(config, data.lodge);
  const { store, problem } = openStore(settled.dbFile);
  const transport = settled.smtpUrl
    ? smtpTransport(settled.smtpUrl, { timeoutMs: settled.smtpTimeoutSeconds * 1000 })
    : outboxFolderTransport(settled.outboxDir);
  try {
    const built = await buildApp({
      config: settled,
      data,
      store,
      transport,
      ...(options.log ? { logger: { stream: { write: options.log } } } : {}),
    });
    let url: string;
    try {
      url = await built.app.listen({ host: settled.host, port: settled.port });
    } catch (error) {
      await built.app.close();
      const problem = listenProblem(error, settled.host, settled.port);
      throw problem ? new StartError(problem) : error;
    }
    return {
      ...built,
      url,
      site: existsSync(settled.distDir) ? settled.distDir : undefined,
      mail: transport.description,
      database: settled.dbFile,
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
