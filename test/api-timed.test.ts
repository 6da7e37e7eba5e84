import { afterEach, describe, expect, it } from "vitest";
import { API_ROUTES } from "../core/api/routes.ts";
import { buildEventRsvpPayload, buildSocialRsvpPayload } from "../core/rules/index.ts";
import type { EventRsvpForm, LodgeData } from "../core/schemas/index.ts";
import { rsvpTokenHash } from "../server/rsvp/manage-link.ts";
import {
  Clock,
  keepingTransport,
  NOW,
  startServer,
  type TestServer,
  testData,
  testEvent,
} from "./support/api-harness.ts";
import { servedStoresOfThisFile } from "./support/served-stores.ts";

/**
 * The server's timed work through the real app, by its clock: reminders the day before an event
 * and the erasure of personal data, on a SQLite file and on PostgreSQL shared by two instances.
 */
const stores = servedStoresOfThisFile("lodge-timed");

/** Mon 30 Nov 2026 ... : moments in New York, the sample lodge's zone, as instants. */
const at = (iso: string) => new Date(iso);
const REMINDER_TIME = at("2026-12-01T15:00:00Z"); // Tue 1 Dec, 10:00 in New York

function form(name: string, overrides: Partial<EventRsvpForm> = {}): EventRsvpForm {
  return {
    firstName: name,
    lastName: "Smith",
    masonicTitle: "",
    email: `${name.toLowerCase()}@example.org`,
    numberOfAttendees: 2,
    earlyBirdDinner: true,
    numberOfMeals: 2,
    mealChoice: "",
    countRoastBeef: 1,
    countSalmon: 1,
    ...overrides,
  } as EventRsvpForm;
}

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

const reminders = <M extends { subject: string }>(mails: M[]) =>
  mails.filter((mail) => mail.subject.startsWith("Reminder:"));

