/**
 * `npm run bench -- faults`: `lodge serve` in a process of its own, under load, while a fault is
 * put on it: the disk fills (a file size limit set on the running process with prlimit), it is
 * started on a full disk with mail pending, it is killed with SIGKILL and started again, its
 * mail server refuses for good, stalls, or is down, and it is sent hostile requests. Per fault:
 * requests sent, acknowledged and stored, acknowledged RSVPs lost, 5xx answers, process exits,
 * mails lost and mails delivered twice. All on 127.0.0.1, in temporary folders. */
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { API_ROUTES } from "../core/api/routes.ts";
import { buildEventRsvpPayload } from "../core/rules/rsvp-payload.ts";
import type { EventRsvpForm } from "../core/schemas/forms.ts";
import { eventSchema } from "../core/schemas/index.ts";
import { openStore } from "../server/store/open-store.ts";
import { Client, visitor } from "../test/support/api-harness.ts";
import { until } from "../test/support/faults.ts";
import { listening, type ServeProcess, spawnServe } from "../test/support/serve-process.ts";
import { TestSmtp } from "../test/support/smtp-harness.ts";

const RSVP = API_ROUTES.eventRsvp.path;
/** Far enough ahead that its deadline never passes; as events.yaml holds it. */
const EVENT_DATA = {
  id: "far-future",
  date: "2099/06/03 19:30",
  name: "Stated Meeting",
  rsvpOptions: true,
};
const EVENT = eventSchema.parse(EVENT_DATA);

export interface FaultFigures {
  fault: string;
  sent: number;
  acknowledged: number;
  stored: number;
  lostAcknowledged: number;
  /** 503: nothing could be stored, said so. */
  unavailable: number;
  otherServerErrors: number;
  /** Ends of the server process nobody asked for. */
  exits: number;
  mailsQueued: number;
  /** Refused for good by the mail server, marked failed and reported to the secretary. */
  mailsFailed: number;
  mailsLost: number;
  mailsDuplicated: number;
}

/** One visitor's RSVP: an address and an e-mail address of its own. */
function payload(n: number, email = `guest${n}@example.org`) {
  const letters = n
    .toString(26)
    .replace(/./g, (c) => String.fromCharCode(97 + Number.parseInt(c, 26)));
  return buildEventRsvpPayload(EVENT, {
    firstName: "Guest",
    lastName: `Mark ${letters}`,
    masonicTitle: "",
    email,
    numberOfAttendees: 1,
    earlyBirdDinner: false,
    numberOfMeals: 1,
    mealChoice: "",
  } as EventRsvpForm);
}

/** The answers to RSVPs sent `concurrency` at a time, by e-mail address. */
class Load {
  readonly statuses = new Map<string, number>();
  sent = 0;
  #next = 0;

  readonly offset: number;
  constructor(offset: number) {
    this.offset = offset;
  }

  /** Sends `count` RSVPs; `during(done)` runs after each answer, so a fault can be put on. */
  async run(
    url: string,
    count: number,
    options: {
      concurrency?: number;
      email?: (n: number) => string;
      during?: (done: number) => Promise<void> | void;
    } = {},
  ): Promise<void> {
    const client = new Client(url);
    await client.get("/sheets/api/read").catch(() => undefined);
    const end = this.#next + count;
    const worker = async () => {
      while (this.#next < end) {
        const n = this.offset + this.#next++;
        const email = options.email?.(n) ?? `guest${n}@example.org`;
        this.sent += 1;
        try {
          const answer = await client.post(RSVP, payload(n, email), visitor(n));
          this.statuses.set(email, answer.status);
        } catch {
          this.statuses.set(email, 0);
        }
        await options.during?.(this.statuses.size);
      }
    };
    await Promise.all(Array.from({ length: options.concurrency ?? 8 }, worker));
  }

  count(test: (status: number) => boolean): number {
    return [...this.statuses.values()].filter(test).length;
  }

  acknowledged(): string[] {
    return [...this.statuses].filter(([, status]) => status === 200).map(([email]) => email);
  }
}

interface Lodge {
  data: string;
  db: string;
  dist: string;
}

function lodgeIn(scratch: string, name: string, sample: string): Lodge {
  const root = join(scratch, `faults-${name}`);
  const data = join(root, "data");
  cpSync(sample, data, { recursive: true });
  writeFileSync(join(data, "events.yaml"), JSON.stringify([EVENT_DATA]));
  const lodgeYaml = join(data, "lodge.yaml");
  writeFileSync(
    lodgeYaml,
    readFileSync(lodgeYaml, "utf8").replace(/^guestLimit: .*$/m, "guestLimit: 10000"),
  );
  const dist = join(root, "dist");
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, "index.html"), "<h1>Hillcrest</h1>");
  return { data, db: join(root, "state", "lodge.db"), dist };
}

