import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { loadData } from "../cli/load/load-data.ts";
import { API_ROUTES } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import { upcomingRsvpOpen } from "../core/rules/rsvp-window.ts";
import type { EventRsvpForm } from "../core/schemas/forms.ts";
import { startCluster } from "../test/support/postgres-cluster.ts";

/** Starts a process and resolves with the address it prints once it listens. */
function start(
  command: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    // Its first lines until it listens, then only the last ones (for the message if it stops):
    // it logs a line per request, which must not cost the load's process more and more.
    let output = "";
    let url: string | undefined;
    const look = (chunk: Buffer) => {
      output = url ? `${output}${chunk}`.slice(-4000) : `${output}${chunk}`;
      if (url) return;
      url = /(http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (url) resolve({ child, url });
    };
    child.stdout?.on("data", look);
    child.stderr?.on("data", look);
    child.on("close", (code) => reject(new Error(`${args.join(" ")} exited ${code}:\n${output}`)));
  });
}

/** Peak resident memory of a running process, in MB. */
const peakMB = (pid: number) =>
  Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners("close");
    child.once("close", () => resolve());
    child.kill("SIGTERM");
  });
}

/** Letters only (names allow no digits' meaning here): 0 -> 'a', 27 -> 'bb'... */
const letters = (n: number) =>
  n.toString(26).replace(/./g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)));

/** The clients sending at once, each waiting for its answer before it sends again. */
const CONNECTIONS = 50;

/** Numbers each request across every load running at once, so no two share an e-mail address. */
let sent = 0;

async function load(
  url: string,
  body: (n: number) => string,
  headers: Record<string, string>,
  connections = CONNECTIONS,
) {
  const result = await autocannon({
    url,
    connections,
    duration: 10,
    requests: [
      {
        method: "POST",
        path: API_ROUTES.eventRsvp.path,
        headers: { "content-type": "application/json", ...headers },
        // Each RSVP from an address of its own (through TRUST_PROXY), as visitors' are: one
        // address may hold only seatsPerAddress seats of an event.
        setupRequest: (request) => {
          const n = sent++;
          const from = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            headers: { ...request.headers, "x-forwarded-for": from },
            body: body(n),
          };
        },
      },
    ],
  });
  return {
    // Answered with 200: for lodge, stored and committed, since it answers only after the commit.
    rps: result["2xx"] / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    answered: result["2xx"],
  };
}

/**
 * The connections shared out between several instances at once, as a load balancer would:
 * their requests per second add up; the latencies are the worst instance's.
 */
async function loadAll(
  servers: { url: string; headers: Record<string, string> }[],
  body: (n: number) => string,
) {
  const each = await Promise.all(
    servers.map(({ url, headers }) =>
      load(url, body, headers, Math.ceil(CONNECTIONS / servers.length)),
    ),
  );
  return {
    rps: each.reduce((sum, r) => sum + r.rps, 0),
    p50: Math.max(...each.map((r) => r.p50)),
    p99: Math.max(...each.map((r) => r.p99)),
    errors: each.reduce((sum, r) => sum + r.errors, 0),
    answered: each.reduce((sum, r) => sum + r.answered, 0),
  };
}

/**
 * The seats the server says its events hold: every answered RSVP (one seat each) must be among
 * them, or the figures would count answers that stored nothing. A few more may be: the requests
 * still on their way, one per connection, when the load stopped.
 */
async function checkStored(url: string, eventIds: readonly string[], answered: number) {
  const response = await fetch(`${url}/sheets/api/read`);
  const { counts } = (await response.json()) as { counts: Record<string, number> };
  const stored = eventIds.reduce((sum, id) => sum + (counts[id] ?? 0), 0);
  if (stored < answered || stored > answered + CONNECTIONS) {
    throw new Error(`the server answered ${answered} RSVPs but holds ${stored} seats`);
  }
}

