import { afterEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../store/sqlite-store.ts";
import type { ComposedMail, QueuedMail } from "../store/store.ts";
import type { MailTransport } from "./transport.ts";
import { MailWorker, retryDelay } from "./worker.ts";

const START = new Date("2026-11-21T17:00:00Z");

function mail(kind: string): ComposedMail {
  return {
    kind,
    envelope: { from: "lodge@example.org", to: ["ann@example.org"] },
    messageId: `<${kind}@example.org>`,
    raw: Buffer.from(`Subject: ${kind}\r\n\r\nBody`),
  };
}

/** A transport that fails while `down` is set and keeps what it delivered. */
function fakeTransport() {
  const delivered: string[] = [];
  const transport: MailTransport & { down: boolean; delivered: string[] } = {
    down: false,
    delivered,
    description: "fake",
    async deliver(queued: QueuedMail) {
      if (transport.down)
        throw new Error("connect ECONNREFUSED 127.0.0.1:2525 for ann@example.org");
      delivered.push(queued.kind);
    },
    async close() {},
  };
  return transport;
}

let stores: SqliteStore[] = [];
let workers: MailWorker[] = [];
afterEach(async () => {
  for (const worker of workers) await worker.stop();
  for (const store of stores) await store.close();
  stores = [];
  workers = [];
});

async function setup() {
  let time = START.getTime();
  const clock = { now: () => new Date(time), advance: (ms: number) => (time += ms) };
  const store = new SqliteStore(":memory:", START);
  stores.push(store);
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
    mails: [mail("contact-notice"), mail("contact-acknowledgement")],
    response: { status: 200, body: {} },
  });
  const transport = fakeTransport();
  const warnings: object[] = [];
  const worker = new MailWorker({
    store,
    transport,
    now: clock.now,
    log: { info() {}, warn: (object) => warnings.push(object) },
  });
  workers.push(worker);
  return { store, transport, worker, clock, warnings };
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
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2 });
    expect((await store.listContactMessages())[0]?.status).toBe("mailed");
  });

  it("retries a failed send with backoff on its clock, and never drops the mail", async () => {
    const { store, transport, worker, clock, warnings } = await setup();
    transport.down = true;
    await worker.run();
    expect(await store.mailCounts()).toEqual({ pending: 2, sent: 0 });
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
    expect(await store.mailCounts()).toEqual({ pending: 0, sent: 2 });
    expect((await store.listContactMessages())[0]?.status).toBe("mailed");
  });

  it("takes back a mail whose sender died mid-send once its lease has run out", async () => {
    const { store, transport, worker, clock } = await setup();
    const claimed = await store.claimDueMail(
      clock.now(),
      new Date(clock.now().getTime() + 300_000),
      1,
    );
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
});
