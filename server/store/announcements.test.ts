import { describe, expect, it } from "vitest";
import type { Member } from "../../core/schemas/member.ts";
import { composedMail, rollMember } from "../../test/support/roll.ts";
import { storeKindsOfThisFile } from "../../test/support/served-stores.ts";
import type { AnnouncementRecipient } from "./announcements.ts";
import { FRIEND_CONFIRM_KIND } from "./bounces.ts";
import type { Store } from "./store.ts";

/**
 * The announcements' lists held against each store (SQLite, on its own thread, PostgreSQL): the
 * friends' double opt-in, unsubscribing (idempotent; a member keeps his summons), bounces, and
 * an announcement queued once with each recipient's mail, taken once across a restart. The clock
 * is the tests' own.
 */
const NOW = new Date("2027-11-21T15:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const kinds = storeKindsOfThisFile("issue-37-store", NOW);

// Addresses as a roll may hold them: the store compares them in lower case.
const member = (n: number, more: Partial<Member> = {}) =>
  rollMember(n, { email: `M${n}@Example.org`, ...more });

const mail = composedMail;
const announcements = (recipients: AnnouncementRecipient[]) =>
  recipients.map((r) => mail("announcement", r.email));

async function withRoll(
  store: Store,
  n: number,
  more: (i: number) => Partial<Member> = () => ({}),
) {
  await store.importRoll({
    add: Array.from({ length: n }, (_, i) => member(i + 1, more(i + 1))),
    change: [],
    remove: [],
    now: NOW,
  });
  return store.listMembers();
}

/** A friend subscribed with `key` and, unless `confirmed` is false, confirmed. */
async function friend(store: Store, email: string, key: string, confirmed = true) {
  const outcome = await store.subscribeFriend({
    email,
    name: "",
    key,
    mail: mail(FRIEND_CONFIRM_KIND, email),
    now: NOW,
  });
  if (confirmed) await store.confirmFriend({ key, now: later(5) });
  return outcome;
}

const addresses = async (store: Store, audience: "members" | "friends" | "all") =>
  (await store.announcementRecipients(audience)).map((r) => r.email.toLowerCase());

/** Sends every due mail of announcement `id` at `now`; the recipients. */
async function sendAll(store: Store, id: number, now: Date): Promise<string[]> {
  const claimed = await store.claimDueMail({
    now,
    leaseUntil: later(500),
    limit: 10_000,
    announcement: id,
  });
  for (const m of claimed) await store.markMailSent({ id: m.id, now });
  return claimed.map((m) => (m.envelope.to[0] ?? "").toLowerCase());
}

describe.each(kinds)("the $name store's announcements", (kind) => {
  it("counts a friend only once he confirms; a second subscription mails him nothing or waits an hour", async () => {
    const store = await kind.open(await kind.place());
    expect(await friend(store, "Ann@Example.org", "k-ann-1", false)).toBe("mailed");
    expect(await addresses(store, "friends")).toEqual([]);
    // Again within the hour: no second mail to a stranger's address, the first link still works.
    expect(await friend(store, "ann@example.org", "k-ann-2", false)).toBe("mailed-lately");
    expect((await store.listMail()).filter((m) => m.kind === FRIEND_CONFIRM_KIND)).toHaveLength(1);
    expect(await store.confirmFriend({ key: "k-ann-1", now: later(10) })).toBe("confirmed");
    expect(await store.confirmFriend({ key: "k-ann-1", now: later(11) })).toBe("already");
    expect(await store.confirmFriend({ key: "k-ann-2", now: later(11) })).toBeUndefined();
    expect(await addresses(store, "friends")).toEqual(["ann@example.org"]);
    expect(await friend(store, "ann@example.org", "k-ann-3", false)).toBe("confirmed-already");
    // An unconfirmed address asked again after the hour gets a new link; the old one opens nothing.
    await friend(store, "bob@example.org", "k-bob-1", false);
    const again = await store.subscribeFriend({
      email: "bob@example.org",
      name: "Bob",
      key: "k-bob-2",
      mail: mail(FRIEND_CONFIRM_KIND, "bob@example.org"),
      now: later(61),
    });
    expect(again).toBe("mailed");
    expect(await store.confirmFriend({ key: "k-bob-1", now: later(62) })).toBeUndefined();
    expect(await store.confirmFriend({ key: "k-bob-2", now: later(62) })).toBe("confirmed");
    expect(
      (await store.listFriends()).map((f) => [f.email, f.name, Boolean(f.confirmedAt)]),
    ).toEqual([
      ["ann@example.org", "", true],
      ["bob@example.org", "Bob", true],
    ]);
    // Never confirmed for long: erased.
    await friend(store, "cy@example.org", "k-cy", false);
    expect(await store.eraseUnconfirmedFriends({ createdBefore: later(1), now: later(2) })).toBe(1);
    expect((await store.listFriends()).map((f) => f.email)).not.toContain("cy@example.org");
    await store.close();
  });

  it("sends to members in good standing who did not opt out and confirmed friends, each address once", async () => {
    const store = await kind.open(await kind.place());
    const [, , , fourth] = await withRoll(store, 5, (i) =>
      i === 2 ? { status: "suspended" } : i === 3 ? { email: "" } : {},
    );
    await friend(store, "m1@example.org", "k-dup");
    await friend(store, "friend@example.org", "k-f");
    await friend(store, "pending@example.org", "k-p", false);
    await store.unsubscribe({ list: "member", key: fourth?.key ?? "", now: NOW });
    expect(await addresses(store, "members")).toEqual(["m1@example.org", "m5@example.org"]);
    expect(await addresses(store, "friends")).toEqual(["m1@example.org", "friend@example.org"]);
    expect(await addresses(store, "all")).toEqual([
      "m1@example.org",
      "m5@example.org",
      "friend@example.org",
    ]);
    // The member on both lists gets the member's link.
    expect((await store.announcementRecipients("all"))[0]?.list).toBe("member");
    // A member who opted out gets none as a friend either.
    await friend(store, "m4@example.org", "k-m4");
    expect(await addresses(store, "friends")).not.toContain("m4@example.org");
    // The summons still goes to the member who wants no announcements.
    const summoned = await store.summonsRecipients({ kind: "summons", eventId: "e1" });
    expect(summoned.map((m) => m.id)).toContain(fourth?.id);
    await store.close();
  });

  it("queues an announcement once, in one transaction, and a restart sends each recipient's mail once", async () => {
    const place = await kind.place();
    let store = await kind.open(place);
    await withRoll(store, 30);
    const recipients = await store.announcementRecipients("members");
    const input = {
      key: "file:abc:members",
      subject: "Grand Master's visit",
      audience: "members" as const,
      mails: announcements(recipients),
      now: NOW,
    };
    const first = await store.queueAnnouncement(input);
    expect(first?.queued).toBe(30);
    expect(await store.queueAnnouncement({ ...input, now: later(1) })).toBeUndefined();
    const id = first?.id ?? 0;
    expect((await store.announcementByKey("file:abc:members"))?.id).toBe(id);
    // Twelve go; the process stops with five more taken (leased) and not sent.
    const taken = await store.claimDueMail({
      now: NOW,
      leaseUntil: later(5),
      limit: 12,
      announcement: id,
    });
    for (const m of taken) await store.markMailSent({ id: m.id, now: NOW });
    await store.claimDueMail({ now: NOW, leaseUntil: later(5), limit: 5, announcement: id });
    expect(await store.announcementProgress(id)).toEqual({
      total: 30,
      sent: 12,
      failed: 0,
      pending: 18,
    });
    await store.close();
    store = await kind.open(place);
    // Those taken wait for their lease; the rest go now, then those after the lease.
    const now = await sendAll(store, id, later(1));
    const afterLease = await sendAll(store, id, later(6));
    const sent = [...taken.map((m) => m.envelope.to[0]?.toLowerCase()), ...now, ...afterLease];
    expect(now).toHaveLength(13);
    expect(afterLease).toHaveLength(5);
    expect(new Set(sent).size).toBe(30);
    expect(sent).toHaveLength(30);
    expect(await store.announcementProgress(id)).toEqual({
      total: 30,
      sent: 30,
      failed: 0,
      pending: 0,
    });
    expect(await sendAll(store, id, later(600))).toEqual([]);
    await store.close();
  });

  it("unsubscribes at once and idempotently; a friend who leaves is erased, his pending mail given up", async () => {
    const store = await kind.open(await kind.place());
    const [first] = await withRoll(store, 2);
    await friend(store, "friend@example.org", "k-f");
    const recipients = await store.announcementRecipients("all");
    const queued = await store.queueAnnouncement({
      key: "a1",
      subject: "News",
      audience: "all",
      mails: announcements(recipients),
      now: NOW,
    });
    const memberKey = first?.key ?? "";
    expect(await store.subscriberByKey({ list: "member", key: memberKey })).toEqual({
      email: "M1@Example.org",
      unsubscribed: false,
    });
    expect(await store.unsubscribe({ list: "member", key: memberKey, now: later(1) })).toBe(true);
    expect(await store.unsubscribe({ list: "member", key: memberKey, now: later(2) })).toBe(false);
    expect((await store.subscriberByKey({ list: "member", key: memberKey }))?.unsubscribed).toBe(
      true,
    );
    expect(await store.unsubscribe({ list: "friend", key: "k-f", now: later(1) })).toBe(true);
    expect(await store.unsubscribe({ list: "friend", key: "k-f", now: later(2) })).toBe(false);
    expect(await store.subscriberByKey({ list: "friend", key: "k-f" })).toBeUndefined();
    // Only the second member's mail is left to go.
    const sent = await sendAll(store, queued?.id ?? 0, later(3));
    expect(sent).toEqual(["m2@example.org"]);
    expect(await store.announcementProgress(queued?.id ?? 0)).toMatchObject({ sent: 1, failed: 2 });
    // Nothing of the friend stays: not his row's address, nor his mail's.
    const dump = JSON.stringify(await store.dump());
    expect(dump).not.toContain("friend@example.org");
    expect(await store.listFriends()).toEqual([]);
    await store.close();
  });

  it("marks an address bounced at an announcement's 5xx, skips it next time, and lists it", async () => {
    const store = await kind.open(await kind.place());
    await withRoll(store, 2);
    await friend(store, "gone@example.org", "k-g");
    const queued = await store.queueAnnouncement({
      key: "a1",
      subject: "News",
      audience: "all",
      mails: announcements(await store.announcementRecipients("all")),
      now: NOW,
    });
    const taken = await store.claimDueMail({
      now: NOW,
      leaseUntil: later(5),
      limit: 10,
      announcement: queued?.id ?? 0,
    });
    for (const m of taken) {
      const to = m.envelope.to[0]?.toLowerCase();
      if (to === "m2@example.org" || to === "gone@example.org") {
        await store.failMail({
          id: m.id,
          error: "550 5.1.1 user unknown",
          now: NOW,
          refused: true,
        });
      } else await store.markMailSent({ id: m.id, now: NOW });
    }
    expect((await store.listBounces()).map((b) => b.address)).toEqual([
      "gone@example.org",
      "m2@example.org",
    ]);
    expect(await addresses(store, "all")).toEqual(["m1@example.org"]);
    expect((await store.listFriends({ bounced: true })).map((f) => f.email)).toEqual([
      "gone@example.org",
    ]);
    // A summons refused for good marks nothing: the secretary hears of it as of any failed mail.
    await store.queueSummons({
      kind: "summons",
      eventId: "e1",
      sends: [{ memberId: 1, mail: mail("summons", "m1@example.org") }],
      now: NOW,
    });
    const [summons] = await store.claimDueMail({ now: later(1), leaseUntil: later(5), limit: 1 });
    await store.failMail({ id: summons?.id ?? 0, error: "550", now: later(1), refused: true });
    expect(await store.listBounces()).toHaveLength(2);
    // The secretary checked it: the member's announcements on again, his bounce forgotten.
    const m2 = (await store.listMembers()).find((m) => m.number === "1002");
    const on = { memberId: m2?.id ?? 0, on: true, now: later(2) };
    expect(await store.setMemberAnnouncements(on)).toEqual({ changed: false, unbounced: true });
    expect(await addresses(store, "members")).toEqual(["m1@example.org", "m2@example.org"]);
    expect(await store.setMemberAnnouncements(on)).toEqual({ changed: false, unbounced: false });
    // Off at his word, and on again; nobody for a member not on the roll.
    expect(await store.setMemberAnnouncements({ ...on, on: false })).toEqual({
      changed: true,
      unbounced: false,
    });
    expect(await addresses(store, "members")).toEqual(["m1@example.org"]);
    expect(await store.setMemberAnnouncements(on)).toEqual({ changed: true, unbounced: false });
    expect(await store.setMemberAnnouncements({ ...on, memberId: 999 })).toBeUndefined();
    // A friend who follows a new confirmation link proves his address takes mail again.
    await store.unsubscribe({ list: "friend", key: "k-g", now: later(3) });
    await friend(store, "gone@example.org", "k-g2");
    expect((await store.listBounces()).map((b) => b.address)).toEqual([]);
    await store.close();
  });

  it("a removed member's announcements keep nothing of him", async () => {
    const store = await kind.open(await kind.place());
    const [first] = await withRoll(store, 1);
    await store.queueAnnouncement({
      key: "a1",
      subject: "News",
      audience: "members",
      mails: announcements(await store.announcementRecipients("members")),
      now: NOW,
    });
    await store.removeMember({ id: first?.id ?? 0, now: later(1) });
    expect(JSON.stringify(await store.dump()).toLowerCase()).not.toContain("m1@example.org");
    await store.close();
  });
});
