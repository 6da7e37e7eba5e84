import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Context } from "../cli/context.ts";
import { loadData } from "../cli/load/load-data.ts";
import { runCli } from "../cli/program.ts";
import { ALERTS } from "../core/messages.ts";
import { buildEventRsvpPayload } from "../core/rules/index.ts";
import { Client, PLAIN_RSVP_FORM } from "./support/api-harness.ts";
import { SAMPLE, SAMPLE_IMAGES, serveInProcess } from "./support/cli-harness.ts";

/**
 * The README's "Start a lodge of your own": the sample in data/ and a lodge of one's own in
 * my-lodge/, built and served from one checkout. Each keeps its site, its RSVPs and its mail in
 * places of its own, and a command given the other's refuses it.
 */
const root = mkdtempSync(join(tmpdir(), "lodge-two-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Next year's stated meetings take RSVPs whenever the test runs. */
const YEAR = new Date().getFullYear() + 1;

/**
 * Runs `lodge` in `root` as a person would: without a data-modules folder of the test's, so a
 * lodge's build writes its own; the sample's (the checkout's site/generated) is `generatedDir`.
 */
async function run(...argv: string[]) {
  return runIn(undefined, ...argv);
}

async function runIn(generatedDir: string | undefined, ...argv: string[]) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const ctx: Context = {
    cwd: root,
    generatedDir,
    exitCode: 0,
    out: (line) => stdout.push(...line.split("\n")),
    err: (line) => stderr.push(...line.split("\n")),
  };
  const code = await runCli(argv, ctx);
  return { code, stdout, stderr };
}

const images = ["--images", SAMPLE_IMAGES];
const sampleBuild = () => runIn(join(root, "generated"), "build", ...images);
const ownBuild = () => run("build", "--data", "my-lodge", "--draft", ...images);
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "";

/** The .eml files in `dir`, once the mail worker has written `count` of them. */
async function mails(dir: string, count: number): Promise<string[]> {
  for (let i = 0; i < 100; i++) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(".eml")) : [];
    if (files.length >= count) return files.map((f) => readFileSync(join(dir, f), "utf8"));
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no ${count} mails in ${dir}`);
}

describe("two lodges on one machine", () => {
  it("build, serve and keep RSVPs and mail each in its own places, and refuse the other's", async () => {
    cpSync(SAMPLE, join(root, "data"), { recursive: true });
    expect((await run("add-meetings", "--year", String(YEAR))).code).toBe(0);
    const init = await run(
      "init",
      "my-lodge",
      "--name",
      "Riverside Lodge No. 712",
      "--charter-date",
      "1901-05-05",
      "--address",
      "Riverside Masonic Hall, 12 Water St., Dayton, OH 45402",
      "--secretary-email",
      "secretary@riverside712.example.org",
    );
    expect(init.stderr).toEqual([]);
    expect((await run("add-meetings", "--year", String(YEAR), "--data", "my-lodge")).code).toBe(0);

    // At once: neither build writes where the other does.
    const [sample, own] = await Promise.all([sampleBuild(), ownBuild()]);
    expect([sample.code, sample.stderr]).toEqual([0, []]);
    expect([own.code, own.stderr]).toEqual([0, []]);
    expect(sample.stdout.at(-1)).toMatch(/^Built the site in dist: /);
    expect(own.stdout.at(-1)).toMatch(/^Built the site in var\/lodges\/my-lodge\/site: /);
    // One after the other: the second lodge's build leaves the first's site as it was.
    const before = readFileSync(join(root, "dist", "index.html"), "utf8");
    expect((await ownBuild()).code).toBe(0);
    expect(readFileSync(join(root, "dist", "index.html"), "utf8")).toBe(before);
    expect(title(before)).toContain("Hillcrest");
    const ownSite = join(root, "var", "lodges", "my-lodge", "site");
    expect(title(readFileSync(join(ownSite, "index.html"), "utf8"))).toContain("Riverside");

    // Both served at once, each its own site and API.
    const servers = [
      serveInProcess(root, ["--port", "0"]),
      serveInProcess(root, ["--port", "0", "--data", "my-lodge"]),
    ];
    const lodges = [join(root, "data"), join(root, "my-lodge")];
    try {
      const urls = await Promise.all(
        servers.map((s) => Promise.race([s.started, s.exit.then(() => "")])),
      );
      expect(servers.map((s) => s.stderr)).toEqual([[], []]);
      for (const [i, url] of urls.entries()) {
        const client = new Client(url);
        const home = await client.get("/");
        expect(title(String(home.body))).toContain(i === 0 ? "Hillcrest" : "Riverside");
        const event = loadData(lodges[i] ?? "").data?.events.at(-1);
        if (!event) throw new Error("no events");
        // The other lodge's pages are not here: a stated meeting of this lodge's only.
        expect((await client.get(`/events/${event.id}`)).status).toBe(200);
        const form = { ...PLAIN_RSVP_FORM, firstName: i === 0 ? "Hiram" : "Rivers" };
        const rsvp = await client.post("/mj/api/rsvp", buildEventRsvpPayload(event, form));
        expect(rsvp).toMatchObject({ status: 200, body: { message: ALERTS.rsvpSuccess.text } });
      }
      // Each server wrote its two mails (notice, confirmation) to its own outbox.
      const sampleMail = await mails(join(root, "var", "outbox"), 2);
      const ownMail = await mails(join(root, "var", "lodges", "my-lodge", "outbox"), 2);
      expect(sampleMail.join("\n")).toContain("Hiram");
      expect(sampleMail.join("\n")).not.toContain("Rivers");
      expect(ownMail.join("\n")).toContain("Rivers");
      expect(ownMail.join("\n")).not.toContain("Hiram");
    } finally {
      for (const server of servers) server.stop();
      expect(await Promise.all(servers.map((s) => s.exit))).toEqual([0, 0]);
    }

    // The secretary of each sees the lodge's own RSVPs and mail only.
    const sampleRsvps = await run("rsvps", "--format", "csv");
    const ownRsvps = await run("rsvps", "--format", "csv", "--data", "my-lodge");
    expect(sampleRsvps.stdout.join("\n")).toContain("Hiram,Smith");
    expect(sampleRsvps.stdout.join("\n")).not.toContain("Rivers");
    expect(ownRsvps.stdout.join("\n")).toContain("Rivers,Smith");
    expect(ownRsvps.stdout.join("\n")).not.toContain("Hiram");
    const ownMailList = await run("mail", "--data", "my-lodge");
    expect(ownMailList.stdout.at(-1)).toBe(
      "2 mails shown. In all: 0 waiting, 0 failed, 0 sent, 2 written to a folder (never sent).",
    );

    // A command pointed at the other lodge's state refuses it, naming the flag and its own place.
    const other =
      "belongs to Hillcrest Lodge No. 586, not to Riverside Lodge No. 712: two lodges never share one.";
    for (const command of [
      ["rsvps", "--data", "my-lodge", "--db", "var/lodge.db"],
      ["mail", "--data", "my-lodge", "--db", "var/lodge.db"],
      ["messages", "--data", "my-lodge", "--db", "var/lodge.db"],
    ]) {
      const refused = await run(...command);
      expect([refused.code, ...refused.stderr]).toEqual([
        1,
        `var/lodge.db ${other} Give Riverside Lodge No. 712's own with --db (by default var/lodges/my-lodge/lodge.db). Nothing was read or changed.`,
      ]);
    }
    const intoDist = await run(
      "build",
      "--data",
      "my-lodge",
      "--draft",
      "--out",
      "dist",
      ...images,
    );
    expect([intoDist.code, intoDist.stderr.at(-2)]).toEqual([
      1,
      `The site in dist ${other} Give Riverside Lodge No. 712's own with --out (by default var/lodges/my-lodge/site).`,
    ]);
    expect(readFileSync(join(root, "dist", "index.html"), "utf8")).toBe(before);
    for (const [flag, value, shown] of [
      ["--db", "var/lodge.db", "The database var/lodge.db"],
      ["--dist", "dist", "The site in dist"],
    ] as const) {
      const server = serveInProcess(root, ["--port", "0", "--data", "my-lodge", flag, value]);
      expect(await server.exit).toBe(1);
      expect(server.stderr.join("\n")).toContain(`${shown} ${other}`);
    }
  }, 240_000);
});
