import { describe, expect, it } from "vitest";
import type { Member } from "../../core/schemas/member.ts";
import { composedMail, rollMember } from "../../test/support/roll.ts";
import { storeKindsOfThisFile } from "../../test/support/served-stores.ts";
import type {
  EventRsvpSubmission,
  RollMember,
  Store,
  SummonsAnswer,
  WaitlistOffers,
} from "./store.ts";

/**
 * The roll, the summons and the members' answers, held against each store: SQLite, SQLite on
 * its own thread (lodge serve's) and PostgreSQL. Two stores opened on one place stand for two
 * instances; closing one and opening the place again, for a restart.
 */
const NOW = new Date("2027-11-21T15:00:00Z");
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
const kinds = storeKindsOfThisFile("issue-35-store", NOW);

const member = rollMember;

const mail = composedMail;

/** A roll of `n` members, imported into `store`, by id. */
async function roll(store: Store, n: number, more: (i: number) => Partial<Member> = () => ({})) {
  await store.importRoll({
    add: Array.from({ length: n }, (_, i) => member(i + 1, more(i + 1))),
    change: [],
    remove: [],
    now: NOW,
  });
  return store.listMembers();
}

/** A member's answer to the event 'e1', with its confirmation in both forms. */
function answer(
  m: RollMember,
  given: SummonsAnswer["given"],
  guestLimit = 70,
  now = NOW,
  offers?: WaitlistOffers,
): SummonsAnswer {
  return {
    member: m,
    eventId: "e1",
    given,
    guestLimit,
    now,
    mails: {
      seated: [mail("summons-answer", m.email)],
      waiting: [mail("summons-answer", m.email)],
    },
    offers,
  };
}

/** A visitor's RSVP for 'e1' of `attendees` from `clientKey`. */
function rsvp(name: string, attendees: number, clientKey = "hall"): EventRsvpSubmission {
  return {
    clientKey,
    record: {
      eventId: "e1",
      firstName: name,
      lastName: "Visitor",
      masonicTitle: "",
      email: `${name.toLowerCase()}@example.org`,
      attendees,
      dinner: false,
      meals: 0,
      mealCounts: [],
    },
    receivedAt: NOW,
    idempotency: { requestHash: name, keys: [] },
    mails: [],
    response: { status: 200, body: { message: "ok" } },
  };
}

const seatsOf = async (store: Store) => (await store.attendeeCounts()).get("e1") ?? 0;

