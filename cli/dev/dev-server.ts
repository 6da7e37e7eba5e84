import {
  existsSync,
  type FSWatcher,
  readdirSync,
  readFileSync,
  watch,
  writeFileSync,
} from "node:fs";
import type { ServerResponse } from "node:http";
import { basename, join } from "node:path";
import type { LodgeData } from "../../core/schemas/index.ts";
import {
  type Config,
  ConfigError,
  loadConfig,
  mailIdentity,
  type RunningServer,
  runServer,
  StartError,
} from "../../server/main.ts";
import { shownPath } from "../context.ts";
import { type Output, UserError } from "../errors.ts";
import { loadData } from "../load/load-data.ts";
import { formatProblem, sortProblems } from "../load/problems.ts";
import { buildLodge } from "../site/build-lodge.ts";
import { CLIENT_PATH, CLIENT_SCRIPT, CLIENT_TAG, EVENTS_PATH } from "./client.ts";

export interface DevOptions {
  cwd: string;
  dataDir: string;
  generatedDir: string;
  /** Where the web sizes of the pictures are kept, shared with `lodge build` (var/images). */
  imagesDir: string;
  /** Holds the dev build, database and outbox (var/dev). */
  varDir: string;
  port: number;
  env: Record<string, string | undefined>;
  /** How long to wait after a change for the next one, so one save rebuilds once. */
  debounceMs?: number;
}

export interface DevServer {
  url: string;
  close(): Promise<void>;
}

type Outcome = { data: LodgeData; seconds: string } | { problems: string[] };

/** Adds the dev script to every page of the build (only that copy, never dist/). */
function addClientScript(siteDir: string): void {
  for (const entry of readdirSync(siteDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith(".html")) continue;
    const file = join(entry.parentPath, entry.name);
    const html = readFileSync(file, "utf8");
    if (!html.includes(CLIENT_TAG))
      writeFileSync(file, html.replace("</head>", `${CLIENT_TAG}</head>`));
  }
}

/** Open pages listening for rebuilds, and the data's errors for pages that connect later. */
function eventHub() {
  const clients = new Set<ServerResponse>();
  let problems: string[] | undefined;
  const write = (res: ServerResponse, event: string, data: unknown) =>
    res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  return {
    connect(res: ServerResponse) {
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
      });
      res.write("retry: 1000\n\n");
      if (problems) write(res, "error", { problems });
      clients.add(res);
      res.on("close", () => clients.delete(res));
    },
    send(event: "building" | "reload" | "error", data: Record<string, unknown>) {
      problems = event === "error" ? (data.problems as string[]) : undefined;
      for (const res of clients) write(res, event, data);
    },
    close() {
      for (const res of clients) res.end();
      clients.clear();
    },
  };
}

/** Editors' swap and backup files are not data. */
const ignored = (name: string) => /^\.|~$|\.(swp|swx|tmp)$|^\d+$/.test(basename(name));

/**
 * The dev build of the data folder into `siteDir`, and the line that says a failed one's errors
 * (printed above it).
 */
function devBuilder(options: DevOptions, out: Output, siteDir: string) {
  const shown = (path: string) => shownPath(options.cwd, path);
  const warned = new Set<string>();
  const build = async (): Promise<Outcome> => {
    const started = performance.now();
    const { data, problems } = loadData(options.dataDir, options.cwd);
    const sorted = sortProblems(problems);
    // Warnings are printed once, not again on every rebuild.
    for (const warning of sorted.filter((p) => p.severity === "warning").map(formatProblem)) {
      if (!warned.has(warning)) out.out(warning);
      warned.add(warning);
    }
    if (!data) {
      return { problems: sorted.filter((p) => p.severity === "error").map(formatProblem) };
    }
    try {
      await buildLodge(data, {
        cwd: options.cwd,
        dataDir: options.dataDir,
        generatedDir: options.generatedDir,
        imagesDir: options.imagesDir,
        outDir: siteDir,
      });
    } catch (error) {
      if (error instanceof UserError) return { problems: error.message.split("\n") };
      throw error;
    }
    addClientScript(siteDir);
    return { data, seconds: ((performance.now() - started) / 1000).toFixed(1) };
  };
  const failed = (problems: string[]) => {
    for (const line of problems) out.err(line);
    const errors = problems.length === 1 ? "an error" : `${problems.length} errors`;
    return `${shown(options.dataDir)} has ${errors} (listed above)`;
  };
  return { build, failed };
}

/** The server's configuration for development: on 127.0.0.1, its store and outbox in varDir, no SMTP. */
function devConfig(options: DevOptions, siteDir: string): Config {
  try {
    return loadConfig(
      {
        dataDir: options.dataDir,
        distDir: siteDir,
        port: options.port,
        host: "127.0.0.1",
        dbFile: join(options.varDir, "lodge.db"),
        outboxDir: join(options.varDir, "outbox"),
      },
      // Development never sends real mail.
      { ...options.env, SMTP_URL: undefined },
      options.cwd,
    );
  } catch (error) {
    if (error instanceof ConfigError) throw new UserError(error.message);
    throw error;
  }
}

