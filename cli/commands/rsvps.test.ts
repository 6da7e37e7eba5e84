import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eventRsvpsCommand } from "../../core/messages.ts";
import { openStore } from "../../server/store/open-store.ts";
import type {
  ContactSubmission,
  EventRsvpRecord,
  EventRsvpSubmission,
} from "../../server/store/store.ts";
import { lodge, NOW, sampleCopy } from "../../test/support/cli-harness.ts";
import { parseMail } from "../../test/support/mime.ts";
import { clusterOfThisFile } from "../../test/support/postgres-cluster.ts";
import { racing } from "../../test/support/racing-store.ts";
import { loadData } from "../load/load-data.ts";
import { changeRsvp } from "../secretary/change-rsvp.ts";
import { csvCell } from "./rsvps.ts";

let sample: ReturnType<typeof sampleCopy>;
beforeEach(() => {
  sample = sampleCopy();
  sample.write(
    "events.yaml",
    "- date: 2028/01/05 19:30\n  name: Table Lodge\n  rsvpOptions: true\n  earlyBirdOptions:\n    cost: 25\n    choices: [Prime Rib, Salmon]\n",
  );
});
afterEach(() => sample.cleanup());

const common = (at: string, hash: string) => ({
  receivedAt: new Date(at),
  idempotency: { requestHash: hash, keys: [] },
  mails: [],
  response: { status: 200, body: {} },
});

function rsvp(r: Partial<EventRsvpRecord>, at: string, hash: string): EventRsvpSubmission {
  return {
    ...common(at, hash),
    clientKey: "client",
    record: {
      eventId: "2028-01-05-table-lodge",
      firstName: "Ann",
      lastName: "Example",
      masonicTitle: "",
      email: "ann@example.org",
      attendees: 1,
      dinner: false,
      meals: 0,
      mealCounts: [],
      ...r,
    },
  };
}

const db = () => join(sample.root, "var", "lodge.db");

async function seed(place = db()): Promise<void> {
  const store = openStore(place);
  const seats = { guestLimit: 70, seatsPerClient: 70 };
  await store.addEventRsvp(
    rsvp(
      {
        attendees: 3,
        dinner: true,
        meals: 3,
        mealCounts: [
          { choice: "Prime Rib", count: 2 },
          { choice: "Salmon", count: 1 },
        ],
        masonicTitle: "PM",
      },
      "2027-12-20T15:00:00Z",
      "a",
    ),
    seats,
  );
  await store.addEventRsvp(
    rsvp({ firstName: "=HYPERLINK(1)", email: "bob@example.org" }, "2027-12-21T16:30:00Z", "b"),
    seats,
  );
  const message: ContactSubmission = {
    ...common("2027-12-22T10:00:00Z", "c"),
    clientKey: "client",
    untokened: { max: 3, windowMs: 1000 },
    record: {
      firstName: "Carl",
      lastName: "Example",
      email: "carl@example.org",
      phoneNumber: "",
      message: "How do I join?\nThanks.",
    },
  };
  await store.addContactMessage(message);
  await store.close();
}

/** What `lodge rsvps` lists of the seeded RSVPs: the event, its RSVPs and their totals. */
const SEEDED_TABLE = [
  "2028/01/05 19:30 Table Lodge (2028-01-05-table-lodge)",
  "  ID  Received          Name                   E-mail           Attendees  Dinner",
  "  1   2027-12-20 10:00  Ann Example, PM        ann@example.org  3          2 Prime Rib, 1 Salmon",
  "  2   2027-12-21 11:30  =HYPERLINK(1) Example  bob@example.org  1",
  "  Total: 2 RSVPs, 4 attendees of 70 seats, 3 dinners (2 Prime Rib, 1 Salmon)",
];

