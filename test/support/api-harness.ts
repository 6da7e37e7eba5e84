import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadData } from "../../cli/load/load-data.ts";
import {
  type EventInput,
  type EventRsvpForm,
  eventSchema,
  type LodgeData,
  type SocialEvent,
  socialEventSchema,
} from "../../core/schemas/index.ts";
import { type App, type AppOptions, buildApp } from "../../server/app.ts";
import type { AppConfig } from "../../server/config.ts";
import { fixedSource, type LodgeSource } from "../../server/lodge-source.ts";
import { type MailTransport, outboxFolderTransport } from "../../server/mail/transport.ts";
import { openStore } from "../../server/store/open-store.ts";
import type { Store } from "../../server/store/store.ts";
import { NOW, SAMPLE } from "./cli-harness.ts";
import { type Mail, parseMail } from "./mime.ts";

export { NOW };

/** A clock that stands still until a test moves it. */
export class Clock {
  #time: number;
  constructor(start: Date = NOW) {
    this.#time = start.getTime();
  }
  now = (): Date => new Date(this.#time);
  advance(ms: number): void {
    this.#time += ms;
  }
}

/** An RSVP as a visitor sends it for an event without a dinner: one attendee. */
export const PLAIN_RSVP_FORM = {
  firstName: "John",
  lastName: "Smith",
  masonicTitle: "",
  email: "john.smith@example.org",
  numberOfAttendees: 1,
  earlyBirdDinner: false,
  numberOfMeals: 1,
  mealChoice: "",
} as EventRsvpForm;

let sample: LodgeData | undefined;

/** The sample lodge in data/, loaded once. */
export function sampleData(): LodgeData {
  if (!sample) {
    const loaded = loadData(SAMPLE, SAMPLE);
    if (!loaded.data) throw new Error("the sample lodge in data/ does not load");
    sample = loaded.data;
  }
  return sample;
}

const VENUE = {
  location: "Lyndhurst Masonic Center",
  address: "5025 Linden Crest Road, Lyndhurst, OH 44124",
  addressLink: "https://maps.google.com/?q=5025+Linden+Crest+Road,+Lyndhurst,+OH+44124",
};

/** Events the API tests reason about, relative to NOW (Sat 21 Nov 2026, noon in New York). */
export const TEST_EVENTS: EventInput[] = [
  {
    id: "dinner-meeting",
    date: "2026/12/02 19:30",
    name: "Stated Meeting",
    description: "Business meeting and dinner.",
    ...VENUE,
    rsvpOptions: true,
    rsvpExpirationDays: 1,
    earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Roast Beef", "Salmon"] },
  },
  {
    id: "plain-meeting",
    date: "2026/12/16 19:30",
    name: "Stated Meeting",
    ...VENUE,
    rsvpOptions: true,
  },
  {
    id: "one-per-rsvp",
    date: "2026/12/12 13:30",
    name: "Installation of Officers",
    ...VENUE,
    rsvpOptions: true,
    rsvpLimit: true,
    earlyBirdOptions: { time: "(12:30pm)", cost: 20, choices: ["Chicken Piccata"] },
  },
  {
    id: "closes-tonight",
    date: "2026/11/22 19:30",
    name: "Special Meeting",
    ...VENUE,
    rsvpOptions: true,
    rsvpExpirationDays: 1,
  },
  {
    id: "last-month",
    date: "2026/11/04 19:30",
    name: "Annual Meeting",
    ...VENUE,
    rsvpOptions: true,
  },
  { id: "no-reservations", date: "2026/12/09 19:00", name: "Special Meeting", ...VENUE },
  {
    id: "called-off",
    date: "2026/12/10 19:00",
    name: "Table Lodge",
    ...VENUE,
    rsvpOptions: true,
    cancelled: true,
  },
  {
    id: "sold-out",
    date: "2026/12/11 19:00",
    name: "Steak Roast",
    ...VENUE,
    rsvpOptions: true,
    full: true,
  },
];

export const TEST_OUTINGS = [
  {
    id: "bowling",
    name: "Bowling at Mayfield Lanes",
    date: "2026/12/05 18:00",
    location: "Mayfield Lanes",
    locationAddress: "6010 Mayfield Road, Mayfield Heights, OH 44124",
    locationUrl: "https://maps.google.com/?q=6010+Mayfield+Road",
    isRsvp: true,
  },
];

/**
 * The sample lodge with the test events (and optionally other limits). No caterer unless one is
 * given: the tests that move the clock past a dinner deadline count their own mails.
 */
export function testData(
  options: { guestLimit?: number; seatsPerAddress?: number; caterer?: string } = {},
): LodgeData {
  const data = sampleData();
  return {
    ...data,
    lodge: {
      ...data.lodge,
      guestLimit: options.guestLimit ?? data.lodge.guestLimit,
      seatsPerAddress: options.seatsPerAddress ?? data.lodge.seatsPerAddress,
      caterer: options.caterer,
    },
    events: TEST_EVENTS.map((event) => eventSchema.parse(event)),
    socialEvents: TEST_OUTINGS.map((outing) => socialEventSchema.parse(outing) as SocialEvent),
  };
}

export function testEvent(id: string) {
  const event = testData().events.find((candidate) => candidate.id === id);
  if (!event) throw new Error(`no test event ${id}`);
  return event;
}

/** A transport that keeps what it was given, parsed, with its recipient. */
export function keepingTransport(): MailTransport & { sent: (Mail & { to: string })[] } {
  const sent: (Mail & { to: string })[] = [];
  return {
    sent,
    description: "kept in memory",
    async deliver(mail) {
      sent.push({ ...parseMail(mail.raw), to: mail.envelope.to[0] ?? "" });
    },
    async close() {},
  };
}

/** The address of the `i`th visitor, each its own, as the trusted proxy reports it. */
export function visitor(i: number): Record<string, string> {
  return { "x-forwarded-for": `10.0.${(i >> 8) & 255}.${i & 255}` };
}

export interface Response {
  status: number;
  headers: Headers;
  body: unknown;
}

/**
 * A browser's worth of state: the XSRF cookie a page load sets, sent back as the header. With an
 * `address`, it is a visitor at that address behind the test server's trusted proxy.
 */
export class Client {
  readonly url: string;
  readonly address: string | undefined;
  xsrf: string | undefined;
  constructor(url: string, address?: string) {
    this.url = url;
    this.address = address;
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.address && !headers.has("x-forwarded-for"))
      headers.set("x-forwarded-for", this.address);
    if (this.xsrf && !headers.has("cookie")) headers.set("cookie", `XSRF-TOKEN=${this.xsrf}`);
    const response = await fetch(this.url + path, { ...init, headers, redirect: "manual" });
    const cookie = /XSRF-TOKEN=([^;]+)/.exec(response.headers.get("set-cookie") ?? "");
    if (cookie) this.xsrf = cookie[1];
    const text = await response.text();
    let body: unknown = text;
    if ((response.headers.get("content-type") ?? "").includes("json")) body = JSON.parse(text);
    return { status: response.status, headers: response.headers, body };
  }

