import { afterEach, describe, expect, it } from "vitest";
import { type EventInput, eventSchema, type LodgeData } from "../core/schemas/index.ts";
import type { Member } from "../core/schemas/member.ts";
import {
  Clock,
  keepingTransport,
  NOW,
  sampleData,
  startServer,
  type TestServer,
} from "./support/api-harness.ts";
import { servedStoresOfThisFile } from "./support/served-stores.ts";

/**
 * The Almoner's mail through the real app, by its clock, on SQLite and on PostgreSQL shared by
 * two instances: the morning after a stated meeting, each brother absent without word at the
 * last two, once per run of absences; an attendance or an apology starts the count again.
 */
const stores = servedStoresOfThisFile("issue-36-almoner");

/** Stated meetings each Wednesday from 2 December 2026, and a degree night that does not count. */
const DAYS = ["02", "09", "16", "23", "30"];
const EVENTS: EventInput[] = [
  ...DAYS.map((day) => ({
    id: `stated-${day}`,
    date: `2026/12/${day} 19:30`,
    name: "Stated Meeting",
    tyled: true,
  })),
  { id: "degree", date: "2026/12/05 19:30", name: "Fellowcraft Degree", tyled: true },
];
function data(): LodgeData {
  const base = sampleData();
  return {
    ...base,
    lodge: { ...base.lodge, almonerEmail: "almoner@example.org", reminderTime: "10:00" },
    events: EVENTS.map((event) => eventSchema.parse(event)),
  };
}

const brother = (n: number, more: Partial<Member> = {}): Member & { key: string } => ({
  number: String(10_400 + n),
  firstName: `Brother${n}`,
  lastName: `Mason${n}`,
  title: "",
  email: `b${n}@example.org`,
  phone: `555-010${n}`,
  degree: "master-mason",
  status: "active",
  dietary: "",
  key: `k${String(n).padStart(15, "0")}`,
  ...more,
});

/** 10:00 in New York (EST) the day after the meeting of December `day`. */
const morningAfter = (day: string) => new Date(`2026-12-${Number(day) + 1}T15:00:00Z`);

let servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers) await server.close();
  servers = [];
});

describe.each(stores)("the Almoner's mail on $name", ({ place: newPlace, open, instances }) => {
  it("names each brother absent without word at the last two stated meetings, once per run of absences", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    const place = await newPlace();
    const lodge = data();
    const started: TestServer[] = [];
    const log: string[] = [];
    for (let i = 0; i < instances; i++) {
      const server = await startServer({
        clock,
        transport,
        data: lodge,
        store: await open(place),
        logger: { stream: { write: (line: string) => log.push(line) } },
      });
      servers.push(server);
      started.push(server);
    }
    const [a] = started;
    if (!a) throw new Error("no server");
    await a.store.importRoll({
      add: [brother(1), brother(2), brother(3), brother(4, { status: "deceased" })],
      change: [],
      remove: [],
      now: NOW,
    });
    const members = await a.store.listMembers();
    const id = (n: number) => members.find((m) => m.number === String(10_400 + n))?.id ?? 0;
    const present = async (day: string, ...ns: number[]) => {
      for (const n of ns) {
        await a.store.markPresent({
          markId: `m-${day}-${n}`,
          eventId: `stated-${day}`,
          memberId: id(n),
          now: NOW,
        });
      }
    };
    const tick = async () => {
      await Promise.all(started.map((s) => s.scheduler.runDue()));
      await Promise.all(started.map((s) => s.worker.idle()));
    };
    const goTo = (at: Date) => clock.advance(at.getTime() - clock.now().getTime());
    const almoner = () => transport.sent.filter((m) => m.to === "almoner@example.org");

    // 2 Dec: 1 and 2 present (3 absent). 9 Dec: 1 present, 2 sends apologies (3 absent again).
    await present("02", 1, 2);
    await present("09", 1);
    const [second] = members.filter((m) => m.id === id(2));
    if (!second) throw new Error("no roll");
    await a.store.answerSummons({
      member: second,
      eventId: "stated-09",
      given: { answer: "apologies" },
      guestLimit: 100,
      now: NOW,
      mails: { seated: [], waiting: [] },
    });
    goTo(new Date(morningAfter("09").getTime() - 60_000));
    await tick();
    expect(almoner()).toHaveLength(0);
    // Within the job's quarter of an hour after it.
    goTo(new Date(morningAfter("09").getTime() + 15 * 60_000));
    await tick();
    expect(almoner().map((m) => m.subject)).toEqual([
      "Brethren missed at Hillcrest Lodge No. 586: 1 after the Stated Meeting of Wed, Dec 9, 2026 at 7:30PM",
    ]);
    expect(almoner()[0]?.text).toContain(
      "Brother3 Mason3 (No. 10403): 2 meetings, since Dec 2, 2026",
    );
    expect(almoner()[0]?.text).toContain("Phone: 555-0103; e-mail: b3@example.org");

    // 16 Dec: 3 still absent (the same run: not told again); 2 absent once after his apology.
    await present("16", 1);
    goTo(morningAfter("16"));
    await tick();
    expect(almoner()).toHaveLength(1);
    // 23 Dec: 3 attends; 30 Dec: 2 and 3 absent. 2's run is 16 and 30 (23 he missed too).
    await present("23", 1, 3);
    await present("30", 1);
    goTo(morningAfter("30"));
    await tick();
    await tick();
    expect(almoner()).toHaveLength(2);
    expect(almoner()[1]?.text).toContain(
      "Brother2 Mason2 (No. 10402): 3 meetings, since Dec 16, 2026",
    );
    expect(almoner()[1]?.text).not.toContain("Brother3");
  });
});