/** Counts the exits of a server that nobody asked for. */
class Watch {
  exits = 0;
  #expected = new Set<ServeProcess>();
  start(
    lodge: Lodge,
    mail: TestSmtp,
    options: { under?: string[]; env?: Record<string, string> } = {},
  ) {
    const server = spawnServe({
      args: ["--data", lodge.data, "--dist", lodge.dist, "--db", lodge.db, "--port", "0"],
      env: {
        SMTP_URL: mail.url,
        SMTP_TIMEOUT_SECONDS: "2",
        RATE_LIMIT_MAX: "100000",
        TRUST_PROXY: "127.0.0.1",
        ...options.env,
      },
      ...(options.under ? { under: options.under } : {}),
    });
    void server.exited.then(() => {
      if (!this.#expected.has(server)) this.exits += 1;
    });
    return server;
  }
  async stop(server: ServeProcess, signal: NodeJS.Signals = "SIGTERM") {
    this.#expected.add(server);
    server.child.kill(signal);
    await server.exited;
  }
}

/** The figures of one fault, from the answers, the database and what the mail server got. */
async function figures(
  fault: string,
  load: Load,
  lodge: Lodge,
  mail: TestSmtp,
  watch: Watch,
): Promise<FaultFigures> {
  const store = openStore(lodge.db);
  const stored = new Set((await store.listEventRsvps()).map((r) => r.record.email));
  const mails = (await store.listMail()).filter((m) => m.kind !== "failed-mail-summary");
  await store.close();
  const delivered = [...mail.received, ...mail.stalled].map(
    (m) => /^Message-ID: (.*)$/im.exec(m.raw)?.[1] ?? "",
  );
  const times = new Map<string, number>();
  for (const id of delivered) times.set(id, (times.get(id) ?? 0) + 1);
  const sent = mails.filter((m) => m.status === "sent");
  return {
    fault,
    sent: load.sent,
    acknowledged: load.acknowledged().length,
    stored: stored.size,
    lostAcknowledged: load.acknowledged().filter((email) => !stored.has(email)).length,
    unavailable: load.count((s) => s === 503),
    otherServerErrors: load.count((s) => s >= 500 && s !== 503),
    exits: watch.exits,
    mailsQueued: mails.length,
    mailsFailed: mails.filter((m) => m.status === "failed").length,
    mailsLost:
      sent.filter((m) => !times.has(m.messageId)).length +
      mails.filter((m) => m.status === "pending").length,
    mailsDuplicated: mails.reduce((n, m) => n + Math.max(0, (times.get(m.messageId) ?? 0) - 1), 0),
  };
}

/**
 * Waits until every mail queued for the stored RSVPs has been sent or has failed for good: a
 * mail refused while its server was down is tried again after 30 s, then 60 s...
 */
async function mailSettled(lodge: Lodge, timeoutMs = 300_000): Promise<void> {
  await until(
    async () => {
      const store = openStore(lodge.db);
      const { pending } = await store.mailCounts();
      await store.close();
      return pending === 0;
    },
    "every mail sent or failed",
    timeoutMs,
  );
}

const fsize = (server: ServeProcess, limit: string) =>
  execFileSync("prlimit", ["--pid", String(server.child.pid), `--fsize=${limit}`]);

/**
 * A full disk: no file of the process may be written past 8 KB, so no database page can be
 * written (the process's limit on file size, which SQLite meets as a write error).
 */
const FULL = 8192;

type Fault = (lodge: Lodge, load: Load, watch: Watch, mail: TestSmtp) => Promise<void>;
/** The faults the bench puts a lodge's server through under load, each on a lodge of its own. */
const FAULTS: [string, Fault][] = [
  [
    "disk full mid-run (file size limit on the running process)",
    async (lodge, load, watch, mail) => {
      const server = watch.start(lodge, mail);
      const url = await listening(server);
      let state: "before" | "full" | "freed" = "before";
      await load.run(url, 600, {
        during: (done) => {
          if (state === "before" && done >= 150) {
            fsize(server, `${FULL}:unlimited`);
            state = "full";
          } else if (state === "full" && done >= 350) {
            fsize(server, "unlimited:unlimited");
            state = "freed";
          }
        },
      });
      await mailSettled(lodge);
      await watch.stop(server);
    },
  ],

  [
    "started on a full disk with mail pending, then freed",
    async (lodge, load, watch, mail) => {
      mail.refusing = true;
      const first = watch.start(lodge, mail);
      await load.run(await listening(first), 100);
      await watch.stop(first);
      mail.refusing = false;
      const second = watch.start(lodge, mail, {
        under: ["prlimit", `--fsize=${FULL}:unlimited`, "--"],
      });
      const url = await listening(second);
      await load.run(url, 100);
      fsize(second, "unlimited:unlimited");
      // The store is opened again at its next try, and the pending mail goes out.
      await until(
        async () => (await new Client(url).get("/sheets/api/read")).status === 200,
        "the database to open",
        30_000,
      );
      await load.run(url, 100);
      await mailSettled(lodge);
      await watch.stop(second);
    },
  ],

  [
    "killed with SIGKILL in a burst, started again",
    async (lodge, load, watch, mail) => {
      const first = watch.start(lodge, mail);
      const url = await listening(first);
      let killed = false;
      await load.run(url, 400, {
        during: async (done) => {
          if (!killed && done >= 150) {
            killed = true;
            await watch.stop(first, "SIGKILL");
          }
        },
      });
      const second = watch.start(lodge, mail);
      await load.run(await listening(second), 100);
      await mailSettled(lodge);
      await watch.stop(second);
    },
  ],

  [
    "mail server refuses one recipient in ten for good (550)",
    async (lodge, load, watch, mail) => {
      const server = watch.start(lodge, mail);
      for (let n = 0; n < 300; n += 10) mail.unknown.add(`unknown${load.offset + n}@example.org`);
      await load.run(await listening(server), 300, {
        email: (n) => (n % 10 === 0 ? `unknown${n}@example.org` : `guest${n}@example.org`),
      });
      await mailSettled(lodge);
      await watch.stop(server);
      mail.unknown.clear();
    },
  ],

  [
    "mail server stalls one conversation in ten (2 s timeout, retried after 30 s)",
    async (lodge, load, watch, mail) => {
      const server = watch.start(lodge, mail);
      for (let n = 0; n < 200; n += 10) mail.stalling.add(`guest${load.offset + n}@example.org`);
      await load.run(await listening(server), 200);
      await until(() => mail.stalled.length >= 20, "the stalled conversations", 60_000);
      mail.stalling.clear();
      await mailSettled(lodge);
      await watch.stop(server);
    },
  ],

  [
    "mail server down, then back",
    async (lodge, load, watch, mail) => {
      const port = mail.port;
      await mail.stop();
      const server = watch.start(lodge, mail);
      await load.run(await listening(server), 200);
      await mail.start(port);
      await mailSettled(lodge);
      await watch.stop(server);
    },
  ],

  [
    "hostile requests (malformed, forged token, oversized) beside real RSVPs",
    async (lodge, load, watch, mail) => {
      const server = watch.start(lodge, mail, { env: { RATE_LIMIT_MAX: "80" } });
      const url = await listening(server);
      const junk = new Client(url);
      await junk.get("/");
      const bodies = [
        "{",
        "[]",
        '{"firstName":"\\u0000"}',
        JSON.stringify({ ...payload(1), event: { id: "../../etc" } }),
        "x".repeat(70_000),
      ];
      await Promise.all(
        Array.from({ length: 2000 }, async (_, i) => {
          const answer = await junk
            .request(RSVP, {
              method: "POST",
              body: bodies[i % bodies.length],
              headers: {
                "content-type": "application/json",
                "x-xsrf-token": i % 7 === 0 ? "forged" : (junk.xsrf ?? ""),
                ...visitor(i % 50),
              },
            })
            .catch(() => ({ status: 0 }));
          load.statuses.set(`junk${i}`, answer.status);
          load.sent += 1;
        }),
      );
      await load.run(url, 200);
      await mailSettled(lodge);
      await watch.stop(server);
    },
  ],
];

export async function benchFaults(sample: string, scratch: string): Promise<FaultFigures[]> {
  const results: FaultFigures[] = [];
  const mail = new TestSmtp();
  await mail.start(0);
  try {
    for (const [name, fault] of FAULTS) {
      mail.received.length = 0;
      mail.stalled.length = 0;
      const lodge = lodgeIn(scratch, String(results.length), sample);
      const load = new Load(results.length * 100_000);
      const watch = new Watch();
      await fault(lodge, load, watch, mail);
      results.push(await figures(name, load, lodge, mail, watch));
    }
  } finally {
    await mail.stop();
  }
  return results;
}
