import { Command } from "commander";
import { z } from "zod";
import { lodgePlaces, OWN_PLACES } from "../../core/places.ts";
import {
  ConfigError,
  fixedSource,
  loadConfig,
  runServer,
  StartError,
  textLine,
} from "../../server/main.ts";
import { type Context, parseOptions, runningClock, shownPath, UsageError } from "../context.ts";
import { UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { keepServingOnFullDisk } from "../stream-errors.ts";

const text = z.string().min(1).optional();
const optionsSchema = z.object({
  data: text,
  dist: text,
  port: z.string().regex(/^\d+$/, { error: "expected a port number, e.g. 8080" }).optional(),
  host: text,
  db: text,
  outbox: text,
  log: z.enum(["text", "json"], { error: "use text or json" }).optional(),
});

/** Resolves on Ctrl-C, on SIGTERM, or when the context's stop signal fires. */
export function stopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const done = (why: string) => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      resolve(why);
    };
    const onInt = () => done("SIGINT");
    const onTerm = () => done("SIGTERM");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
    if (signal?.aborted) done("stop");
    signal?.addEventListener("abort", () => done("stop"), { once: true });
  });
}

export function serveCommand(ctx: Context): Command {
  return new Command("serve")
    .description("serve the built site and the RSVP and contact API, storing what arrives")
    .option("--data <dir>", "the lodge's data folder (default: data, or DATA_DIR)")
    .option("--dist <dir>", `the built site (default: the lodge's own, or DIST_DIR; ${OWN_PLACES})`)
    .option("--port <n>", "the port to listen on (default: 8080, or PORT)")
    .option("--host <h>", "the address to listen on (default: 127.0.0.1, or HOST)")
    .option(
      "--db <file|url>",
      "the SQLite database file, or postgres://user@host/db (default: the lodge's own, or DB_FILE, or DATABASE_URL)",
    )
    .option(
      "--outbox <dir>",
      "where mail is written without SMTP_URL (default: the lodge's own, or OUTBOX_DIR)",
    )
    .option(
      "--log <format>",
      "text (one line per request) or json lines (default: text on a terminal, else json, or LOG_FORMAT)",
    )
    .addHelpText(
      "after",
      "\nOther settings (SMTP_URL, MAIL_FROM, TRUST_PROXY, rate limits...) come from the environment; see .env.example.\n\nExample:\n  lodge serve --port 8080",
    )
    .action(async (raw) => {
      const options = parseOptions(optionsSchema, raw);
      let config: ReturnType<typeof loadConfig>;
      try {
        config = loadConfig(
          {
            dataDir: options.data,
            distDir: options.dist,
            port: options.port,
            host: options.host,
            dbFile: options.db,
            outboxDir: options.outbox,
            logFormat: options.log,
          },
          ctx.env ?? process.env,
          ctx.cwd,
        );
      } catch (error) {
        if (error instanceof ConfigError) throw new UsageError(error.message);
        throw error;
      }
      // Paths inside the working directory print as typed; others in full.
      const shown = (path: string) => shownPath(ctx.cwd, path);
      const { data, problems } = loadData(config.dataDir, ctx.cwd);
      if (!data) {
        const errors = sortProblems(problems).filter((p) => p.severity === "error");
        for (const problem of errors) ctx.err(formatProblem(problem));
        throw new UserError(
          `${shown(config.dataDir)} has ${errors.length === 1 ? "an error" : `${errors.length} errors`} (listed above). Nothing was served.`,
        );
      }
      // A terminal gets a short line per request; a pipe or a service manager gets JSON lines.
      const text =
        config.logFormat === "text" || (config.logFormat === "auto" && ctx.status !== undefined);
      const log = text
        ? (line: string) => ctx.out(textLine(line))
        : (line: string) => ctx.out(line.trimEnd());
      let server: Awaited<ReturnType<typeof runServer>>;
      try {
        const own = lodgePlaces(config.dataDir, ctx.cwd);
        server = await runServer(config, fixedSource(data), {
          log,
          shown,
          now: runningClock(ctx),
          own: { dist: shown(own.dist), db: shown(own.db) },
        });
      } catch (error) {
        if (error instanceof ConfigError || error instanceof StartError) {
          throw new UserError(error.message);
        }
        throw error;
      }
      ctx.out(`Serving ${data.lodge.name} at ${server.url}`);
      ctx.out(
        `  site:  ${server.site ? shown(server.site) : `${shown(config.distDir)} does not exist yet (run lodge build); serving the API only`}`,
      );
      ctx.out(
        `  mail:  ${config.smtpUrl ? server.mail : `${shown(config.outboxDir)} (no SMTP_URL: mail is written there as .eml files)`}`,
      );
      ctx.out(
        `  data:  ${server.database}${server.databaseProblem ? ` cannot be opened now (${server.databaseProblem}): RSVPs and messages are refused until it can; ${server.sharedDatabase ? "check that the database server is running and reachable" : "free some disk space"}` : ""}`,
      );
      if (server.sharedDatabase && !config.xsrfSecret) {
        ctx.out(
          `  note:  the form tokens are signed with ${config.secretFile ? shown(config.secretFile) : "a secret"} of this instance only; give every instance the same XSRF_SECRET`,
        );
      }
      ctx.out("Press Ctrl-C to stop.");
      keepServingOnFullDisk();
      await stopped(ctx.stop);
      await server.close();
      ctx.out("Stopped. Mail not yet sent stays queued for the next start.");
    });
}
