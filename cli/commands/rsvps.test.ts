import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SqliteStore } from "../../server/store/sqlite-store.ts";
import type { EventRsvpRecord, Submission } from "../../server/store/store.ts";
import { lodge, sampleCopy } from "../../test/cli-harness.ts";
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

function submission<R>(record: R, at: string, hash: string): Submission<R> {
  return {
    record,
    receivedAt: new Date(at),
    idempotency: { requestHash: hash, keys: [] },
    mails: [],
    response: { status: 200, body: {} },
  };
}

async function seed(): Promise<void> {
  const store = new SqliteStore(join(sample.root, "var", "lodge.db"));
  const rsvp = (r: Partial<EventRsvpRecord>): EventRsvpRecord => ({
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
  });
  await store.addEventRsvp(
    submission(
      rsvp({
        attendees: 3,
        dinner: true,
        meals: 3,
        mealCounts: [
          { choice: "Prime Rib", count: 2 },
          { choice: "Salmon", count: 1 },
        ],
        masonicTitle: "PM",
      }),
      "2027-12-20T15:00:00Z",
      "a",
    ),
    70,
  );
  await store.addEventRsvp(
    submission(
      rsvp({ firstName: "=HYPERLINK(1)", email: "bob@example.org" }),
      "2027-12-21T16:30:00Z",
      "b",
    ),
    70,
  );
  await store.addContactMessage(
    submission(
      {
        firstName: "Carl",
        lastName: "Example",
        email: "carl@example.org",
        phoneNumber: "",
        message: "How do I join?\nThanks.",
      },
      "2027-12-22T10:00:00Z",
      "c",
    ),
  );
  await store.close();
}

describe("lodge rsvps and lodge messages", () => {
  it("lists each event's RSVPs with the totals the caterer needs", async () => {
    await seed();
    const { code, stdout } = await lodge(sample.root, "rsvps");
    expect(code).toBe(0);
    expect(stdout).toEqual([
      "2028/01/05 19:30 Table Lodge (2028-01-05-table-lodge)",
      "  Received (UTC)    Name                   E-mail           Attendees  Dinner",
      "  2027-12-20 15:00  Ann Example, PM        ann@example.org  3          2 Prime Rib, 1 Salmon",
      "  2027-12-21 16:30  =HYPERLINK(1) Example  bob@example.org  1",
      "  Total: 2 RSVPs, 4 attendees, 3 dinners (2 Prime Rib, 1 Salmon)",
      "",
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
    expect(stdout).toEqual([
      "event_id,event_date,event_name,received_at,first_name,last_name,masonic_title,email,attendees,dinner,meals,meal_choices\r",
      '2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,2027-12-20T15:00:00.000Z,Ann,Example,PM,ann@example.org,3,Yes,3,"2 Prime Rib, 1 Salmon"\r',
      "2028-01-05-table-lodge,2028/01/05 19:30,Table Lodge,2027-12-21T16:30:00.000Z,'=HYPERLINK(1),Example,,bob@example.org,1,No,0,",
    ]);
    expect(csvCell("+1 555")).toBe("'+1 555");
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
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
      "2027-12-22 10:00 UTC  Carl Example <carl@example.org>",
      "  How do I join?",
      "  Thanks.",
      "",
    ]);
    const bad = await lodge(sample.root, "messages", "--format", "xml");
    expect(bad.code).toBe(2);
    expect(bad.stderr).toEqual(["--format: use table, csv or json"]);
  });
});
