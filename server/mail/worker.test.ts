import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventCalendarFile } from "../../core/rules/calendar.ts";
import { eventSchema } from "../../core/schemas/index.ts";
import { sampleData, TEST_EVENTS } from "../../test/support/api-harness.ts";
import { breakable } from "../../test/support/faults.ts";
import { parseMail } from "../../test/support/mime.ts";
import { clusterOfThisFile } from "../../test/support/postgres-cluster.ts";
import { RequestsInFlight } from "../http/in-flight.ts";
import { openStore } from "../store/open-store.ts";
import type { Store } from "../store/store.ts";
import {
  type ComposedMail,
  type EventRsvpSubmission,
  FAILURE_SUMMARY_KIND,
  type OutboxMail,
  type SendableMail,
} from "../store/store.ts";
import { composeOrdered, eventRsvpOrders } from "./orders.ts";
import { loadTemplates } from "./templates.ts";
import type { MailTransport } from "./transport.ts";
import {
  MailWorker,
  retryDelay,
  STORAGE_BACKOFF,
  SUMMARY_INTERVAL_MS,
  type WorkerOptions,
} from "./worker.ts";

const START = new Date("2026-11-21T17:00:00Z");

function mail(kind: string): ComposedMail {
  return {
    kind,
    envelope: { from: "lodge@example.org", to: ["ann@example.org"] },
    messageId: `<${kind}@example.org>`,
    raw: Buffer.from(`Subject: ${kind}\r\n\r\nBody`),
  };
}

/**
 * A transport that fails while `down` is set, refuses for good the kinds in `refuse` (as an SMTP
 * server answers 550), holds the kinds in `stall` until `release` is called, and keeps what it
 * delivered.
 */
function fakeTransport() {
  const delivered: string[] = [];
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const transport: MailTransport & {
    down: boolean;
    delivered: string[];
    refuse: Set<string>;
    stall: Set<string>;
    release: () => void;
  } = {
    down: false,
    delivered,
    refuse: new Set(),
    stall: new Set(),
    release: () => release(),
    description: "fake",
    async deliver(queued: SendableMail) {
      if (transport.down)
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525 for ann@example.org");
      if (transport.refuse.has(queued.kind)) {
        throw Object.assign(new Error("550 5.1.1 <ann@example.org>: user unknown"), {
          responseCode: 550,
        });
      }
      if (transport.stall.has(queued.kind)) await released;
      delivered.push(queued.kind);
    },
    async close() {},
  };
  return transport;
}

let stores: Store[] = [];
let workers: MailWorker[] = [];
afterEach(async () => {
  for (const worker of workers) await worker.stop();
  for (const store of stores) await store.close();
  stores = [];
  workers = [];
});

async function setup(
  kinds = ["contact-notice", "contact-acknowledgement"],
  options: Partial<WorkerOptions> = {},
) {
  let time = START.getTime();
  const clock = { now: () => new Date(time), advance: (ms: number) => (time += ms) };
  const real = openStore(":memory:", START);
  stores.push(real);
  const { store, broken } = breakable(real);
  await store.addContactMessage({
    record: {
      firstName: "Ann",
      lastName: "Lee",
      email: "ann@example.org",
      phoneNumber: "",
      message: "Hi",
    },
    receivedAt: START,
    idempotency: { requestHash: "h", keys: [] },
    clientKey: "client",
    untokened: { max: 10, windowMs: 1000 },
    mails: kinds.map(mail),
    response: { status: 200, body: {} },
  });
  const transport = fakeTransport();
  const warnings: object[] = [];
  const errors: object[] = [];
  const worker = new MailWorker({
    store,
    transport,
    now: clock.now,
    log: { info() {}, warn: (object) => warnings.push(object), error: (o) => errors.push(o) },
    summary: async (failures) => ({
      ...mail(FAILURE_SUMMARY_KIND),
      raw: Buffer.from(failures.map((f) => `${f.id} ${f.kind}: ${f.lastError}`).join("\n")),
    }),
    ...options,
  });
  workers.push(worker);
  return { store, transport, worker, clock, warnings, errors, broken };
}

