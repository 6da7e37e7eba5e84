import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { readAnswerFragment } from "../core/rules/answer-links.ts";
import { type EventInput, eventSchema, type LodgeData } from "../core/schemas/index.ts";
import type { Member } from "../core/schemas/member.ts";
import { answerToken } from "../server/members/answer-link.ts";
import type { Store } from "../server/store/store.ts";
import {
  Clock,
  keepingTransport,
  NOW,
  startServer,
  TEST_SECRET,
  type TestServer,
  testData,
} from "./support/api-harness.ts";
import type { Mail } from "./support/mime.ts";
import { servedStoresOfThisFile } from "./support/served-stores.ts";

/**
 * The summons through the real app, by its clock: the scheduler summons the members a meeting
 * admits, once across instances and restarts; each answers with his link, his answer taking a
 * seat under the guest limit; the chaser goes to those who have not answered; the caterer gets
 * the numbers when dinner orders close and revised ones the day before. On a SQLite file and on
 * PostgreSQL shared by two instances.
 */
const stores = servedStoresOfThisFile("issue-35-summons");

/** A moment in New York (EST in late November and December) as an instant. */
const at = (wall: string) => new Date(`${wall}-05:00`);
const VENUE = { location: "Lyndhurst Masonic Center", address: "5025 Linden Crest Road" };
/**
 * A stated meeting on Wed 2 Dec 2026 (summoned 22 Nov at 10:00, chased 28 Nov, RSVPs close 1
 * Dec at 11:59PM, dinners 28 Nov at 11:59PM), and a Fellowcraft degree night a week later.
 */
const EVENTS: EventInput[] = [
  {
    id: "stated",
    date: "2026/12/02 19:30",
    name: "Stated Meeting",
    description: "Ballot on Mr. Thomas Reed.",
    ...VENUE,
    tyled: true,
    rsvpOptions: true,
    rsvpExpirationDays: 1,
    mealCutoffDays: 4,
    earlyBirdOptions: { time: "18:30", cost: 15, choices: ["Roast Beef", "Salmon"] },
  },
  {
    id: "degree-night",
    date: "2026/12/09 19:30",
    name: "Fellowcraft Degree",
    ...VENUE,
    tyled: true,
    degree: "fellowcraft",
    rsvpOptions: true,
    rsvpExpirationDays: 1,
  },
];

function data(options: { guestLimit?: number } = {}): LodgeData {
  const base = testData({ caterer: "chef@example.com", ...options });
  return { ...base, events: EVENTS.map((event) => eventSchema.parse(event)) };
}

const person = (n: number, more: Partial<Member> = {}): Member => ({
  number: String(10_400 + n),
  firstName: `Brother${n}`,
  lastName: `Mason${n}`,
  title: "",
  email: `brother${n}@example.org`,
  phone: "",
  degree: "master-mason",
  status: "active",
  dietary: "",
  ...more,
});
/** Keys as the roll makes them: 16 characters. */
const keyOf = (n: number) => `k${String(n).padStart(15, "0")}`;

/** The roll: 3 Master Masons (one with a dietary need), a Fellowcraft, an EA, one deceased, one without an address. */
const ROLL = [
  person(1, { dietary: "No shellfish" }),
  person(2),
  person(3, { status: "life" }),
  person(4, { degree: "fellowcraft" }),
  person(5, { degree: "entered-apprentice" }),
  person(6, { status: "deceased" }),
  person(7, { email: "" }),
];

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