describe.each(kinds)("the $name store's roll", (kind) => {
  it("imports, changes and removes members; a removed member keeps nothing personal, his answer stays counted", async () => {
    const store = await kind.open(await kind.place());
    const [first, second] = await roll(store, 2, (i) => (i === 1 ? { dietary: "No nuts" } : {}));
    if (!first || !second) throw new Error("no roll");
    expect(first).toMatchObject({ number: "1001", firstName: "Brother1", dietary: "No nuts" });
    expect(await store.memberByKey(first.key)).toEqual(first);
    await store.importRoll({
      add: [],
      change: [{ id: second.id, member: { ...member(2), email: "new@example.org" } }],
      remove: [],
      now: later(1),
    });
    expect((await store.listMembers()).map((m) => m.email)).toEqual([
      "m1@example.org",
      "new@example.org",
    ]);
    expect(await store.answerSummons(answer(first, { answer: "dining" }))).toEqual({
      kind: "answered",
      waiting: false,
    });
    await store.removeMember({ id: first.id, now: later(2) });
    expect((await store.listMembers()).map((m) => m.number)).toEqual(["1002"]);
    expect(await store.memberByKey(first.key)).toBeUndefined();
    // His seat stays counted, without his name or address; so does his answer.
    expect(await seatsOf(store)).toBe(1);
    const [seat] = await store.listEventRsvps("e1");
    expect(seat?.record).toMatchObject({ firstName: "", lastName: "", email: "", attendees: 1 });
    const [answered] = await store.listMemberAnswers("e1");
    expect(answered).toMatchObject({
      member: { removed: true, firstName: "", number: "", email: "", key: "" },
      answer: { answer: "dining", waiting: false },
    });
    // Neither the mail sent to him nor the one still waiting keeps his address.
    const mails = await store.listMail();
    expect(mails.filter((m) => m.kind === "summons-answer").map((m) => [m.to, m.status])).toEqual([
      ["", "failed"],
    ]);
    const dump = JSON.stringify(await store.dump());
    expect(dump).not.toContain("m1@example.org");
    expect(dump).not.toContain("Brother1");
    expect(dump).not.toContain(first.key);
    await store.close();
  });

  it("summons each member once per event, across two instances and a restart", async () => {
    const place = await kind.place();
    const [a, b] = [await kind.open(place), await kind.open(place)];
    const members = await roll(a, 30);
    const sends = (store: Store) =>
      store.queueSummons({
        kind: "summons",
        eventId: "e1",
        sends: members.map((m) => ({ memberId: m.id, mail: mail("summons", m.email) })),
        now: NOW,
      });
    const [one, two] = await Promise.all([sends(a), sends(b)]);
    expect(one + two).toBe(30);
    expect(await b.summonsRecipients({ kind: "summons", eventId: "e1" })).toEqual([]);
    await a.close();
    await b.close();
    const again = await kind.open(place);
    expect(await sends(again)).toBe(0);
    const queued = (await again.listMail()).filter((m) => m.kind === "summons");
    expect(queued).toHaveLength(30);
    expect(new Set(queued.map((m) => m.to)).size).toBe(30);
    // A member added since is summoned, alone.
    await again.importRoll({ add: [member(31)], change: [], remove: [], now: later(5) });
    expect(
      (await again.summonsRecipients({ kind: "summons", eventId: "e1" })).map((m) => m.number),
    ).toEqual(["1031"]);
    await again.close();
  });

  it("erases the text and address of the mail sent to members once it is old enough, never one still waiting", async () => {
    const store = await kind.open(await kind.place());
    const [m1, m2] = await roll(store, 2);
    if (!m1 || !m2) throw new Error("no roll");
    await store.queueSummons({
      kind: "summons",
      eventId: "e1",
      sends: [m1, m2].map((m) => ({ memberId: m.id, mail: mail("summons", m.email) })),
      now: NOW,
    });
    const [sent] = await store.listMail("pending");
    await store.markMailSent({ id: sent?.id ?? 0, now: later(1) });
    expect(await store.eraseMemberMail({ sentBefore: NOW })).toBe(0);
    expect(await store.eraseMemberMail({ sentBefore: later(10) })).toBe(1);
    const waiting = sent?.to === m1.email ? m2.email : m1.email;
    expect((await store.listMail()).map((m) => [m.status, m.to]).sort()).toEqual([
      ["pending", waiting],
      ["sent", ""],
    ]);
    await store.close();
  });

  it("chases only members summoned before the chaser's moment who have not answered, once", async () => {
    const store = await kind.open(await kind.place());
    const [m1, m2, m3, m4] = await roll(store, 4);
    if (!m1 || !m2 || !m3 || !m4) throw new Error("no roll");
    const summon = (ms: RollMember[], now: Date) =>
      store.queueSummons({
        kind: "summons",
        eventId: "e1",
        sends: ms.map((m) => ({ memberId: m.id, mail: mail("summons", m.email) })),
        now,
      });
    await summon([m1, m2, m3], NOW);
    await summon([m4], later(120));
    await store.answerSummons(answer(m2, { answer: "apologies" }));
    const due = { kind: "chaser" as const, eventId: "e1", summonedBefore: later(60) };
    const chased = await store.summonsRecipients(due);
    expect(chased.map((m) => m.number)).toEqual(["1001", "1003"]);
    await store.queueSummons({
      kind: "chaser",
      eventId: "e1",
      sends: chased.map((m) => ({ memberId: m.id, mail: mail("summons-chaser", m.email) })),
      now: later(61),
    });
    expect(await store.summonsRecipients(due)).toEqual([]);
    await store.close();
  });

  it("seats a member's answer under the guest limit, puts him in line when full, and frees his seat with his apologies", async () => {
    const store = await kind.open(await kind.place());
    const [m1, m2, m3] = await roll(store, 3, (i) => (i === 1 ? { dietary: "No shellfish" } : {}));
    if (!m1 || !m2 || !m3) throw new Error("no roll");
    expect(
      (await store.addEventRsvp(rsvp("Vic", 1), { guestLimit: 2, seatsPerClient: 1 })).kind,
    ).toBe("stored");
    expect(await store.answerSummons(answer(m1, { answer: "dining", meal: "Fish" }, 2))).toEqual({
      kind: "answered",
      waiting: false,
    });
    // The hall's address holds 1 seat, its cap: a member's seat never counts against it.
    expect(await seatsOf(store)).toBe(2);
    expect(await store.answerSummons(answer(m2, { answer: "attending" }, 2))).toEqual({
      kind: "answered",
      waiting: true,
    });
    expect(await store.memberAnswer({ memberId: m2.id, eventId: "e1" })).toEqual({
      answer: "attending",
      waiting: true,
    });
    // The same answer again (a second click) changes nothing and mails nothing.
    const mails = (await store.listMail()).length;
    expect(await store.answerSummons(answer(m1, { answer: "dining", meal: "Fish" }, 2))).toEqual({
      kind: "unchanged",
      waiting: false,
    });
    expect((await store.listMail()).length).toBe(mails);
    expect(await store.dinersWithNeeds("e1")).toEqual([
      { firstName: "Brother1", lastName: "Mason1", meal: "Fish", dietary: "No shellfish" },
    ]);
    // His apologies free the seat, offered in the same transaction to the one in line.
    const [entry] = (await store.listWaitlist("e1")).filter((e) => e.state === "waiting");
    const offers: WaitlistOffers = {
      guestLimit: 2,
      expiresAt: later(24 * 60),
      ranOut: new Map(),
      mails: new Map([
        [entry?.id ?? 0, { tokenHash: "offer-1", mails: [mail("waitlist-offer", m2.email)] }],
      ]),
    };
    expect(
      await store.answerSummons(answer(m1, { answer: "apologies" }, 2, later(1), offers)),
    ).toEqual({ kind: "answered", waiting: false });
    expect((await store.listWaitlist("e1")).map((e) => [e.record.email, e.state])).toEqual([
      [m2.email, "offered"],
    ]);
    expect(await seatsOf(store)).toBe(2);
    expect(await store.dinersWithNeeds("e1")).toEqual([]);
    expect(
      (await store.listMemberAnswers("e1")).map((a) => [a.member.number, a.answer.answer]),
    ).toEqual([
      ["1001", "apologies"],
      ["1002", "attending"],
    ]);
    await store.close();
  });

  it("takes a member's answer in place of his own RSVP of his address, never of one for his guests too, and records the caterer's mail once", async () => {
    const store = await kind.open(await kind.place());
    const [m1] = await roll(store, 1);
    if (!m1) throw new Error("no roll");
    const his = (attendees: number) => ({
      ...rsvp("Pub", attendees),
      record: { ...rsvp("Pub", attendees).record, email: m1.email },
    });
    const first = await store.addEventRsvp(his(3), { guestLimit: 70, seatsPerClient: 70 });
    expect(await seatsOf(store)).toBe(3);
    // Made on the site for him and two guests: an answer would drop their seats, so none is kept.
    const id = first.kind === "stored" ? first.id : 0;
    expect(await store.answerSummons(answer(m1, { answer: "attending" }))).toEqual({
      kind: "party",
      rsvpId: id,
      attendees: 3,
    });
    expect(await seatsOf(store)).toBe(3);
    expect(await store.memberAnswer({ memberId: m1.id, eventId: "e1" })).toBeUndefined();
    // For himself alone, it is his seat: the answer takes its place.
    await store.cancelEventRsvp({ id, now: NOW, mails: [], told: 3 });
    await store.addEventRsvp(his(1), { guestLimit: 70, seatsPerClient: 70 });
    await store.answerSummons(answer(m1, { answer: "attending" }));
    expect(await seatsOf(store)).toBe(1);
    expect((await store.listMemberAnswers("e1")).map((a) => a.answer)).toEqual([
      { answer: "attending", waiting: false },
    ]);
    const send = (now: Date) =>
      store.queueCatererMail({
        kind: "sheet",
        eventId: "e1",
        mail: mail("caterer-sheet", "chef@example.com"),
        numbers: { dinners: 0, meals: [] },
        fingerprint: "f1",
        now,
      });
    expect(await send(NOW)).toBe(true);
    expect(await send(later(5))).toBe(false);
    expect(await store.catererSend({ eventId: "e1", kind: "sheet" })).toEqual({
      dinners: 0,
      meals: [],
      sentAt: NOW,
      fingerprint: "f1",
    });
    expect(await store.catererSend({ eventId: "e1", kind: "revised" })).toBeUndefined();
    await store.close();
  });

  it("never seats more than the limit when 200 members answer at once for 70 seats, and keeps every answer it acknowledged", async () => {
    const place = await kind.place();
    const [a, b] = [await kind.open(place), await kind.open(place)];
    const members = await roll(a, 200);
    const outcomes = await Promise.all(
      members.map((m, i) =>
        (i % 2 === 0 ? a : b).answerSummons(
          answer(m, i % 3 === 0 ? { answer: "apologies" } : { answer: "dining", meal: "Beef" }),
        ),
      ),
    );
    const seated = outcomes.filter((o) => o.kind === "answered" && !o.waiting).length;
    const waiting = outcomes.filter((o) => o.kind === "answered" && o.waiting).length;
    const attending = members.filter((_, i) => i % 3 !== 0).length;
    expect(outcomes.every((o) => o.kind === "answered")).toBe(true);
    expect(seated - members.filter((_, i) => i % 3 === 0).length).toBe(70);
    expect(waiting).toBe(attending - 70);
    expect(await seatsOf(a)).toBe(70);
    expect((await a.listEventRsvps("e1")).length).toBe(70);
    const answers = await b.listMemberAnswers("e1");
    expect(answers).toHaveLength(200);
    expect(answers.filter((x) => x.answer.waiting)).toHaveLength(attending - 70);
    await a.close();
    await b.close();
  }, 60_000);
});