describe("lodge rsvps and lodge messages", () => {
  it("lists each event's RSVPs with their ids and the totals the caterer needs", async () => {
    await seed();
    const { code, stdout } = await lodge(sample.root, "rsvps");
    expect(code).toBe(0);
    expect(stdout).toEqual([...SEEDED_TABLE, ""]);
  });

  it("shows an RSVP awaiting its visitor's confirmation (past its address's seats) as such, until when, in lodge time", async () => {
    await seed();
    const store = openStore(db());
    const held = rsvp({ firstName: "Cy", email: "cy@example.org" }, "2027-12-22T15:00:00Z", "h");
    const until = new Date("2027-12-22T15:30:00Z");
    const outcome = await store.addEventRsvp(
      { ...held, unconfirmed: { until, mails: [], response: { status: 200, body: {} } } },
      { guestLimit: 70, seatsPerClient: 4 },
    );
    await store.close();
    expect(outcome.kind).toBe("stored");
    const { stdout } = await lodge(sample.root, "rsvps");
    expect(stdout.slice(3, 6)).toEqual([
      "  2   2027-12-21 11:30  =HYPERLINK(1) Example                                      bob@example.org  1",
      "  3   2027-12-22 10:00  Cy Example (awaiting confirmation until 2027-12-22 10:30)  cy@example.org   1",
      "  Total: 3 RSVPs (1 awaiting confirmation), 5 attendees of 70 seats, 3 dinners (2 Prime Rib, 1 Salmon)",
    ]);
    // Never confirmed, it lapses once its hold has ended: cancelled, not by anyone.
    const server = openStore(db());
    const settled = await server.settleWaitlist({
      eventId: "2028-01-05-table-lodge",
      now: until,
      offers: {
        guestLimit: 70,
        expiresAt: undefined,
        mails: new Map(),
        ranOut: new Map(),
      },
    });
    await server.close();
    expect(settled).toMatchObject({ lapsed: 1 });
    const after = await lodge(sample.root, "rsvps");
    expect(after.stdout.slice(4, 8)).toEqual([
      "  Total: 2 RSVPs, 4 attendees of 70 seats, 3 dinners (2 Prime Rib, 1 Salmon)",
      "  Cancelled (not counted above): 1 RSVP, 1 attendee",
      "    ID  Cancelled         By             Name        E-mail          Attendees  Dinner",
      "    3   2027-12-22 10:30  not confirmed  Cy Example  cy@example.org  1",
    ]);
  });

  it("exports CSV that a spreadsheet opens safely", async () => {
    await seed();
    const { stdout } = await lodge(
      sample.root,
      "rsvps",
      "--format",
      "csv",
      "--event",
      "2028-01-05-table-lodge",
    );
    // A byte-order mark first, so Excel reads UTF-8; CRLF line ends; a column per meal choice,
    // and the event's totals in a row of their own.
    expect(stdout).toEqual([
      "\uFEFFid,event_id,event_date,event_name,received_at,first_name,last_name,masonic_title,email,attendees,dinner,meals,Prime Rib,Salmon,status,cancelled_at,cancelled_by\r",
      "1,2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,2027-12-20 10:00,Ann,Example,PM,ann@example.org,3,Yes,3,2,1,reserved,,\r",
      "2,2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,2027-12-21 11:30,'=HYPERLINK(1),Example,,bob@example.org,1,No,0,0,0,reserved,,\r",
      "Total,2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,,2 RSVPs,,,,4,,3,2,1,,,",
    ]);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
  });

  it("writes the caterer's printable sheet of one event: totals per meal, dinners, attendees, names", async () => {
    await seed();
    const { code, stdout } = await lodge(
      sample.root,
      "rsvps",
      "--event",
      "2028-01-05-table-lodge",
      "--format",
      "html",
    );
    expect(code).toBe(0);
    const html = stdout.join("\n");
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain("<h1>Table Lodge</h1>");
    // The event names no place: it is at the lodge's.
    expect(html).toContain(
      '<p class="when">Wednesday, January 5, 2028 at 7:30PM · Lyndhurst Masonic Center</p>',
    );
    expect(html).toContain('<li class="meal"><span class="n">2</span>Prime Rib</li>');
    expect(html).toContain('<li class="meal"><span class="n">1</span>Salmon</li>');
    expect(html).toContain('<li><span class="n">3</span>dinners in all</li>');
    expect(html).toContain('<li><span class="n">4</span>attendees</li>');
    // By last name, then first: the sheet is read at the door. The names are escaped HTML.
    const body = html.split("<tbody>")[1]?.split("</tbody>")[0] ?? "";
    const names = [...body.matchAll(/<td>([^<]*)(?:<small>|<\/td>)/g)].map((m) => m[1]);
    expect(names).toEqual(["Example, =HYPERLINK(1)", "Example, Ann "]);
    expect(html).toContain('<td class="n">3</td><td class="n">2</td><td class="n">1</td>');
    expect(html).toContain("@page { size: letter; margin: 12mm; }");
  });

  it("shows each event's waiting list after its RSVPs, offers' ends in lodge time; the caterer's CSV and sheet leave it out", async () => {
    await seed();
    const store = openStore(db());
    const limits = { guestLimit: 5, seatsPerClient: 70 };
    await store.addEventRsvp(
      rsvp({ firstName: "Cy", email: "cy@example.org" }, "2027-12-21T17:00:00Z", "cy"),
      limits,
    );
    for (const [name, attendees, at] of [
      ["Dan", 2, "2027-12-22T14:00:00Z"],
      ["Eve", 1, "2027-12-22T15:15:00Z"],
    ] as const) {
      const {
        unconfirmed: _unconfirmed,
        response: _response,
        ...base
      } = rsvp(
        {
          firstName: name,
          email: `${name.toLowerCase()}@example.org`,
          attendees,
          ...(name === "Dan"
            ? { dinner: true, meals: 2, mealCounts: [{ choice: "Salmon", count: 2 }] }
            : {}),
        },
        at,
        name,
      );
      const joined = await store.joinWaitlist(
        { ...base, tokenHash: `t-${name}`, response: { status: 200, body: {} } },
        limits,
      );
      expect(joined.kind).toBe("joined");
    }
    // Cy cancels: her seat is offered to Eve, whose party fits; Dan's does not, he keeps his place.
    const cy = (await store.listEventRsvps()).find((r) => r.record.firstName === "Cy")?.id ?? 0;
    const line = await store.listWaitlist();
    const cancelled = await store.cancelEventRsvp({
      id: cy,
      now: new Date("2027-12-23T12:00:00Z"),
      mails: [],
      offers: {
        guestLimit: 5,
        expiresAt: new Date("2027-12-24T12:00:00Z"),
        mails: new Map(line.map((entry) => [entry.id, { tokenHash: `o-${entry.id}`, mails: [] }])),
        ranOut: new Map(),
      },
    });
    expect(cancelled.kind).toBe("done");
    await store.close();

    const { code, stdout } = await lodge(sample.root, "rsvps");
    expect(code).toBe(0);
    // The cancelled RSVP is listed apart, with when and by whom, and counted in no total.
    expect(stdout).toEqual([
      ...SEEDED_TABLE,
      "  Cancelled (not counted above): 1 RSVP, 1 attendee",
      "    ID  Cancelled         By             Name        E-mail          Attendees  Dinner",
      "    3   2027-12-23 07:00  the secretary  Cy Example  cy@example.org  1",
      "  Waiting list: 2 parties, 3 seats asked for",
      "    Place  Joined            Name         E-mail           Party  Dinner    State    Offer until",
      "    1      2027-12-22 09:00  Dan Example  dan@example.org  2      2 Salmon  waiting",
      "           2027-12-22 10:15  Eve Example  eve@example.org  1                offered  2027-12-24 07:00",
      "",
    ]);

    const csv = await lodge(sample.root, "rsvps", "--format", "csv");
    expect(csv.stdout).toHaveLength(5);
    expect(csv.stdout[3]).toBe(
      "Total,2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,,2 RSVPs,,,,4,,3,2,1,1 RSVP cancelled apart,,\r",
    );
    expect(csv.stdout[4]).toBe(
      "3,2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,2027-12-21 12:00,Cy,Example,,cy@example.org,1,No,0,0,0,cancelled,2027-12-23 07:00,the secretary",
    );
    const json = JSON.parse(
      (await lodge(sample.root, "rsvps", "--format", "json")).stdout.join("\n"),
    );
    expect(json[0].totals.cancelled).toEqual({ rsvps: 1, attendees: 1 });
    expect(json[0].cancelled).toMatchObject([
      { id: 3, cancelledAt: "2027-12-23T12:00:00.000Z", cancelledBy: "secretary" },
    ]);
    const sheet = await lodge(
      sample.root,
      "rsvps",
      "--event",
      "2028-01-05-table-lodge",
      "--format",
      "html",
    );
    for (const [out, ann] of [
      [csv.stdout.join("\n"), "ann@example.org"],
      [sheet.stdout.join("\n"), "Example, Ann"],
    ] as const) {
      expect(out).toContain(ann);
      expect(out).not.toMatch(/dan@|eve@|Example, Dan|Example, Eve/);
    }
    expect(sheet.stdout.join("\n")).toContain('<li><span class="n">4</span>attendees</li>');
  });

  it("runs the command the secretary's notices and the caterer's sheet name for an event's list", async () => {
    await seed();
    const named = eventRsvpsCommand("2028-01-05-table-lodge");
    const [program, ...args] = named.split(" ");
    expect(program).toBe("lodge");
    const listed = await lodge(sample.root, ...args);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toEqual([...SEEDED_TABLE, ""]);
    const sheet = await lodge(sample.root, ...args, "--format", "html");
    expect(sheet.stdout.join("\n")).toMatch(
      /<footer>Printed 20\d\d-\d\d-\d\d \d\d:\d\d \(America\/New_York\) with lodge rsvps --event 2028-01-05-table-lodge --format html\.<\/footer>/,
    );
  });

  it("refuses an event it does not know, naming the closest, and an HTML sheet without --event", async () => {
    await seed();
    const typo = await lodge(sample.root, "rsvps", "--event", "2028-01-05-table-lodg");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toEqual([
      'no event has the id "2028-01-05-table-lodg"; did you mean one of these?',
      "  2028/01/05 19:30 Table Lodge (id 2028-01-05-table-lodge)",
    ]);
    const html = await lodge(sample.root, "rsvps", "--format", "html");
    expect(html.code).toBe(2);
    expect(html.stderr).toEqual([
      "--format html writes the caterer's sheet of one event: give it with --event ID (lodge rsvps lists the ids).",
    ]);
    // A date names its event, and an event without RSVPs says so.
    const byDate = await lodge(sample.root, "rsvps", "--event", "2028-01-05");
    expect(byDate.stdout[0]).toBe("2028/01/05 19:30 Table Lodge (2028-01-05-table-lodge)");
  });

  it("shows a cancelled or postponed event as such", async () => {
    await seed();
    sample.write(
      "events.yaml",
      "- date: 2028/01/12 19:30\n  id: 2028-01-05-table-lodge\n  name: Table Lodge\n  rsvpOptions: true\n  postponedFrom: 2028/01/05 19:30\n  cancelled: true\n",
    );
    const { stdout } = await lodge(sample.root, "rsvps");
    expect(stdout[0]).toBe(
      "2028/01/12 19:30 Table Lodge (2028-01-05-table-lodge) - CANCELLED, POSTPONED FROM 2028/01/05 19:30",
    );
  });

  it("lists what was erased on time, and what was kept of it", async () => {
    await seed();
    const none = await lodge(sample.root, "rsvps", "--erased");
    expect(none.stdout).toEqual([
      "Nothing has been erased yet: names and addresses are erased 90 days after each event or message.",
    ]);
    const store = openStore(db());
    await store.eraseRsvps({
      kind: "event",
      subject: "2028-01-05-table-lodge",
      now: new Date("2028-04-05T05:00:00Z"),
    });
    await store.eraseMessages({
      receivedBefore: new Date("2028-01-01T00:00:00Z"),
      now: new Date("2028-04-05T05:00:00Z"),
    });
    await store.close();
    const { code, stdout } = await lodge(sample.root, "rsvps", "--erased");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "Erased at         What                                                         Erased     Attendees kept  Meals kept",
      "2028-04-05 01:00  event 2028/01/05 19:30 Table Lodge (2028-01-05-table-lodge)  2 RSVPs    4               3",
      "2028-04-05 01:00  contact messages                                             1 message",
    ]);
    const messages = await lodge(sample.root, "messages");
    expect(messages.stdout).toEqual(["2027-12-22 05:00 (America/New_York)  (erased on time)", ""]);
    const listed = await lodge(sample.root, "rsvps");
    expect(listed.stdout[2]).toBe(
      "  1   2027-12-20 10:00  (erased)          3          2 Prime Rib, 1 Salmon",
    );
  });

  it("lists contact messages, and says so when there is no database yet", async () => {
    const none = await lodge(sample.root, "messages");
    expect(none.code).toBe(1);
    expect(none.stderr).toEqual([
      "var/lodge.db does not exist yet: lodge serve creates it when the first RSVP or message arrives (give another with --db FILE).",
    ]);
    await seed();
    const { code, stdout } = await lodge(sample.root, "messages");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "2027-12-22 05:00 (America/New_York)  Carl Example <carl@example.org>",
      "  How do I join?",
      "  Thanks.",
      "",
    ]);
    const bad = await lodge(sample.root, "messages", "--format", "xml");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual(["--format: use table, csv or json"]);
  });
});

