import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadData } from "../cli/load/load-data.ts";
import { API_ROUTES } from "../core/api/routes.ts";
import { readAnswerFragment } from "../core/rules/answer-links.ts";
import { Clock, NOW, startServer, TEST_SECRET, type TestServer } from "./api-harness.ts";
import { lodge, SAMPLE_IMAGES, sampleCopy } from "./cli-harness.ts";
import { parseMail } from "./mime.ts";

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
});