/** `lodge serve` on `db`, with the XSRF cookie and header its form posts need. */
async function serveLodge(cli: string, dataDir: string, scratch: string, db: string) {
  // LODGE_BENCH_PROFILE=<folder>: each lodge serve writes a CPU profile there when it stops.
  const profile = process.env.LODGE_BENCH_PROFILE;
  const lodge = await start(
    process.execPath,
    [
      ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
      cli,
      "serve",
      "--data",
      dataDir,
      "--dist",
      join(scratch, "no-dist"),
      "--port",
      "0",
      "--db",
      db,
      "--outbox",
      join(scratch, "outbox"),
    ],
    {
      RATE_LIMIT_MAX: "100000",
      TRUST_PROXY: "127.0.0.1",
      XSRF_SECRET: "one-secret-for-every-instance-of-the-bench",
    },
  );
  const response = await fetch(`${lodge.url}/sheets/api/read`);
  const token = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1] ?? "";
  const headers = { cookie: `XSRF-TOKEN=${token}`, "x-xsrf-token": decodeURIComponent(token) };
  return { ...lodge, headers };
}

/**
 * How many open events the RSVPs are spread over, in turn. One event holds at most the schema's
 * 10,000 seats, so one event alone would cap a 10 s run at 1,000 stored RSVPs/s.
 */
export const BENCH_EVENTS = 4;

export async function benchApi(cli: string, dataDir: string, scratch: string) {
  const { data } = loadData(dataDir);
  if (!data) throw new Error("the benchmark lodge does not validate");
  const now = new Date();
  // RSVPs without the dinner: any open event takes them.
  const events = data.events
    .filter((e) => upcomingRsvpOpen(e, now, data.lodge.timeZone))
    .slice(0, BENCH_EVENTS);
  if (events.length < BENCH_EVENTS) {
    throw new Error(`the benchmark lodge has ${events.length} open events, not ${BENCH_EVENTS}`);
  }
  const eventIds = events.map((e) => e.id);
  const body = (n: number) => {
    const event = events[n % events.length] as (typeof events)[number];
    const form = {
      firstName: "Bench",
      lastName: `Mark ${letters(n)}`,
      masonicTitle: "",
      email: `bench${n}@example.org`,
      numberOfAttendees: 1,
      earlyBirdDinner: false,
      numberOfMeals: 1,
      mealChoice: "",
    } as EventRsvpForm;
    return JSON.stringify(buildEventRsvpPayload(event, form));
  };

  const rows: {
    name: string;
    rps: number;
    p50: number;
    p99: number;
    errors: number;
    peakMB: number;
  }[] = [];
  const bare = await start(process.execPath, [join(import.meta.dirname, "bare-server.ts")], {});
  rows.push({
    name: "bare fastify route (answers only)",
    ...(await load(bare.url, body, {})),
    peakMB: peakMB(bare.child.pid ?? 0),
  });
  await stop(bare.child);

  const lodge = await serveLodge(cli, dataDir, scratch, join(scratch, "api.db"));
  try {
    const sqlite = await load(lodge.url, body, lodge.headers);
    await checkStored(lodge.url, eventIds, sqlite.answered);
    rows.push({
      name: "lodge serve: validated, stored (SQLite, synchronous=FULL), 2 mails queued and written",
      ...sqlite,
      peakMB: peakMB(lodge.child.pid ?? 0),
    });
  } finally {
    await stop(lodge.child);
  }

  // PostgreSQL on this machine, committing to disk as it does by default (fsync, synchronous_commit).
  const cluster = await startCluster({ durable: true });
  try {
    for (const count of [1, 3]) {
      const db = await cluster.place();
      const instances = [];
      try {
        for (let i = 0; i < count; i++) {
          instances.push(await serveLodge(cli, dataDir, scratch, db));
        }
        const postgres = await loadAll(instances, body);
        await checkStored(instances[0]?.url ?? "", eventIds, postgres.answered);
        rows.push({
          name: `lodge serve: the same on PostgreSQL 15 (same machine), ${count === 1 ? "1 instance" : `${count} instances sharing it`}`,
          ...postgres,
          peakMB: Math.max(...instances.map(({ child }) => peakMB(child.pid ?? 0))),
        });
      } finally {
        for (const { child } of instances) await stop(child);
      }
    }
  } finally {
    await cluster.stop();
  }
  return rows;
}