describe("lodge rsvps cancel and edit", () => {
  it("cancels or edits an RSVP only as read (its notice tells it so): one changed meanwhile is left as it is, and the secretary is told to run it again", async () => {
    await seed();
    const { data } = loadData(join(sample.root, "data"), sample.root);
    if (!data) throw new Error("the sample data does not load");
    const { store, race } = racing(openStore(db()));
    const now = new Date("2027-12-23T12:00:00Z");
    // Ann changes her 3 to 2 with her link while the secretary's command runs.
    const setAttendees = (attendees: number) =>
      store.changeEventRsvp({ id: 1, change: { attendees }, guestLimit: 70, now, mails: [] });
    const visitorChanges = async () => expect((await setAttendees(2)).kind).toBe("done");
    for (const [before, change] of [
      ["cancelEventRsvp", { kind: "cancel" }],
      ["changeEventRsvp", { kind: "attendees", attendees: 4 }],
    ] as const) {
      Object.assign(race, { before, next: visitorChanges });
      await expect(changeRsvp(store, data, undefined, now, 1, change, false)).rejects.toThrow(
        "RSVP 1 was changed meanwhile. Nothing was changed; run it again.",
      );
      expect((await store.getEventRsvp(1))?.record.attendees).toBe(2);
      // Read again, it goes through.
      await setAttendees(3);
    }
    expect(await changeRsvp(store, data, undefined, now, 1, { kind: "cancel" }, false)).toContain(
      "Cancelled RSVP 1 (Ann Example, PM <ann@example.org>, 3 attendees) for Table Lodge on Wed, Jan 5, 2028 at 7:30PM.",
    );
    await store.close();
  });

  it("cancels an RSVP: its seats are free at once and the visitor's notice is queued", async () => {
    await seed();
    const dry = await lodge(sample.root, "rsvps", "cancel", "1", "--dry-run");
    expect(dry).toMatchObject({ code: 0, stderr: [] });
    expect(dry.stdout).toEqual([
      "Would cancel RSVP 1 (Ann Example, PM <ann@example.org>, 3 attendees) for Table Lodge on Wed, Jan 5, 2028 at 7:30PM.",
      "A short notice to ann@example.org would be queued.",
      "Nothing was changed (--dry-run).",
    ]);
    const store = openStore(db());
    expect((await store.listEventRsvps()).length).toBe(2);

    const done = await lodge(sample.root, "rsvps", "cancel", "1");
    expect(done.stdout).toEqual([
      "Cancelled RSVP 1 (Ann Example, PM <ann@example.org>, 3 attendees) for Table Lodge on Wed, Jan 5, 2028 at 7:30PM.",
      "Table Lodge on Wed, Jan 5, 2028 at 7:30PM now has 1 of 70 seats reserved.",
      "A short notice to ann@example.org is queued: lodge serve sends it within a minute while it runs, or when it next starts.",
    ]);
    // The connection a running server holds sees it at once.
    expect((await store.attendeeCounts()).get("2028-01-05-table-lodge")).toBe(1);
    const [notice] = await store.claimDueMail({ now: NOW, leaseUntil: NOW, limit: 10 });
    expect(notice?.envelope.to).toEqual(["ann@example.org"]);
    const text = parseMail(notice && "raw" in notice ? notice.raw : Buffer.from("")).text;
    expect(text).toContain(
      "The secretary has cancelled your reservation for Table Lodge on Wednesday, January 5, 2028 at 7:30PM (3 attendees). The attached calendar file removes it from your calendar.",
    );
    await store.close();

    const again = await lodge(sample.root, "rsvps", "cancel", "1");
    expect(again.code).toBe(1);
    expect(again.stderr).toEqual([
      "There is no current RSVP 1 (it may have been cancelled or replaced). lodge rsvps lists the RSVPs with their ids.",
    ]);
    const listed = await lodge(sample.root, "rsvps");
    expect(listed.stdout.at(-5)).toBe("  Total: 1 RSVP, 1 attendee of 70 seats, 0 dinners");
    expect(listed.stdout.at(-4)).toBe("  Cancelled (not counted above): 1 RSVP, 3 attendees");
    expect(listed.stdout.at(-2)).toMatch(
      /^ {4}1 {3}\d{4}-\d\d-\d\d \d\d:\d\d {2}the secretary {2}Ann Example, PM {2}ann@example.org {2}3 {10}2 Prime Rib, 1 Salmon$/,
    );
  });

  it("changes an RSVP's attendees, keeps its dinner, and refuses what the event does not allow", async () => {
    await seed();
    const done = await lodge(sample.root, "rsvps", "edit", "1", "--attendees", "1");
    expect(done.stdout).toEqual([
      "Changed RSVP 1 (Ann Example, PM <ann@example.org>, 3 attendees) for Table Lodge on Wed, Jan 5, 2028 at 7:30PM to 1 attendee.",
      "Table Lodge on Wed, Jan 5, 2028 at 7:30PM now has 2 of 70 seats reserved.",
      "Its dinner stays as ordered: 2 Prime Rib, 1 Salmon.",
      "A short notice to ann@example.org is queued: lodge serve sends it within a minute while it runs, or when it next starts.",
    ]);
    const tooMany = await lodge(sample.root, "rsvps", "edit", "1", "--attendees", "11");
    expect(tooMany).toMatchObject({
      code: 1,
      stderr: [
        "--attendees: an RSVP for Table Lodge on Wed, Jan 5, 2028 at 7:30PM holds 1 to 10 attendees, not 11. Nothing was changed.",
      ],
    });
    expect(await lodge(sample.root, "rsvps", "edit", "1")).toMatchObject({
      code: 1,
      stderr: ["Say what to change, e.g. lodge rsvps edit 12 --attendees 2."],
    });
    expect(await lodge(sample.root, "rsvps", "edit", "1", "--attendees", "0")).toMatchObject({
      code: 2,
      stderr: ["--attendees: give 1 or more; to remove the RSVP, use lodge rsvps cancel"],
    });
    expect(await lodge(sample.root, "rsvps", "cancel", "Ann")).toMatchObject({
      code: 2,
      stderr: ['ID: give the RSVP\'s id, the number lodge rsvps shows, not "Ann"'],
    });
  });
});