async function start(options: Parameters<typeof startServer>[0]) {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

async function importRoll(store: Store, roll: readonly Member[]) {
  await store.importRoll({
    add: roll.map((member, i) => ({ ...member, key: keyOf(i + 1) })),
    change: [],
    remove: [],
    now: NOW,
  });
}

/** Every instance runs what is due, then sends its mail. */
async function tick(servers: (TestServer | undefined)[]) {
  await Promise.all(servers.map((s) => s?.scheduler.runDue()));
  await Promise.all(servers.map((s) => s?.worker.idle()));
}

/** The answer links of a summons' text part: the answer, the meal and the token of each. */
function linksOf(mail: Mail | undefined) {
  return [...(mail?.text ?? "").matchAll(/\/rsvp\/answer#(\S+)/g)].map((m) =>
    readAnswerFragment(m[1] ?? ""),
  );
}

const to = (mails: (Mail & { to: string })[], subject: string) =>
  mails
    .filter((mail) => mail.subject.startsWith(subject))
    .map((mail) => mail.to)
    .sort();

describe.each(stores)("the summons on $name", ({ place: newPlace, open, instances }) => {
  it("summons each member whom the meeting admits once, across two instances and a restart, and chases only those who have not answered", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    const place = await newPlace();
    const lodge = data();
    const a = await start({ clock, transport, data: lodge, store: await open(place) });
    const b =
      instances > 1
        ? await start({ clock, transport, data: lodge, store: await open(place) })
        : undefined;
    await importRoll(a.store, ROLL);

    // A minute before the summons' time nothing goes; within the scheduler's 5 minutes after
    // it, each member once.
    clock.advance(at("2026-11-22T09:59").getTime() - NOW.getTime());
    await tick([a, b]);
    expect(to(transport.sent, "Summons:")).toEqual([]);
    clock.advance(5 * 60_000);
    await tick([a, b]);
    expect(to(transport.sent, "Summons: Stated Meeting")).toEqual([
      "brother1@example.org",
      "brother2@example.org",
      "brother3@example.org",
    ]);

    // A restart sends none again.
    const dir = a.dir;
    await a.close();
    servers = servers.filter((s) => s !== a);
    const c = await start({ clock, transport, data: lodge, dir, store: await open(place) });
    await tick([c, b]);
    expect(to(transport.sent, "Summons:")).toHaveLength(3);

    // One answers with his summons' link (through the API), one sends apologies.
    const summons = (who: string) =>
      transport.sent.find((m) => m.to === who && m.subject.startsWith("Summons: Stated"));
    const client = await c.client();
    const [dining] = linksOf(summons("brother1@example.org")).filter(
      (l) => l.chosen?.meal === "Salmon",
    );
    const answered = await client.post(API_ROUTES.answerSummons.path, {
      token: dining?.token,
      ...dining?.chosen,
    });
    expect(answered.status).toBe(200);
    expect(answered.body).toMatchObject({
      answer: { answer: "dining", meal: "Salmon", waiting: false },
    });
    const [apologies] = linksOf(summons("brother2@example.org")).filter(
      (l) => l.chosen?.answer === "apologies",
    );
    expect(
      (
        await client.post(API_ROUTES.answerSummons.path, {
          token: apologies?.token,
          answer: "apologies",
        })
      ).status,
    ).toBe(200);
    expect((await client.get("/sheets/api/read?event=stated")).body).toMatchObject({ data: 1 });

    // The chaser, 3 days before RSVPs close: only brother 3, once.
    clock.advance(at("2026-11-28T10:00").getTime() - clock.now().getTime());
    await tick([c, b]);
    await tick([c, b]);
    expect(to(transport.sent, "Your answer to the summons")).toEqual(["brother3@example.org"]);
    // The chaser's links are the summons': the same token, dinners until orders close tonight.
    const chaser = transport.sent.find((m) => m.subject.startsWith("Your answer to the summons"));
    expect(linksOf(chaser).map((l) => l.chosen?.meal ?? l.chosen?.answer)).toEqual([
      "attending",
      "Roast Beef",
      "Salmon",
      "apologies",
    ]);
    expect(linksOf(chaser)[0]?.token).toBe(linksOf(summons("brother3@example.org"))[0]?.token);

    // The Fellowcraft degree night summons the Fellowcraft too, not the Entered Apprentice.
    clock.advance(at("2026-11-29T10:00").getTime() - clock.now().getTime());
    await tick([c, b]);
    expect(to(transport.sent, "Summons: Fellowcraft Degree")).toEqual([
      "brother1@example.org",
      "brother2@example.org",
      "brother3@example.org",
      "brother4@example.org",
    ]);
    expect(
      transport.sent.find((m) => m.subject.startsWith("Summons: Fellowcraft"))?.text,
    ).toContain("opened on the Fellowcraft degree");
  });

  it("gives the caterer the numbers when dinner orders close, and revised numbers the day before after a late apology, each once", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    const place = await newPlace();
    const lodge = data();
    const a = await start({ clock, transport, data: lodge, store: await open(place) });
    const b =
      instances > 1
        ? await start({ clock, transport, data: lodge, store: await open(place) })
        : undefined;
    await importRoll(a.store, ROLL);
    const client = await a.client();
    const answer = (n: number, given: { answer: string; meal?: string }) =>
      client.post(API_ROUTES.answerSummons.path, {
        token: answerToken(TEST_SECRET, keyOf(n), "stated"),
        ...given,
      });
    expect((await answer(1, { answer: "dining", meal: "Salmon" })).status).toBe(200);
    expect((await answer(2, { answer: "dining", meal: "Roast Beef" })).status).toBe(200);
    expect((await answer(3, { answer: "attending" })).status).toBe(200);

    // Dinner orders close on 28 November at 11:59PM.
    clock.advance(at("2026-11-28T23:58").getTime() - NOW.getTime());
    await tick([a, b]);
    expect(to(transport.sent, "Dinner numbers")).toEqual([]);
    clock.advance(5 * 60_000);
    await tick([a, b]);
    await tick([a, b]);
    const sheets = transport.sent.filter((m) => m.subject.startsWith("Dinner numbers"));
    expect(sheets.map((m) => [m.to, m.subject])).toEqual([
      ["chef@example.com", "Dinner numbers for Stated Meeting, Wed, Dec 2, 2026 at 7:30PM: 2"],
    ]);
    expect(sheets[0]?.text).toContain(
      "  Roast Beef: 1\n  Salmon: 1\n  Dinners in all: 2\n  At the meeting in all: 3\n\nDietary needs:\n  B. Mason1 (Salmon): no shellfish".replace(
        "no shellfish",
        "No shellfish",
      ),
    );
    // A dinner can no longer be ordered; a late apology still frees the seat and the dinner.
    expect((await answer(3, { answer: "dining", meal: "Salmon" })).status).toBe(400);
    // A Fellowcraft is not seated at a Master Masons' meeting, whatever link he holds.
    const fellowcraft = await answer(4, { answer: "attending" });
    expect([fellowcraft.status, fellowcraft.body]).toEqual([
      409,
      {
        message:
          "Stated Meeting is opened on the Master Mason degree, which Master Masons may attend, and the lodge's roll has you as a Fellowcraft. If the roll is wrong, write to the secretary.",
      },
    ]);
    expect((await answer(2, { answer: "apologies" })).status).toBe(200);

    // The day before, at 10:00: the revised numbers, once.
    clock.advance(at("2026-12-01T10:00").getTime() - clock.now().getTime());
    await tick([a, b]);
    await tick([a, b]);
    const revised = transport.sent.filter((m) => m.subject.startsWith("Revised dinner numbers"));
    expect(revised).toHaveLength(1);
    expect(revised[0]?.text).toContain(
      "  Roast Beef: 0 (was 1)\n  Salmon: 1\n  Dinners in all: 1 (was 2)\n  At the meeting in all: 2",
    );
  });

  it("seats 70 of 200 members answering at once from one hall's address, never more, and keeps every answer it acknowledged", async () => {
    const clock = new Clock(at("2026-11-23T12:00"));
    const place = await newPlace();
    const lodge = data({ guestLimit: 70 });
    // The default limit of 80 requests per 10 minutes per address: a member's answer costs none.
    const config = { rateLimitMax: 80, rateLimitWindowSeconds: 600 };
    const a = await start({ clock, data: lodge, config, store: await open(place) });
    const b =
      instances > 1
        ? await start({ clock, data: lodge, config, store: await open(place) })
        : undefined;
    const roll = Array.from({ length: 200 }, (_, i) => person(i + 1));
    await importRoll(a.store, roll);
    const hall = { "x-forwarded-for": "192.0.2.10" };
    const clients = await Promise.all([a.client("192.0.2.10"), (b ?? a).client("192.0.2.10")]);
    const answers = await Promise.all(
      roll.map((_, i) =>
        (clients[i % 2] ?? clients[0])?.post(
          API_ROUTES.answerSummons.path,
          {
            token: answerToken(TEST_SECRET, keyOf(i + 1), "stated"),
            answer: "dining",
            meal: i % 2 ? "Salmon" : "Roast Beef",
          },
          hall,
        ),
      ),
    );
    expect(answers.map((r) => r?.status).filter((s) => s !== 200)).toEqual([]);
    const bodies = answers.map((r) => r?.body as { answer: { waiting: boolean } });
    expect(bodies.filter((body) => !body.answer.waiting)).toHaveLength(70);
    expect((await clients[0]?.get("/sheets/api/read?event=stated"))?.body).toMatchObject({
      data: 70,
    });
    const kept = await a.store.listMemberAnswers("stated");
    expect(kept).toHaveLength(200);
    expect(kept.filter((x) => x.answer.waiting)).toHaveLength(130);
    expect(await a.store.listEventRsvps("stated")).toHaveLength(70);
  }, 60_000);
});