describe.each(stores)("reminders on $name", ({ place: newPlace, open, instances }) => {
  it("reminds each attendee once the day before, with the time, place, map and dinners, across two instances and a restart", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    const place = await newPlace();
    const a = await start({ clock, transport, store: await open(place) });
    // PostgreSQL: a second instance on the same database, on the same clock.
    const b =
      instances > 1 ? await start({ clock, transport, store: await open(place) }) : undefined;
    const client = await a.client();
    const send = (who: string, overrides: Partial<EventRsvpForm> = {}) =>
      client.post(
        "/mj/api/rsvp",
        buildEventRsvpPayload(testEvent("dinner-meeting"), form(who, overrides)),
      );
    expect((await send("Ann")).status).toBe(200);
    expect((await send("Bob", { earlyBirdDinner: false, numberOfAttendees: 1 })).status).toBe(200);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);
    transport.sent.length = 0;

    clock.advance(REMINDER_TIME.getTime() - NOW.getTime() - 60_000);
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    expect(await a.store.listMail()).toHaveLength(4);

    // Cy reserves after the reminders went: his confirmation is his reminder.
    clock.advance(60_000);
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    clock.advance(60 * 60_000);
    expect((await send("Cy")).status).toBe(200);
    await Promise.all([
      a.scheduler.runDue(),
      b?.scheduler.runDue(),
      a.worker.idle(),
      b?.worker.idle(),
    ]);
    clock.advance(10 * 60_000);
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);

    const sent = reminders(transport.sent);
    expect(sent.map((mail) => mail.to).sort()).toEqual(["ann@example.org", "bob@example.org"]);
    const ann = sent.find((mail) => mail.to === "ann@example.org");
    expect(ann?.subject).toBe("Reminder: Stated Meeting tomorrow, Wed, Dec 2, 2026 at 7:30PM");
    expect(ann?.text).toContain(
      "Wednesday, December 2, 2026 at 7:30PM\nLyndhurst Masonic Center\n5025 Linden Crest Road, Lyndhurst, OH 44124\nMap: https://maps.google.com/?q=5025+Linden+Crest+Road,+Lyndhurst,+OH+44124",
    );
    expect(ann?.text).toContain(
      "Attendees: 2\nEarly bird dinner at 6:30PM: 2 meals (1 Roast Beef, 1 Salmon)",
    );
    expect(sent.find((mail) => mail.to === "bob@example.org")?.text).toContain(
      "Early bird dinner: not reserved",
    );
    // The reminder's manage link opens the RSVP: its token is the one the store now keeps.
    const token = /\/rsvp\/manage#(\S+)/.exec(ann?.text ?? "")?.[1] ?? "";
    expect(ann?.text).toContain("https://www.hillcrest586.example.org/rsvp/manage#");
    const found = await a.store.findEventRsvpByToken(rsvpTokenHash(token));
    expect(found?.rsvp.record.email).toBe("ann@example.org");

    // A restart on the same database sends nothing again.
    for (const server of servers) await server.close();
    servers = [];
    const again = await start({ clock, transport, store: await open(place) });
    await again.scheduler.runDue();
    await again.worker.idle();
    expect(reminders(transport.sent)).toHaveLength(2);
    expect((await again.store.listMail()).filter((mail) => mail.kind === "reminder")).toHaveLength(
      2,
    );
  });

  it("reminds each attendee of a social outing once the day before, with the time, place, map and a manage link that works", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    const place = await newPlace();
    const a = await start({ clock, transport, store: await open(place) });
    const b =
      instances > 1 ? await start({ clock, transport, store: await open(place) }) : undefined;
    const client = await a.client();
    const outing = testData().socialEvents.find((o) => o.id === "bowling");
    if (!outing) throw new Error("no bowling outing in the test data");
    const send = (firstName: string) =>
      client.post(
        API_ROUTES.socialRsvp.path,
        buildSocialRsvpPayload(outing, {
          firstName,
          lastName: "Lee",
          email: `${firstName.toLowerCase()}@example.org`,
          numberOfAttendees: 3,
        }),
      );
    expect((await send("Dee")).status).toBe(200);
    // An event RSVP numbered as Dee's is: its reminder must not stand for hers, nor hers for it.
    const event = buildEventRsvpPayload(testEvent("dinner-meeting"), form("Ann"));
    expect((await client.post(API_ROUTES.eventRsvp.path, event)).status).toBe(200);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);
    transport.sent.length = 0;

    // Bowling is on Sat 5 Dec at 6:00PM: reminded on Fri 4 Dec at 10:00 in New York.
    const dayBefore = at("2026-12-04T15:00:00Z");
    clock.advance(dayBefore.getTime() - 60_000 - NOW.getTime());
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);
    // Ann's event (2 Dec) has passed; Dee's reminder is not due yet.
    expect(reminders(transport.sent)).toEqual([]);
    clock.advance(60_000);
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);
    clock.advance(10 * 60_000);
    await Promise.all([a.scheduler.runDue(), b?.scheduler.runDue()]);
    await Promise.all([a.worker.idle(), b?.worker.idle()]);

    const sent = reminders(transport.sent);
    expect(sent.map((mail) => mail.to)).toEqual(["dee@example.org"]);
    const [dee] = sent;
    expect(dee?.subject).toBe(
      "Reminder: Bowling at Mayfield Lanes tomorrow, Sat, Dec 5, 2026 at 6:00PM",
    );
    expect(dee?.text).toContain(
      "Saturday, December 5, 2026 at 6:00PM\nMayfield Lanes\n6010 Mayfield Road, Mayfield Heights, OH 44124\nMap: https://maps.google.com/?q=6010+Mayfield+Road",
    );
    expect(dee?.text).toContain("Attendees: 3\n");
    expect(dee?.text).not.toContain("dinner");
    expect(dee?.html).not.toContain("dinner");
    const token = /\/rsvp\/manage#(\S+)/.exec(dee?.text ?? "")?.[1] ?? "";
    const managed = await client.post(API_ROUTES.manageRsvp.path, { token });
    expect(managed.status).toBe(200);
    expect(managed.body).toMatchObject({ kind: "social", firstName: "Dee", attendees: 3 });
  });

  it("reminds nobody of a cancelled event", async () => {
    const clock = new Clock(NOW);
    const transport = keepingTransport();
    let data: LodgeData = testData();
    const server = await start({
      clock,
      transport,
      store: await open(await newPlace()),
      data: () => data,
    });
    const client = await server.client();
    const payload = buildEventRsvpPayload(testEvent("dinner-meeting"), form("Ann"));
    expect((await client.post("/mj/api/rsvp", payload)).status).toBe(200);
    data = {
      ...data,
      events: data.events.map((event) =>
        event.id === "dinner-meeting" ? { ...event, cancelled: true } : event,
      ),
    };
    clock.advance(REMINDER_TIME.getTime() - NOW.getTime());
    await server.scheduler.runDue();
    await server.worker.idle();
    expect(reminders(transport.sent)).toEqual([]);
  });
});

describe.each(stores)("erasure on $name", ({ place: newPlace, open }) => {
  it("erases the RSVPs' names and addresses 90 days after the event, keeping attendees and meals", async () => {
    const clock = new Clock(NOW);
    const server = await start({ clock, store: await open(await newPlace()) });
    const client = await server.client();
    const payload = buildEventRsvpPayload(testEvent("dinner-meeting"), form("Ann"));
    expect((await client.post("/mj/api/rsvp", payload)).status).toBe(200);
    await server.worker.idle();

    // The event was on Wed 2 Dec 2026: its data is kept through Tue 2 Mar 2027 in New York.
    clock.advance(at("2027-03-03T04:59:00Z").getTime() - NOW.getTime());
    await server.scheduler.runDue();
    expect((await server.store.listEventRsvps("dinner-meeting"))[0]?.record.firstName).toBe("Ann");
    expect(await server.store.listErasures()).toEqual([]);

    clock.advance(60 * 60_000);
    await server.scheduler.runDue();
    const [kept] = await server.store.listEventRsvps("dinner-meeting");
    expect(kept?.record).toMatchObject({
      firstName: "",
      lastName: "",
      email: "",
      attendees: 2,
      meals: 2,
    });
    expect(await server.store.listErasures()).toMatchObject([
      { kind: "event", subject: "dinner-meeting", rows: 1, attendees: 2, meals: 2 },
    ]);
    const dump = await server.store.dump();
    expect(dump.outbox.map((row) => row.recipient)).toEqual(["", ""]);
    expect(JSON.stringify(dump)).not.toContain("ann@example.org");

    // Later runs find nothing more to erase.
    clock.advance(24 * 60 * 60_000);
    await server.scheduler.runDue();
    expect(await server.store.listErasures()).toHaveLength(1);
  });
});
