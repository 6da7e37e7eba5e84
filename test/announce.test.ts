import { type ChildProcess, execFile, spawn } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { simpleParser } from "mailparser";
import { afterEach, describe, expect, it } from "vitest";
import type { Context } from "../cli/context.ts";
import { runCli } from "../cli/program.ts";
import { openPostgresStore, openStore } from "../server/store/open-store.ts";
import { TEST_SECRET } from "./support/api-harness.ts";
import { lodge, NOW, sampleCopy } from "./support/cli-harness.ts";
import { clusterOfThisFile } from "./support/postgres-cluster.ts";
import { TestSmtp } from "./support/smtp-harness.ts";

/**
 * `lodge announce` end to end on a copy of the sample lodge with a real SMTP server: the mail as
 * a mail program reads it (the lists' headers exactly, a text and an HTML part, absolute links,
 * SpamAssassin's local score), --dry-run and --test, bad input, and a run killed midway then run
 * again (on SQLite and on PostgreSQL), which mails each member exactly once and marks the address
 * refused for good bounced.
 */
let sample: ReturnType<typeof sampleCopy> | undefined;
let smtp: TestSmtp | undefined;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child?.exitCode === null) child.kill("SIGKILL");
  child = undefined;
  await smtp?.stop();
  smtp = undefined;
  sample?.cleanup();
  sample = undefined;
});

const CLI = fileURLToPath(new URL("../cli/index.ts", import.meta.url));
const SITE = "https://www.hillcrest586.example.org";

const ANNOUNCEMENT = `---
subject: The Grand Master's visit
event: 2026-12-02-stated-meeting
---
The **Most Worshipful Grand Master** visits the lodge at its December stated meeting.

Dinner follows; see [the calendar](/events) and the [bulletin](https://example.net/b.pdf).
`;

/** A roll of `n` members, imported with lodge members import. */
async function roll(root: string, n: number, dbArgs: string[] = []): Promise<void> {
  const lines = ["Member No,First Name,Last Name,E-mail,Degree,Status"];
  for (let i = 1; i <= n; i++)
    lines.push(`${100 + i},Brother${i},Mason${i},m${i}@example.org,MM,Active`);
  writeFileSync(join(root, "roll.csv"), `${lines.join("\n")}\n`);
  expect((await lodge(root, "members", "import", "roll.csv", ...dbArgs)).code).toBe(0);
}

/** The sample lodge with a roll, the server's secret, an announcement file, and a mail server. */
async function setUp(members: number, dbArgs: string[] = []) {
  sample ??= sampleCopy();
  const { root } = sample;
  await roll(root, members, dbArgs);
  mkdirSync(join(root, "var"), { recursive: true });
  writeFileSync(join(root, "var", "xsrf-secret"), `${TEST_SECRET}\n`);
  writeFileSync(join(root, "visit.md"), ANNOUNCEMENT);
  smtp = new TestSmtp();
  await smtp.start();
  return { root, env: { SMTP_URL: smtp.url } };
}

/** `lodge announce ...` in-process with `env` and the moment `now`. */
function announce(root: string, env: Record<string, string>, argv: string[], now: Date = NOW) {
  return lodgeWith(root, env, ["announce", ...argv], now);
}

/** `lodge ...` in-process with `env` and the moment `now`. */
async function lodgeWith(
  root: string,
  env: Record<string, string>,
  argv: string[],
  now: Date = NOW,
): Promise<{ code: number; out: string[] }> {
  const out: string[] = [];
  const ctx: Context = {
    cwd: root,
    generatedDir: join(root, "generated"),
    exitCode: 0,
    now,
    env,
    out: (line) => out.push(...line.split("\n")),
    err: (line) => out.push(...line.split("\n")),
  };
  return { code: await runCli(argv, ctx), out };
}