const cluster = clusterOfThisFile();

describe("the secretary's commands on a PostgreSQL database", () => {
  it("list, cancel and change the RSVPs that several lodge serve instances share, with --db URL", async () => {
    const url = await cluster().place();
    await seed(url);
    const listed = await lodge(sample.root, "rsvps", "--db", url);
    expect(listed.stdout.at(-2)).toBe(
      "  Total: 2 RSVPs, 4 attendees of 70 seats, 3 dinners (2 Prime Rib, 1 Salmon)",
    );
    const messages = await lodge(sample.root, "messages", "--db", url);
    expect(messages.stdout[0]).toBe(
      "2027-12-22 05:00 (America/New_York)  Carl Example <carl@example.org>",
    );
    expect((await lodge(sample.root, "rsvps", "cancel", "2", "--db", url)).code).toBe(0);
    const edited = await lodge(sample.root, "rsvps", "edit", "1", "--attendees", "2", "--db", url);
    expect(edited.stdout[1]).toBe(
      "Table Lodge on Wed, Jan 5, 2028 at 7:30PM now has 2 of 70 seats reserved.",
    );
    const store = openStore(url);
    expect((await store.listEventRsvps()).map((r) => [r.id, r.record.attendees])).toEqual([[1, 2]]);
    expect((await store.listMail("pending")).length).toBe(2);
    await store.close();
  });

  it("lodge migrate-store copies a SQLite file's RSVPs, messages and mail into PostgreSQL, once", async () => {
    await seed();
    const url = await cluster().place();
    const copied = await lodge(sample.root, "migrate-store", "--to", url);
    expect(copied).toMatchObject({ code: 0, stderr: [] });
    expect(copied.stdout).toEqual([
      `Copied var/lodge.db to ${url}: 2 event RSVPs (cancelled and replaced ones included), 0 social RSVPs, 1 message, 0 mails (sent, waiting and failed), 0 retry keys, 0 spent form tokens, 0 reminders, 0 erasures.`,
      `Each count matches. Start lodge serve with --db ${url} (or DATABASE_URL).`,
    ]);
    const listed = await lodge(sample.root, "rsvps", "--db", url);
    expect(listed.stdout.at(-2)).toBe(
      "  Total: 2 RSVPs, 4 attendees of 70 seats, 3 dinners (2 Prime Rib, 1 Salmon)",
    );
    const again = await lodge(sample.root, "migrate-store", "--to", url);
    expect(again).toMatchObject({
      code: 1,
      stderr: [
        `${url} already holds RSVPs, messages or mail; nothing was copied. Copy into an empty database.`,
      ],
    });
  });

  it("says the database cannot be reached, without its password, and changes nothing", async () => {
    const down = "postgres://lodge:hunter2@127.0.0.1:1/lodge";
    const result = await lodge(sample.root, "rsvps", "cancel", "1", "--db", down);
    expect(result.code).toBe(1);
    expect(result.stderr).toEqual([
      "postgres://lodge:***@127.0.0.1:1/lodge cannot be used now (connect ECONNREFUSED 127.0.0.1:1); nothing was changed. Check that the database server is running and reachable, or that its disk has space, then run this again.",
    ]);
  });
});

