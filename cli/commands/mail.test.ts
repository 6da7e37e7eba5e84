import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../../server/store/open-store.ts";
import type { ComposedMail, Store } from "../../server/store/store.ts";
import { lodge, NOW, sampleCopy } from "../../test/support/cli-harness.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
});
afterEach(() => sample.cleanup());

const AT = new Date("2027-12-20T15:00:00Z");

const mail = (kind: string, to: string): ComposedMail => ({
  kind,
  envelope: { from: "lodge@example.org", to: [to] },
  messageId: `<${kind}@example.org>`,
  raw: Buffer.from("Subject: x\r\n\r\nx"),
});

/** Three mails: one sent, one the server refused for good, one waiting for a retry. */
async function seed(): Promise<Store> {
  const store = openStore(join(sample.root, "var", "lodge.db"), AT);
  await store.addContactMessage({
    record: {
      firstName: "A",
      lastName: "B",
      email: "ann@example.org",
      phoneNumber: "",
      message: "x",
    },
    receivedAt: AT,
    idempotency: { requestHash: "h", keys: [] },
    clientKey: "c",
    untokened: { max: 3, windowMs: 1000 },
    mails: [
      mail("contact-notice", "secretary@example.org"),
      mail("contact-acknowledgement", "ann@example.org"),
      mail("rsvp-confirmation", "bob@example.org"),
    ],
    response: { status: 200, body: {} },
  });
  await store.claimDueMail({ now: AT, leaseUntil: AT, limit: 3 });
  await store.markMailSent({ id: 1, now: AT });
  await store.failMail({ id: 2, error: "550 5.1.1 [address]: user unknown", now: AT });
  await store.deferMail({
    id: 3,
    error: "connect ECONNREFUSED 127.0.0.1:25",
    nextAttemptAt: new Date(AT.getTime() + 60_000),
  });
  return store;
}

describe("lodge mail", () => {
  it("lists the outbox newest first, with why a mail failed or when it is tried next", async () => {
    await (await seed()).close();
    const { code, stdout } = await lodge(sample.root, "mail");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "ID  Status   Kind                     To                     Tries  Queued (America/New_York)  Note",
      "3   pending  rsvp-confirmation        bob@example.org        1      2027-12-20 10:00           next try 2027-12-20 10:01; last: connect ECONNREFUSED 127.0.0.1:25",
      "2   failed   contact-acknowledgement  ann@example.org        1      2027-12-20 10:00           refused: 550 5.1.1 [address]: user unknown",
      "1   sent     contact-notice           secretary@example.org  1      2027-12-20 10:00           sent 2027-12-20 10:00",
      "",
      "3 mails shown. In all: 1 waiting, 1 failed, 1 sent.",
    ]);
    const failed = await lodge(sample.root, "mail", "--status", "failed", "--format", "json");
    expect(JSON.parse(failed.stdout.join("\n"))).toMatchObject([
      { id: 2, status: "failed", to: "ann@example.org" },
    ]);
  });

  it("queues a failed mail again with --retry, and refuses one already sent", async () => {
    const store = await seed();
    const retried = await lodge(sample.root, "mail", "--retry", "2");
    expect(retried).toMatchObject({
      code: 0,
      stdout: [
        "Mail 2 (contact-acknowledgement to ann@example.org) is queued again: lodge serve sends it within a minute while it runs, or when it next starts.",
      ],
    });
    expect(
      (await store.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 5 })).map((m) => m.id),
    ).toContain(2);
    const sent = await lodge(sample.root, "mail", "--retry", "1");
    expect(sent).toMatchObject({
      code: 1,
      stderr: [
        "Mail 1 (contact-notice to secretary@example.org) was sent 2027-12-20 10:00 (America/New_York); there is nothing to retry.",
      ],
    });
    expect((await lodge(sample.root, "mail", "--retry", "9")).stderr).toEqual([
      "There is no mail 9; lodge mail lists them with their ids.",
    ]);
    await store.close();
  });

  it("calls a mail written to the outbox folder written, never sent, in every format", async () => {
    const store = await seed();
    // As lodge serve does without SMTP_URL: the mail went to a folder, no mail server saw it.
    await store.markMailSent({ id: 3, now: AT, writtenTo: join(sample.root, "var", "outbox") });
    await store.close();
    const { stdout } = await lodge(sample.root, "mail");
    expect(stdout).toEqual([
      "ID  Status   Kind                     To                     Tries  Queued (America/New_York)  Note",
      "3   written  rsvp-confirmation        bob@example.org        1      2027-12-20 10:00           written 2027-12-20 10:00 to var/outbox (no mail server)",
      "2   failed   contact-acknowledgement  ann@example.org        1      2027-12-20 10:00           refused: 550 5.1.1 [address]: user unknown",
      "1   sent     contact-notice           secretary@example.org  1      2027-12-20 10:00           sent 2027-12-20 10:00",
      "",
      "3 mails shown. In all: 0 waiting, 1 failed, 1 sent, 1 written to a folder (never sent).",
    ]);
    const written = await lodge(sample.root, "mail", "--status", "written", "--format", "json");
    expect(JSON.parse(written.stdout.join("\n"))).toMatchObject([{ id: 3, status: "written" }]);
    const sent = await lodge(sample.root, "mail", "--status", "sent", "--format", "json");
    expect(JSON.parse(sent.stdout.join("\n"))).toMatchObject([{ id: 1, status: "sent" }]);
    expect((await lodge(sample.root, "mail", "--retry", "3")).stderr).toEqual([
      "Mail 3 (rsvp-confirmation to bob@example.org) was written 2027-12-20 10:00 (America/New_York) to var/outbox, as lodge serve does without SMTP_URL; there is nothing to retry. To send mail, set SMTP_URL and restart lodge serve.",
    ]);
  });
});