describe("the mail worker", () => {
  it("waits 30 seconds after the first failure, then twice as long each time, at most an hour", () => {
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => retryDelay(n) / 1000)).toEqual([
      30, 60, 120, 240, 1920, 3600, 3600,
    ]);
  });

  it("sends queued mail and marks the submission mailed once all of its mail is out", async () => {
    const { store, transport, worker } = await setup();
    await worker.run();
    expect(transport.delivered).toEqual(["contact-notice", "contact-acknowledgement"]);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect((await store.listContactMessages())[0]?.status).toBe("mailed");
  });

  it("retries a failed send with backoff on its clock, and never drops the mail", async () => {
    const { store, transport, worker, clock, warnings } = await setup();
    transport.down = true;
    await worker.run();
    expect(await store.mailCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
    expect(warnings).toEqual([
      {
        mail: 1,
        kind: "contact-notice",
        attempt: 1,
        retryAt: "2026-11-21T17:00:30.000Z",
        reason: "connect ECONNREFUSED 127.0.0.1:2525 for [address]",
      },
      {
        mail: 2,
        kind: "contact-acknowledgement",
        attempt: 1,
        retryAt: "2026-11-21T17:00:30.000Z",
        reason: "connect ECONNREFUSED 127.0.0.1:2525 for [address]",
      },
    ]);
    clock.advance(29_999);
    await worker.run();
    expect(warnings.length).toBe(2);
    clock.advance(1);
    await worker.run();
    expect(warnings.length).toBe(4);
    expect(await store.nextMailDue()).toEqual(new Date(clock.now().getTime() + 60_000));
    transport.down = false;
    clock.advance(59_999);
    await worker.run();
    expect(transport.delivered).toEqual([]);
    clock.advance(1);
    await worker.run();
    expect(transport.delivered).toEqual(["contact-notice", "contact-acknowledgement"]);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect((await store.listContactMessages())[0]?.status).toBe("mailed");
  });

  it("takes back a mail whose sender died mid-send once its lease has run out", async () => {
    const { store, transport, worker, clock } = await setup();
    const claimed = await store.claimDueMail({
      now: clock.now(),
      leaseUntil: new Date(clock.now().getTime() + 300_000),
      limit: 1,
    });
    expect(claimed.map((m) => m.kind)).toEqual(["contact-notice"]);
    await worker.run();
    expect(transport.delivered).toEqual(["contact-acknowledgement"]);
    clock.advance(300_000);
    await worker.run();
    expect(transport.delivered).toEqual(["contact-acknowledgement", "contact-notice"]);
  });

  it("does nothing after it is stopped", async () => {
    const { transport, worker } = await setup();
    await worker.stop();
    await worker.run();
    expect(transport.delivered).toEqual([]);
  });

  it("marks a mail refused for good (550) failed, never retries it, and tells the secretary once a day", async () => {
    const { store, transport, worker, clock, warnings } = await setup();
    transport.refuse.add("contact-acknowledgement");
    await worker.run();
    expect(transport.delivered).toEqual(["contact-notice", FAILURE_SUMMARY_KIND]);
    expect(warnings).toEqual([
      {
        mail: 2,
        kind: "contact-acknowledgement",
        attempt: 1,
        reason: "550 5.1.1 <[address]>: user unknown",
      },
    ]);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 1 });
    clock.advance(3 * 60 * 60_000);
    await worker.run();
    expect(transport.delivered.length).toBe(2);
    // Another failure the same day waits for the next day's summary.
    await store.addContactMessage({
      record: {
        firstName: "Bo",
        lastName: "Ek",
        email: "bo@example.org",
        phoneNumber: "",
        message: "x",
      },
      receivedAt: clock.now(),
      idempotency: { requestHash: "h2", keys: [] },
      clientKey: "client",
      untokened: { max: 10, windowMs: 1000 },
      mails: [mail("contact-acknowledgement")],
      response: { status: 200, body: {} },
    });
    await worker.run();
    expect(transport.delivered.filter((k) => k === FAILURE_SUMMARY_KIND).length).toBe(1);
    clock.advance(SUMMARY_INTERVAL_MS);
    await worker.run();
    expect(transport.delivered.filter((k) => k === FAILURE_SUMMARY_KIND).length).toBe(2);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 3, failed: 2 });
  });

  it("keeps going when the database cannot be written, and sends the mail once it can", async () => {
    const { store, transport, worker, clock, errors, broken } = await setup();
    broken.add("claimDueMail");
    // run() never rejects: a rejection here would end the whole process.
    await worker.run();
    await worker.run();
    expect(transport.delivered).toEqual([]);
    expect(errors).toEqual([
      {
        reason: expect.stringContaining("attempt to write a readonly database"),
        retryInSeconds: 1,
      },
      {
        reason: expect.stringContaining("attempt to write a readonly database"),
        retryInSeconds: 2,
      },
    ]);
    expect(worker.storageFailing).toBe(true);
    broken.clear();
    clock.advance(STORAGE_BACKOFF.firstMs);
    await worker.run();
    expect(transport.delivered).toEqual(["contact-notice", "contact-acknowledgement"]);
    expect(worker.storageFailing).toBe(false);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
  });

  it("does not send twice a mail delivered while its 'sent' mark could not be written", async () => {
    const { store, transport, worker, clock, broken } = await setup();
    broken.add("markMailSent");
    await worker.run();
    expect(transport.delivered).toEqual(["contact-notice", "contact-acknowledgement"]);
    expect(await store.mailCounts()).toEqual({ pending: 2, sent: 0, failed: 0 });
    broken.clear();
    clock.advance(10 * 60_000);
    await worker.run();
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    expect(transport.delivered).toEqual(["contact-notice", "contact-acknowledgement"]);
  });

  it("sends several at once, so one stalled delivery holds up only itself", async () => {
    const kinds = ["stalled", "a", "b", "c", "d", "e", "f"];
    const { transport, worker } = await setup(kinds);
    transport.stall.add("stalled");
    const running = worker.run();
    while (transport.delivered.length < 6) await new Promise((resolve) => setImmediate(resolve));
    expect(transport.delivered).toEqual(["a", "b", "c", "d", "e", "f"]);
    transport.release();
    await running;
    expect(transport.delivered.at(-1)).toBe("stalled");
  });

  it("lets the requests being answered go first, then sends every mail", async () => {
    const inFlight = new RequestsInFlight(60 * 60_000);
    const kinds = ["a", "b", "c", "d", "e", "f"];
    const { store, transport, worker } = await setup(kinds, { quiet: () => inFlight.quiet() });
    const first = inFlight.started();
    const second = inFlight.started();
    const running = worker.run();
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(transport.delivered).toEqual([]);
    first();
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(transport.delivered).toEqual([]);
    // A mail's delivery while a new request comes in: the rest wait for that one too.
    let late: (() => void) | undefined;
    const deliver = transport.deliver;
    transport.deliver = async (mail) => {
      late ??= inFlight.started();
      await deliver(mail);
    };
    second();
    while (transport.delivered.length < 1) await new Promise((resolve) => setImmediate(resolve));
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    // The slots that had already looked went on; no slot took a mail after the request came.
    expect(transport.delivered.length).toBeLessThanOrEqual(4);
    late?.();
    await running;
    expect([...transport.delivered].sort()).toEqual(kinds);
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 6, failed: 0 });
  });
});

