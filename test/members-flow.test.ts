import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadData } from "../cli/load/load-data.ts";
import { API_ROUTES } from "../core/api/routes.ts";
import { readAnswerFragment } from "../core/rules/answer-links.ts";
import { Clock, NOW, startServer, TEST_SECRET, type TestServer } from "./support/api-harness.ts";
import { lodge, lodgeAt, SAMPLE_IMAGES, sampleCopy } from "./support/cli-harness.ts";
import { parseMail } from "./support/mime.ts";

/**
 * The secretary's work with the roll, end to end on a copy of the sample lodge: the roll
 * imported from Excel's CSV, a summons sent with lodge summons, a member answering from his
 * mail's link on the running server, and lodge rsvps telling the answers, apologies and who has
 * not answered. None of the members' personal data reaches the built site, the generated
 * modules or the server's log.
 */
let sample: ReturnType<typeof sampleCopy> | undefined;
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  sample?.cleanup();
  sample = undefined;
});

/** Text as Excel's 'CSV (Comma delimited)' saves it: Windows-1252, CRLF. */
function excel(lines: string[]): Buffer {
  const high: Record<string, number> = { "\u2019": 0x92 };
  return Buffer.from([...lines.join("\r\n")].map((c) => high[c] ?? c.charCodeAt(0)));
}

/** What identifies each member: none of it may leave the database but in his own mail. */
const PERSONAL = [
  "Xavierus",
  "Quilldrake",
  "xq.quilldrake@example.org",
  "77123",
  "Ignatius",
  "O’Threnody",
  "ignatius.t@example.org",
  "77124",
  "shellfish-free",
];

/** Every file under `dir`, read as text. */
function filesUnder(dir: string): { file: string; text: string }[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = join(e.parentPath, e.name);
      return { file, text: readFileSync(file).toString("latin1") + readFileSync(file, "utf8") };
    });
}

