import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { type EventInput, eventSchema, type LodgeData } from "../core/schemas/index.ts";
import type { Member } from "../core/schemas/member.ts";
import { doorToken } from "../server/members/door-link.ts";
import { openPostgresStore, openStore } from "../server/store/open-store.ts";
import type { Store } from "../server/store/store.ts";
import {
  Clock,
  NOW,
  startServer,
  TEST_SECRET,
  type TestServer,
  testData,
} from "./support/api-harness.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";

/**
 * The Tyler's register through the real app, by its clock: the door link opens the register
 * from the day before the meeting to the day after; the register shows the brothers who
 * answered first and nothing of the roll beyond names and numbers; marks sent twice, or from two
 * phones at once, are kept once each; visitors are added and found again. SQLite and PostgreSQL.
 */
const cluster = clusterOfThisFile();
const stores = [
  {
    name: "SQLite",
    place: async () => join(mkdtempSync(join(tmpdir(), "issue-36-door-")), "lodge.db"),
    open: async (place: string): Promise<Store> => openStore(place, NOW),
  },
  {
    name: "PostgreSQL",
    place: () => cluster().place(),
    open: (place: string): Promise<Store> => openPostgresStore(place, NOW),
  },
];

/** A moment in New York (EST in December) as an instant. */
const at = (wall: string) => new Date(`${wall}-05:00`);
const EVENT: EventInput = {
  id: "stated",
  date: "2026/12/02 19:30",
  name: "Stated Meeting",
  location: "Lyndhurst Masonic Center",
  address: "5025 Linden Crest Road",
  tyled: true,
  rsvpOptions: true,
};
function data(): LodgeData {
  return { ...testData(), events: [eventSchema.parse(EVENT)] };
}

const person = (n: number, more: Partial<Member> = {}): Member => ({
  number: String(10_400 + n),
  firstName: `Brother${n}`,
  lastName: `Mason${n}`,
  title: "",
  email: `brother${n}@example.org`,
  phone: `555-010${n}`,
  degree: "master-mason",
  status: "active",
  dietary: "No shellfish",
  ...more,
});
const ROLL = [
  person(1, { firstName: "Élie", lastName: "Zola" }),
  person(2),
  person(3, { status: "deceased" }),
  ...Array.from({ length: 40 }, (_, i) => person(10 + i)),
];
const keyOf = (n: number) => `k${String(n).padStart(15, "0")}`;

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