const cluster = clusterOfThisFile();

describe("mail workers of several instances on one PostgreSQL database", () => {
  async function instances(count: number, kinds: string[]) {
    let time = START.getTime();
    const clock = { now: () => new Date(time), advance: (ms: number) => (time += ms) };
    const place = await cluster().place();
    const made = [];
    for (let i = 0; i < count; i++) {
      const store = openStore(place, START);
      const transport = fakeTransport();
      const worker = new MailWorker({
        store,
        transport,
        now: clock.now,
        log: { info() {}, warn() {}, error() {} },
        summary: async () => mail(FAILURE_SUMMARY_KIND),
      });
      made.push({ store, transport, worker });
    }
    for (const kind of kinds) {
      await made[0]?.store.addSocialRsvp({
        record: {
          outingId: "o",
          firstName: kind,
          lastName: "L",
          email: "a@example.org",
          attendees: 1,
        },
        receivedAt: START,
        idempotency: { requestHash: kind, keys: [] },
        mails: [mail(kind)],
        response: { status: 200, body: {} },
      });
    }
    return { clock, made };
  }

  it("send each mail once between them, however their runs overlap", async () => {
    const kinds = Array.from({ length: 30 }, (_, i) => `m${i}`);
    const { made } = await instances(3, kinds);
    for (const { store, worker } of made) {
      stores.push(store);
      workers.push(worker);
    }
    await Promise.all(made.map(({ worker }) => worker.run()));
    const delivered = made.flatMap(({ transport }) => transport.delivered);
    expect(delivered.sort()).toEqual([...kinds].sort());
    // Each did some of the work: the claims really were shared.
    expect(made.filter(({ transport }) => transport.delivered.length > 0).length).toBeGreaterThan(
      1,
    );
    expect(await made[0]?.store.mailCounts()).toEqual({ pending: 0, sent: 30, failed: 0 });
  });

  it("take over the mail of an instance that died while sending it, once its lease ends", async () => {
    const { clock, made } = await instances(2, ["lost", "other"]);
    const [dead, alive] = made as [(typeof made)[number], (typeof made)[number]];
    stores.push(alive.store);
    workers.push(alive.worker);
    dead.transport.stall.add("lost");
    dead.transport.stall.add("other");
    const dying = dead.worker.run();
    while ((await alive.store.listMail("pending")).some((m) => m.attempts === 0)) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // The instance is gone: its connections with it, its two mails claimed and not sent.
    await dead.store.close();
    await alive.worker.run();
    expect(alive.transport.delivered).toEqual([]);
    clock.advance(5 * 60_000);
    await alive.worker.run();
    expect(alive.transport.delivered.sort()).toEqual(["lost", "other"]);
    expect(await alive.store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
    dead.transport.release();
    await dying;
  });
});

describe("mail queued by what it is about (an RSVP's notice and confirmation)", () => {
  const lodge = sampleData().lodge;
  const event = eventSchema.parse(TEST_EVENTS.find((e) => e.id === "dinner-meeting"));
  const data = { ...sampleData(), events: [event] };
  const ctx = {
    lodge,
    from: '"Hillcrest Lodge" <lodge@example.org>',
    secretary: "secretary@example.org",
    templates: loadTemplates(),
  };
  const manageUrl = "https://lodge.example.org/rsvp/manage#token";
  const rsvp = (email: string, mails: OutboxMail[]): EventRsvpSubmission => ({
    record: {
      eventId: event.id,
      firstName: "Ann",
      lastName: "Lee",
      masonicTitle: "PM",
      email,
      attendees: 2,
      dinner: true,
      meals: 2,
      mealCounts: [
        { choice: "Roast Beef", count: 1 },
        { choice: "Salmon", count: 1 },
      ],
    },
    receivedAt: START,
    idempotency: { requestHash: email, keys: [] },
    clientKey: "client",
    mails,
    response: { status: 200, body: {} },
  });
  const keeping = () => {
    const sent: SendableMail[] = [];
    const transport: MailTransport = {
      description: "kept",
      async deliver(mail) {
        sent.push(mail);
      },
      async close() {},
    };
    return { sent, transport };
  };

  it("are composed by the worker from the stored RSVP, also after a restart with only the store", async () => {
    const dir = mkdtempSync(join(tmpdir(), "lodge-orders-"));
    try {
      const db = join(dir, "lodge.db");
      const orders = eventRsvpOrders(ctx, "ann@example.org", { guestLimit: 70, manageUrl });
      // The request's transaction: the RSVP and two orders, no mail text.
      const before = openStore(db, START);
      await before.addEventRsvp(rsvp("ann@example.org", orders), {
        guestLimit: 70,
        seatsPerClient: 20,
      });
      const dump = await before.dump();
      expect(dump.outbox.map((row) => (row.raw as Buffer).length)).toEqual([0, 0]);
      await before.close();

      // Another process, later, with the store alone.
      const store = openStore(db, START);
      stores.push(store);
      const { sent, transport } = keeping();
      const worker = new MailWorker({
        store,
        transport,
        now: () => START,
        log: { info() {}, warn() {}, error() {} },
        compose: (mail) => composeOrdered(ctx, data, mail),
      });
      workers.push(worker);
      await worker.run();
      expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2, failed: 0 });
      expect((await store.listEventRsvps())[0]?.status).toBe("mailed");
      expect(sent.map((mail) => [mail.kind, mail.envelope.to, mail.messageId])).toEqual(
        orders.map((order) => [order.kind, order.envelope.to, order.messageId]),
      );
      const [notice, confirmation] = sent.map((mail) => parseMail(mail.raw));
      expect(notice?.headers.get("message-id")).toBe(orders[0]?.messageId);
      expect(notice?.headers.get("reply-to")).toBe("ann@example.org");
      expect(notice?.text).toContain("Meal selection: 1 Roast Beef, 1 Salmon");
      expect(confirmation?.headers.get("to")).toBe("ann@example.org");
      expect(confirmation?.text).toContain(manageUrl);
      expect(confirmation?.part("text/calendar")?.body).toBe(
        eventCalendarFile(lodge, event, START),
      );
      // Sent, the order (with the manage link's token) is not kept.
      expect(JSON.stringify(await store.dump())).not.toContain("#token");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("gives up, for the secretary's summary, a mail whose RSVP was erased before it could go", async () => {
    const store = openStore(":memory:", START);
    stores.push(store);
    const orders = eventRsvpOrders(ctx, "ann@example.org", { guestLimit: 70 });
    await store.addEventRsvp(rsvp("ann@example.org", orders), {
      guestLimit: 70,
      seatsPerClient: 20,
    });
    await store.eraseRsvps({ kind: "event", subject: event.id, now: START });
    const { sent, transport } = keeping();
    const errors: object[] = [];
    const worker = new MailWorker({
      store,
      transport,
      now: () => START,
      log: { info() {}, warn() {}, error: (o) => errors.push(o) },
      compose: (mail) => composeOrdered(ctx, data, mail),
    });
    workers.push(worker);
    await worker.run();
    expect(sent).toEqual([]);
    expect((await store.listMail("failed")).map((m) => m.lastError)).toEqual([
      "not composed: its RSVP is no longer stored (erased before it could go)",
      "not composed: its RSVP is no longer stored (erased before it could go)",
    ]);
    expect(errors).toHaveLength(2);
  });
});