describe("lodge events", () => {
  const EVENTS = `- date: 2020/03/04 19:30
  name: Stated Meeting

- date: 2028/01/05 19:30
  name: Table Lodge
  rsvpOptions: true
  full: true

- date: 2028/01/19 19:30
  name: Stated Meeting
  cancelled: true

- date: 2028/02/09 18:00
  name: Spring Gala
  id: gala
  postponedFrom: 2028/02/02 18:00
`;

  it("lists every event with its date, id, name and state, or those to come, or those of a month", async () => {
    sample.write("events.yaml", EVENTS);
    const all = await lodge(sample.root, "events");
    expect([all.code, ...all.stdout]).toEqual([
      0,
      "Date              ID                         Name            State",
      "2020/03/04 19:30  2020-03-04-stated-meeting  Stated Meeting",
      "2028/01/05 19:30  2028-01-05-table-lodge     Table Lodge     full",
      "2028/01/19 19:30  2028-01-19-stated-meeting  Stated Meeting  cancelled",
      "2028/02/09 18:00  gala                       Spring Gala     postponed from 2028/02/02 18:00",
    ]);
    const upcoming = await lodge(sample.root, "events", "--upcoming", "--month", "2028-01");
    expect(upcoming.stdout.slice(1).map((line) => line.slice(18, 44).trim())).toEqual([
      "2028-01-05-table-lodge",
      "2028-01-19-stated-meeting",
    ]);
    expect((await lodge(sample.root, "events", "--upcoming")).stdout).toHaveLength(4);
    expect((await lodge(sample.root, "events", "--month", "2027-12")).stdout).toEqual([
      "No events in 2027-12.",
    ]);
    expect(await lodge(sample.root, "events", "--month", "2027-13")).toMatchObject({
      code: 2,
      stderr: ["--month: give a month as YYYY-MM, e.g. --month 2026-12"],
    });
  });

  it("adds the RSVPs received to each event when given the database, and prints JSON", async () => {
    sample.write("events.yaml", EVENTS);
    await seed();
    const { code, stdout } = await lodge(
      sample.root,
      "events",
      "--upcoming",
      "--month",
      "2028-01",
      "--db",
      db(),
    );
    expect(code).toBe(0);
    expect(stdout[0]).toBe(
      "Date              ID                         Name            State      RSVPs",
    );
    expect(stdout.slice(1)).toEqual([
      "2028/01/05 19:30  2028-01-05-table-lodge     Table Lodge     full       2 (4 attending)",
      "2028/01/19 19:30  2028-01-19-stated-meeting  Stated Meeting  cancelled  0 (0 attending)",
    ]);
    const json = await lodge(sample.root, "events", "--json", "--db", db(), "--month", "2028-01");
    expect(JSON.parse(json.stdout.join("\n"))[0]).toEqual({
      date: "2028/01/05 19:30",
      id: "2028-01-05-table-lodge",
      name: "Table Lodge",
      state: ["full"],
      rsvps: { rsvps: 2, attendees: 4 },
    });
  });
});