describe.each(stores)("the door on $name", ({ place, open }) => {
  async function setUp() {
    const clock = new Clock(at("2026-12-02T18:00"));
    const store = await open(await place());
    const server = await startServer({ clock, data: data(), store });
    servers.push(server);
    await store.importRoll({
      add: ROLL.map((m, i) => ({ ...m, key: keyOf(i + 1) })),
      change: [],
      remove: [],
      now: NOW,
    });
    const roll = await store.listMembers();
    const id = (number: string) => roll.find((m) => m.number === number)?.id ?? 0;
    return { clock, server, store, id, token: doorToken(TEST_SECRET, "stated") };
  }

  it("opens the register only from the day before the meeting to the day after, and refuses a forged link", async () => {
    const { clock, server, token } = await setUp();
    const client = await server.client();
    const view = (t = token) => client.post(API_ROUTES.doorRegister.path, { token: t });
    expect((await view()).status).toBe(200);
    expect((await view(`${token.slice(0, -2)}xx`)).status).toBe(404);
    expect((await view(doorToken("another-secret-another-secret-0000", "stated"))).status).toBe(
      404,
    );
    clock.advance(at("2026-11-30T23:59").getTime() - clock.now().getTime());
    const early = await view();
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: expect.stringContaining("opens the day before") });
    clock.advance(at("2026-12-01T00:00").getTime() - clock.now().getTime());
    expect((await view()).status).toBe(200);
    clock.advance(at("2026-12-03T23:59").getTime() - clock.now().getTime());
    expect((await view()).status).toBe(200);
    clock.advance(at("2026-12-04T00:00").getTime() - clock.now().getTime());
    expect((await view()).status).toBe(410);
  });

  it("shows those who answered first, then the roll in good standing, with names and numbers only", async () => {
    const { server, store, token } = await setUp();
    const [, second] = await store.listMembers();
    if (!second) throw new Error("no roll");
    await store.answerSummons({
      member: second,
      eventId: "stated",
      given: { answer: "attending" },
      guestLimit: 100,
      now: NOW,
      mails: { seated: [], waiting: [] },
    });
    const client = await server.client();
    const { body } = await client.post(API_ROUTES.doorRegister.path, { token });
    // The meeting's time as every page and mail writes it, by the one formatter.
    expect(body).toMatchObject({
      event: { name: "Stated Meeting", when: "Wed, Dec 2, 2026 at 7:30PM" },
    });
    const brothers = (body as { brothers: { name: string; answered: boolean }[] }).brothers;
    expect(brothers[0]).toMatchObject({ name: "Brother2 Mason2", number: "10402", answered: true });
    expect(brothers).toHaveLength(ROLL.length - 1);
    expect(brothers.map((b) => b.name)).not.toContain("Brother3 Mason3");
    const text = JSON.stringify(body);
    for (const secret of ["@example.org", "555-01", "shellfish", keyOf(1)]) {
      expect(text).not.toContain(secret);
    }
  });

  it("keeps each mark once, from two phones at once and sent again, undoes a mark by its id, and adds and finds a visitor", async () => {
    const { server, id, token } = await setUp();
    const [one, two] = [await server.client(), await server.client()];
    const send = (client: typeof one, changes: unknown[]) =>
      client.post(API_ROUTES.doorChanges.path, { token, changes });
    const numbers = ROLL.filter((m) => m.status === "active").map((m) => m.number);
    const marks = numbers.map((number, i) => ({
      kind: "mark",
      markId: `mark-${number}`,
      memberId: id(number),
      phone: i % 2 ? one : two,
    }));
    const batches = marks.map(({ phone, ...mark }) => send(phone, [mark]));
    const again = send(
      one,
      marks.map(({ phone: _, ...mark }) => mark),
    );
    const answers = await Promise.all([...batches, again]);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const last = await send(two, [{ kind: "undo", markId: "mark-10402", memberId: id("10402") }]);
    const register = last.body as {
      brothers: { number: string; markIds: string[] }[];
      refused: unknown[];
    };
    const present = register.brothers.filter((b) => b.markIds.length > 0).map((b) => b.number);
    expect(present.sort()).toEqual(numbers.filter((n) => n !== "10402").sort());
    expect(register.refused).toEqual([]);

    const visitor = {
      name: "Jean Dupré",
      lodgeName: "Lodge of Friendship",
      lodgeNumber: "206",
      degree: "master-mason",
      vouchedBy: id("10401"),
    };
    const added = await send(one, [{ kind: "visitor", markId: "visit-0001", visitor }]);
    await send(two, [{ kind: "visitor", markId: "visit-0001", visitor }]);
    expect((added.body as { visitors: unknown[] }).visitors).toEqual([
      {
        id: expect.any(Number),
        name: "Jean Dupré",
        lodgeName: "Lodge of Friendship",
        lodgeNumber: "206",
        degree: "master-mason",
        markIds: ["visit-0001"],
      },
    ]);
    const found = await one.post(API_ROUTES.doorVisitors.path, { token, name: "DUPRE" });
    expect(found.body).toMatchObject({ visitors: [{ name: "Jean Dupré", markIds: [] }] });
    const none = await one.post(API_ROUTES.doorVisitors.path, { token, name: "smith" });
    expect(none.body).toEqual({ visitors: [] });
    const reused = await send(one, [{ kind: "mark", markId: "visit-0001", memberId: id("10402") }]);
    expect((reused.body as { refused: unknown[] }).refused).toHaveLength(1);
    const bad = await send(one, [{ kind: "mark", markId: "x", memberId: 1 }]);
    expect(bad.status).toBe(400);
  });
});
