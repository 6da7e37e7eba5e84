import { existsSync } from "node:fs";
import type { LodgeData } from "../core/schemas/index.ts";
import { type App, buildApp } from "./app.ts";
import { type Config, settleConfig } from "./config.ts";
import { outboxFolderTransport, smtpTransport } from "./mail/transport.ts";
import { SqliteStore } from "./store/sqlite-store.ts";

export interface RunningServer extends App {
  url: string;
  /** What the start-up lines report: where the site, the mail and the data are. */
  site: string | undefined;
  mail: string;
  database: string;
  close(): Promise<void>;
}

/**
 * Opens the store and the mail transport the configuration names, builds the app and listens.
 * Closing stops taking requests, lets the mail worker finish the mail in hand, then closes the
 * database; mail still pending is sent by the next start.
 */
export async function runServer(
  config: Config,
  data: LodgeData,
  options: { log?: (line: string) => void } = {},
): Promise<RunningServer> {
  const settled = settleConfig(config, data.lodge);
  const store = new SqliteStore(settled.dbFile);
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
    const url = await built.app.listen({ host: settled.host, port: settled.port });
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