describe("the roll, from the secretary's spreadsheet to a member's answer", () => {
  it("imports the roll, summons, records an answer from the mail's link, lists it, and keeps the roll out of the site and the logs", async () => {
    sample = sampleCopy();
    const { root } = sample;
    writeFileSync(
      join(root, "roll.csv"),
      excel([
        "Member No.,SURNAME,Forename,E-Mail Address,Degree,Membership Status,Dietary Requirements,Address,,",
        "77123,Quilldrake,Xavierus,XQ.Quilldrake@example.org,Master Mason,Active,shellfish-free,1 Elm St,,",
        "77124,O\u2019Threnody,Ignatius,ignatius.t@example.org,MM,Life Member,,2 Oak Ave,,",
        "77125,Underhill,Brevis,brevis@example.org,E.A.,Active,,,,",
        "",
      ]),
    );
    const imported = await lodge(root, "members", "import", "roll.csv");
    expect(imported.code).toBe(0);
    expect(imported.stdout.slice(-4)).toEqual([
      "added 77123 Xavierus Quilldrake",
      "added 77124 Ignatius O\u2019Threnody",
      "added 77125 Brevis Underhill",
      "The roll: 3 added, 0 changed, 0 unchanged; 3 members on the roll.",
    ]);
    // A filter that matches nobody says so, not that there is no roll.
    expect((await lodge(root, "members", "--status", "suspended")).stdout).toEqual([
      "No member matches --status suspended, of 3 on the roll.",
    ]);
    expect((await lodge(root, "members", "--bounced")).stdout[0]).toMatch(
      /^No member matches --bounced/,
    );

    // The secret lodge serve keeps beside its database, which signs the summons' links.
    mkdirSync(join(root, "var"), { recursive: true });
    writeFileSync(join(root, "var", "xsrf-secret"), `${TEST_SECRET}\n`);
    const summoned = await lodge(root, "summons", "2026-12-02");
    expect(summoned.stdout).toEqual([
      "Summoned 2 members to 2026/12/02 19:30 Stated Meeting (2026-12-02-stated-meeting), opened on the Master Mason degree.",
      "Not summoned: 1 of a degree it does not admit.",
      "lodge serve sends them now; lodge mail lists them.",
    ]);
    expect((await lodge(root, "summons", "2026-12-02")).stdout[0]).toBe(
      "Summoned 0 members to 2026/12/02 19:30 Stated Meeting (2026-12-02-stated-meeting), opened on the Master Mason degree; 2 had it already.",
    );

    // The server sends the summons; a member answers from its link.
    const log: string[] = [];
    const { data } = loadData(sample.data, root);
    server = await startServer({
      data,
      clock: new Clock(NOW),
      config: {
        dbFile: join(root, "var", "lodge.db"),
        outboxDir: join(root, "var", "outbox"),
        logFormat: "json",
      },
      logger: { stream: { write: (line: string) => log.push(line) } },
    });
    await server.worker.idle();
    const outbox = join(root, "var", "outbox");
    const mails = readdirSync(outbox)
      .filter((f) => f.endsWith("-summons.eml"))
      .map((f) => parseMail(readFileSync(join(outbox, f))));
    const mine = mails.find((m) => m.text.includes("Dear Brother Xavierus"));
    const link = /\/rsvp\/answer#(a=dining\S*)/.exec(mine?.text ?? "")?.[1] ?? "";
    const { token, chosen } = readAnswerFragment(link);
    const client = await server.client();
    const answered = await client.post(API_ROUTES.answerSummons.path, { token, ...chosen });
    expect(answered.status).toBe(200);
    await server.worker.idle();

    const listed = await lodge(root, "rsvps", "--event", "2026-12-02-stated-meeting");
    expect(listed.stdout.join("\n")).toContain(
      "  Members (their seats are among the RSVPs above): 1 member attending (1 dining), 0 apologies, 1 no answer yet\n  No answer yet: 1 member\n    Number  Name                 E-mail\n    77124   Ignatius O\u2019Threnody  ignatius.t@example.org",
    );
    const sheet = await lodge(
      root,
      "rsvps",
      "--event",
      "2026-12-02-stated-meeting",
      "--format",
      "html",
    );
    expect(sheet.stdout.join("\n")).toContain("<li>Quilldrake, Xavierus: shellfish-free</li>");

    // Nothing of the roll in the built site, the generated modules or the server's log.
    const out = join(root, "built");
    const built = await lodge(root, "build", "--out", out, "--images", SAMPLE_IMAGES);
    expect(built.code).toBe(0);
    const leaks = [...filesUnder(out), ...filesUnder(built.generatedDir)].flatMap(
      ({ file, text }) =>
        PERSONAL.filter((value) => text.includes(value)).map((value) => `${file}: ${value}`),
    );
    expect(leaks).toEqual([]);
    expect(log.length).toBeGreaterThan(0);
    expect(PERSONAL.filter((value) => log.join("\n").includes(value))).toEqual([]);
    expect(log.join("\n")).not.toContain(token.slice(0, 16));
  }, 120_000);

  it("records the answers the secretary is given by telephone, as the members' links would, past their deadline until the meeting starts", async () => {
    sample = sampleCopy();
    const { root } = sample;
    writeFileSync(
      join(root, "roll.csv"),
      excel([
        "Member No,Last Name,First Name,E-mail,Degree,Status",
        "501,Alvarez,Jose,jose@example.org,MM,Active",
        "502,Chen,Wei,wei@example.org,EA,Active",
        "503,Evans,Gareth,gareth@example.org,MM,Demitted",
        "",
      ]),
    );
    expect((await lodge(root, "members", "import", "roll.csv")).code).toBe(0);
    const answer = (now: Date, ...argv: string[]) =>
      lodgeAt({ cwd: root, now }, "members", "answer", ...argv);
    const meeting = "2026/12/02 19:30 Stated Meeting (2026-12-02-stated-meeting)";
    // Without lodge serve's secret, nothing is recorded: the confirmation's link needs it.
    const unsigned = await answer(NOW, "501", "2026-12-02", "--dining");
    expect([unsigned.code, unsigned.stderr.at(-1)]).toEqual([
      1,
      expect.stringMatching(
        /^The member's confirmation goes from lodge serve's address.*Nothing was recorded\.$/,
      ),
    ]);
    mkdirSync(join(root, "var"), { recursive: true });
    writeFileSync(join(root, "var", "xsrf-secret"), `${TEST_SECRET}\n`);

    expect((await answer(NOW, "501", "2026-12-02", "--dining")).stdout).toEqual([
      `Recorded Attending and dining for Jose Alvarez (501) to ${meeting} (he had no answer); his confirmation is queued: lodge serve sends it.`,
    ]);
    expect((await answer(NOW, "501", "2026-12-02", "--dining")).stdout).toEqual([
      `Jose Alvarez (501) has Attending and dining for ${meeting} already: nothing changed.`,
    ]);
    const refused = await Promise.all([
      answer(NOW, "502", "2026-12-02", "--attending"),
      answer(NOW, "503", "2026-12-02", "--attending"),
      answer(NOW, "501", "2026-12-02", "--attending", "--apologies"),
      answer(NOW, "999", "2026-12-02", "--apologies"),
    ]);
    expect(refused.map((r) => [r.code, r.stderr.at(-1)])).toEqual([
      [
        1,
        "Stated Meeting is opened on the Master Mason degree, which Master Masons may attend, and Wei Chen is an Entered Apprentice. Nothing was recorded.",
      ],
      [
        1,
        "Only members in good standing take a seat by the summons, and Gareth Evans is Demitted. Nothing was recorded.",
      ],
      [
        1,
        "Give the member's answer as one of --attending, --dining [MEAL] or --apologies. Nothing was recorded.",
      ],
      [
        1,
        'No member numbered "999" is on the roll (lodge members lists them). Nothing was changed.',
      ],
    ]);
    // RSVPs closed on 1 December at 11:59PM: the secretary still takes a late apology that day.
    const late = await answer(new Date("2026-12-02T15:00:00Z"), "501", "2026-12-02", "--apologies");
    expect(late.stdout).toEqual([
      `Recorded Apologies for Jose Alvarez (501) to ${meeting} (he had Attending and dining); his confirmation is queued: lodge serve sends it.`,
    ]);
    const started = await answer(
      new Date("2026-12-03T01:00:00Z"),
      "501",
      "2026-12-02",
      "--attending",
    );
    expect(started.stderr.at(-1)).toBe(
      "Stated Meeting (2026-12-02-stated-meeting) has started: its answers are as they stand. Nothing was recorded.",
    );
    const listed = await lodge(root, "rsvps", "--event", "2026-12-02-stated-meeting");
    expect(listed.stdout.join("\n")).toContain(
      "0 members attending (0 dining), 1 apology, 0 no answer yet",
    );
    // His seat, given up by his apologies, is listed as such, not as a visitor's cancellation.
    const cancelled = listed.stdout.filter((line) => line.includes("Alvarez"));
    expect(cancelled.join("\n")).toContain("his apologies");
    expect(cancelled.join("\n")).not.toContain("the visitor");
    const mail = await lodge(root, "mail", "--format", "json");
    const kinds = (JSON.parse(mail.stdout.join("\n")) as { kind: string }[]).map((m) => m.kind);
    expect(kinds.filter((kind) => kind === "summons-answer")).toHaveLength(2);
  }, 60_000);
});