/** The API and the built site, with the dev page's reload stream and its script. */
async function serveDev(
  config: Config,
  data: () => LodgeData,
  hub: ReturnType<typeof eventHub>,
  options: DevOptions,
): Promise<RunningServer> {
  const shown = (path: string) => shownPath(options.cwd, path);
  try {
    return await runServer(config, data, {
      shown,
      extend: (app) => {
        app.get(EVENTS_PATH, (_request, reply) => {
          reply.hijack();
          hub.connect(reply.raw);
        });
        app.get(CLIENT_PATH, (_request, reply) =>
          reply
            .type("text/javascript; charset=utf-8")
            .header("cache-control", "no-store")
            .send(CLIENT_SCRIPT),
        );
      },
    });
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code === "EADDRINUSE") {
      throw new UserError(
        `Port ${options.port} is already in use (is lodge serve or another lodge dev running?); choose another with --port, e.g. --port ${options.port + 1}.`,
      );
    }
    if (error instanceof ConfigError || error instanceof StartError) {
      throw new UserError(error.message);
    }
    throw error;
  }
}

/**
 * `lodge dev`: builds the site into var/dev, serves it with the API (mail to an outbox, never
 * sent), and on every change in the data folder validates it again: errors go to the terminal and
 * to open pages as a banner; valid data is rebuilt and open pages reload.
 */
export async function startDev(options: DevOptions, out: Output): Promise<DevServer> {
  const shown = (path: string) => shownPath(options.cwd, path);
  const siteDir = join(options.varDir, "site");

  const { build, failed } = devBuilder(options, out, siteDir);

  out.out(`Building the site from ${shown(options.dataDir)}...`);
  const first = await build();
  if ("problems" in first) throw new UserError(`${failed(first.problems)}. Nothing was served.`);
  out.out(`Built the site in ${shown(siteDir)} (${first.seconds} s).`);

  // The API and its mails read whichever data the last good build had, at each request.
  let current = first.data;
  const config = devConfig(options, siteDir);
  const hub = eventHub();
  const server = await serveDev(config, () => current, hub, options);
  const { url } = server;
  /** A build whose lodge has nowhere to send its mail is not served: the API would fail on it. */
  const noMailProblem = (outcome: Outcome): Outcome => {
    if ("problems" in outcome) return outcome;
    try {
      mailIdentity(config, outcome.data.lodge);
      return outcome;
    } catch (error) {
      if (error instanceof ConfigError) return { problems: [error.message] };
      throw error;
    }
  };

  // Changes are gathered for a moment, then built one build at a time.
  const changed = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const rebuild = async () => {
    while (changed.size > 0) {
      const names = [...changed].sort();
      changed.clear();
      // Editors save through temporary files that are gone by now; name the files that are there.
      const present = names.filter((name) => existsSync(join(options.dataDir, name)));
      out.out(`Changed: ${(present.length > 0 ? present : names).join(", ")}. Rebuilding...`);
      hub.send("building", { changed: names });
      const outcome = noMailProblem(await build());
      if ("problems" in outcome) {
        out.err(
          `${failed(outcome.problems)}; open pages show ${outcome.problems.length === 1 ? "it" : "them"} too. Save a fix and the site rebuilds.`,
        );
        hub.send("error", { problems: outcome.problems });
      } else {
        current = outcome.data;
        out.out(`Rebuilt in ${outcome.seconds} s; open pages reload.`);
        hub.send("reload", {});
      }
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (running) return;
      running = rebuild()
        .catch((error: unknown) => {
          const problem = `The rebuild failed: ${error instanceof Error ? error.message : String(error)}`;
          out.err(problem);
          hub.send("error", { problems: [problem] });
        })
        .finally(() => {
          running = undefined;
          if (changed.size > 0) schedule();
        });
    }, options.debounceMs ?? 150);
  };
  const watcher: FSWatcher = watch(options.dataDir, { recursive: true }, (_event, name) => {
    if (name === null || ignored(name)) return;
    changed.add(name.split("\\").join("/"));
    schedule();
  });
  watcher.on("error", (error) => {
    out.err(
      `Stopped watching ${shown(options.dataDir)} (${error.message}); the site is still served, but changes are not rebuilt. Restart lodge dev.`,
    );
  });

  out.out(`Serving ${current.lodge.name} at ${url} for development`);
  out.out(`  site:  ${shown(siteDir)}, rebuilt when a file in ${shown(options.dataDir)} changes`);
  out.out(`  mail:  ${shown(config.outboxDir)} (written there as .eml files, never sent)`);
  out.out(`  data:  ${shown(config.dbFile)}`);
  out.out("Press Ctrl-C to stop.");

  return {
    url,
    async close() {
      watcher.close();
      clearTimeout(timer);
      changed.clear();
      await running;
      hub.close();
      await server.close();
    },
  };
}