/** SpamAssassin's score of a message, its local tests only (Debian's spamassassin). */
async function spamScore(raw: string): Promise<number> {
  const child = promisify(execFile)("spamassassin", ["-t", "-L"], { maxBuffer: 1 << 22 });
  child.child.stdin?.end(raw);
  const { stdout } = await child;
  const report = stdout.slice(stdout.indexOf("Content analysis details"));
  return Number(/\(([-\d.]+) points/.exec(report)?.[1] ?? Number.NaN);
}

const until = async (check: () => boolean, what: string) => {
  for (let i = 0; i < 600; i++) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gave up waiting: ${what}`);
};

describe("lodge announce", () => {
  it("mails each member the announcement with the lists' headers, parsed by a mail parser and under 1 in SpamAssassin", {
    timeout: 60_000,
  }, async () => {
    const { root, env } = await setUp(3);
    const dry = await announce(root, env, ["visit.md", "--dry-run"]);
    expect(dry.out).toEqual([
      'Would announce "The Grand Master\'s visit" to 3 members.',
      "Nothing was sent (--dry-run); lodge announce FILE --test ADDRESS sends one copy to look at.",
    ]);
    expect(smtp?.received).toHaveLength(0);
    const test = await announce(root, env, ["visit.md", "--test", "look@example.org"]);
    expect(test.code).toBe(0);
    expect(smtp?.received.map((m) => m.to)).toEqual([["look@example.org"]]);

    const sent = await announce(root, env, ["visit.md"]);
    expect(sent.out).toEqual([
      'Queued "The Grand Master\'s visit" for 3 members.',
      // Piped, the progress is a plain line at each tenth.
      "1/3 sent",
      "2/3 sent",
      `Sent 3 of 3 (${smtp?.url}).`,
    ]);
    const mails = (smtp?.received ?? []).slice(1);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([
      "m1@example.org",
      "m2@example.org",
      "m3@example.org",
    ]);
    const raw = mails[0]?.raw ?? "";
    const parsed = await simpleParser(raw);
    expect(parsed.subject).toBe("The Grand Master's visit");
    // mailparser reads the lists' headers as mail programs do.
    expect(parsed.headers.get("list")).toMatchObject({
      unsubscribe: { mail: "secretary@hillcrest586.example.org?subject=unsubscribe" },
    });
    const unsubscribe = /<(https:\/\/[^>]+)>, <(mailto:[^>]+)>/.exec(
      parsed.headerLines.find((h) => h.key === "list-unsubscribe")?.line ?? "",
    );
    expect(unsubscribe?.[1]).toMatch(new RegExp(`^${SITE}/unsubscribe\\?t=m\\.[\\w-]+\\.[\\w-]+$`));
    expect(unsubscribe?.[2]).toBe("mailto:secretary@hillcrest586.example.org?subject=unsubscribe");
    // The raw headers, unfolded, exactly as RFC 8058 gives them.
    const head = raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");
    expect(head).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(head).toMatch(
      /^List-Unsubscribe: <https:\/\/www\.hillcrest586\.example\.org\/unsubscribe\?t=[^>]+>, <mailto:secretary@hillcrest586\.example\.org\?subject=unsubscribe>$/m,
    );
    expect(head).toMatch(
      /^List-Id: .+ announcements <announcements\.hillcrest586\.example\.org>$/im,
    );
    expect(parsed.text).toContain("The Most Worshipful Grand Master visits the lodge");
    expect(parsed.text).toContain(`the calendar (${SITE}/events)`);
    expect(parsed.text).toContain(`${SITE}/events/2026-12-02-stated-meeting`);
    expect(parsed.text).toContain(unsubscribe?.[1]);
    const html = String(parsed.html);
    expect(html).toContain(`<a href="${SITE}/events">the calendar</a>`);
    expect(html).toContain(`href="${unsubscribe?.[1]}"`);
    expect(html).not.toMatch(/href="\//);
    // Run again: found queued and sent, nothing goes twice.
    const again = await announce(root, env, ["visit.md"]);
    expect(again.out[0]).toMatch(/was queued on .*: 3 of 3 sent, 0 to go\.$/);
    expect(smtp?.received).toHaveLength(4);
    expect(await spamScore(raw)).toBeLessThan(1);
  });

  it("refuses bad input with what to do, and sends nothing", async () => {
    const { root, env } = await setUp(1);
    writeFileSync(join(root, "nosubject.md"), "Just text\n");
    writeFileSync(
      join(root, "noevent.md"),
      "---\nsubject: Hi\nevent: 2031-01-01-nothing\n---\nText\n",
    );
    const cases: [string[], RegExp][] = [
      [["missing.md"], /missing\.md cannot be read/],
      [["nosubject.md"], /front matter needs a subject/],
      [["noevent.md"], /no event 2031-01-01-nothing/],
      [["visit.md", "--to", "everyone"], /use members, friends or all/],
      [["visit.md", "--test", "not-an-address"], /give the address the test copy goes to/],
    ];
    for (const [argv, message] of cases) {
      const result = await announce(root, env, argv);
      expect(result.code, argv.join(" ")).not.toBe(0);
      expect(result.out.join("\n")).toMatch(message);
    }
    expect(smtp?.received).toHaveLength(0);
  });

  it("announces to confirmed friends only; lodge friends lists them, --bounced those refused", {
    timeout: 60_000,
  }, async () => {
    const { root, env } = await setUp(1);
    const store = openStore(join(root, "var", "lodge.db"), NOW);
    for (const [email, name, confirmed] of [
      ["ann@example.org", "Ann Lee", true],
      ["gone@example.org", "", true],
      ["later@example.org", "Pat", false],
    ] as const) {
      const key = `key-${email.split("@")[0]}-000000`;
      await store.subscribeFriend({
        email,
        name,
        key,
        mail: {
          kind: "friend-confirm",
          envelope: { from: "l@example.org", to: [email] },
          messageId: `<${key}@example.org>`,
          raw: Buffer.from("x"),
        },
        now: NOW,
      });
      if (confirmed) await store.confirmFriend({ key, now: NOW });
    }
    await store.close();
    smtp?.unknown.add("gone@example.org");
    const sent = await announce(root, env, ["visit.md", "--to", "friends"]);
    expect(sent.out[0]).toBe('Queued "The Grand Master\'s visit" for 2 friends.');
    expect(sent.out).toContain(`Sent 1 of 2 (${smtp?.url}).`);
    expect(smtp?.received.map((m) => m.to[0])).toEqual(["ann@example.org"]);
    expect(smtp?.received[0]?.raw).toMatch(/unsubscribe\?t=f\./);

    const listed = await lodge(root, "friends");
    expect(listed.stdout).toEqual([
      "E-mail             Name     Subscribed    Confirmed     Bounced",
      "ann@example.org    Ann Lee  Nov 21, 2026  Nov 21, 2026",
      "gone@example.org            Nov 21, 2026  Nov 21, 2026  Nov 21, 2026",
      "later@example.org  Pat      Nov 21, 2026  not yet",
      "3 friends: 2 confirmed, 1 not yet.",
    ]);
    const bounced = await lodge(root, "friends", "--bounced", "--format", "csv");
    expect(bounced.stdout).toEqual([
      "E-mail,Name,Subscribed,Confirmed,Bounced\r",
      'gone@example.org,,"Nov 21, 2026","Nov 21, 2026","Nov 21, 2026"',
    ]);
    const json = JSON.parse((await lodge(root, "friends", "--format", "json")).stdout.join("\n"));
    expect(json.map((f: { email: string }) => f.email)).toEqual([
      "ann@example.org",
      "gone@example.org",
      "later@example.org",
    ]);
    // Next time the bounced address is skipped.
    writeFileSync(join(root, "visit.md"), ANNOUNCEMENT.replace("visits", "will visit"));
    const next = await announce(root, env, ["visit.md", "--to", "friends"]);
    expect(next.out[0]).toBe('Queued "The Grand Master\'s visit" for 1 friend.');
  });

  it("announces a bulletin at the first publish after it changes, once per bulletin", {
    timeout: 60_000,
  }, async () => {
    const { root, env } = await setUp(2);
    const data = join(root, "data");
    writeFileSync(
      join(data, "lodge.yaml"),
      `${readFileSync(join(data, "lodge.yaml"), "utf8")}\nbulletin:\n  announce: true\n`,
    );
    mkdirSync(join(root, "dist"), { recursive: true });
    writeFileSync(join(root, "dist", "index.html"), "<h1>Hillcrest</h1>");
    const publish = () => lodgeWith(root, env, ["publish", "--target", "file://public"]);
    const announced = (out: string[]) => out.filter((line) => line.startsWith("Announced"));
    const first = await publish();
    expect(first.code).toBe(0);
    expect(announced(first.out)).toEqual([
      "Announced the new bulletin (hillcrest-2026-november-december.pdf) to 2 addresses: lodge serve sends it.",
    ]);
    expect(announced((await publish()).out)).toEqual([]);
    // The next bulletin: announced once more.
    copyFileSync(
      join(data, "bulletins", "hillcrest-2026-november-december.pdf"),
      join(data, "bulletins", "hillcrest-2027-january-february.pdf"),
    );
    const yaml = readFileSync(join(data, "bulletins.yaml"), "utf8");
    writeFileSync(
      join(data, "bulletins.yaml"),
      yaml.replace(
        "current: hillcrest-2026-november-december.pdf",
        "current: hillcrest-2027-january-february.pdf",
      ),
    );
    // Built again after the change, as lodge publish asks.
    writeFileSync(join(root, "dist", "index.html"), "<h1>Hillcrest</h1>");
    const third = await publish();
    expect(third.out.join("\n")).toContain(
      "Announced the new bulletin (hillcrest-2027-january-february.pdf)",
    );
    const store = openStore(join(root, "var", "lodge.db"), NOW);
    const mail = (await store.listMail()).filter((m) => m.kind === "announcement");
    await store.close();
    expect(mail.map((m) => m.to).sort()).toEqual([
      "m1@example.org",
      "m1@example.org",
      "m2@example.org",
      "m2@example.org",
    ]);
    // None of it went by the site: the setting is kept out of its modules.
    expect(smtp?.received).toHaveLength(0);
  });
});

/** Where the crash test's store is: the lodge's SQLite file, or a PostgreSQL database (--db). */
const cluster = clusterOfThisFile();
const stores = [
  {
    name: "SQLite",
    db: async (_root: string) => undefined,
    open: (root: string, db: string | undefined) =>
      Promise.resolve(openStore(db ?? join(root, "var", "lodge.db"), NOW)),
  },
  {
    name: "PostgreSQL",
    db: (_root: string) => cluster().place(),
    open: (_root: string, db: string | undefined) => openPostgresStore(db ?? "", NOW),
  },
];

describe.each(stores)("lodge announce on $name", (kind) => {
  it("killed midway, then run again, mails every member exactly once and marks a refused address bounced", {
    timeout: 120_000,
  }, async () => {
    sample = sampleCopy();
    const db = await kind.db(sample.root);
    const dbArgs = db ? ["--db", db] : [];
    const { root, env } = await setUp(40, dbArgs);
    smtp?.unknown.add("m3@example.org");
    smtp?.stalling.add("m20@example.org");
    child = spawn(process.execPath, [CLI, "announce", "visit.md", ...dbArgs], {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: "ignore",
    });
    const exited = new Promise((resolve) => child?.on("exit", resolve));
    await until(() => (smtp?.stalled.length ?? 0) > 0, "the stalled mail");
    // From now on the server answers no mail: what it took is all that was sent.
    for (let i = 1; i <= 40; i++) smtp?.stalling.add(`m${i}@example.org`);
    const store = await kind.open(root, db);
    const marked = async () =>
      (await store.listMail()).filter((m) => m.kind === "announcement" && m.status !== "pending")
        .length;
    // Each mail the server took (and the one it refused) is marked before the process is killed.
    for (let i = 0; (await marked()) !== (smtp?.received.length ?? 0) + 1; i++) {
      if (i > 600) throw new Error("gave up waiting: the marks of what was sent and refused");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    child.kill("SIGKILL");
    await exited;
    await store.close();
    const before = smtp?.received.length ?? 0;
    expect(before).toBeLessThan(39);
    smtp?.stalling.clear();
    // Run again once the killed run's leases have ended.
    const resumed = await announce(
      root,
      env,
      ["visit.md", ...dbArgs],
      new Date(Date.now() + 3 * 60_000),
    );
    expect(resumed.out.at(-2)).toBe(`Sent 39 of 40 (${smtp?.url}).`);
    const to = (smtp?.received ?? []).map((m) => m.to[0]);
    expect(to).toHaveLength(39);
    expect(new Set(to).size).toBe(39);
    expect(to).not.toContain("m3@example.org");
    const bounced = await lodge(root, "members", "--bounced", ...dbArgs);
    expect(bounced.stdout.join("\n")).toContain("m3@example.org");
    // The secretary checked the address: back on, and no longer bounced.
    const on = await lodge(root, "members", "announcements", "103", "on", ...dbArgs);
    expect(on.stdout).toEqual([
      "103 Brother3 Mason3 already gets the announcements. m3@example.org is no longer marked bounced.",
    ]);
    expect((await lodge(root, "members", "--bounced", ...dbArgs)).stdout[0]).toMatch(/^No member/);
  });
});