describe("the answer page's API", () => {
  it("shows a member's answer without changing it, and after the deadline says whom to write to and refuses a change", async () => {
    const clock = new Clock(at("2026-11-23T12:00"));
    const s = await start({ clock, data: data() });
    await importRoll(s.store, ROLL);
    const client = await s.client();
    const token = answerToken(TEST_SECRET, keyOf(1), "stated");
    const view = await client.post(API_ROUTES.memberAnswer.path, { token });
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      window: "open",
      message: "Please answer by Dec 1, 2026 at 11:59PM.",
      degree: "Master Mason",
      mealsClose: "Dinner orders close Nov 28, 2026 at 11:59PM",
      firstName: "Brother1",
      offered: ["attending", "dining", "apologies"],
    });
    expect((view.body as { answer?: unknown }).answer).toBeUndefined();
    expect(await s.store.memberAnswer({ memberId: 1, eventId: "stated" })).toBeUndefined();
    expect(
      (await client.post(API_ROUTES.answerSummons.path, { token, answer: "attending" })).status,
    ).toBe(200);

    clock.advance(at("2026-12-02T00:00").getTime() - clock.now().getTime());
    const closed = await client.post(API_ROUTES.memberAnswer.path, { token });
    expect(closed.body).toMatchObject({
      window: "closed",
      message:
        "Answers closed on Dec 1, 2026 at 11:59PM. To change yours, write to the secretary at secretary@hillcrest586.example.org.",
      answer: { answer: "attending", waiting: false },
      offered: [],
    });
    const late = await client.post(API_ROUTES.answerSummons.path, { token, answer: "apologies" });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ message: (closed.body as { message: string }).message });

    // A token cut short opens nothing; a removed member's link opens nothing either.
    expect(
      (await client.post(API_ROUTES.memberAnswer.path, { token: token.slice(0, -3) })).status,
    ).toBe(404);
    await s.store.removeMember({ id: 1, now: clock.now() });
    expect((await client.post(API_ROUTES.memberAnswer.path, { token })).status).toBe(410);
  });
});
