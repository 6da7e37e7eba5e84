import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../../server/store/open-store.ts";
import type { EventRsvpRecord, Store } from "../../server/store/store.ts";
import { lodge, NOW, sampleCopy } from "../../test/support/cli-harness.ts";

/**
 * `lodge rsvps cancel` and `edit` on a full event with a waiting list: the seats they free are
 * offered down the line in the same transaction, with claim links to the site signed with the
 * server's secret.
 */
let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
  sample.write(
    "events.yaml",
    "- date: 2028/01/05 19:30\n  name: Table Lodge\n  rsvpOptions: true\n",
  );
});
afterEach(() => sample.cleanup());

const EVENT = "2028-01-05-table-lodge";
const SECRET = "kept-secret-kept-secret-kept-secret-0123456789";
const db = () => join(sample.root, "var", "lodge.db");
const at = new Date("2027-12-20T15:00:00Z");

function record(firstName: string, attendees: number): EventRsvpRecord {
  return {
    eventId: EVENT,
    firstName,
    lastName: "Example",
    masonicTitle: "",
    email: `${firstName.toLowerCase()}@example.org`,
    attendees,
    dinner: false,
    meals: 0,
    mealCounts: [],
  };
}

/** The sample lodge's 70 seats all taken (7 RSVPs of 10), and Dan (3) and Eve (9) waiting. */
async function full(): Promise<Store> {
  const store = openStore(db());
  const limits = { guestLimit: 70, seatsPerClient: 70 };
  const common = { receivedAt: at, mails: [], clientKey: "client" };
  for (let i = 0; i < 7; i++) {
    await store.addEventRsvp(
      {
        ...common,
        record: record(`Guest${i}`, 10),
        idempotency: { requestHash: `r${i}`, keys: [] },
        response: { status: 200, body: {} },
      },
      limits,
    );
  }
  for (const [name, n] of [
    ["Dan", 3],
    ["Eve", 9],
  ] as const) {
    const joined = await store.joinWaitlist(
      {
        ...common,
        record: record(name, n),
        idempotency: { requestHash: name, keys: [] },
        tokenHash: `join-${name}`,
        response: { status: 200, body: {} },
      },
      limits,
    );
    expect(joined.kind).toBe("joined");
  }
  return store;
}

describe("lodge rsvps cancel and edit with a waiting list", () => {
  it("offers the seats a cancel frees to the first in line whose party fits, with a claim link", async () => {
    const store = await full();
    // The secret lodge serve keeps beside its database: the claim links must be ones it accepts.
    mkdirSync(join(sample.root, "var"), { recursive: true });
    writeFileSync(join(sample.root, "var", "xsrf-secret"), SECRET);
    const edited = await lodge(sample.root, "rsvps", "edit", "1", "--attendees", "5");
    expect(edited.code).toBe(0);
    // 65 in RSVPs and 3 held for Dan; Eve's 9 do not fit in the 2 left.
    expect(edited.stdout).toContain(
      "Table Lodge on Wed, Jan 5, 2028 at 7:30PM now has 65 of 70 seats reserved and 3 held for the waiting list's offers.",
    );
    const offerLine = edited.stdout.find((line) => line.startsWith("Offered to the waiting list"));
    expect(offerLine).toMatch(
      /^Offered to the waiting list: Dan Example \(3 attendees\), to claim by .* at .*; the offers are queued with the notice\.$/,
    );
    expect(
      (await store.listWaitlist(EVENT)).map((e) => `${e.record.firstName}:${e.state}`),
    ).toEqual(["Dan:offered", "Eve:waiting"]);
    // Queued as an order, composed from Dan's entry when the server's worker sends it.
    const offer = (await store.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 10 })).flatMap(
      (mail) => (mail.kind === "waitlist-offer" && "order" in mail ? [mail] : []),
    );
    expect(offer).toHaveLength(1);
    expect(offer[0]?.subject).toMatchObject({ table: "waitlist", stored: { state: "offered" } });
    expect(offer[0]?.order.claimUrl).toMatch(
      /^https:\/\/www\.hillcrest586\.example\.org\/rsvp\/claim#/,
    );
    await store.close();
  });

  it("without the server's secret, leaves the offer to lodge serve and says so", async () => {
    const store = await full();
    const cancelled = await lodge(sample.root, "rsvps", "cancel", "1");
    expect(cancelled.code).toBe(0);
    expect(cancelled.stdout).toContain(
      "The freed seats go to the waiting list when lodge serve next looks (within a minute while it runs): this command has no site address (siteUrl) or server secret for the claim links.",
    );
    expect((await store.listWaitlist(EVENT)).map((e) => e.state)).toEqual(["waiting", "waiting"]);
    expect(await store.waitlistDue({ now: NOW, guestLimit: 70 })).toEqual([EVENT]);
    await store.close();
  });
});
