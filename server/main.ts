import { existsSync } from "node:fs";
import type { LodgeData } from "../core/schemas/index.ts";
import { type App, buildApp } from "./app.ts";
import { type Config, settleConfig } from "./config.ts";
import { outboxFolderTransport, smtpTransport } from "./mail/transport.ts";
import { checkWritable, listenProblem, StartError } from "./preflight.ts";
import { SqliteStore, storeError } from "./store/sqlite-store.ts";
import { StoreUnavailableError } from "./store/store.ts";

export interface RunningServer extends App {
  url: string;
  /** What the start-up lines report: where the site, the mail and the data are. */
  site: string | undefined;
  mail: string;
  database: string;
  close(): Promise<void>;
}

/** Opens the database, or says in a sentence why it cannot be. */
function openStore(file: string, shown: (path: string) => string): SqliteStore {
  try {
    return new SqliteStore(file);
  } catch (error) {
    const mapped = storeError(error);
    if (mapped instanceof StoreUnavailableError) {
      throw new StartError(
        `${shown(file)} cannot be opened: ${(mapped.cause as Error).message}. Free some disk space or check the file, or pass --db FILE.`,
      );
    }
    throw error;
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
  const store = openStore(settled.dbFile, shown);
  const transport = settled.smtpUrl
    ? smtpTransport(settled.smtpUrl)
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