  get(path: string, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, { headers });
  }

  /** A POST as the site sends it: JSON, with the XSRF header (load a page first with `get`). */
  post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
    return this.request(path, {
      method: "POST",
      body: JSON.stringify(body),
      headers: {
        "content-type": "application/json",
        ...(this.xsrf ? { "x-xsrf-token": this.xsrf } : {}),
        ...headers,
      },
    });
  }
}

export interface TestServer extends App {
  url: string;
  dir: string;
  outbox: string;
  store: Store;
  clock: Clock;
  /** A client (at `address`, if given) that has loaded a page, so it holds an XSRF token. */
  client(address?: string): Promise<Client>;
  close(): Promise<void>;
}

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

export function testConfig(dir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir: SAMPLE,
    distDir: join(dir, "dist"),
    dbFile: join(dir, "lodge.db"),
    outboxDir: join(dir, "outbox"),
    smtpUrl: undefined,
    smtpTimeoutSeconds: 20,
    mailFrom: '"Hillcrest Lodge No. 586" <lodge@hillcrest586.example.org>',
    secretaryEmail: "secretary@hillcrest586.example.org",
    xsrfSecret: TEST_SECRET,
    rateLimitMax: 10_000,
    rateLimitWindowSeconds: 60,
    bodyLimitBytes: 65_536,
    contactMinFillSeconds: 3,
    contactNoTokenPerDay: 3,
    // The tests' clients stand behind a proxy on this machine: X-Forwarded-For gives each
    // visitor an address of their own.
    trustProxy: "127.0.0.1",
    logFormat: "json",
    ...overrides,
  };
}

/**
 * The real app on 127.0.0.1 at a free port, with its database and outbox in a temporary folder
 * (or in `dir`, kept on close, to start another server on the same files).
 */
export async function startServer(
  options: {
    /** The lodge's data, or a source a test replaces it through (as lodge dev does). */
    data?: LodgeData | LodgeSource;
    config?: Partial<AppConfig>;
    clock?: Clock;
    dir?: string;
    transport?: AppOptions["transport"];
    logger?: AppOptions["logger"];
    backoff?: AppOptions["backoff"];
    mail?: AppOptions["mail"];
    jobs?: AppOptions["jobs"];
    /** Another store than a SQLite file in the folder (closed with the server). */
    store?: Store;
  } = {},
): Promise<TestServer> {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), "lodge-api-"));
  const config = testConfig(dir, options.config);
  const clock = options.clock ?? new Clock();
  const store = options.store ?? openStore(config.dbFile, clock.now());
  const built = await buildApp({
    config,
    data:
      typeof options.data === "function" ? options.data : fixedSource(options.data ?? testData()),
    store,
    transport: options.transport ?? outboxFolderTransport(config.outboxDir),
    now: clock.now,
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    ...(options.mail ? { mail: options.mail } : {}),
    ...(options.jobs ? { jobs: options.jobs } : {}),
  });
  const url = await built.app.listen({ host: "127.0.0.1", port: 0 });
  return {
    ...built,
    url,
    dir,
    outbox: config.outboxDir,
    store,
    clock,
    async client(address?: string) {
      const client = new Client(url, address);
      await client.get("/sheets/api/read");
      return client;
    },
    async close() {
      await built.app.close();
      await store.close();
      if (!options.dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}
